// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands/addlinks.h"
#include "commands/addnodes.h"
#include "commands/changelinkproperty.h"
#include "commands/changenodeproperty.h"
#include "commands/duplicatenodes.h"
#include "commands/movenodes.h"
#include "commands/reconfigureocs.h"
#include "commands/regeneratefabric.h"
#include "commands/removelinks.h"
#include "commands/removenodes.h"
#include "document.h"
#include "generators/registry.h"
#include "generators/tputorus.h"
#include "model/error.h"
#include "model/faults.h"
#include "model/transit.h"
#include "testfabrics.h"

#include "io/common/fabriclimits.h"
#include <QUndoStack>

#include <QtTest>
#include <set>

using namespace fabric;
using namespace fabric::app;
using namespace fabric::testing;
using Type = ChangeEvent::Type;

/// Every undo command: what redo and undo do to the model, that ids survive undo/redo, and the
/// ChangeEvents the views hear.
class TestCommands : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void addNodesKeepsIdsAcrossUndoRedo();
    void removeNodesRestoresLinksWithTheirIds();
    void removeNodesAndLinksIsOneStep();
    void addLinksAndRemoveLinks();
    void addLinksRejectsSelfLinks();
    void linkingAGpuToAHostPutsItInTheHost();
    void moveNodesMergesConsecutiveDrags();
    void changeNodePropertyIsOneBulkCommand();
    void changeNodePropertyMergesEdits();
    void changeLinkPropertyRestoresEachOldValue();
    void duplicateNodesCopiesInternalLinks();
    void regenerateFabricSwapsWholeFabric();
    void reconfigureOcsRewritesCircuits();
    void reconfigureOcsFaultsFollowTheChips();
    void undoStackTracksModifiedState();
};

void TestCommands::addNodesKeepsIdsAcrossUndoRedo()
{
    Document doc(smallTree());
    EventRecorder rec(&doc);
    // A link to a node added by the same command names the node's id.
    Node gpu = makeNode(NodeKind::Gpu, "gpu-2");
    gpu.id = static_cast<NodeId>(doc.fabric().nodeIdBound());
    doc.undoStack()->push(new AddNodes(&doc, { gpu }, { makeLink(gpu.id, 2) }));
    QVERIFY(doc.fabric().hasNode(4));
    QCOMPARE(doc.fabric().node(4).name, std::string("gpu-2"));
    QCOMPARE(doc.undoStack()->command(0)->text(), QStringLiteral("Add gpu-2"));
    QCOMPARE(doc.fabric().linkCount(), std::size_t(4));
    QCOMPARE(rec.types(), (std::vector { Type::NodesAdded, Type::LinksAdded }));
    QCOMPARE(rec.events[0].nodes, std::vector<NodeId> { 4 });
    QCOMPARE(rec.events[1].links, std::vector<LinkId> { 3 });

    rec.events.clear();
    doc.undoStack()->undo();
    QVERIFY(!doc.fabric().hasNode(4));
    QVERIFY(!doc.fabric().hasLink(3));
    QCOMPARE(rec.types(),
        (std::vector { Type::LinksAboutToBeRemoved, Type::LinksRemoved, Type::NodesAboutToBeRemoved,
            Type::NodesRemoved }));
    QCOMPARE(doc.fabric(), smallTree());

    doc.undoStack()->redo();
    QVERIFY(doc.fabric().hasNode(4));
    QCOMPARE(doc.fabric().link(3).a, NodeId(4));
    QCOMPARE(doc.fabric().link(3).b, NodeId(2));
}

void TestCommands::removeNodesRestoresLinksWithTheirIds()
{
    Document doc(smallTree());
    const Fabric before = doc.fabric();
    EventRecorder rec(&doc);
    doc.undoStack()->push(new RemoveNodes(&doc, { 2 })); // the leaf: all three links go
    QVERIFY(!doc.fabric().hasNode(2));
    QCOMPARE(doc.undoStack()->command(0)->text(), QStringLiteral("Remove leaf-0"));
    QCOMPARE(doc.fabric().linkCount(), std::size_t(0));
    QCOMPARE(rec.events.front().type, Type::LinksAboutToBeRemoved);
    QCOMPARE(rec.events.front().links, (std::vector<LinkId> { 0, 1, 2 }));
    QCOMPARE(rec.events.back().type, Type::NodesRemoved);
    QCOMPARE(rec.events.back().nodes, std::vector<NodeId> { 2 });

    rec.events.clear();
    doc.undoStack()->undo();
    QCOMPARE(doc.fabric(), before);
    QCOMPARE(rec.types(), (std::vector { Type::NodesAdded, Type::LinksAdded }));
    QCOMPARE(doc.fabric().link(2).a, NodeId(2));

    doc.undoStack()->redo();
    doc.undoStack()->undo();
    QCOMPARE(doc.fabric(), before);
    // New items after an undo never take the ids of restored ones.
    doc.undoStack()->push(new AddNodes(&doc, { makeNode(NodeKind::Host, "host-0") }));
    QVERIFY(doc.fabric().hasNode(4));
}

