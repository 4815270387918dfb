// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Google TPU v4: 4x4x4 cubes of chips joined by electrical ICI, cube faces joined through 48
// optical circuit switches whose circuits close (and optionally twist) the torus.
#include "tputorus.h"

#include "fabricbuilder.h"
#include "familydef.h"
#include "paramspecs.h"
#include "tpuspares.h"

#include "model/error.h"
#include "model/units.h"

#include <algorithm>
#include <array>
#include <functional>
#include <string>

namespace fabric::gen {
namespace {

constexpr int kSide = kTpuCubeSide;
constexpr int kCubeChips = kSide * kSide * kSide;
using Coord = std::array<int, 3>;

std::string shapeText(const TpuShape &s)
{
    return std::to_string(s.x) + "x" + std::to_string(s.y) + "x" + std::to_string(s.z);
}

Coord cubeGrid(const TpuShape &s)
{
    return { s.x / kSide, s.y / kSide, s.z / kSide };
}

int cubeIndex(const TpuShape &s, const Coord &chip)
{
    const Coord g = cubeGrid(s);
    return chip[0] / kSide + g[0] * (chip[1] / kSide + g[1] * (chip[2] / kSide));
}

Coord cubeOrigin(const TpuShape &s, int cube)
{
    const Coord g = cubeGrid(s);
    return { cube % g[0] * kSide, cube / g[0] % g[1] * kSide, cube / (g[0] * g[1]) * kSide };
}

/// The two dimensions other than @p d, in x, y, z order.
std::array<int, 2> others(int d)
{
    return d == 0 ? std::array { 1, 2 } : d == 1 ? std::array { 0, 2 } : std::array { 0, 1 };
}

int ocsIndex(int d, const Coord &chip)
{
    const auto [o1, o2] = others(d);
    return d * kSide * kSide + chip[o1] % kSide + kSide * (chip[o2] % kSide);
}

/// The chip after @p chip along @p d, wrapping around (with the twist when asked).
Coord next(const TpuShape &s, const Coord &chip, int d, bool twisted)
{
    Coord n = chip;
    if (++n[d] < s[d])
        return n;
    n[d] = 0;
    if (twisted) {
        const int shortSide = std::min({ s.x, s.y, s.z });
        if (s[d] == shortSide)
            for (int l = 0; l < 3; ++l)
                if (s[l] == 2 * shortSide)
                    n[l] = (n[l] + shortSide) % s[l];
    }
    return n;
}

/// Dimensions from fastest- to slowest-varying in id order: the longest varies slowest, so
/// the first half of the chips in id order is one half of the longest dimension.
std::array<int, 3> idOrder(const TpuShape &s)
{
    std::array<int, 3> order { 0, 1, 2 };
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return s[a] < s[b]; });
    return order;
}

Coord coordOfRank(const TpuShape &s, const std::array<int, 3> &order, int rank)
{
    Coord c {};
    for (int d : order) {
        c[d] = rank % s[d];
        rank /= s[d];
    }
    return c;
}

int rankOf(const TpuShape &s, const std::array<int, 3> &order, const Coord &c)
{
    int rank = 0;
    for (int i = 2; i >= 0; --i)
        rank = rank * s[order[i]] + c[order[i]];
    return rank;
}

std::string chipName(const Coord &c)
{
    return "chip-" + std::to_string(c[0]) + "-" + std::to_string(c[1]) + "-" + std::to_string(c[2]);
}

std::string ocsName(int ocs)
{
    static constexpr char kDims[] = { 'x', 'y', 'z' };
    return std::string("ocs-") + kDims[ocs / (kSide * kSide)] + "-"
        + std::to_string(ocs % (kSide * kSide));
}

TpuShape shapeOf(const nlohmann::json &params)
{
    return { params.at("x").get<int>(), params.at("y").get<int>(), params.at("z").get<int>() };
}

int spareCubesOf(const nlohmann::json &params)
{
    return params.value("spare_cubes", 0);
}

