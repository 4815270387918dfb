// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "generators/registry.h"
#include "commands/changenodeproperty.h"
#include "commands/changescenarios.h"
#include "document.h"
#include "fileformats.h"
#include "model/error.h"
#include "testfabrics.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace fabric;
using namespace fabric::app;
using namespace fabric::testing;

/// The document and its files: names, modified state, saving and loading through core/io.
class TestDocument : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void namesItsFile();
    void saveAndLoadKeepEverything();
    void badFileNamesFileAndFault();
    void loadsEveryShippedFabric();
    void regenerationSwapsInPlace();
    void scenariosRoundTripThroughTheFile();

private:
    QTemporaryDir mDir;
};

void TestDocument::namesItsFile()
{
    // Never saved: a hand-drawn fabric is untitled, a generated one goes by its family and a
    // lesson's by the lesson's name, and Save As proposes that name.
    Document untitled { Fabric() };
    QCOMPARE(untitled.displayName(), QStringLiteral("untitled"));
    QCOMPARE(untitled.suggestedFileName(), QStringLiteral("fabric.fabric.json"));
    QVERIFY(!untitled.isModified());
    Document generated(gen::generate("tpu-torus", nlohmann::json::object()));
    QCOMPARE(generated.displayName(), QStringLiteral("tpu-torus"));
    QCOMPARE(generated.suggestedFileName(), QStringLiteral("tpu-torus.fabric.json"));
    generated.setSuggestedName(QStringLiteral("twisted-torus"));
    QCOMPARE(generated.displayName(), QStringLiteral("twisted-torus"));
    QCOMPARE(generated.suggestedFileName(), QStringLiteral("twisted-torus.fabric.json"));
    Document named(smallTree(), QStringLiteral("/some/where/pod.fabric.json"));
    QCOMPARE(named.displayName(), QStringLiteral("pod.fabric.json"));
    QSignalSpy renamed(&named, &Document::fileNameChanged);
    named.markSaved(QStringLiteral("/else/x.fabric.json"));
    QCOMPARE(renamed.count(), 1);
    QCOMPARE(named.fileName(), QStringLiteral("/else/x.fabric.json"));
}

void TestDocument::saveAndLoadKeepEverything()
{
    Fabric f = gen::generate("ib-fat-tree", nlohmann::json { { "gpus", 64 } });
    Document doc(f);
    doc.undoStack()->push(
        new ChangeNodeProperty(&doc, { 0 }, NodeProperty::Name, QStringLiteral("renamed-gpu")));
    const QString path = mDir.filePath(QStringLiteral("saved.fabric.json"));
    files::save(doc.fabric(), path);
    doc.markSaved(path);
    QVERIFY(!doc.isModified());
    const Fabric loaded = files::load(path);
    QCOMPARE(loaded.nodeCount(), doc.fabric().nodeCount());
    QCOMPARE(loaded.linkCount(), doc.fabric().linkCount());
    QCOMPARE(loaded.node(0).name, std::string("renamed-gpu"));
    QVERIFY(loaded == doc.fabric());
    // The save left no temporary files behind.
    QCOMPARE(QDir(mDir.path()).entryList(QDir::Files),
        QStringList { QStringLiteral("saved.fabric.json") });
}

void TestDocument::badFileNamesFileAndFault()
{
    const QString path = mDir.filePath(QStringLiteral("broken.fabric.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "fabricscope", "version": 1, "nodes": [{"id": 0, "kind": "gpu", )"
               R"("name": "a"}], "links": [{"id": 0, "a": 0, "b": 7, "capacity_gbps": -1}]})");
    file.close();
    try {
        files::load(path);
        QFAIL("a bad file loaded");
    } catch (const UserError &e) {
        const QString message = QString::fromUtf8(e.what());
        QVERIFY2(message.contains(QStringLiteral("broken.fabric.json")), qPrintable(message));
    }
    QVERIFY_THROWS_EXCEPTION(UserError, files::load(mDir.filePath(QStringLiteral("missing.json"))));
}

void TestDocument::loadsEveryShippedFabric()
{
    const QDir dir(QStringLiteral(FABRICSCOPE_TOPOLOGIES));
    const QStringList names = dir.entryList({ QStringLiteral("*.fabric.json") }, QDir::Files);
    QVERIFY2(!names.isEmpty(), "no shipped fabrics in topologies/");
    for (const QString &name : names) {
        const Fabric f = files::load(dir.filePath(name));
        QVERIFY2(f.nodeCount() > 0, qPrintable(name));
    }
}

void TestDocument::regenerationSwapsInPlace()
{
    Document doc(smallTree());
    const Fabric *address = &doc.fabric();
    EventRecorder rec(&doc);
    Fabric other = gen::generate("dragonfly", nlohmann::json::object());
    const std::size_t nodes = other.nodeCount();
    doc.swapFabric(other);
    // Views keep a pointer to the fabric: it must stay valid across a regeneration.
    QCOMPARE(&doc.fabric(), address);
    QCOMPARE(doc.fabric().nodeCount(), nodes);
    QCOMPARE(other, smallTree());
    QCOMPARE(rec.events.size(), std::size_t(1));
    QCOMPARE(rec.events[0].type, ChangeEvent::Type::Reset);
}

void TestDocument::scenariosRoundTripThroughTheFile()
{
    Document doc(smallTree());
    QSignalSpy listed(&doc, &Document::scenariosChanged);
    collective::Scenario spray;
    spray.routing = route::Policy::Spray;
    spray.bytes = 65536;
    spray.qps = 4;
    doc.undoStack()->push(ChangeScenarios::add(&doc, { QStringLiteral("a"), {} }));
    doc.undoStack()->push(ChangeScenarios::add(&doc, { QStringLiteral("a"), spray }));
    QCOMPARE(listed.count(), 2);
    QCOMPARE(doc.scenarios().items[1].name, QStringLiteral("a (2)"));
    QCOMPARE(doc.scenarios().lastRun, 1);
    QVERIFY(doc.isModified());
    // Regenerating the fabric keeps the document's scenarios.
    Fabric other = smallTree();
    doc.swapFabric(other);
    QCOMPARE(scenariosOf(doc.fabric()), doc.scenarios());

    const QString path = mDir.filePath(QStringLiteral("scenarios.fabric.json"));
    files::save(doc.fabric(), path);
    const Document reopened(files::load(path), path);
    QCOMPARE(reopened.scenarios(), doc.scenarios());
    QCOMPARE(reopened.scenarios().items[1].scenario.qps, 4);

    // Every fault names its JSON path.
    const std::pair<const char *, const char *> bad[] = {
        { R"({})", "/scenarios: expected an array" },
        { R"([3])", "/scenarios/0: expected an object" },
        { R"([{"bytes": 5}])", "/scenarios/0/name" },
        { R"([{"name": "x", "bytes": 0}])", "/scenarios/0/bytes: must be greater than 0" },
        { R"([{"name": "x"}, {"name": "y", "qps": 1.5}])", "/scenarios/1/qps" },
        { R"([{"name": "x", "last_run": true}, {"name": "y", "last_run": true}])",
            "/scenarios/1/last_run" },
    };
    for (const auto &[json, jsonPath] : bad) {
        try {
            scenarioListFromJson(nlohmann::json::parse(json));
            QFAIL(json);
        } catch (const UserError &e) {
            QVERIFY2(QString::fromUtf8(e.what()).startsWith(QLatin1String(jsonPath)), e.what());
        }
    }
}

QTEST_MAIN(TestDocument)
#include "tst_document.moc"
