// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace fabric::sim {
class Timeline;
}

namespace fabric::views {

/**
 * The moment a finished run is first shown at, in the app and in the CLI's exports: the middle
 * of the run, unless no link carries a flow there; then the middle of the next stretch with
 * traffic in flight (the last one before, if none follows). The middle of a ring's 2(p-1)
 * equal steps is exactly a step boundary, in the latency gap where every link is idle: the
 * picture showed a ring that never collides.
 */
double openingMoment(const sim::Timeline &timeline);

} // namespace fabric::views
