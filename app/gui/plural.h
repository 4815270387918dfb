// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace fabric::app {

/// "1 node" or "3 nodes": @p one as it is, or @p many with %1 set to @p n. Qt's %n plurals
/// would need a translation file even for English.
inline QString counted(qint64 n, const QString &one, const QString &many)
{
    return n == 1 ? one : many.arg(n);
}

} // namespace fabric::app
