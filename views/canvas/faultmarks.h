// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fabriccanvas.h"

#include "model/faults.h"

#include <QColor>

#include <span>

namespace fabric::views {

/// The colour of failed elements on the canvas and in its legend.
QColor failedColour();
/// The colour of degraded links.
QColor degradedColour();

/**
 * What @p faults do to @p fabric, as the canvas marks it: failed nodes, links with a failed
 * direction, degraded links and the fraction they keep. A fault naming nothing in @p fabric
 * (an edit took its element away) marks nothing; the others still do.
 */
FabricCanvas::FaultMarks faultMarks(const Fabric &fabric, std::span<const Fault> faults);

} // namespace fabric::views
