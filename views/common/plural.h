// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLocale>
#include <QString>

namespace fabric::views {

/// "1 node" or "15,360 nodes": @p one as it is, or @p many with %1 set to @p n in the locale's
/// digit groups. Qt's %n plurals would need a translation file even for English ("2 node(s)").
inline QString counted(qint64 n, const QString &one, const QString &many)
{
    return n == 1 ? one : many.arg(QLocale().toString(n));
}

} // namespace fabric::views
