// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "linkorbits.h"
#include "result.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace fabric {
class Fabric;
}

namespace fabric::sim {

/**
 * Load, flow count and running statistics of every directed link during a run. The engine
 * reports changes batch by batch (all at one event time); the meter integrates the previous
 * load over the time since the link last changed.
 */
class LinkMeter
{
public:
    explicit LinkMeter(std::size_t dirLinkCount);

    void setCapacity(DirLinkId d, double capacityBytesPerS);
    void addFlow(DirLinkId d, double nowS, std::int32_t delta);
    void addLoad(DirLinkId d, double nowS, double deltaBytesPerS);

    /// Calls @p f(d, loadBytesPerS, flows) for every link changed in this batch, in order.
    template<typename F> void forEachChanged(F &&f) const
    {
        for (DirLinkId d : mChanged) {
            const Meter &m = mMeters[std::size_t(d)];
            f(d, cleanLoad(m), m.flows);
        }
    }
    /// Settles the links changed in this batch (peaks, rounding of idle links to 0).
    void endBatch();
    /// Bytes moved over all links up to @p nowS (every link's load integrated): O(links).
    double bytesAt(double nowS) const;

    /// Statistics of every directed link of @p fabric up to @p endS. In a reduced run
    /// (SimOptions::linkOrbits), each link gets its orbit representative's.
    void finish(double endS, std::vector<LinkStats> &out, const Fabric &fabric,
        const LinkOrbits &linkOrbits = {});
    /// SimResult::bottlenecks (call after finish()).
    std::vector<DirLinkId> bottlenecks(std::size_t max) const;
    /// Whether a link saturated for @p saturatedS is a bottleneck beside the longest, @p topS:
    /// at least 99% as long (SimResult::bottlenecks, SimResult::bottleneckCount).
    static bool saturatedAsLong(double saturatedS, double topS)
    {
        return saturatedS >= 0.99 * topS;
    }

private:
    struct Meter
    {
        double capacity = 0.0;
        double load = 0.0;
        double sinceS = 0.0;
        double bytes = 0.0;
        double busyS = 0.0;
        double saturatedS = 0.0;
        double peakLoad = 0.0;
        std::int32_t flows = 0;
        std::int32_t peakFlows = 0;
        bool changed = false;
    };
    static double cleanLoad(const Meter &m) { return m.flows == 0 || m.load < 0.0 ? 0.0 : m.load; }
    void touch(DirLinkId d, double nowS);
    void integrate(Meter &m, double nowS) const;

    std::vector<Meter> mMeters;
    std::vector<DirLinkId> mChanged;
};

} // namespace fabric::sim