void TestCommands::removeNodesAndLinksIsOneStep()
{
    Document doc(smallTree());
    doc.undoStack()->push(new RemoveNodes(&doc, { 0 }, { 2 }));
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(doc.fabric().nodeCount(), std::size_t(3));
    QCOMPARE(doc.fabric().linkCount(), std::size_t(1)); // gpu-1 -- leaf stays
    QVERIFY(doc.fabric().hasLink(1));
    doc.undoStack()->undo();
    QCOMPARE(doc.fabric(), smallTree());
}

void TestCommands::addLinksAndRemoveLinks()
{
    Document doc(smallTree());
    EventRecorder rec(&doc);
    doc.undoStack()->push(new AddLinks(&doc, { makeLink(0, 1, 900), makeLink(0, 1, 900) }));
    QCOMPARE(rec.events.back().links, (std::vector<LinkId> { 3, 4 })); // parallel links are legal
    // The History names what one step added or removed, and counts several.
    QCOMPARE(doc.undoStack()->command(0)->text(), QStringLiteral("Add 2 Links"));
    doc.undoStack()->push(new AddLinks(&doc, { makeLink(0, 2) }));
    QCOMPARE(doc.undoStack()->command(1)->text(), QStringLiteral("Add Link gpu-0 \u2013 leaf-0"));
    doc.undoStack()->undo();
    doc.undoStack()->push(new RemoveLinks(&doc, { 3, 0 }));
    QVERIFY(!doc.fabric().hasLink(0));
    QVERIFY(!doc.fabric().hasLink(3));
    QVERIFY(doc.fabric().hasLink(4));
    QCOMPARE(rec.events.back().type, Type::LinksRemoved);
    QCOMPARE(rec.events.back().links, (std::vector<LinkId> { 0, 3 }));
    doc.undoStack()->undo();
    QCOMPARE(doc.fabric().link(3).capacityGbps, 900.0);
    QCOMPARE(doc.fabric().link(0).capacityGbps, 400.0);
    doc.undoStack()->undo();
    QCOMPARE(doc.fabric(), smallTree());
    doc.undoStack()->redo();
    QVERIFY(doc.fabric().hasLink(3));
    QVERIFY(doc.fabric().hasLink(4));
}

void TestCommands::linkingAGpuToAHostPutsItInTheHost()
{
    // Two GPUs and a host drawn by hand, each GPU linked to the host: a host forwards only
    // between GPUs of its own, and nothing set which host a GPU was in, so the run said "no
    // path from 'gpu' to 'gpu-2'". Linking a GPU without a host to a host puts it in it.
    Fabric f;
    const NodeId g0 = f.addNode(makeNode(NodeKind::Gpu, "gpu"));
    const NodeId g1 = f.addNode(makeNode(NodeKind::Gpu, "gpu-2"));
    const NodeId host = f.addNode(makeNode(NodeKind::Host, "host"));
    const NodeId other = f.addNode(makeNode(NodeKind::Host, "host-2"));
    Document doc(f);
    doc.undoStack()->push(new AddLinks(&doc, { makeLink(g0, host), makeLink(host, g1) }));
    QCOMPARE(doc.fabric().node(g0).host, host);
    QCOMPARE(doc.fabric().node(g1).host, host);
    QVERIFY(mayForward(doc.fabric(), g0, host, g1));
    // A GPU already in a host stays in it.
    doc.undoStack()->push(new AddLinks(&doc, { makeLink(g0, other) }));
    QCOMPARE(doc.fabric().node(g0).host, host);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.fabric().node(g0).host, kNoNode);
    QCOMPARE(doc.fabric().node(g1).host, kNoNode);
    QCOMPARE(doc.fabric().linkCount(), std::size_t(0));
    doc.undoStack()->redo();
    QCOMPARE(doc.fabric().node(g1).host, host);
}

