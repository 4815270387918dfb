// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The GUI's side of the format registry: File > Open's filter, File > Export's list, and the
// draw.io export placing nodes where the canvas shows them.
#include "fileformats.h"

#include "generators/registry.h"
#include "io/formatregistry.h"
#include "layout/layoutpositions.h"

#include <QtTest>

#include <fstream>
#include <set>
#include <sstream>

using namespace fabric;

class TestFileFormats : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void filtersAndExportListFollowTheRegistry();
    void drawioExportHasTheCanvasLayout();
    void drawioExportPlacesEveryNodeApart();

private:
    QTemporaryDir mDir;
};

void TestFileFormats::filtersAndExportListFollowTheRegistry()
{
    QVERIFY(app::files::openFilter().contains(QStringLiteral("GraphML (*.graphml)")));
    QVERIFY(!app::files::openFilter().contains(QStringLiteral("*.drawio")));
    QStringList names;
    for (const io::FabricFormat *f : app::files::exportFormats())
        names << QString::fromUtf8(f->name().data(), qsizetype(f->name().size()));
    QCOMPARE(names, QStringList({ "graphml", "dot", "drawio", "simai", "ns3", "slurm" }));
}

void TestFileFormats::drawioExportHasTheCanvasLayout()
{
    Fabric f = gen::generate("ib-fat-tree", { { "radix", 8 } });
    f.node(0).hints.position = std::pair { -500.0, 40.0 }; // a node the user moved stays there
    const QString file = mDir.filePath(QStringLiteral("x.drawio"));
    app::files::save(f, file, io::findFormat("drawio"));
    std::ifstream in(file.toStdString());
    std::ostringstream written, expected;
    written << in.rdbuf();
    io::findFormat("drawio")->write(views::withLayoutPositions(f), expected);
    QCOMPARE(written.str(), expected.str());
    QVERIFY(written.str().find("<mxCell id=\"n0\" value=\"h0-gpu0\"") != std::string::npos);
    // Moved nodes keep their place; the others get the automatic layout's.
    QVERIFY(views::withLayoutPositions(f).node(0).hints.position == (std::pair { -500.0, 40.0 }));
    QVERIFY(views::withLayoutPositions(f).node(1).hints.position.has_value());
}

void TestFileFormats::drawioExportPlacesEveryNodeApart()
{
    // The canvas's torus lattice hides the OCSes; a draw.io file cannot, so each gets a place
    // of its own (all 48 stood at one spot, with 96 fibres fanning in).
    const Fabric f = gen::generate("tpu-torus", { { "x", 4 }, { "y", 4 }, { "z", 4 } });
    const Fabric placed = views::withLayoutPositions(f);
    std::set<std::pair<double, double>> spots;
    int ocs = 0;
    placed.forEachNode([&](const Node &n) {
        QVERIFY(n.hints.position.has_value());
        spots.insert(*n.hints.position);
        ocs += n.kind == NodeKind::Ocs;
    });
    QVERIFY(ocs > 1);
    QCOMPARE(spots.size(), f.nodeCount());
}

QTEST_MAIN(TestFileFormats)
#include "tst_fileformats.moc"
