// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "forcelayout.h"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/fruchterman_reingold.hpp>
#include <boost/graph/random_layout.hpp>
#include <boost/graph/topology.hpp>
#include <boost/random/linear_congruential.hpp>

#include <cmath>

namespace fabric::views {

QSizeF defaultNodeSize(const Node &node)
{
    switch (node.kind) {
    case NodeKind::Gpu: return QSizeF(10, 10);
    case NodeKind::Host: return QSizeF(20, 10);
    case NodeKind::Switch:
    case NodeKind::Ocs: return QSizeF(24, 12);
    }
    return QSizeF(10, 10);
}

FabricLayout forceLayout(const Fabric &f)
{
    FabricLayout out;
    out.name = QStringLiteral("force");
    out.nodePitch = 40;
    out.resize(f.nodeIdBound());
    std::vector<NodeId> ids;
    std::vector<int> index(f.nodeIdBound(), -1);
    f.forEachNode([&](const Node &n) {
        index[static_cast<std::size_t>(n.id)] = static_cast<int>(ids.size());
        ids.push_back(n.id);
        out.sizes[static_cast<std::size_t>(n.id)] = defaultNodeSize(n);
    });
    const double side = std::max(200.0, std::sqrt(static_cast<double>(ids.size())) * 70);
    if (ids.size() > kMaxForceNodes || ids.size() < 2) {
        const auto cols = static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(ids.size()) * 1.6)));
        for (std::size_t i = 0; i < ids.size(); ++i)
            out.positions[static_cast<std::size_t>(ids[i])] =
                QPointF(static_cast<double>(i % std::max<std::size_t>(cols, 1)) * 40,
                        static_cast<double>(i / std::max<std::size_t>(cols, 1)) * 40);
        out.updateBounds();
        return out;
    }

    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
    using Topology = boost::square_topology<boost::minstd_rand>;
    Graph g(ids.size());
    f.forEachLink([&](const Link &l) {
        boost::add_edge(static_cast<std::size_t>(index[static_cast<std::size_t>(l.a)]),
                        static_cast<std::size_t>(index[static_cast<std::size_t>(l.b)]), g);
    });
    boost::minstd_rand gen(20260101);
    Topology topology(gen, side / 2);
    std::vector<Topology::point_type> points(ids.size());
    auto map = boost::make_iterator_property_map(points.begin(), boost::get(boost::vertex_index, g));
    boost::random_graph_layout(g, map, topology);
    boost::fruchterman_reingold_force_directed_layout(
        g, map, topology, boost::cooling(boost::linear_cooling<double>(120)));
    for (std::size_t i = 0; i < ids.size(); ++i)
        out.positions[static_cast<std::size_t>(ids[i])] = QPointF(points[i][0], points[i][1]);
    out.updateBounds();
    return out;
}

} // namespace fabric::views
