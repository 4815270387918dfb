// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/chartspec.h"
#include "playback/simrun.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <vector>

namespace fabric::views::traffic {

/// Which way a directed link points in the fabric's hierarchy.
enum class Direction {
    Up,     ///< Towards the core (GPU -> leaf, leaf -> spine, GPU -> host).
    Down,   ///< Towards the GPUs.
    Across, ///< Between nodes of one tier (torus chips, dragonfly routers).
};

/// What kind of link carries the bytes: the bandwidth ladder (docs/reference-figures.md, section 1)
enum class LinkClass {
    NvLink,  ///< Medium NVLink: a GPU and its host's NVLink domain.
    Nic,     ///< A GPU's link to a packet switch of the scale-out fabric (its NIC).
    Network, ///< Every other link: switch to switch, chip to chip, chip to OCS.
};

/// The bytes of one group of directed links with the same tier pair and direction.
struct TierGroup
{
    QString label; ///< "GPU\u2192leaf", "leaf\u2192spine", "GPU\u2192host".
    Direction direction = Direction::Up;
    LinkClass linkClass = LinkClass::Network;
    int fromTier = 0; ///< LayoutHints::tier of the sending side (0 = GPUs).
    int toTier = 0;
    int links = 0;    ///< Directed links in the group.
    double bytes = 0; ///< Bytes they carried.
    double busyS = 0; ///< Sum of their busy times.
};

/**
 * A run's bytes split by tier and direction and by link class, read from the engine's
 * per-directed-link statistics (nothing re-simulated), with the per-GPU bandwidths of the fabric
 * the run used. "Per GPU" figures divide by the ranks of the run.
 */
struct Breakdown
{
    int ranks = 0;
    /// Groups that carried bytes: up groups bottom-up, then down groups top-down, then across.
    std::vector<TierGroup> groups;
    double gpuSentBytes = 0;     ///< Bytes on every link leaving a GPU (NVLink and NIC).
    double gpuReceivedBytes = 0; ///< Bytes on every link arriving at a GPU.
    double nicMaxSentBytes = 0;  ///< The busiest GPU's bytes into the fabric.
    int nicSenders = 0;          ///< GPUs that sent any byte into the fabric.
    /// Per GPU, one direction, mean over the ranks' GPUs: NVLink to the host, NIC(s) to the fabric.
    double nvlinkGBpsPerGpu = 0;
    double nicGBpsPerGpu = 0;
    int hosts = 0; ///< Hosts the ranks sit in (0 when GPUs have no host).

    /// Sum of bytes (or busy time) of the groups of @p cls going @p direction.
    double bytes(LinkClass cls, Direction direction) const
    {
        return sum(cls, direction, &TierGroup::bytes);
    }
    double busyS(LinkClass cls, Direction direction) const
    {
        return sum(cls, direction, &TierGroup::busyS);
    }
    /// Bytes over ranks (0 without ranks).
    double perGpu(double total) const { return ranks > 0 ? total / ranks : 0.0; }
    /// What a GPU sent over its links of @p cls while it was sending (its bytes over the longest
    /// busy time of those links, summed over GPUs), in GB/s, to set against nvlinkGBpsPerGpu and
    /// nicGBpsPerGpu (a GPU with two NIC ports counts both); NaN when no GPU sent any.
    double busyGBps(LinkClass cls) const
    {
        return cls == LinkClass::NvLink ? nvlinkBusyGBps : cls == LinkClass::Nic ? nicBusyGBps
                                                                                : SimRun::kUnknown;
    }
    double nvlinkBusyGBps = SimRun::kUnknown;
    double nicBusyGBps = SimRun::kUnknown;

private:
    double sum(LinkClass cls, Direction direction, double TierGroup::*field) const;
};

/// Splits @p run's traffic (see Breakdown).
Breakdown breakdown(const SimRun &run);

/// Up, down or across for a link from @p from to @p to, by the tiers of the fabric model.
Direction directionOf(const Node &from, const Node &to);
/// The class of @p link in @p fabric.
LinkClass classOf(const Fabric &fabric, const Link &link);

/// The bytes a ring all-reduce puts on each GPU's links: 2(N-1)/N x S.
double ringBytesPerGpu(int ranks, double bytes);

/// Unit for an axis up to @p maxBytes: the divisor and its name ("MiB"), as formatBytes prints.
std::pair<double, QString> bytesUnit(double maxBytes);

/// The "Bytes on the wire" view of a run: grouped bars per tier and direction, with the run it is
/// compared with (SHARP against ring), and the sentences of its caption.
struct WireBytes
{
    ChartSpec chart;
    QStringList caption;
    Breakdown run;
    /// The figures compared: bytes each GPU sends (all its links) in this run and in the
    /// reference; NaN when there is no reference.
    double sentPerGpu = 0;
    double referencePerGpu = SimRun::kUnknown;
    /// The reference's bytes per GPU over this run's (SHARP: about 2).
    double ratio = SimRun::kUnknown;
    /// The comparison run taken from the history, or null (then the reference, if any, is the
    /// ring's closed form).
    SimRunPtr reference;
    bool closedFormReference = false;
};

/**
 * Builds the view for @p run. A SHARP all-reduce is set against a ring all-reduce on the same
 * ranks and size: the most recent such run in @p history, or else the ring's closed form
 * 2(N-1)/N x S on the GPU links. A ring all-reduce is set against a SHARP run of @p history when
 * there is one.
 */
WireBytes wireBytes(const SimRun &run, const QList<SimRunPtr> &history);

/// A run of @p history (not @p run) with the same collective, size and ranks as @p run, using
/// @p algorithm; null when there is none.
SimRunPtr counterpart(const SimRun &run, const QList<SimRunPtr> &history, const QString &algorithm);

/// The "NVLink vs fabric" view of a run: the bandwidth ladder against what the run achieved,
/// bytes per GPU by link class and direction, throughput over time by class, and the caption.
struct MediaSplit
{
    ChartSpec ladder;
    ChartSpec bytes;
    ChartSpec throughput;
    QStringList caption;
    Breakdown run;
    double nvlinkBytesPerGpu = 0; ///< Sent by each GPU over NVLink (mean).
    double nicBytesPerGpu = 0;    ///< Sent by each GPU into the fabric (mean).
};

MediaSplit nvlinkVsFabric(const SimRun &run);

} // namespace fabric::views::traffic
