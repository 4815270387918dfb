// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "explainer.h"

#include "common/percent.h"
#include "common/plural.h"
#include "common/qtstrings.h"
#include "model/error.h"
#include "model/faults.h"
#include "model/units.h"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace fabric::views {

namespace {

/// Two times within 0.5% of each other print alike: "1.00x slower" would read as a difference.
constexpr double kSameTime = 1.005;
QString seconds(double s) { return toQString(units::formatSeconds(s)); }
QString bytes(double b) { return toQString(units::formatBytes(b)); }
QString gbps(double g) { return toQString(units::formatGbps(g)); }
QString gBps(double g)
{
    return toQString(units::formatGBps(g));
}

QString collectiveName(const SimRun &run)
{
    if (run.collective.isEmpty())
        return QObject::tr("The run");
    QString name = QObject::tr("The %1").arg(run.collective);
    if (!run.algorithm.isEmpty())
        name += QObject::tr(" (%1)").arg(run.algorithm);
    if (std::isfinite(run.messageBytes()))
        name += QObject::tr(" of %1").arg(bytes(run.messageBytes()));
    if (run.ranks() > 0)
        name += run.expansion.torus
            ? QObject::tr(" over %1 chips").arg(grouped(qint64(run.ranks())))
            : QObject::tr(" over %1 GPUs").arg(grouped(qint64(run.ranks())));
    return name;
}

/// What the run's faults took away, from the fabric it ran on; with the healthy run to compare
/// (collective::runWithFaults) how much slower it was. Empty without faults.
QString faultSentence(const SimRun &run)
{
    if (!run.scenario || run.scenario->faults.empty() || !run.fabric)
        return {};
    const std::vector<Fault> &faults = run.scenario->faults;
    FaultEffect effect;
    try {
        effect = resolveFaults(*run.fabric, faults);
    } catch (const UserError &) {
        return {}; // not the fabric it ran on: nothing true to say
    }
    const FaultImpact impact = faultImpact(*run.fabric, effect);
    QStringList names;
    for (const Fault &f : faults)
        names << toQString(toString(f));
    QStringList lost;
    if (impact.linksFailed > 0)
        lost << counted(
            impact.linksFailed, QObject::tr("1 link failed"), QObject::tr("%1 links failed"));
    if (impact.linksDegraded > 0)
        lost << counted(
            impact.linksDegraded, QObject::tr("1 link degraded"), QObject::tr("%1 links degraded"));
    QString s
        = QObject::tr("It ran with %1 in force (%2): %3, %4 of capacity out of service")
              .arg(counted(faults.size(), QObject::tr("1 fault"), QObject::tr("%1 faults")),
                  names.join(QStringLiteral(", ")),
                  lost.isEmpty() ? QObject::tr("no link touched") : lost.join(QObject::tr(" and ")),
                  gbps(effect.capacityLostGbps));
    const auto endpoints = [&](std::size_t n) {
        return run.expansion.torus ? counted(n, QObject::tr("1 chip"), QObject::tr("%1 chips"))
                                   : counted(n, QObject::tr("1 GPU"), QObject::tr("%1 GPUs"));
    };
    if (impact.gpusLostPort > 0)
        s += QObject::tr("; %1 kept only part of their ports").arg(endpoints(impact.gpusLostPort));
    if (impact.gpusCutOff > 0)
        s += QObject::tr("; %1 had no working port left").arg(endpoints(impact.gpusCutOff));
    // A cost of none (a spine the rings never use) is said, not printed as "1.00x slower".
    if (run.faults && !run.faults->unreachablePairs.empty())
        s += QObject::tr(". Without them it finished in %1; with them it cannot complete: %2 "
                         "could not reach each other, and the time shown is only that of the "
                         "traffic that could run")
                 .arg(seconds(run.faults->healthyCompletionS))
                 .arg(counted(run.faults->unreachablePairs.size(), QObject::tr("1 rank pair"),
                     QObject::tr("%1 rank pairs")));
    else if (run.faults && run.faults->healthyCompletionS > 0 && run.faults->slowdown < kSameTime)
        s += QObject::tr(". Without them it finished in %1 too: the faults did not slow it down")
                 .arg(seconds(run.faults->healthyCompletionS));
    else if (run.faults && run.faults->healthyCompletionS > 0)
        s += QObject::tr(". Without them it finished in %1, so the faults made it %2\u00d7 slower")
                 .arg(seconds(run.faults->healthyCompletionS))
                 .arg(run.faults->slowdown, 0, 'f', 2);
    return s + QLatin1Char('.');
}
} // namespace

