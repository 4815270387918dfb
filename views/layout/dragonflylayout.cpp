// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "dragonflylayout.h"

#include "common/plural.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <tuple>

namespace fabric::views {

FabricLayout dragonflyLayout(const Fabric &f)
{
    FabricLayout out;
    out.name = QStringLiteral("dragonfly");
    out.nodePitch = 14;
    out.resize(f.nodeIdBound());
    std::map<int, std::vector<NodeId>> groups; // pod -> routers
    // Routers in no group (added from the palette) and what hangs on them go in the row below.
    const auto grouped = [&f](NodeId id) {
        return f.node(id).kind == NodeKind::Switch && f.node(id).hints.pod >= 0;
    };
    std::vector<NodeId> rest;
    f.forEachNode([&](const Node &n) {
        if (grouped(n.id))
            groups[n.hints.pod].push_back(n.id);
        else if (n.kind == NodeKind::Switch)
            rest.push_back(n.id);
    });
    std::map<NodeId, std::vector<NodeId>> endpointsOf;
    f.forEachNode([&](const Node &n) {
        if (n.kind == NodeKind::Switch)
            return;
        for (LinkId l : f.linksOf(n.id)) {
            const NodeId o = f.link(l).other(n.id);
            if (grouped(o)) {
                endpointsOf[o].push_back(n.id);
                return;
            }
        }
        rest.push_back(n.id);
    });
    std::size_t maxRouters = 1, maxEndpoints = 0;
    for (auto &[pod, routers] : groups) {
        std::sort(routers.begin(), routers.end(), [&](NodeId a, NodeId b) {
            return std::tie(f.node(a).hints.index, a) < std::tie(f.node(b).hints.index, b);
        });
        maxRouters = std::max(maxRouters, routers.size());
        for (NodeId r : routers)
            maxEndpoints = std::max(maxEndpoints, endpointsOf[r].size());
    }
    const double inner = std::max(40.0, static_cast<double>(maxRouters) * 34 / (2 * std::numbers::pi));
    const double groupRadius = inner + 30 + static_cast<double>(maxEndpoints) * 13;
    const double g = static_cast<double>(groups.size());
    // Block rectangles are the discs' bounding squares: space them so neighbours never overlap.
    const double big = std::max(2.2 * groupRadius, g * (2 * 1.45 * groupRadius + 60) / (2 * std::numbers::pi));
    std::size_t gi = 0;
    for (const auto &[pod, routers] : groups) {
        const double ga = 2 * std::numbers::pi * static_cast<double>(gi) / g - std::numbers::pi / 2;
        const QPointF centre(big * std::cos(ga), big * std::sin(ga));
        const int block = static_cast<int>(out.blocks.size());
        std::size_t endpoints = 0;
        for (std::size_t ri = 0; ri < routers.size(); ++ri) {
            // Each group's first routers straddle the line to the circle's centre: one on it
            // put a 2-router group on the line through both groups' centres, where the far
            // routers' global links ran through the near ones.
            const double a = ga + std::numbers::pi
                + 2 * std::numbers::pi * (static_cast<double>(ri) + 0.5)
                    / static_cast<double>(routers.size());
            const QPointF dir(std::cos(a), std::sin(a));
            const auto rid = static_cast<std::size_t>(routers[ri]);
            out.positions[rid] = centre + dir * inner;
            out.sizes[rid] = QSizeF(22, 12);
            out.blockOf[rid] = block;
            const auto &eps = endpointsOf[routers[ri]];
            for (std::size_t e = 0; e < eps.size(); ++e) {
                const auto eid = static_cast<std::size_t>(eps[e]);
                out.positions[eid] = centre + dir * (inner + 24 + static_cast<double>(e) * 13);
                out.sizes[eid] = QSizeF(8, 8);
                out.blockOf[eid] = block;
            }
            endpoints += eps.size();
        }
        // Hosts beside the middle of their GPUs' radial line.
        for (NodeId r : routers) {
            std::map<NodeId, std::vector<NodeId>> byHost;
            for (NodeId e : endpointsOf[r])
                if (f.hasNode(f.node(e).host))
                    byHost[f.node(e).host].push_back(e);
            for (const auto &[host, gpus] : byHost) {
                QPointF mean;
                for (NodeId gpu : gpus)
                    mean += out.positions[static_cast<std::size_t>(gpu)];
                mean /= static_cast<double>(gpus.size());
                QPointF radial = mean - centre;
                radial /= std::max(1e-9, std::hypot(radial.x(), radial.y()));
                const auto hid = static_cast<std::size_t>(host);
                out.positions[hid] = mean + QPointF(-radial.y(), radial.x()) * 13;
                out.sizes[hid] = QSizeF(7, 7);
                out.blockOf[hid] = block;
                rest.erase(std::remove(rest.begin(), rest.end(), host), rest.end());
            }
        }
        LayoutBlock b;
        b.kind = LayoutBlock::Kind::Group;
        b.rect = QRectF(centre - QPointF(groupRadius + 8, groupRadius + 8),
                        QSizeF(2 * groupRadius + 16, 2 * groupRadius + 16));
        b.title = QStringLiteral("Group %1").arg(pod);
        b.detail = QStringLiteral("%1 · %2").arg(
            counted(
                qint64(routers.size()), QStringLiteral("1 router"), QStringLiteral("%1 routers")),
            counted(endpoints, QStringLiteral("1 endpoint"), QStringLiteral("%1 endpoints")));
        out.blocks.push_back(b);
        ++gi;
    }
    for (std::size_t i = 0; i < rest.size(); ++i) {
        const auto id = static_cast<std::size_t>(rest[i]);
        out.positions[id] = QPointF(-big + static_cast<double>(i) * 30, big + groupRadius + 80);
        out.sizes[id] = QSizeF(20, 10);
    }
    out.updateBounds();
    return out;
}

} // namespace fabric::views
