// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "addlinks.h"

#include "document.h"

#include <QCoreApplication>

#include <algorithm>

#include <stdexcept>

namespace fabric::app {
namespace {

std::vector<Link> checked(const Fabric &fabric, std::vector<Link> links)
{
    auto next = static_cast<LinkId>(fabric.linkIdBound());
    for (Link &l : links) {
        if (!fabric.hasNode(l.a) || !fabric.hasNode(l.b))
            throw std::invalid_argument("link end is not a node");
        if (l.a == l.b)
            throw std::invalid_argument("link from a node to itself");
        if (l.id < 0)
            l.id = next++;
    }
    return links;
}

} // namespace

AddLinks::AddLinks(Document *document, std::vector<Link> links, QUndoCommand *parent)
    : AddRemoveItems(document, Direction::Add, {}, checked(document->fabric(), std::move(links)), QString(), parent)
{
    setText(namedText(QCoreApplication::translate("Undo Commands", "Add Link %1"),
        QCoreApplication::translate("Undo Commands", "Add %1 Links")));
    const Fabric &f = document->fabric();
    for (const Link &l : mLinks)
        for (const auto &[gpu, host] : { std::pair(l.a, l.b), std::pair(l.b, l.a) }) {
            const bool joined = std::any_of(mJoined.begin(), mJoined.end(),
                [gpu = gpu](const auto &j) { return j.first == gpu; });
            if (f.node(gpu).kind == NodeKind::Gpu && f.node(gpu).host == kNoNode
                && f.node(host).kind == NodeKind::Host && !joined)
                mJoined.emplace_back(gpu, host);
        }
}

void AddLinks::redo()
{
    AddRemoveItems::redo();
    if (mJoined.empty())
        return;
    std::vector<NodeId> gpus;
    for (const auto &[gpu, host] : mJoined) {
        mDocument->fabric().node(gpu).host = host;
        gpus.push_back(gpu);
    }
    mDocument->emitChanged({ ChangeEvent::Type::NodesChanged, gpus, {} });
}

void AddLinks::undo()
{
    if (!mJoined.empty()) {
        std::vector<NodeId> gpus;
        for (const auto &[gpu, host] : mJoined) {
            mDocument->fabric().node(gpu).host = kNoNode;
            gpus.push_back(gpu);
        }
        mDocument->emitChanged({ ChangeEvent::Type::NodesChanged, gpus, {} });
    }
    AddRemoveItems::undo();
}

} // namespace fabric::app
