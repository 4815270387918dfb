// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "toruslayout.h"

#include "sparecubes.h"
#include "toruslattice.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <numbers>
#include <tuple>

namespace fabric::views {

namespace {

constexpr double kChip = 10;
constexpr double kPitch3d = 40, kCubeGap3d = 36;
constexpr double kPitch2d = 22, kPlaneGap = 60;
constexpr int kCube = 4;

struct Vec3
{
    double x, y, z;
};

class Projector
{
public:
    explicit Projector(const TorusCamera &c)
    {
        const double yaw = c.yawDeg * std::numbers::pi / 180;
        const double pitch = c.pitchDeg * std::numbers::pi / 180;
        mCy = std::cos(yaw);
        mSy = std::sin(yaw);
        mCp = std::cos(pitch);
        mSp = std::sin(pitch);
    }
    /// Towards the viewer is negative.
    double depth(const Vec3 &v) const
    {
        const double d = v.x * mSy + v.y * mCy;
        return d * mCp - v.z * mSp;
    }
    QPointF operator()(const Vec3 &v) const
    {
        const double x1 = v.x * mCy - v.y * mSy;
        const double depth = v.x * mSy + v.y * mCy;
        return QPointF(x1, -(v.z * mCp + depth * mSp));
    }

private:
    double mCy, mSy, mCp, mSp;
};

double coord3d(int i) { return i * kPitch3d + (i / kCube) * kCubeGap3d; }

} // namespace

bool hasTorusHints(const Fabric &fabric)
{
    bool any = false, all = true;
    fabric.forEachNode([&](const Node &n) {
        if (!n.isEndpoint())
            return; // chips on standby (spare cubes) have no place in the torus
        const bool has = n.hints.x >= 0 && n.hints.y >= 0 && n.hints.z >= 0;
        any = any || has;
        all = all && has;
    });
    return any && all;
}

FabricLayout torusLayout(const Fabric &f, TorusView view, const TorusCamera &camera)
{
    if (view == TorusView::Lattice)
        return torusLattice(f);
    FabricLayout out;
    out.name = view == TorusView::Projection ? QStringLiteral("torus-3d")
                                             : QStringLiteral("torus-slices");
    out.resize(f.nodeIdBound());
    int dims[3] = {1, 1, 1};
    std::vector<NodeId> ocs, others;
    f.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Gpu && n.hints.x >= 0) {
            dims[0] = std::max(dims[0], n.hints.x + 1);
            dims[1] = std::max(dims[1], n.hints.y + 1);
            dims[2] = std::max(dims[2], n.hints.z + 1);
        } else if (n.kind == NodeKind::Ocs) {
            ocs.push_back(n.id);
        } else if (!isSpareChip(n)) {
            others.push_back(n.id);
        }
    });
    const int cubes[3] = {(dims[0] + kCube - 1) / kCube, (dims[1] + kCube - 1) / kCube,
                          (dims[2] + kCube - 1) / kCube};
    auto cubeIndex = [&](int x, int y, int z) {
        return (x / kCube) + cubes[0] * ((y / kCube) + cubes[1] * (z / kCube));
    };
    double bottom = 0, left = 0, right = 0;

    if (view == TorusView::Projection) {
        out.nodePitch = kPitch3d * 0.6;
        const Projector project(camera);
        const Vec3 centre{coord3d(dims[0] - 1) / 2, coord3d(dims[1] - 1) / 2, coord3d(dims[2] - 1) / 2};
        auto at = [&](double x, double y, double z) {
            return project(Vec3{x - centre.x, y - centre.y, z - centre.z});
        };
        // Cubes first, so block i is cube i.
        for (int cz = 0; cz < cubes[2]; ++cz)
            for (int cy = 0; cy < cubes[1]; ++cy)
                for (int cx = 0; cx < cubes[0]; ++cx) {
                    const double pad = kChip;
                    const double lo[3] = {coord3d(cx * kCube) - pad, coord3d(cy * kCube) - pad,
                                          coord3d(cz * kCube) - pad};
                    const double hi[3] = {coord3d(std::min(dims[0], (cx + 1) * kCube) - 1) + pad,
                                          coord3d(std::min(dims[1], (cy + 1) * kCube) - 1) + pad,
                                          coord3d(std::min(dims[2], (cz + 1) * kCube) - 1) + pad};
                    std::array<QPointF, 8> c;
                    QRectF r;
                    for (int i = 0; i < 8; ++i) {
                        c[static_cast<std::size_t>(i)] = at(i & 1 ? hi[0] : lo[0], i & 2 ? hi[1] : lo[1],
                                                            i & 4 ? hi[2] : lo[2]);
                        r |= QRectF(c[static_cast<std::size_t>(i)], QSizeF(0.01, 0.01));
                    }
                    for (int i = 0; i < 8; ++i)
                        for (int bit : {1, 2, 4})
                            if (!(i & bit))
                                out.decorations.emplace_back(c[static_cast<std::size_t>(i)],
                                                             c[static_cast<std::size_t>(i | bit)]);
                    LayoutBlock block;
                    block.kind = LayoutBlock::Kind::Cube;
                    block.rect = r;
                    block.title = QStringLiteral("Cube %1,%2,%3").arg(cx).arg(cy).arg(cz);
                    block.detail = QStringLiteral("4×4×4 chips");
                    out.blocks.push_back(block);
                }
        out.depth.assign(f.nodeIdBound(), 0.f);
        const double reach = std::max(1.0, std::hypot(centre.x, centre.y, centre.z));
        f.forEachNode([&](const Node &n) {
            if (n.kind == NodeKind::Gpu && n.hints.x >= 0) {
                const auto id = static_cast<std::size_t>(n.id);
                const Vec3 v{coord3d(n.hints.x) - centre.x, coord3d(n.hints.y) - centre.y,
                             coord3d(n.hints.z) - centre.z};
                out.depth[id] = static_cast<float>(std::clamp(0.5 + 0.5 * project.depth(v) / reach, 0.0, 1.0));
                out.positions[id] = at(coord3d(n.hints.x), coord3d(n.hints.y), coord3d(n.hints.z));
                out.sizes[id] = QSizeF(kChip, kChip);
                out.blockOf[id] = cubeIndex(n.hints.x, n.hints.y, n.hints.z);
            }
        });
        // The OCS ring, in the horizontal plane through the middle of the grid.
        // Big enough that the OCS boxes do not touch, even where the tilted ring is narrowest.
        const double radius = std::max(0.62 * std::hypot(coord3d(dims[0] - 1), coord3d(dims[1] - 1))
                                           + 3 * kPitch3d,
                                       static_cast<double>(ocs.size()) * 70 / (2 * std::numbers::pi));
        for (std::size_t i = 0; i < ocs.size(); ++i) {
            const double a = 2 * std::numbers::pi * (static_cast<double>(i) + 0.5)
                / static_cast<double>(ocs.size());
            const auto id = static_cast<std::size_t>(ocs[i]);
            out.positions[id] = project(Vec3{radius * std::cos(a), radius * std::sin(a), 0});
            out.sizes[id] = QSizeF(24, 12);
        }
        QRectF r;
        for (const auto &p : out.positions)
            if (!std::isnan(p.x()))
                r |= QRectF(p, QSizeF(0.01, 0.01));
        bottom = r.bottom() + 80;
        left = r.left();
        right = r.right();
        out.labels.push_back({QPointF(r.left(), r.top() - 30),
                              QStringLiteral("%1×%2×%3 torus · drag to orbit")
                                  .arg(dims[0]).arg(dims[1]).arg(dims[2]),
                              false});
    } else {
        out.nodePitch = kPitch2d;
        const double planeW = (dims[0] - 1) * kPitch2d + ((dims[0] - 1) / kCube) * 10;
        const double planeH = (dims[1] - 1) * kPitch2d + ((dims[1] - 1) / kCube) * 10;
        int cols = 1;
        double best = 1e300;
        for (int c = 1; c <= dims[2]; ++c) {
            const int rows = (dims[2] + c - 1) / c;
            const double score = std::abs(std::log((c * (planeW + kPlaneGap))
                                                   / (rows * (planeH + kPlaneGap) + 120) / 1.6));
            if (score < best) {
                best = score;
                cols = c;
            }
        }
        auto planeOrigin = [&](int z) {
            return QPointF((z % cols) * (planeW + kPlaneGap), (z / cols) * (planeH + kPlaneGap));
        };
        auto offset = [](int i) { return i * kPitch2d + (i / kCube) * 10.0; };
        for (int z = 0; z < dims[2]; ++z) {
            const QPointF o = planeOrigin(z);
            LayoutBlock block;
            block.kind = LayoutBlock::Kind::Plane;
            block.rect = QRectF(o, QSizeF(planeW, planeH)).adjusted(-10, -10, 10, 10);
            block.title = QStringLiteral("z = %1").arg(z);
            block.detail = QStringLiteral("%1×%2 chips").arg(dims[0]).arg(dims[1]);
            out.blocks.push_back(block);
            for (int c = kCube; c < dims[0]; c += kCube) {
                const double x = o.x() + offset(c) - kPitch2d / 2 - 5;
                out.decorations.emplace_back(x, o.y() - 8, x, o.y() + planeH + 8);
            }
            for (int c = kCube; c < dims[1]; c += kCube) {
                const double y = o.y() + offset(c) - kPitch2d / 2 - 5;
                out.decorations.emplace_back(o.x() - 8, y, o.x() + planeW + 8, y);
            }
        }
        f.forEachNode([&](const Node &n) {
            if (n.kind == NodeKind::Gpu && n.hints.x >= 0) {
                const auto id = static_cast<std::size_t>(n.id);
                out.positions[id] = planeOrigin(n.hints.z) + QPointF(offset(n.hints.x), offset(n.hints.y));
                out.sizes[id] = QSizeF(kChip, kChip);
                out.blockOf[id] = n.hints.z;
            }
        });
        const int rows = (dims[2] + cols - 1) / cols;
        left = -10;
        right = cols * (planeW + kPlaneGap) - kPlaneGap;
        const double ocsY = rows * (planeH + kPlaneGap) + 40;
        for (std::size_t i = 0; i < ocs.size(); ++i) {
            const auto id = static_cast<std::size_t>(ocs[i]);
            out.positions[id] = QPointF(left + (static_cast<double>(i) + 0.5) * (right - left)
                                                   / static_cast<double>(ocs.size()),
                                        ocsY);
            out.sizes[id] = QSizeF(std::min(24.0, (right - left) / static_cast<double>(ocs.size()) - 4), 12);
        }
        if (!ocs.empty())
            out.labels.push_back({QPointF(left - 20, ocsY + 4), QStringLiteral("OCS"), true});
        bottom = ocsY + 60;
    }
    bottom = placeSpareCubes(f, out, QPointF(left, bottom + 30), 2 * kChip, kChip) + 40;
    for (std::size_t i = 0; i < others.size(); ++i) {
        const auto id = static_cast<std::size_t>(others[i]);
        const double step = std::max(30.0, (right - left) / static_cast<double>(others.size()));
        out.positions[id] = QPointF(left + (static_cast<double>(i) + 0.5) * step, bottom);
        out.sizes[id] = QSizeF(24, 12);
    }
    out.updateBounds();
    return out;
}

} // namespace fabric::views
