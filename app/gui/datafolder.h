// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace fabric::app {

/// The installed folder @p subfolder of the program's data (`fabricscope/topologies`): the one
/// beside the program (`<prefix>/share/<subfolder>`) first, so an installed copy under any prefix
/// finds its own rather than another version's in /usr/share; else one in the XDG data folders;
/// else @p sourceFolder, for a program run from its build tree. Empty when none exists.
QString dataFolder(const QString &subfolder, const QString &sourceFolder);

} // namespace fabric::app
