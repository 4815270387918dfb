// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace fabric::app {

/**
 * A message of the core in the Simulation dock's words. The core names a scenario's fields by
 * their command-line options ("--ranks: no node named 'x'", "above the limit of 8 GiB
 * (--max-memory)"); in the GUI the same field is a row of the dock: "Ranks: no node named 'x'",
 * "(the Memory limit field)". Options with no row in the dock are left as they are.
 */
QString inDockWords(const QString &message);

} // namespace fabric::app
