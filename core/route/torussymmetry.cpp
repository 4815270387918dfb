// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "torussymmetry.h"

#include "model/fabric.h"

#include <algorithm>
#include <map>
#include <numeric>

namespace fabric::route {
namespace {

/// Where one translation sends every node and directed link (kNoNode / -1: not mapped).
struct Mapping
{
    std::vector<NodeId> nodes;
    std::vector<DirLinkId> dirLinks;
};

bool sameNode(const Node &a, const Node &b)
{
    return a.kind == b.kind && a.switchLatencyNs == b.switchLatencyNs && a.forwards == b.forwards
        && a.standby == b.standby;
}

bool sameLink(const Link &a, const Link &b)
{
    return a.capacityGbps == b.capacityGbps && a.latencyNs == b.latencyNs && a.medium == b.medium;
}

class Translator
{
public:
    Translator(const Fabric &fabric, const Torus &torus)
        : mFabric(fabric)
        , mTorus(torus)
    {
        // A switch is known by the chips it joins (an OCS by the faces of cubes it serves).
        fabric.forEachNode([&](const Node &node) {
            const NodeId n = node.id;
            if (!torus.hasCoordinates(n))
                mSwitchBySignature.emplace(signature(n, nullptr), n);
        });
    }

    /// The mapping of translation @p t, or nullopt when it is no automorphism of the fabric.
    std::optional<Mapping> map(const Coord &t) const
    {
        Mapping m;
        m.nodes.assign(mFabric.nodeIdBound(), kNoNode);
        m.dirLinks.assign(2 * mFabric.linkIdBound(), -1);
        const Coord &dims = mTorus.dims();
        bool ok = true;
        mFabric.forEachNode([&](const Node &node) {
            const NodeId n = node.id;
            if (!mTorus.hasCoordinates(n))
                return;
            Coord c = mTorus.coordinates(n);
            for (std::size_t k = 0; k < 3; ++k)
                c[k] = (c[k] + t[k]) % dims[k];
            m.nodes[std::size_t(n)] = mTorus.chipAt(c);
            ok = ok && m.nodes[std::size_t(n)] != kNoNode;
        });
        if (!ok)
            return std::nullopt;
        mFabric.forEachNode([&](const Node &node) {
            const NodeId n = node.id;
            if (mTorus.hasCoordinates(n))
                return;
            const auto it = mSwitchBySignature.find(signature(n, &m.nodes));
            if (it == mSwitchBySignature.end())
                ok = false;
            else
                m.nodes[std::size_t(n)] = it->second;
        });
        if (!ok)
            return std::nullopt;
        mFabric.forEachNode([&](const Node &node) {
            const NodeId n = node.id;
            ok = ok && sameNode(node, mFabric.node(m.nodes[std::size_t(n)]));
        });
        mFabric.forEachLink([&](const Link &link) {
            const LinkId l = link.id;
            if (!ok)
                return;
            const NodeId a = m.nodes[std::size_t(link.a)], b = m.nodes[std::size_t(link.b)];
            const LinkId image = parallel(a, b, rankAmongParallel(l, link.a, link.b));
            if (image == kNoLink || !sameLink(link, mFabric.link(image))) {
                ok = false;
                return;
            }
            m.dirLinks[std::size_t(dirLink(l, true))] = mFabric.leaving(image, a);
            m.dirLinks[std::size_t(dirLink(l, false))] = mFabric.leaving(image, b);
        });
        if (!ok)
            return std::nullopt;
        // Circuits: what enters an OCS on one fibre leaves on the image of its peer.
        mFabric.forEachNode([&](const Node &node) {
            const NodeId n = node.id;
            if (node.kind != NodeKind::Ocs)
                return;
            for (LinkId l : mFabric.linksOf(n)) {
                const LinkId peer = mFabric.ocsPeer(n, l);
                const LinkId imagePeer = mFabric.ocsPeer(
                    m.nodes[std::size_t(n)], linkOf(m.dirLinks[std::size_t(dirLink(l, true))]));
                ok = ok
                    && (peer == kNoLink
                            ? imagePeer == kNoLink
                            : imagePeer == linkOf(m.dirLinks[std::size_t(dirLink(peer, true))]));
            }
        });
        if (!ok)
            return std::nullopt;
        return m;
    }

    /// Switches told apart by the chips beside them.
    std::size_t switchesTold() const { return mSwitchBySignature.size(); }

private:
    /// The sorted chips next to @p n, moved by @p nodes when given.
    std::vector<NodeId> signature(NodeId n, const std::vector<NodeId> *nodes) const
    {
        std::vector<NodeId> chips;
        for (LinkId l : mFabric.linksOf(n)) {
            const NodeId other = mFabric.link(l).other(n);
            if (mTorus.hasCoordinates(other))
                chips.push_back(nodes ? (*nodes)[std::size_t(other)] : other);
        }
        std::sort(chips.begin(), chips.end());
        return chips;
    }