void check(const nlohmann::json &params)
{
    const TpuShape s = shapeOf(params);
    checkTpuShape(s, params.at("twisted").get<bool>());
    if (s.cubes() + spareCubesOf(params) > kTpuPodCubes)
        rejectParam("spare_cubes",
            "at most " + std::to_string(kTpuPodCubes - s.cubes()) + " beside the "
                + std::to_string(s.cubes()) + " cubes of a " + shapeText(s)
                + " slice (a pod holds 64)",
            spareCubesOf(params));
}

/**
 * Wires @p chips (coordinates, in id order): electrical ICI between neighbours inside a cube,
 * then one fibre from each chip on a cube face to its OCS, at port 2c (- face) or 2c+1 (+ face)
 * of cube c = @p cubeOf(chip). Chip port 2d faces - along dimension d, port 2d+1 faces +. All
 * ICI links come first so the slice's link ids do not depend on its spare cubes.
 */
void wireChips(FabricBuilder &b, const std::vector<Coord> &chips,
    const std::function<NodeId(const Coord &)> &idOf, const std::function<int(const Coord &)> &cubeOf,
    NodeId firstOcs, double gbps)
{
    for (const Coord &c : chips)
        for (int d = 0; d < 3; ++d) {
            if (c[d] % kSide == kSide - 1)
                continue;
            Coord n = c;
            ++n[d];
            b.connectPorts(idOf(c), 2 * d + 1, idOf(n), 2 * d, gbps, Medium::Ici);
        }
    for (const Coord &c : chips)
        for (int d = 0; d < 3; ++d) {
            const int local = c[d] % kSide;
            if (local != 0 && local != kSide - 1)
                continue;
            const int plus = local == kSide - 1 ? 1 : 0;
            b.connectPorts(idOf(c), 2 * d + plus, firstOcs + ocsIndex(d, c), 2 * cubeOf(c) + plus,
                gbps, Medium::Optical);
        }
}

