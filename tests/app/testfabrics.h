// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/changeevent.h"
#include "model/fabric.h"

#include <QObject>

#include <vector>

/// Small hand-made fabrics and an event recorder the app tests share.
namespace fabric::testing {

inline Node makeNode(NodeKind kind, std::string name, SwitchRole role = SwitchRole::None)
{
    Node n;
    n.kind = kind;
    n.role = role;
    n.name = std::move(name);
    return n;
}

inline Link makeLink(NodeId a, NodeId b, double capacityGbps = 400)
{
    Link l;
    l.a = a;
    l.b = b;
    l.capacityGbps = capacityGbps;
    l.latencyNs = 50;
    l.medium = Medium::InfiniBand;
    return l;
}

/// Two GPUs under one leaf, the leaf under a spine: nodes 0..3, links 0..2.
inline Fabric smallTree()
{
    Fabric f;
    const NodeId g0 = f.addNode(makeNode(NodeKind::Gpu, "gpu-0"));
    const NodeId g1 = f.addNode(makeNode(NodeKind::Gpu, "gpu-1"));
    const NodeId leaf = f.addNode(makeNode(NodeKind::Switch, "leaf-0", SwitchRole::Leaf));
    const NodeId spine = f.addNode(makeNode(NodeKind::Switch, "spine-0", SwitchRole::Spine));
    f.addLink(makeLink(g0, leaf));
    f.addLink(makeLink(g1, leaf));
    f.addLink(makeLink(leaf, spine, 800));
    return f;
}

/// Records the ChangeEvents a Document emits.
class EventRecorder : public QObject
{
public:
    template<typename Doc> explicit EventRecorder(Doc *document)
    {
        connect(
            document, &Doc::changed, this, [this](const ChangeEvent &e) { events.push_back(e); });
    }
    std::vector<ChangeEvent::Type> types() const
    {
        std::vector<ChangeEvent::Type> out;
        for (const ChangeEvent &e : events)
            out.push_back(e.type);
        return out;
    }
    std::vector<ChangeEvent> events;
};

} // namespace fabric::testing