QStringList explainRun(const SimRun &run, const RunSummary &s)
{
    QStringList out;
    const sim::SimResult &r = run.result;
    if (r.cancelled) {
        out << QObject::tr("The run was cancelled at %1; the figures below cover only that part.")
                   .arg(seconds(r.cancelledAtS));
    }

    // Completion against the ideal bound.
    QString first = QObject::tr("%1 finished in %2").arg(collectiveName(run), seconds(s.completionS));
    if (std::isfinite(s.idealS) && s.idealS > 0) {
        first += QObject::tr("; the ideal bound for this fabric is %1, so it ran at %2 of ideal")
                     .arg(seconds(s.idealS), percentText(s.ofIdeal));
        if (s.ofIdeal >= 0.97)
            first += QObject::tr(": the fabric was used as well as it can be");
    }
    out << first + QLatin1Char('.');
    if (const QString faults = faultSentence(run); !faults.isEmpty())
        out << faults;
    if (const std::string note = collective::fidelityNote(run); !note.empty())
        out << toQString(note).replace(0, 1, QStringLiteral("C")) + QLatin1Char('.');
    if (const auto &symmetry = run.expansion.symmetry)
        out << QObject::tr("Of the %1 flows, %2 were simulated, one per orbit of the %3: every "
                           "other flow is a translation of one of them and moved exactly like "
                           "it.")
                   .arg(grouped(qint64(run.expansion.flowCount())),
                       grouped(qint64(run.expansion.flows.size())), toQString(symmetry->text));
    if (!run.expansion.ideal.boundDetail.empty())
        out << QObject::tr("Ideal: the %1.").arg(toQString(run.expansion.ideal.boundDetail));
    if (run.rankOrder == QStringLiteral("snake") && run.fabric
        && run.expansion.ranks.size() == run.fabric->endpoints().size())
        out << QObject::tr("The ranks were ordered as a snake through the torus (a Hamiltonian "
                           "cycle), so every step of the ring goes to a neighbour over one "
                           "link.");
    else if (run.rankOrder == QStringLiteral("snake"))
        out << QObject::tr("The ranks were the first %1 chips of a snake through the torus (a "
                           "Hamiltonian cycle): each step of the ring goes to a neighbour over "
                           "one link, but the one closing the ring crosses several.")
                   .arg(run.expansion.ranks.size());
    else if (!run.rankOrder.isEmpty())
        out << QObject::tr("The ranks kept the %1 order on the torus, so consecutive ranks that "
                           "are not neighbours are several links apart.")
                   .arg(run.rankOrder);

    if (std::isfinite(s.algbwGBps) && std::isfinite(s.busbwGBps)) {
        QString sentence = QObject::tr("Algorithm bandwidth (algbw = S / t) was %1; bus "
                                       "bandwidth (busbw = algbw \u00d7 the nccl-tests factor, "
                                       "what each rank's link would carry in a ring, comparable "
                                       "across rank counts) was %2.")
                               .arg(gBps(s.algbwGBps), gBps(s.busbwGBps));
        if (run.expansion.algorithm == collective::Algorithm::Sharp)
            sentence += QObject::tr(" The switches reduced, so each rank's link carried S each "
                                    "way, not a ring's 2(p\u22121)/p S: busbw can exceed the "
                                    "link's rate.");
        out << sentence;
    }

    // The bottleneck and why.
    if (s.bottleneck && run.fabric && run.fabric->hasLink(linkOf(*s.bottleneck))) {
        const DirLinkId bottleneck = *s.bottleneck;
        const sim::LinkStats &b = r.links[std::size_t(bottleneck)];
        const Link &link = run.fabric->link(linkOf(bottleneck));
        QString why;
        if (b.peakFlows >= 2 && !s.multipath)
            why = QObject::tr("up to %1 flows shared it at once, so each got at most 1/%1 of its "
                              "capacity while links beside it had room")
                      .arg(b.peakFlows);
        else if (b.peakFlows >= 2)
            why = QObject::tr("%1 path shares of split flows met on it and filled it")
                      .arg(b.peakFlows);
        const double share = s.completionS > 0 ? b.saturatedS / s.completionS : 0;
        if (why.isEmpty() && share < 0.5)
            // A 1 KiB ring fills each link for nanoseconds of a run of microseconds.
            why = QObject::tr("a single flow filled it at line rate, but the run spent most "
                              "of its time on latency or on other links, not on this link's "
                              "bandwidth");
        else if (why.isEmpty())
            why = QObject::tr("a single flow filled it at line rate: the run is bound by link "
                              "bandwidth, not by collisions");
        out << QObject::tr("The bottleneck was %1 (%2 per direction): saturated for %3 (%4 of the "
                           "run) because %5.")
                   .arg(toQString(run.fabric->name(bottleneck)), gbps(link.capacityGbps),
                       seconds(b.saturatedS), percentText(share), why);
        if (r.bottleneckCount > 1)
            out << QObject::tr("%1 link directions, that one included, were saturated about as "
                               "long.")
                       .arg(grouped(qint64(r.bottleneckCount)));
    } else if (!r.flows.empty()) {
        out << QObject::tr("No link was ever saturated: the run is bound by latency, not "
                           "bandwidth.");
    }

    // Collisions and idle links among the switch-to-switch links. Failed ones are down, not
    // idle: counted apart, so that hashing is not blamed for what a fault took.
    const QString failedNote = s.failedFabricLinks > 0
        ? QObject::tr(" (%1 more had failed)").arg(grouped(qint64(s.failedFabricLinks)))
        : QString();
    if (s.fabricLinks > 0 && s.multipath) {
        out << QObject::tr("Flows were split over their equal-cost paths (%1) where they had "
                           "several: of the fabric's %2 switch-to-switch link directions, %3 sat "
                           "idle%4.")
                   .arg(run.routing.isEmpty() ? QObject::tr("multipath routing") : run.routing)
                   .arg(grouped(qint64(s.fabricLinks)))
                   .arg(grouped(qint64(s.idleFabricLinks)))
                   .arg(failedNote);
    } else if (s.fabricLinks > 0) {
        QString sentence
            = QObject::tr("Of the fabric's %1 switch-to-switch link directions, %2 carried "
                          "two or more flows at once (collisions) and %3 sat idle for the whole "
                          "run%4.")
                  .arg(grouped(qint64(s.fabricLinks)))
                  .arg(grouped(qint64(s.collidedFabricLinks)))
                  .arg(grouped(qint64(s.idleFabricLinks)))
                  .arg(failedNote);
        // Hashing is to blame where it left paths dark; where every path carried traffic,
        // flows share links because there are more of them than paths (an all-to-all). Under a
        // hash, an idle link on no flow's shortest path (a ring that stays inside its pods) is
        // the traffic's doing: only the idle links on equal-cost paths count as dark paths.
        const bool hashed = run.routedByHash();
        const int darkPaths = hashed ? s.idleEqualCostFabricLinks : s.idleFabricLinks;
        if (hashed && s.idleFabricLinks > 0)
            sentence += darkPaths > 0
                ? QObject::tr(" Of the idle ones, %1 lay on an equal-cost path of one of the "
                              "run's flows (dashed on the canvas): the hash passed them over.")
                      .arg(grouped(qint64(darkPaths)))
                : QObject::tr(" None of the idle ones lay on a shortest path of the run's "
                              "flows: no routing over shortest paths would have used them.");
        const bool collidedAndIdle = s.collidedFabricLinks > 0 && darkPaths > 0;
        const QString notTheHash = QObject::tr("the fabric, not the hash, put them together, and "
                                               "no routing over shortest paths parts them; "
                                               "another placement of the ranks might.");
        if (s.collidedFabricLinks > 0 && s.collidedWithoutChoice == s.collidedFabricLinks)
            sentence += QObject::tr(" The flows sharing those links had no other shortest path: %1")
                            .arg(notTheHash);
        else if (hashed && collidedAndIdle)
            sentence += QObject::tr(" That is ECMP hashing a few elephant flows: F flows on P "
                                    "paths leave about (1 \u2212 1/P)^F of the paths idle and "
                                    "pile several flows on others. Adaptive routing, spraying "
                                    "or more QPs per connection spread them.");
        else if (s.collidedFabricLinks > 0 && darkPaths == 0)
            sentence += s.idleFabricLinks == 0
                ? QObject::tr(" Every one carried traffic: the flows outnumber the paths, so "
                              "they share links whatever the routing.")
                : QObject::tr(" Every link on the flows' shortest paths carried traffic: the "
                              "flows outnumber their paths, so they share links whatever the "
                              "routing.");
        if (collidedAndIdle && s.collidedWithoutChoice > 0
            && s.collidedWithoutChoice < s.collidedFabricLinks)
            sentence += QObject::tr(" On %1 of the collided link directions, though, the flows had "
                                    "no other shortest path: %2")
                            .arg(grouped(qint64(s.collidedWithoutChoice)))
                            .arg(notTheHash);
        if (run.routing == QStringLiteral("ecmp-polarized"))
            sentence += QObject::tr(" With the same hash and seed at every tier the choice at "
                                    "one tier decides the next (polarisation), so whole groups "
                                    "of links stay dark.");
        if (s.collidedFabricLinks == 0 && s.idleFabricLinks == 0)
            sentence = (s.failedFabricLinks > 0
                    ? QObject::tr("All %1 working switch-to-switch link directions (%2 had "
                                  "failed) carried traffic, none with more than one flow at "
                                  "once: a balanced routing.")
                          .arg(grouped(qint64(s.fabricLinks - s.failedFabricLinks)))
                          .arg(grouped(qint64(s.failedFabricLinks)))
                    : QObject::tr("All the fabric's %1 switch-to-switch link directions "
                                  "carried traffic, none with more than one flow at once: a "
                                  "balanced routing.")
                          .arg(grouped(qint64(s.fabricLinks))));
        out << sentence;
    }

    if (std::isfinite(run.summary.sharpSavedBytes) && run.summary.sharpSavedBytes > 0) {
        out << QObject::tr("SHARP reduced in the switches and kept %1 off the wire compared "
                           "with a ring all-reduce on the same ranks: each rank sends its data "
                           "once and receives the result once, instead of 2(n\u22121)/n times.")
                   .arg(bytes(run.summary.sharpSavedBytes));
    }
    out << QObject::tr("In total the links carried %1 (bytes summed over every hop).")
               .arg(bytes(s.wireBytes));
    return out;
}

