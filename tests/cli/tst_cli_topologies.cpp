// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// The shipped fabrics (topologies/*.fabric.json and the embedded default) load, have the sizes
// the README promises, and still equal what their recorded generator parameters produce, so they
// never go stale (topologies/regenerate.sh remakes them).
#include "generators/registry.h"
#include "io/fabricfile.h"

#include <QtTest>

#include <filesystem>
#include <fstream>
#include <iterator>

using namespace fabric;

class TestCliTopologies : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void shippedFabricMatchesItsGenerator_data();
    void shippedFabricMatchesItsGenerator();
    void everyShippedFileIsCovered();
    void defaultFabricIsTheSuperpodUnit();
};

namespace {

std::filesystem::path topology(const QString &name)
{
    return std::filesystem::path(FABRICSCOPE_TOPOLOGIES) / (name.toStdString() + ".fabric.json");
}

struct Expected
{
    const char *name;
    std::size_t endpoints;
    std::size_t ocs;
};

// The shipped set (topologies/README.md).
constexpr Expected kShipped[] = {
    {"superpod-256", 256, 0},  {"fat-tree-k16", 1024, 0},   {"meta-ai-zone", 3072, 0},
    {"meta-2-zones", 6144, 0}, {"hpn-segment", 1024, 0},    {"hpn-pod", 15360, 0},
    {"tpu-v4-cube", 64, 48},   {"tpu-v4-pod", 4096, 48},    {"dragonfly-small", 72, 0},
    {"tpu-4x4x8-twisted-spare", 128, 48}, // and 64 chips on standby, not endpoints
};

std::string contents(const std::filesystem::path &path)
{
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

} // namespace

void TestCliTopologies::shippedFabricMatchesItsGenerator_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<qulonglong>("endpoints");
    QTest::addColumn<qulonglong>("ocs");
    for (const Expected &e : kShipped)
        QTest::newRow(e.name) << QString(e.name) << qulonglong(e.endpoints) << qulonglong(e.ocs);
}

void TestCliTopologies::shippedFabricMatchesItsGenerator()
{
    QFETCH(QString, name);
    QFETCH(qulonglong, endpoints);
    QFETCH(qulonglong, ocs);
    const Fabric shipped = io::loadFabric(topology(name));
    QCOMPARE(qulonglong(shipped.endpoints().size()), endpoints);
    qulonglong ocsCount = 0;
    shipped.forEachNode([&](const Node &n) { ocsCount += n.kind == NodeKind::Ocs ? 1 : 0; });
    QCOMPARE(ocsCount, ocs);

    const GeneratorInfo &gen = shipped.generator();
    QVERIFY2(!gen.family.empty(), "a shipped fabric records its generator");
    const Fabric regenerated = gen::generate(gen.family, gen.params);
    QVERIFY2(regenerated == shipped,
             "stale: run topologies/regenerate.sh after changing a generator");
}

void TestCliTopologies::everyShippedFileIsCovered()
{
    std::size_t files = 0;
    for (const auto &entry : std::filesystem::directory_iterator(FABRICSCOPE_TOPOLOGIES)) {
        const std::string file = entry.path().filename().string();
        if (!file.ends_with(".fabric.json"))
            continue;
        ++files;
        bool listed = false;
        for (const Expected &e : kShipped)
            listed = listed || file == std::string(e.name) + ".fabric.json";
        QVERIFY2(listed, file.c_str());
    }
    // And every listed file is there: an empty or wrong folder would pass the loop above.
    QCOMPARE(files, std::size(kShipped));
}

void TestCliTopologies::defaultFabricIsTheSuperpodUnit()
{
    const std::filesystem::path resource = std::filesystem::path(FABRICSCOPE_TOPOLOGIES) / ".."
        / "resources" / "fabrics" / "default.fabric.json";
    QCOMPARE(contents(resource), contents(topology("superpod-256")));
}

QTEST_GUILESS_MAIN(TestCliTopologies)
#include "tst_cli_topologies.moc"
