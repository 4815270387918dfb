// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QList>
#include <QPointF>

#include <cstddef>
#include <vector>

namespace fabric::views::charts {

/**
 * A rate that holds steady between a run's events, averaged over equal windows of time from 0.
 * Drawn one step per event, a run of thousands of short intervals (a ring's steps, each ending
 * with its flows finishing a little apart) paints a solid band between its highs and lows that
 * no viewer can read a level from; its mean over a window of a few pixels reads as a line. The
 * area under the windows is the area under the rate: no byte is lost or added.
 */
class BinnedRate
{
public:
    /// Windows of @p windowS seconds covering [0, @p endS); the last one may be cut short by endS.
    BinnedRate(double windowS, double endS);

    /// @p rate holds over [@p t0, @p t1): spread over the windows it overlaps.
    void add(double t0, double t1, double rate);

    /// Step points: each window's start times @p xScale, at its mean rate times @p yScale, and
    /// a last point at (endS times xScale, 0) that closes the line where the run ends.
    QList<QPointF> points(double xScale, double yScale) const;

private:
    double mWindowS;
    double mEndS;
    std::vector<double> mArea; ///< Per window: the integral of the rate over it.
};

} // namespace fabric::views::charts
