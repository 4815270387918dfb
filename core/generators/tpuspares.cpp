// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tpuspares.h"

#include "model/error.h"
#include "model/units.h"

#include <map>
#include <utility>

namespace fabric::gen {
namespace {

bool isCubeChip(const Node &n)
{
    return n.kind == NodeKind::Gpu && n.hints.pod >= 0 && n.hints.index >= 0;
}

/// The cubes (by cube index) that @p faults touch through a chip's links, each with the first
/// fault that did. OCS and circuit faults belong to the OCS, not to a cube.
std::map<int, std::string> touchedCubes(const Fabric &fabric, std::span<const Fault> faults)
{
    std::map<int, std::string> touched;
    for (const Fault &f : faults) {
        if (f.kind == Fault::Kind::Circuit)
            continue;
        if (f.kind == Fault::Kind::Node) {
            const NodeId id = fabric.findNode(f.node);
            if (id != kNoNode && fabric.node(id).kind == NodeKind::Ocs)
                continue;
        }
        const FaultEffect effect = resolveFaults(fabric, std::span(&f, 1));
        for (LinkId l : effect.links)
            for (NodeId end : { fabric.link(l).a, fabric.link(l).b })
                if (isCubeChip(fabric.node(end)))
                    touched.emplace(fabric.node(end).hints.pod, toString(f));
    }
    return touched;
}

/// Cube index -> its chips, by index inside the cube.
std::map<int, std::vector<NodeId>> chipsByCube(const Fabric &fabric)
{
    std::map<int, std::vector<NodeId>> cubes;
    fabric.forEachNode([&](const Node &n) {
        if (!isCubeChip(n))
            return;
        auto &chips = cubes[n.hints.pod];
        if (chips.size() <= static_cast<std::size_t>(n.hints.index))
            chips.resize(static_cast<std::size_t>(n.hints.index) + 1, kNoNode);
        chips[static_cast<std::size_t>(n.hints.index)] = n.id;
    });
    return cubes;
}

/// The OCS port pair (2c, 2c+1) a cube's fibres plug into, as c; -1 when it has no fibre.
int ocsSlotOf(const Fabric &fabric, const std::vector<NodeId> &chips)
{
    for (NodeId chip : chips)
        if (chip != kNoNode)
            for (LinkId l : fabric.linksOf(chip)) {
                const NodeId other = fabric.link(l).other(chip);
                if (fabric.node(other).kind == NodeKind::Ocs)
                    return fabric.link(l).portAt(other) / 2;
            }
    return -1;
}

/// Re-points every circuit port of slot @p from (2 from, 2 from + 1) to slot @p to.
std::size_t repointCircuits(Fabric &fabric, int from, int to)
{
    std::size_t changed = 0;
    for (std::size_t i = 0; i < fabric.nodeIdBound(); ++i) {
        Node &n = fabric.node(static_cast<NodeId>(i));
        if (n.id == kNoNode || n.kind != NodeKind::Ocs)
            continue;
        for (auto &[p, q] : n.circuits) {
            const bool hit = p / 2 == from || q / 2 == from;
            if (p / 2 == from)
                p = 2 * to + p % 2;
            if (q / 2 == from)
                q = 2 * to + q % 2;
            changed += hit ? 1 : 0;
        }
    }
    return changed;
}

void swapPlaces(Fabric &fabric, const std::vector<NodeId> &failed, const std::vector<NodeId> &spare)
{
    for (std::size_t i = 0; i < failed.size() && i < spare.size(); ++i) {
        if (failed[i] == kNoNode || spare[i] == kNoNode)
            continue;
        Node &out = fabric.node(failed[i]);
        Node &in = fabric.node(spare[i]);
        std::swap(out.hints.pod, in.hints.pod);
        std::swap(out.hints.x, in.hints.x);
        std::swap(out.hints.y, in.hints.y);
        std::swap(out.hints.z, in.hints.z);
        std::swap(out.hints.position, in.hints.position);
        out.standby = true;
        in.standby = false;
    }
}

} // namespace

bool hasReplaceableCubes(const Fabric &fabric)
{
    return fabric.generator().family == "tpu-torus";
}

SpareCubeOutcome replaceFailedCubes(Fabric &fabric, std::span<const Fault> faults)
{
    if (!hasReplaceableCubes(fabric))
        throw UserError("only a tpu-torus slice has cubes an optical circuit switch can replace");
    const std::map<int, std::string> touched = touchedCubes(fabric, faults);
    std::map<int, std::vector<NodeId>> cubes = chipsByCube(fabric);
    const auto onStandby = [&](const std::vector<NodeId> &chips) {
        return !chips.empty() && chips.front() != kNoNode && fabric.node(chips.front()).standby;
    };
    std::vector<int> spares;
    for (const auto &[cube, chips] : cubes)
        if (onStandby(chips) && !touched.contains(cube))
            spares.push_back(cube);

    SpareCubeOutcome out;
    std::size_t nextSpare = 0;
    for (const auto &[cube, what] : touched) {
        const std::vector<NodeId> &failed = cubes[cube];
        if (onStandby(failed))
            continue; // a failed spare is simply not used
        CubeReplacement r;
        r.cube = cube;
        r.failed = what;
        if (nextSpare == spares.size()) {
            out.unreplaced.push_back(std::move(r));
            continue;
        }
        r.spareCube = spares[nextSpare++];
        const std::vector<NodeId> spare = cubes[r.spareCube];
        r.spare = fabric.node(spare.front()).name;
        r.circuitsChanged
            = repointCircuits(fabric, ocsSlotOf(fabric, failed), ocsSlotOf(fabric, spare));
        swapPlaces(fabric, failed, spare);
        out.replaced.push_back(std::move(r));
    }
    out.sparesLeft = static_cast<int>(spares.size() - nextSpare);
    return out;
}

bool spareInUse(const Fabric &fabric)
{
    for (const auto &[cube, chips] : chipsByCube(fabric))
        if (ocsSlotOf(fabric, chips) != cube)
            return true;
    return false;
}

std::string describe(const SpareCubeOutcome &o)
{
    std::string text;
    for (const CubeReplacement &r : o.replaced)
        text += (text.empty() ? "" : "; ") + std::string("cube ") + std::to_string(r.cube) + " ("
            + r.failed + " failed) replaced by spare cube " + std::to_string(r.spareCube) + " ("
            + r.spare + ", " + std::to_string(r.circuitsChanged) + " circuits re-pointed)";
    for (const CubeReplacement &r : o.unreplaced)
        text += (text.empty() ? "" : "; ") + std::string("cube ") + std::to_string(r.cube) + " ("
            + r.failed + " failed) has no healthy spare left";
    if (text.empty())
        text = "no cube failed";
    text += "; "
        + units::formatCount(std::uint64_t(o.sparesLeft), "spare cube left", "spare cubes left");
    return o.broken() ? text + ": the slice is broken" : text;
}

} // namespace fabric::gen