void TestCommands::addLinksRejectsSelfLinks()
{
    Document doc(smallTree());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AddLinks(&doc, { makeLink(1, 1) }));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, AddLinks(&doc, { makeLink(1, 42) }));
    QCOMPARE(doc.fabric(), smallTree());
}

void TestCommands::moveNodesMergesConsecutiveDrags()
{
    Document doc(smallTree());
    EventRecorder rec(&doc);
    QUndoStack *stack = doc.undoStack();
    stack->push(new MoveNodes(&doc, { 0, 1 }, { { 10, 10 }, { 20, 10 } }));
    stack->push(new MoveNodes(&doc, { 0, 1 }, { { 15, 12 }, { 25, 12 } }));
    QCOMPARE(stack->count(), 1);
    stack->push(new MoveNodes(&doc, { 1 }, { { 30, 30 } }));
    QCOMPARE(stack->count(), 2);
    QCOMPARE(doc.fabric().node(1).hints.position, (std::pair { 30.0, 30.0 }));
    QCOMPARE(rec.events.back().type, Type::NodesMoved);
    QCOMPARE(rec.events.back().nodes, std::vector<NodeId> { 1 });

    stack->undo();
    QCOMPARE(doc.fabric().node(1).hints.position, (std::pair { 25.0, 12.0 }));
    stack->undo(); // back to automatic layout, not to a pinned position
    QVERIFY(!doc.fabric().node(0).hints.position);
    QVERIFY(!doc.fabric().node(1).hints.position);
    stack->redo();
    QCOMPARE(doc.fabric().node(0).hints.position, (std::pair { 15.0, 12.0 }));
}

void TestCommands::changeNodePropertyIsOneBulkCommand()
{
    Document doc(smallTree());
    EventRecorder rec(&doc);
    doc.undoStack()->push(new ChangeNodeProperty(&doc, { 0, 1, 2 }, NodeProperty::Pod, 7));
    QCOMPARE(doc.undoStack()->count(), 1);
    for (NodeId id : { 0, 1, 2 })
        QCOMPARE(doc.fabric().node(id).hints.pod, 7);
    QCOMPARE(rec.events.size(), std::size_t(1));
    QCOMPARE(rec.events[0].type, Type::NodesChanged);
    QCOMPARE(rec.events[0].nodes, (std::vector<NodeId> { 0, 1, 2 }));
    doc.undoStack()->undo();
    QCOMPARE(doc.fabric(), smallTree());

    doc.undoStack()->push(
        new ChangeNodeProperty(&doc, { 2 }, NodeProperty::Role, QStringLiteral("core")));
    QVERIFY(doc.fabric().node(2).role == SwitchRole::Core);
    doc.undoStack()->push(
        new ChangeNodeProperty(&doc, { 2 }, NodeProperty::Name, QStringLiteral("core-0")));
    QCOMPARE(doc.fabric().node(2).name, std::string("core-0"));
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.fabric(), smallTree());
}

void TestCommands::changeNodePropertyMergesEdits()
{
    Document doc(smallTree());
    QUndoStack *stack = doc.undoStack();
    stack->push(new ChangeNodeProperty(&doc, { 2, 3 }, NodeProperty::Ports, 32));
    stack->push(new ChangeNodeProperty(&doc, { 2, 3 }, NodeProperty::Ports, 64));
    stack->push(new ChangeNodeProperty(&doc, { 2, 3 }, NodeProperty::SwitchLatencyNs, 90.0));
    QCOMPARE(stack->count(), 2);
    QCOMPARE(doc.fabric().node(3).ports, 64);
    stack->undo();
    stack->undo();
    QCOMPARE(doc.fabric(), smallTree());
}

void TestCommands::changeLinkPropertyRestoresEachOldValue()
{
    Document doc(smallTree());
    EventRecorder rec(&doc);
    doc.undoStack()->push(
        new ChangeLinkProperty(&doc, { 0, 2 }, LinkProperty::CapacityGbps, 200.0));
    QCOMPARE(doc.fabric().link(0).capacityGbps, 200.0);
    QCOMPARE(doc.fabric().link(2).capacityGbps, 200.0);
    QCOMPARE(rec.events.back().type, Type::LinksChanged);
    QCOMPARE(rec.events.back().links, (std::vector<LinkId> { 0, 2 }));
    doc.undoStack()->undo();
    QCOMPARE(doc.fabric().link(0).capacityGbps, 400.0);
    QCOMPARE(doc.fabric().link(2).capacityGbps, 800.0);
    doc.undoStack()->push(
        new ChangeLinkProperty(&doc, { 1 }, LinkProperty::Medium, QStringLiteral("ethernet")));
    QVERIFY(doc.fabric().link(1).medium == Medium::Ethernet);
    doc.undoStack()->undo();
    QCOMPARE(doc.fabric(), smallTree());
}