Fabric build(const nlohmann::json &params)
{
    const TpuShape s = shapeOf(params);
    const bool twisted = params.at("twisted").get<bool>();
    const double gbps = params.at("ici_gbps").get<double>();
    const double routerNs = params.at("router_latency_ns").get<double>();
    FabricBuilder b(params.at("cable_latency_ns").get<double>(), 0.0);
    const int chips = s.chips();
    const int allChips = chips + spareCubesOf(params) * kCubeChips;
    b.reserve(static_cast<std::size_t>(allChips + kTpuOcsCount),
        static_cast<std::size_t>(3 * allChips));

    const auto order = idOrder(s);
    for (int r = 0; r < chips; ++r) {
        const Coord c = coordOfRank(s, order, r);
        const Coord origin = cubeOrigin(s, cubeIndex(s, c));
        Node chip;
        chip.kind = NodeKind::Gpu;
        chip.forwards = true;
        chip.switchLatencyNs = routerNs;
        chip.name = chipName(c);
        chip.hints.tier = 0;
        chip.hints.pod = cubeIndex(s, c);
        chip.hints.index
            = (c[0] - origin[0]) + kSide * ((c[1] - origin[1]) + kSide * (c[2] - origin[2]));
        chip.hints.x = c[0];
        chip.hints.y = c[1];
        chip.hints.z = c[2];
        b.addNode(std::move(chip));
    }
    const auto circuits = tpuCircuits(s, twisted);
    for (int o = 0; o < kTpuOcsCount; ++o) {
        Node ocs;
        ocs.kind = NodeKind::Ocs;
        ocs.name = ocsName(o);
        ocs.ports = kTpuOcsPorts;
        ocs.hints.tier = 1;
        ocs.hints.index = o;
        ocs.circuits = circuits[static_cast<std::size_t>(o)];
        b.addNode(std::move(ocs));
    }

    std::vector<Coord> sliceChips;
    for (int r = 0; r < chips; ++r)
        sliceChips.push_back(coordOfRank(s, order, r));
    wireChips(
        b, sliceChips, [&](const Coord &c) { return static_cast<NodeId>(rankOf(s, order, c)); },
        [&](const Coord &c) { return cubeIndex(s, c); }, chips, gbps);

    // Spare cubes: the same chips and fibres, on standby, with no circuit until the OCS
    // switches one in for a failed cube (replaceFailedCubes()). A spare has no torus position:
    // its chips are named and indexed by their place inside the cube.
    std::vector<Coord> inCube;
    for (int local = 0; local < kCubeChips; ++local)
        inCube.push_back({ local % kSide, local / kSide % kSide, local / (kSide * kSide) });
    const int spares = spareCubesOf(params);
    for (int spare = 0; spare < spares; ++spare) {
        const int cube = s.cubes() + spare;
        const auto first = static_cast<NodeId>(chips + kTpuOcsCount + spare * kCubeChips);
        for (int local = 0; local < kCubeChips; ++local) {
            Node chip;
            chip.kind = NodeKind::Gpu;
            chip.forwards = true;
            chip.standby = true;
            chip.switchLatencyNs = routerNs;
            chip.name = "spare" + std::to_string(spare) + "-"
                + chipName(inCube[static_cast<std::size_t>(local)]);
            chip.hints.tier = 0;
            chip.hints.pod = cube;
            chip.hints.index = local;
            b.addNode(std::move(chip));
        }
        wireChips(
            b, inCube,
            [&](const Coord &c) {
                return static_cast<NodeId>(first + c[0] + kSide * (c[1] + kSide * c[2]));
            },
            [&](const Coord &) { return cube; }, chips, gbps);
    }

    std::string title = "TPU v4 " + std::string(twisted ? "twisted " : "") + "torus " + shapeText(s)
        + ", " + units::formatCount(std::uint64_t(chips), "chip", "chips") + ", "
        + units::formatCount(std::uint64_t(s.cubes()), "cube", "cubes") + ", 48 OCS";
    if (spares > 0)
        title += ", " + units::formatCount(std::uint64_t(spares), "spare cube", "spare cubes");
    return b.take("tpu-torus", params, std::move(title));
}

} // namespace

void checkTpuShape(const TpuShape &shape, bool twisted)
{
    static constexpr const char *kKeys[] = { "x", "y", "z" };
    for (int d = 0; d < 3; ++d)
        if (shape[d] < kSide || shape[d] > 16 || shape[d] % kSide != 0)
            rejectParam(kKeys[d], "a multiple of 4 from 4 to 16", shape[d]);
    if (!twisted)
        return;
    const int k = std::min({ shape.x, shape.y, shape.z });
    bool hasLong = false, ok = true;
    for (int d = 0; d < 3; ++d) {
        hasLong = hasLong || shape[d] == 2 * k;
        ok = ok && (shape[d] == k || shape[d] == 2 * k);
    }
    if (!ok || !hasLong)
        rejectParam("twisted",
            "false for this shape: a twisted torus needs k x k x 2k or k x 2k x 2k "
            "(e.g. 4x4x8, 4x8x8, 8x8x16)",
            "true with " + shapeText(shape));
}

std::vector<std::vector<std::pair<int, int>>> tpuCircuits(const TpuShape &shape, bool twisted)
{
    checkTpuShape(shape, twisted);
    std::vector<std::vector<std::pair<int, int>>> tables(kTpuOcsCount);
    for (int cube = 0; cube < shape.cubes(); ++cube) {
        const Coord origin = cubeOrigin(shape, cube);
        for (int d = 0; d < 3; ++d) {
            const auto [o1, o2] = others(d);
            for (int v = 0; v < kSide; ++v)
                for (int u = 0; u < kSide; ++u) {
                    Coord chip = origin;
                    chip[d] += kSide - 1; // on the + face
                    chip[o1] += u;
                    chip[o2] += v;
                    const Coord peer = next(shape, chip, d, twisted);
                    tables[static_cast<std::size_t>(ocsIndex(d, chip))].emplace_back(
                        2 * cube + 1, 2 * cubeIndex(shape, peer));
                }
        }
    }
    return tables;
}

