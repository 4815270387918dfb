// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLocale>
#include <QString>

namespace fabric::views {

/// @p n in digit groups: "15,360", as people read counts (English, see useEnglishNumbers()).
inline QString grouped(qint64 n)
{
    return QLocale().toString(n);
}

/// "1 node" or "15,360 nodes": @p one as it is, or @p many with %1 set to grouped(@p n). Qt's %n
/// plurals would need a translation file even for English ("2 node(s)").
inline QString counted(qint64 n, const QString &one, const QString &many)
{
    return n == 1 ? one : many.arg(grouped(n));
}

} // namespace fabric::views