void TestCommands::duplicateNodesCopiesInternalLinks()
{
    Document doc(smallTree());
    EventRecorder rec(&doc);
    auto *dup = new DuplicateNodes(&doc, { 0, 2 }, { { 0, { 100.0, 50.0 } } });
    const NodeId gpuCopy = dup->copyOf(0);
    const NodeId leafCopy = dup->copyOf(2);
    doc.undoStack()->push(dup);
    QCOMPARE(gpuCopy, NodeId(4));
    QCOMPARE(leafCopy, NodeId(5));
    QCOMPARE(doc.fabric().node(gpuCopy).name, std::string("gpu-0-copy"));
    QVERIFY(doc.fabric().node(leafCopy).role == SwitchRole::Leaf);
    QCOMPARE(doc.fabric().node(gpuCopy).hints.position, (std::pair { 100.0, 50.0 }));
    // Only the gpu-0 -- leaf-0 link lies inside the selection.
    QCOMPARE(doc.fabric().linkCount(), std::size_t(4));
    const Link &copy = doc.fabric().link(3);
    QCOMPARE(std::set({ copy.a, copy.b }), std::set({ gpuCopy, leafCopy }));
    QCOMPARE(rec.types(), (std::vector { Type::NodesAdded, Type::LinksAdded }));

    doc.undoStack()->undo();
    QCOMPARE(doc.fabric(), smallTree());
    doc.undoStack()->redo();
    QCOMPARE(doc.fabric().node(gpuCopy).name, std::string("gpu-0-copy"));
    // A second duplicate gets a name of its own.
    doc.undoStack()->push(new DuplicateNodes(&doc, { 0 }));
    QCOMPARE(doc.fabric().node(6).name, std::string("gpu-0-copy-2"));

    // A torus chip's copy leaves the torus: two chips in one cell made a file no reader opens.
    Fabric chips = smallTree();
    chips.node(0).hints.x = chips.node(0).hints.y = chips.node(0).hints.z = 0;
    Document torus(chips);
    auto *chipCopy = new DuplicateNodes(&torus, { 0 });
    const NodeId copied = chipCopy->copyOf(0);
    torus.undoStack()->push(chipCopy);
    QCOMPARE(torus.fabric().node(copied).hints.x, -1);
    QVERIFY(!io::findFabricFault(torus.fabric()));
}

void TestCommands::regenerateFabricSwapsWholeFabric()
{
    Document doc(smallTree());
    EventRecorder rec(&doc);
    Fabric other;
    other.addNode(makeNode(NodeKind::Gpu, "only"));
    other.generator().family = "test-family";
    doc.undoStack()->push(new RegenerateFabric(&doc, other));
    QCOMPARE(doc.fabric(), other);
    QCOMPARE(rec.types(), std::vector { Type::Reset });
    QVERIFY(doc.undoStack()->text(0).contains(QLatin1String("test-family")));
    doc.undoStack()->undo();
    QCOMPARE(doc.fabric(), smallTree());
    QCOMPARE(rec.types(), (std::vector { Type::Reset, Type::Reset }));
    doc.undoStack()->redo();
    QCOMPARE(doc.fabric(), other);
}