void reconfigureTpu(Fabric &fabric, const TpuShape &shape, bool twisted)
{
    checkTpuShape(shape, twisted);
    if (fabric.generator().family != "tpu-torus")
        throw UserError("reconfigure: only a tpu-torus fabric has OCS circuits to reconfigure");
    const nlohmann::json &old = fabric.generator().params;
    const TpuShape before { old.value("x", 0), old.value("y", 0), old.value("z", 0) };
    if (before.cubes() != shape.cubes())
        throw UserError("shape: must hold the " + std::to_string(before.cubes())
            + " cubes of this fabric, got " + shapeText(shape));
    if (spareInUse(fabric))
        throw UserError("reconfigure: a spare cube stands in for a failed one; undo that "
                        "replacement before changing the slice's shape");
    const auto circuits = tpuCircuits(shape, twisted);
    for (std::size_t i = 0; i < fabric.nodeIdBound(); ++i) {
        Node &n = fabric.node(static_cast<NodeId>(i));
        if (n.id == kNoNode)
            continue;
        if (n.kind == NodeKind::Ocs && n.hints.index >= 0 && n.hints.index < kTpuOcsCount) {
            n.circuits = circuits[static_cast<std::size_t>(n.hints.index)];
        } else if (n.kind == NodeKind::Gpu && n.hints.pod >= 0 && !n.standby) {
            const Coord origin = cubeOrigin(shape, n.hints.pod);
            const Coord c { origin[0] + n.hints.x % kSide, origin[1] + n.hints.y % kSide,
                origin[2] + n.hints.z % kSide };
            n.hints.x = c[0];
            n.hints.y = c[1];
            n.hints.z = c[2];
            n.name = chipName(c);
        }
    }
    nlohmann::json &params = fabric.generator().params;
    params["x"] = shape.x;
    params["y"] = shape.y;
    params["z"] = shape.z;
    params["twisted"] = twisted;
}

FamilyDef tpuTorusFamily()
{
    FamilyDef def;
    def.info.name = "tpu-torus";
    def.info.title = "TPU v4 torus + OCS";
    def.info.description
        = "A Google TPU v4 slice: 4x4x4 cubes of chips joined by electrical ICI inside, every "
          "cube face leaving through optical circuit switches whose circuits close the 3D torus, "
          "optionally twisted. The default 16x16x16 is the full 4,096-chip pod with 48 OCS.";
    def.info.params = {
        intParam("x", "X", "Chips along x.", 16, 4, 16, "chips", 4),
        intParam("y", "Y", "Chips along y.", 16, 4, 16, "chips", 4),
        intParam("z", "Z", "Chips along z.", 16, 4, 16, "chips", 4),
        intParam("spare_cubes", "Spare cubes",
            "Cubes on standby beside the slice, wired to the OCS without circuits; "
            "--ocs-reroute switches one in for each failed cube. At most 64 less the slice's "
            "own cubes (a pod has 64).",
            0, 0, kTpuPodCubes - 1, "cubes", 1),
        boolParam("twisted", "Twisted",
            "Shift the wrap-around of the short dimensions by half a long one (k x k x 2k "
            "or k x 2k x 2k shapes).",
            false),
        doubleParam("ici_gbps", "ICI link rate", "Rate of each ICI link, per direction.", 400, 1,
            1600, "Gb/s"),
        doubleParam("cable_latency_ns", "Link latency",
            "Latency of every ICI link and fibre, in ns.", 50.0, 0.0, 1e6, "ns"),
        doubleParam("router_latency_ns", "Chip router latency",
            "Latency a chip adds when it relays torus traffic, in ns.", 100.0, 0.0, 1e6, "ns"),
    };
    def.check = &check;
    def.build = &build;
    return def;
}

} // namespace fabric::gen
