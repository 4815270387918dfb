// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace fabric::app {

/// The folder of the shipped example fabrics, `fabricscope/topologies` as dataFolder() finds it
/// (the source tree's `topologies/` for a program run from its build tree). Empty when none
/// exists.
QString examplesFolder();

/// The example fabrics (`*.fabric.json`) of examplesFolder(), sorted by name, as absolute paths.
QStringList exampleFiles();

/// "superpod-256" for ".../superpod-256.fabric.json": the name the menu shows.
QString exampleTitle(const QString &path);

} // namespace fabric::app
