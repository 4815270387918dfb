// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <string>
#include <string_view>

namespace fabric::views {

/// Core speaks UTF-8 std::string; Qt speaks QString. These are the only conversions.
inline QString toQString(std::string_view s)
{
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}
inline std::string toStdString(const QString &s) { return s.toStdString(); }

/// @p s with its first letter a capital: "an even number" as a sentence's start.
inline QString capitalised(QString s)
{
    if (!s.isEmpty())
        s[0] = s[0].toUpper();
    return s;
}

} // namespace fabric::views
