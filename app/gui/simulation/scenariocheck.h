// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "collective/scenario.h"
#include "model/fabric.h"

#include <QString>

namespace fabric::app {

/**
 * Why @p scenario cannot run on @p fabric, in one sentence for the simulation dock, or an
 * empty string when it can. Cheap checks only (no routing), so the dock can explain an
 * impossible combination while the user edits, before Run: an algorithm the collective does
 * not have, SHARP without SHARP switches or on a torus, torus or dor without a torus, dor on a
 * fat-tree, hierarchical without hosts, fewer than two ranks or more ranks than GPUs, no bytes.
 * The collective layer checks again when the run starts.
 */
QString scenarioProblem(const Fabric &fabric, const collective::Scenario &scenario);

} // namespace fabric::app