    /// The place of @p l among the links joining @p a to @p b, in @p a's link order.
    std::size_t rankAmongParallel(LinkId l, NodeId a, NodeId b) const
    {
        std::size_t rank = 0;
        for (LinkId k : mFabric.linksOf(a)) {
            if (k == l)
                break;
            if (mFabric.link(k).other(a) == b)
                ++rank;
        }
        return rank;
    }

    /// Link number @p rank among those joining @p a to @p b, or kNoLink.
    LinkId parallel(NodeId a, NodeId b, std::size_t rank) const
    {
        for (LinkId k : mFabric.linksOf(a))
            if (mFabric.link(k).other(a) == b && rank-- == 0)
                return k;
        return kNoLink;
    }

    const Fabric &mFabric;
    const Torus &mTorus;
    std::map<std::vector<NodeId>, NodeId> mSwitchBySignature;
};

DirLinkId findRoot(std::vector<DirLinkId> &parent, DirLinkId d)
{
    while (parent[std::size_t(d)] != d) {
        parent[std::size_t(d)] = parent[std::size_t(parent[std::size_t(d)])];
        d = parent[std::size_t(d)];
    }
    return d;
}

} // namespace

std::optional<TorusSymmetry> TorusSymmetry::find(const Fabric &fabric, const Torus &torus)
{
    const Translator translator(fabric, torus);
    std::size_t switches = 0;
    bool chipWithoutCoordinates = false;
    fabric.forEachNode([&](const Node &node) {
        if (torus.hasCoordinates(node.id))
            return;
        ++switches;
        chipWithoutCoordinates = chipWithoutCoordinates || node.kind == NodeKind::Gpu;
    });
    // A chip without coordinates (a standby spare) has nowhere to move; switches with no chip
    // beside them, or two beside the same chips, cannot be told apart: no reduction then.
    if (chipWithoutCoordinates || translator.switchesTold() != switches)
        return std::nullopt;

    const Coord &dims = torus.dims();
    Coord step = dims;
    std::vector<Mapping> generators;
    for (std::size_t k = 0; k < 3; ++k)
        for (int a = 1; a < dims[k]; ++a) {
            if (dims[k] % a != 0)
                continue;
            Coord t { 0, 0, 0 };
            t[k] = a;
            if (auto m = translator.map(t)) {
                step[k] = a;
                generators.push_back(std::move(*m));
                break;
            }
        }
    TorusSymmetry s(torus, step);
    if (s.order() < 2)
        return std::nullopt;

    // Orbits of directed links: the classes the generators join.
    const std::size_t dirLinks = 2 * fabric.linkIdBound();
    std::vector<DirLinkId> parent(dirLinks);
    std::iota(parent.begin(), parent.end(), DirLinkId(0));
    for (const Mapping &g : generators)
        for (std::size_t d = 0; d < dirLinks; ++d)
            if (g.dirLinks[d] >= 0) {
                const DirLinkId a = findRoot(parent, DirLinkId(d));
                const DirLinkId b = findRoot(parent, g.dirLinks[d]);
                parent[std::size_t(std::max(a, b))] = std::min(a, b);
            }
    s.mLinkOrbit.assign(dirLinks, -1);
    std::vector<std::size_t> size(dirLinks, 0);
    fabric.forEachLink([&](const Link &link) {
        const LinkId l = link.id;
        for (const DirLinkId d : { dirLink(l, true), dirLink(l, false) }) {
            const DirLinkId root = findRoot(parent, d);
            s.mLinkOrbit[std::size_t(d)] = root;
            ++size[std::size_t(root)];
        }
    });
    // The union keeps the smallest id as the root, so a root is its orbit's smallest link.
    bool free = true;
    fabric.forEachLink([&](const Link &link) {
        const LinkId l = link.id;
        for (const DirLinkId d : { dirLink(l, true), dirLink(l, false) })
            if (s.mLinkOrbit[std::size_t(d)] == d && size[std::size_t(d)] != s.order())
                free = false;
    });
    if (!free)
        return std::nullopt;
    return s;
}

std::size_t TorusSymmetry::order() const
{
    std::size_t n = 1;
    for (std::size_t k = 0; k < 3; ++k)
        n *= std::size_t(mTorus->dims()[k] / mStep[k]);
    return n;
}

Coord TorusSymmetry::translation(std::size_t element) const
{
    Coord t { 0, 0, 0 };
    for (std::size_t k = 0; k < 3; ++k) {
        const std::size_t count = std::size_t(mTorus->dims()[k] / mStep[k]);
        t[k] = int(element % count) * mStep[k];
        element /= count;
    }
    return t;
}

NodeId TorusSymmetry::image(NodeId chip, std::size_t element) const
{
    const Coord t = translation(element);
    Coord c = mTorus->coordinates(chip);
    for (std::size_t k = 0; k < 3; ++k)
        c[k] = (c[k] + t[k]) % mTorus->dims()[k];
    return mTorus->chipAt(c);
}

bool TorusSymmetry::representative(NodeId chip) const
{
    const Coord c = mTorus->coordinates(chip);
    for (std::size_t k = 0; k < 3; ++k)
        if (c[k] >= mStep[k])
            return false;
    return true;
}

} // namespace fabric::route