namespace {

/// Whether @p a and @p b moved collectives of different sizes: their times do not compare
/// (4 GiB takes longer than 1 GiB on any fabric), their bus bandwidths do.
bool differentSizes(const RunSummary &a, const RunSummary &b)
{
    const auto known = [](double v) { return std::isfinite(v) && v > 0; };
    return known(a.messageBytes) && known(b.messageBytes) && known(a.busbwGBps)
        && known(b.busbwGBps)
        && std::max(a.messageBytes, b.messageBytes) / std::min(a.messageBytes, b.messageBytes)
        >= kSameTime;
}

/// "fast finished in t, r× faster than slow (t')", or the same in bus bandwidth for runs of
/// different sizes; @p aFirst is set to whether @p a is the faster one.
QString whichWasFaster(const RunSummary &a, const RunSummary &b, bool &aFirst)
{
    if (differentSizes(a, b)) {
        // "ring · ecmp at 1 GiB", unless the label already names its size.
        const auto sized = [](const RunSummary &r) {
            const QString size = bytes(r.messageBytes);
            return r.label.contains(size) ? r.label : QObject::tr("%1 at %2").arg(r.label, size);
        };
        aFirst = a.busbwGBps >= b.busbwGBps;
        const RunSummary &fast = aFirst ? a : b;
        const RunSummary &slow = aFirst ? b : a;
        const double ratio = fast.busbwGBps / slow.busbwGBps;
        if (ratio < kSameTime)
            return QObject::tr("%1 and %2 reached the same bus bandwidth, %3 (within 0.5%): the "
                               "fabric carries either size as well.")
                .arg(sized(a), sized(b), gBps(fast.busbwGBps));
        return QObject::tr("%1 reached a bus bandwidth of %2, %3\u00d7 that of %4 (%5).")
            .arg(sized(fast), gBps(fast.busbwGBps))
            .arg(ratio, 0, 'f', 2)
            .arg(sized(slow), gBps(slow.busbwGBps));
    }
    aFirst = a.completionS <= b.completionS;
    const RunSummary &fast = aFirst ? a : b;
    const RunSummary &slow = aFirst ? b : a;
    const double ratio = slow.completionS / fast.completionS;
    // Within 0.5% but not alike to three digits (84.7 ms and 85.1 ms): one time, the faster,
    // read as both runs' and disagreed with the table beside it.
    if (ratio < kSameTime && seconds(fast.completionS) != seconds(slow.completionS))
        return QObject::tr("%1 and %2 took the same time within 0.5%: %3 and %4.")
            .arg(a.label, b.label, seconds(a.completionS), seconds(b.completionS));
    return ratio < kSameTime ? QObject::tr("%1 and %2 took the same time, %3 (within 0.5%).")
                                   .arg(a.label, b.label, seconds(fast.completionS))
                             : QObject::tr("%1 finished in %2, %3\u00d7 faster than %4 (%5).")
                                   .arg(fast.label, seconds(fast.completionS))
                                   .arg(ratio, 0, 'f', 2)
                                   .arg(slow.label, seconds(slow.completionS));
}

} // namespace