void TestCommands::reconfigureOcsRewritesCircuits()
{
    const Fabric pod
        = gen::generate("tpu-torus", nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 8 } });
    Document doc(pod);
    EventRecorder rec(&doc);
    doc.undoStack()->push(new ReconfigureOcs(&doc, { 4, 4, 8 }, true));
    QCOMPARE(doc.fabric().generator().params["twisted"], nlohmann::json(true));
    const auto twisted = gen::tpuCircuits({ 4, 4, 8 }, true);
    std::size_t ocsCount = 0;
    doc.fabric().forEachNode([&](const Node &n) {
        if (n.kind != NodeKind::Ocs)
            return;
        ++ocsCount;
        QCOMPARE(n.circuits, twisted.at(static_cast<std::size_t>(n.hints.index)));
    });
    QCOMPARE(ocsCount, std::size_t(gen::kTpuOcsCount));
    QVERIFY(!rec.events.empty());
    QCOMPARE(rec.events[0].type, Type::CircuitsChanged);
    QVERIFY(!rec.events[0].nodes.empty());
    QCOMPARE(doc.fabric().linkCount(), pod.linkCount());

    doc.undoStack()->undo();
    QCOMPARE(doc.fabric(), pod);
    doc.undoStack()->redo();
    QCOMPARE(doc.fabric().generator().params["twisted"], nlohmann::json(true));

    // Another arrangement of the same two cubes moves chips in the grid.
    rec.events.clear();
    doc.undoStack()->push(new ReconfigureOcs(&doc, { 8, 4, 4 }, false));
    QCOMPARE(doc.fabric().generator().params["x"], nlohmann::json(8));
    QCOMPARE(rec.events.back().type, Type::NodesChanged);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.fabric(), pod);

    // A shape that does not hold the fabric's cubes never reaches the stack.
    QVERIFY_THROWS_EXCEPTION(UserError, ReconfigureOcs(&doc, { 4, 4, 4 }, false));
    Document handMade(smallTree());
    QVERIFY_THROWS_EXCEPTION(UserError, ReconfigureOcs(&handMade, { 4, 4, 8 }, false));
}

void TestCommands::reconfigureOcsFaultsFollowTheChips()
{
    // A new shape renames chips after their new coordinates. A failed chip's fault named a chip
    // no longer there, or another chip, and blocked Run; the spare-cube swap keeps names.
    Document doc(gen::generate("tpu-torus", nlohmann::json { { "x", 4 }, { "y", 8 }, { "z", 4 } }));
    const NodeId failed = doc.fabric().findNode("chip-0-4-0");
    const NodeId a = doc.fabric().findNode("chip-1-5-0"), b = doc.fabric().findNode("chip-1-5-1");
    QVERIFY(failed != kNoNode && a != kNoNode && b != kNoNode);
    ScenarioList list = doc.scenarios();
    list.faults = { parseFault("chip-0-4-0"), parseFault("chip-1-5-0--chip-1-5-1") };
    collective::Scenario saved;
    saved.ranks = "chip-0-4-0,chip-0-0-0";
    list.items << SavedScenario { QStringLiteral("two chips"), saved };
    doc.setScenarios(list);
    const ScenarioList before = doc.scenarios();

    doc.undoStack()->push(new ReconfigureOcs(&doc, { 4, 4, 8 }, false));
    const std::string failedNow = doc.fabric().node(failed).name;
    QCOMPARE(failedNow, std::string("chip-0-0-4"));
    const std::vector<Fault> faults = doc.scenarios().faults;
    QCOMPARE(faults.size(), std::size_t(2));
    QCOMPARE(faults[0].node, failedNow);
    QCOMPARE(faults[1].node, doc.fabric().node(a).name);
    QCOMPARE(faults[1].peer, doc.fabric().node(b).name);
    // The saved scenario's ranks follow too; chip-0-0-0, in the first cube, keeps its name.
    QCOMPARE(doc.scenarios().items[0].scenario.ranks, failedNow + ",chip-0-0-0");

    doc.undoStack()->undo();
    QVERIFY(doc.scenarios() == before);
    doc.undoStack()->redo();
    QCOMPARE(doc.scenarios().faults[0].node, failedNow);
}

void TestCommands::undoStackTracksModifiedState()
{
    Document doc(smallTree(), QStringLiteral("/tmp/x.fabric.json"));
    QSignalSpy modified(&doc, &Document::modifiedChanged);
    QVERIFY(!doc.isModified());
    doc.undoStack()->push(new ChangeNodeProperty(&doc, { 0 }, NodeProperty::Rail, 3));
    QVERIFY(doc.isModified());
    doc.undoStack()->undo();
    QVERIFY(!doc.isModified());
    QCOMPARE(modified.count(), 2);
    doc.undoStack()->redo();
    doc.markSaved(QStringLiteral("/tmp/y.fabric.json"));
    QVERIFY(!doc.isModified());
    QCOMPARE(doc.displayName(), QStringLiteral("y.fabric.json"));
    doc.undoStack()->undo();
    QVERIFY(doc.isModified());
}

QTEST_MAIN(TestCommands)
#include "tst_commands.moc"
