// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A small hand-made fabric the format tests write, so their expected files stay short and do
// not change when a generator does: two hosts of two GPUs, each host under its own leaf (its
// pod), both leaves under one spine, leaf1 with two parallel uplinks.

#include "generators/registry.h"
#include "handmadefabric.h"
#include "io/formatregistry.h"
#include "model/fabric.h"

#include <QtTest>

#include <fstream>
#include <initializer_list>
#include <map>
#include <sstream>
#include <string>

namespace fabric::testing {

inline Fabric smallClos()
{
    Fabric f;
    auto node = [&](NodeKind kind, const std::string &name, int tier, int pod) {
        Node n;
        n.kind = kind;
        n.name = name;
        n.hints.tier = tier;
        n.hints.pod = pod;
        if (kind == NodeKind::Switch)
            n.role = tier == 2 ? SwitchRole::Leaf : SwitchRole::Spine;
        return f.addNode(n);
    };
    NodeId gpus[4];
    for (int i = 0; i < 4; ++i)
        gpus[i] = node(NodeKind::Gpu,
            "h0" + std::to_string(i / 2 + 1) + "-gpu" + std::to_string(i % 2), 0, i / 2);
    const NodeId hosts[2]
        = { node(NodeKind::Host, "h01", 1, 0), node(NodeKind::Host, "h02", 1, 1) };
    const NodeId leaves[2]
        = { node(NodeKind::Switch, "leaf1", 2, 0), node(NodeKind::Switch, "leaf2", 2, 1) };
    const NodeId spine = node(NodeKind::Switch, "spine1", 3, -1);
    for (int i = 0; i < 4; ++i) {
        f.node(gpus[i]).host = hosts[i / 2];
        addLink(f, gpus[i], hosts[i / 2], 3600, 50, Medium::NvLink);
        addLink(f, gpus[i], leaves[i / 2], 400, 500, Medium::InfiniBand);
    }
    addLink(f, leaves[0], spine, 400, 500, Medium::InfiniBand);
    addLink(f, leaves[0], spine, 400, 500, Medium::InfiniBand);
    addLink(f, leaves[1], spine, 800, 500, Medium::InfiniBand);
    return f;
}

/// Data rows for a test over generated fabrics: one row per family in @p families, with small
/// parameters so the test stays quick. Fetch the row's fabric with smallGeneratedFabric().
inline void addSmallFamilies(std::initializer_list<const char *> families)
{
    static const std::map<std::string, const char *> small = { { "ib-fat-tree", R"({"radix": 8})" },
        { "hpn", R"({"segments": 2, "hosts_per_segment": 4})" },
        { "roce-clos", R"({"zones": 1, "racks_per_zone": 4})" }, { "tpu-torus", "{}" },
        { "dragonfly", "{}" } };
    QTest::addColumn<QString>("family");
    QTest::addColumn<QString>("params");
    for (const char *family : families)
        QTest::newRow(family) << family << small.at(family);
}

/// The fabric of the current addSmallFamilies() row.
inline Fabric smallGeneratedFabric()
{
    QFETCH(QString, family);
    QFETCH(QString, params);
    return gen::generate(family.toStdString(), nlohmann::json::parse(params.toStdString()));
}

/// What the registered format @p name writes for @p fabric.
inline std::string writtenAs(const char *name, const Fabric &fabric)
{
    std::ostringstream out;
    io::findFormat(name)->write(fabric, out);
    return out.str();
}

/// The whole of a test data file (tests/data/...).
inline std::string dataFile(const std::string &relative)
{
    std::ifstream in(std::string(FABRICSCOPE_TEST_DATA) + "/" + relative, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

} // namespace fabric::testing
