// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenariocheck.h"

#include "common/qtstrings.h"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace fabric::app {

using views::toQString;

QString scenarioProblem(const Fabric &fabric, const collective::Scenario &s)
{
    using collective::Algorithm;
    using collective::Collective;
    if (!(s.bytes > 0) || !std::isfinite(s.bytes))
        return QObject::tr("The message size must be above 0 bytes.");
    const auto algorithms = collective::algorithmsFor(s.collective);
    if (std::find(algorithms.begin(), algorithms.end(), s.algorithm) == algorithms.end()) {
        QStringList names;
        for (const Algorithm a : algorithms)
            names << toQString(collective::toString(a));
        return QObject::tr("%1 has no %2 algorithm; choose %3.")
            .arg(toQString(collective::toString(s.collective)),
                 toQString(collective::toString(s.algorithm)), names.join(QStringLiteral(", ")));
    }
    if (s.qps < 1)
        return QObject::tr("At least one QP per connection is needed.");

    int gpus = 0, hosts = 0, sharp = 0, torusChips = 0;
    fabric.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Gpu)
            ++gpus;
        if (route::isTorusChip(n))
            ++torusChips;
        if (n.kind == NodeKind::Host)
            ++hosts;
        if (n.kind == NodeKind::Switch && n.sharpCapable)
            ++sharp;
    });
    const bool torus = torusChips > 0;
    if (s.algorithm == Algorithm::Sharp && torus)
        return QObject::tr("SHARP reduces in switches; a torus has none. Use the torus "
                           "algorithm.");
    if (s.algorithm == Algorithm::Sharp && sharp == 0)
        return QObject::tr("SHARP needs SHARP-capable switches, and this fabric has none.");
    if (s.algorithm == Algorithm::Torus && !torus)
        return QObject::tr("The torus algorithm needs a torus (TPU chips with coordinates).");
    if (s.routing == route::Policy::Dor && !torus)
        return QObject::tr("Dimension-order routing (dor) only applies to a torus; use ecmp, "
                           "static, adaptive or spray on this fabric.");
    if (s.algorithm == Algorithm::Hierarchical && hosts == 0)
        return QObject::tr("Hierarchical all-reduce needs hosts (NVLink domains) to reduce in.");
    if (s.collective != Collective::Custom) {
        if (gpus < 2)
            return QObject::tr("A collective needs at least 2 GPUs; this fabric has %1.").arg(gpus);
        const QString ranks = QString::fromStdString(s.ranks).trimmed();
        bool isCount = false;
        const int count = ranks.toInt(&isCount);
        if (isCount && count < 2)
            return QObject::tr("A collective needs at least 2 ranks.");
        if (isCount && count > gpus)
            return QObject::tr("%1 ranks asked, but the fabric has only %2 GPUs.")
                .arg(count)
                .arg(gpus);
    } else if (s.trafficFile.empty()) {
        return QObject::tr("Custom traffic needs a CSV file of src,dst,bytes.");
    }
    return QString();
}

} // namespace fabric::app
