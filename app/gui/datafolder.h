// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace fabric::app {

/// The installed folder @p subfolder of the program's data (`fabricscope/topologies`): the one
/// beside the program (`<prefix>/share/<subfolder>`) first, so an installed copy under any prefix
/// finds its own rather than another version's in /usr/share (a build tree links its share/ to
/// the sources); else one in the XDG data folders. Empty when none exists.
QString dataFolder(const QString &subfolder);

} // namespace fabric::app
