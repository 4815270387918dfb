// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "link.h"
#include "node.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace fabric {

/// The generator family and parameters that made a fabric, so it can be regenerated.
struct GeneratorInfo
{
    std::string family;                             ///< e.g. "ib-fat-tree"; empty = hand-made.
    nlohmann::json params = nlohmann::json::object(); ///< KEY -> value as given to the generator.
    /// Edited by hand since it was generated: the fabric is no longer what family and params
    /// make, so it must not be presented as the generator's output.
    bool modified = false;

    bool operator==(const GeneratorInfo &) const = default;
};

/**
 * A fabric: nodes, full-duplex links between them, OCS circuit tables (inside the OCS nodes),
 * the generator that made it and free-form metadata.
 *
 * Ids are stable: they are never reused, and removing a node or link leaves the other ids as
 * they were. Storage is a dense vector indexed by id with tombstones, so lookups are O(1) and a
 * 250K-link fabric costs a few tens of MB. Iterate with nodes()/links() and skip dead entries
 * with isAlive(), or use forEachNode()/forEachLink().
 */
class Fabric
{
public:
    Fabric() = default;

    /// Adds @p node. A negative id gets the next free id; an explicit id must be unused (loading
    /// a file keeps its ids). Returns the id.
    NodeId addNode(Node node);
    /// Adds @p link between two live nodes (not itself). Id handling as addNode().
    LinkId addLink(Link link);
    /// Removes a node and every link attached to it.
    void removeNode(NodeId id);
    void removeLink(LinkId id);

    bool hasNode(NodeId id) const;
    bool hasLink(LinkId id) const;
    const Node &node(NodeId id) const { return mNodes[static_cast<std::size_t>(id)]; }
    /// Whether @p a and @p b sit in one host (one NVLink domain).
    bool sameHost(NodeId a, NodeId b) const
    {
        return node(a).host != kNoNode && node(a).host == node(b).host;
    }
    Node &node(NodeId id) { return mNodes[static_cast<std::size_t>(id)]; }
    const Link &link(LinkId id) const { return mLinks[static_cast<std::size_t>(id)]; }
    Link &link(LinkId id) { return mLinks[static_cast<std::size_t>(id)]; }

    /// Links attached to @p id (both ends), in the order they were added.
    std::span<const LinkId> linksOf(NodeId id) const;

    /// The node directed link @p d leaves from: its link's end a when forward, else b.
    NodeId from(DirLinkId d) const
    {
        const Link &l = link(linkOf(d));
        return isForward(d) ? l.a : l.b;
    }
    /// The node directed link @p d arrives at.
    NodeId to(DirLinkId d) const { return from(reverse(d)); }
    /// The direction of link @p l that leaves node @p at (one of its ends).
    DirLinkId leaving(LinkId l, NodeId at) const { return dirLink(l, link(l).a == at); }
    /// The direction of link @p l that arrives at node @p at (one of its ends).
    DirLinkId arriving(LinkId l, NodeId at) const { return reverse(leaving(l, at)); }
    /// "leaf3 \u2192 spine7" (U+2192 in UTF-8): the one name of a directed link, in the
    /// direction of travel, as the CLI, the explain panel and the heatmap show it.
    std::string name(DirLinkId d) const;

    /// One past the largest id ever handed out: size arrays indexed by id with these.
    std::size_t nodeIdBound() const { return mNodes.size(); }
    std::size_t linkIdBound() const { return mLinks.size(); }
    std::size_t nodeCount() const { return mNodeCount; }
    std::size_t linkCount() const { return mLinkCount; }

    template<typename F> void forEachNode(F &&f) const
    {
        for (const Node &n : mNodes)
            if (n.id != kNoNode)
                f(n);
    }
    template<typename F> void forEachLink(F &&f) const
    {
        for (const Link &l : mLinks)
            if (l.id != kNoLink)
                f(l);
    }

    /// Live endpoint (GPU) ids in id order: the natural rank order.
    std::vector<NodeId> endpoints() const;
    /// Node id with that name, or kNoNode. Linear scan; callers that look up many names build
    /// their own index.
    NodeId findNode(std::string_view name) const;

    /// For an OCS: the link leaving through the port circuited with @p incoming's OCS port, or
    /// kNoLink when that port has no circuit or nothing is plugged into its peer port.
    LinkId ocsPeer(NodeId ocs, LinkId incoming) const;

    GeneratorInfo &generator() { return mGenerator; }
    const GeneratorInfo &generator() const { return mGenerator; }
    nlohmann::json &metadata() { return mMetadata; }
    const nlohmann::json &metadata() const { return mMetadata; }
    /// The simulation scenarios saved with the fabric (the native file's `scenarios` array), as
    /// their JSON: the model sits below the collective layer, so it keeps them as read and the
    /// GUI parses them (app/gui/savedscenarios.h). Null when the fabric has none.
    nlohmann::json &scenarios() { return mScenarios; }
    const nlohmann::json &scenarios() const { return mScenarios; }

    /// Same nodes, links, generator, metadata and scenarios (ids included).
    bool operator==(const Fabric &other) const;

    /// Pre-sizes storage for generators that know their counts.
    void reserve(std::size_t nodes, std::size_t links);

private:
    std::vector<Node> mNodes; // index = id; id == kNoNode marks a removed entry
    std::vector<Link> mLinks; // index = id; id == kNoLink marks a removed entry
    std::vector<std::vector<LinkId>> mAdjacency; // index = node id
    std::size_t mNodeCount = 0;
    std::size_t mLinkCount = 0;
    GeneratorInfo mGenerator;
    nlohmann::json mMetadata = nlohmann::json::object();
    nlohmann::json mScenarios;
};

} // namespace fabric