QString compareRuns(const RunSummary &a, const RunSummary &b)
{
    if (a.completionS <= 0 || b.completionS <= 0)
        return QString();
    // A partial run's time is only that of the traffic that could run: 4.8 ms of a ring with a
    // leaf failed was called "26.77x faster" than the healthy run's 129 ms.
    if (a.partial() || b.partial()) {
        const RunSummary &cut = a.partial() ? a : b;
        const RunSummary &other = a.partial() ? b : a;
        return QObject::tr("%1 cannot complete: %2 could not reach each other, so its %3 is only "
                           "the time of the traffic that could run, not comparable with %4 (%5).")
            .arg(cut.label)
            .arg(counted(
                qint64(cut.cutOffPairs), QObject::tr("1 rank pair"), QObject::tr("%1 rank pairs")))
            .arg(seconds(cut.completionS), other.label,
                other.partial() ? QObject::tr("partial too") : seconds(other.completionS));
    }
    bool aFaster = true;
    QString s = whichWasFaster(a, b, aFaster);
    const RunSummary &fast = aFaster ? a : b;
    const RunSummary &slow = aFaster ? b : a;
    // Counts of link directions, or shares of them between fabrics of different sizes (a
    // lesson's variant): "1,031 idle against 532" compared fabrics of 1,088 and 576.
    const bool sameSize = slow.fabricLinks == fast.fabricLinks;
    const auto against
        = [&](const QString &counts, const QString &shares, int slowCount, int fastCount) {
              if (sameSize) {
                  if (slowCount > fastCount)
                      s += counts.arg(slow.label)
                               .arg(grouped(qint64(slowCount)))
                               .arg(grouped(qint64(fastCount)));
                  return;
              }
              if (slow.fabricLinks <= 0 || fast.fabricLinks <= 0)
                  return;
              const double slowShare = double(slowCount) / slow.fabricLinks;
              const double fastShare = double(fastCount) / fast.fabricLinks;
              if (slowShare > fastShare)
                  s += shares.arg(slow.label)
                           .arg(slowShare * 100, 0, 'f', 0)
                           .arg(grouped(qint64(slow.fabricLinks)))
                           .arg(fastShare * 100, 0, 'f', 0)
                           .arg(grouped(qint64(fast.fabricLinks)));
          };
    if (fast.collidedFabricLinks >= 0 && slow.collidedFabricLinks >= 0)
        against(QObject::tr(" %1 had %2 colliding link directions against %3."),
            QObject::tr(" %1 had collisions on %2% of its %3 link directions against %4% of %5."),
            slow.collidedFabricLinks, fast.collidedFabricLinks);
    against(QObject::tr(" %1 left %2 link directions idle against %3."),
        QObject::tr(" %1 left %2% of its %3 link directions idle against %4% of %5."),
        slow.idleFabricLinks, fast.idleFabricLinks);
    return s;
}

} // namespace fabric::views
