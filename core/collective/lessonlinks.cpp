// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "lesson.h"

#include <unordered_set>

namespace fabric::collective {

std::vector<LinkId> annotatedLinks(const Fabric &fabric, const LessonAnnotation &annotation)
{
    std::vector<LinkId> links;
    if (annotation.links == LessonAnnotation::Links::None)
        return links;
    std::unordered_set<NodeId> named;
    for (const std::string &name : annotation.nodes)
        if (const NodeId id = fabric.findNode(name); id != kNoNode)
            named.insert(id);
    std::unordered_set<LinkId> taken;
    auto take = [&](LinkId l) {
        if (taken.insert(l).second)
            links.push_back(l);
    };
    for (const std::string &name : annotation.nodes) {
        const NodeId node = fabric.findNode(name);
        if (node == kNoNode)
            continue;
        for (const LinkId l : fabric.linksOf(node)) {
            if (annotation.links == LessonAnnotation::Links::Of) {
                take(l);
                continue;
            }
            const NodeId far = fabric.link(l).other(node);
            if (named.contains(far)) {
                take(l);
            } else if (fabric.node(far).kind == NodeKind::Ocs) {
                // A circuit is two fibres through the OCS: both, when it lands on a named node.
                const LinkId peer = fabric.ocsPeer(far, l);
                if (peer != kNoLink && named.contains(fabric.link(peer).other(far))) {
                    take(l);
                    take(peer);
                }
            }
        }
    }
    return links;
}

} // namespace fabric::collective
