// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "linkmeter.h"

#include "model/fabric.h"
#include "model/units.h"

#include <algorithm>

namespace fabric::sim {

namespace {
// A link within this of its capacity counts as saturated (rates carry rounding).
constexpr double kSaturated = 1.0 - 1e-9;
} // namespace

LinkMeter::LinkMeter(std::size_t dirLinkCount)
    : mMeters(dirLinkCount)
{
}

void LinkMeter::setCapacity(DirLinkId d, double capacityBytesPerS)
{
    mMeters[std::size_t(d)].capacity = capacityBytesPerS;
}

void LinkMeter::integrate(Meter &m, double nowS) const
{
    const double dt = nowS - m.sinceS;
    if (dt > 0.0 && m.load > 0.0) {
        m.bytes += m.load * dt;
        m.busyS += dt;
        if (m.load >= m.capacity * kSaturated)
            m.saturatedS += dt;
    }
    m.sinceS = nowS;
}

void LinkMeter::touch(DirLinkId d, double nowS)
{
    Meter &m = mMeters[std::size_t(d)];
    if (!m.changed) {
        integrate(m, nowS);
        m.changed = true;
        mChanged.push_back(d);
    }
}

void LinkMeter::addFlow(DirLinkId d, double nowS, std::int32_t delta)
{
    touch(d, nowS);
    mMeters[std::size_t(d)].flows += delta;
}

void LinkMeter::addLoad(DirLinkId d, double nowS, double deltaBytesPerS)
{
    touch(d, nowS);
    mMeters[std::size_t(d)].load += deltaBytesPerS;
}

double LinkMeter::bytesAt(double nowS) const
{
    double sum = 0.0;
    for (const Meter &m : mMeters)
        sum += m.bytes + (m.load > 0.0 && nowS > m.sinceS ? m.load * (nowS - m.sinceS) : 0.0);
    return sum;
}

void LinkMeter::endBatch()
{
    for (DirLinkId d : mChanged) {
        Meter &m = mMeters[std::size_t(d)];
        m.load = cleanLoad(m);
        m.peakLoad = std::max(m.peakLoad, m.load);
        m.peakFlows = std::max(m.peakFlows, m.flows);
        m.changed = false;
    }
    mChanged.clear();
}

void LinkMeter::finish(
    double endS, std::vector<LinkStats> &out, const Fabric &fabric, const LinkOrbits &linkOrbits)
{
    out.assign(mMeters.size(), LinkStats{});
    for (std::size_t d = 0; d < mMeters.size(); ++d)
        integrate(mMeters[d], std::max(endS, mMeters[d].sinceS));
    // Every link of an orbit carried what its representative did (the bottleneck list then
    // counts them all).
    linkOrbits.copyFromRepresentatives(mMeters);
    for (std::size_t d = 0; d < mMeters.size(); ++d) {
        const Meter &m = mMeters[d];
        LinkStats &s = out[d];
        const LinkId l = linkOf(DirLinkId(d));
        s.capacityBytesPerS = fabric.hasLink(l)
            ? units::gbpsToBytesPerSecond(fabric.link(l).capacityGbps)
            : 0.0;
        s.bytes = m.bytes;
        s.busyS = m.busyS;
        s.saturatedS = m.saturatedS;
        s.peakFlows = m.peakFlows;
        if (s.capacityBytesPerS > 0.0) {
            s.peakUtil = std::min(1.0, m.peakLoad / s.capacityBytesPerS);
            s.meanUtil = endS > 0.0 ? m.bytes / (s.capacityBytesPerS * endS) : 0.0;
        }
    }
}

std::vector<DirLinkId> LinkMeter::bottlenecks(std::size_t max) const
{
    double top = 0.0;
    for (const Meter &m : mMeters)
        top = std::max(top, m.saturatedS);
    std::vector<DirLinkId> out;
    if (top <= 0.0)
        return out;
    for (std::size_t d = 0; d < mMeters.size(); ++d)
        if (saturatedAsLong(mMeters[d].saturatedS, top))
            out.push_back(DirLinkId(d));
    std::stable_sort(out.begin(), out.end(), [&](DirLinkId a, DirLinkId b) {
        return mMeters[std::size_t(a)].saturatedS > mMeters[std::size_t(b)].saturatedS;
    });
    if (out.size() > max)
        out.resize(max);
    return out;
}

} // namespace fabric::sim
