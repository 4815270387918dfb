// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "tst_gen_helpers.h"

#include <QtTest>

#include <set>

using namespace fabric;
using namespace gentest;

class TestGenRegistry : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void listsTheFiveFamilies();
    void specsAreComplete();
    void resolveFillsDefaults();
    void resolveParsesText();
    void resolveAcceptsTypedJson();
    void rejectsUnknownKeysAndFamilies();
    void everyFamilyGeneratesWithItsDefaults();
    void extremeValuesBuildOrGiveAClearError();
};

void TestGenRegistry::listsTheFiveFamilies()
{
    std::vector<std::string> names;
    for (const auto &f : gen::families())
        names.push_back(f.name);
    QCOMPARE(names,
        (std::vector<std::string> { "ib-fat-tree", "roce-clos", "hpn", "tpu-torus", "dragonfly" }));
    QVERIFY(gen::findFamily("hpn") != nullptr);
    QCOMPARE(gen::findFamily("hpn")->title, std::string("Alibaba HPN"));
    QVERIFY(gen::findFamily("torus") == nullptr);
}

void TestGenRegistry::specsAreComplete()
{
    for (const auto &family : gen::families()) {
        QVERIFY(!family.title.empty() && !family.description.empty());
        QVERIFY(family.params.size() >= 3);
        for (const auto &p : family.params) {
            QVERIFY2(!p.key.empty() && !p.label.empty() && !p.description.empty(), p.key.c_str());
            switch (p.type) {
            case gen::ParamSpec::Type::Int:
                QVERIFY(p.defaultValue.is_number_integer());
                QVERIFY(
                    p.min <= p.defaultValue.get<double>() && p.defaultValue.get<double>() <= p.max);
                break;
            case gen::ParamSpec::Type::Double:
                QVERIFY(p.defaultValue.is_number());
                QVERIFY(
                    p.min <= p.defaultValue.get<double>() && p.defaultValue.get<double>() <= p.max);
                break;
            case gen::ParamSpec::Type::Bool:
                QVERIFY(p.defaultValue.is_boolean());
                break;
            case gen::ParamSpec::Type::Choice:
                QVERIFY(
                    std::find(p.choices.begin(), p.choices.end(), p.defaultValue.get<std::string>())
                    != p.choices.end());
                break;
            }
        }
    }
}

void TestGenRegistry::resolveFillsDefaults()
{
    const auto &family = *gen::findFamily("ib-fat-tree");
    const nlohmann::json p = gen::resolveParams(family, gen::ParamText { { "radix", "16" } });
    QCOMPARE(p.size(), family.params.size());
    QCOMPARE(p.at("radix"), nlohmann::json(16));
    QCOMPARE(p.at("tiers"), nlohmann::json(2));
    QCOMPARE(p.at("rate"), nlohmann::json("NDR"));
    QCOMPARE(p.at("sharp"), nlohmann::json(true));
    QCOMPARE(p.at("switch_latency_ns"), nlohmann::json(100.0));
    QCOMPARE(gen::resolveParams(*gen::findFamily("hpn"), gen::ParamText {})
                 .at("switch_latency_ns"),
        nlohmann::json(600.0));
}

void TestGenRegistry::resolveParsesText()
{
    const auto &family = *gen::findFamily("ib-fat-tree");
    const nlohmann::json p = gen::resolveParams(family,
        gen::ParamText { { "rate", "hdr" }, { "sharp", "no" }, { "cable_latency_ns", "12.5" } });
    QCOMPARE(p.at("rate"), nlohmann::json("HDR"));
    QCOMPARE(p.at("sharp"), nlohmann::json(false));
    QCOMPARE(p.at("cable_latency_ns"), nlohmann::json(12.5));
    QVERIFY_THROWS_EXCEPTION(
        UserError, gen::resolveParams(family, gen::ParamText { { "radix", "16.5" } }));
    QVERIFY_THROWS_EXCEPTION(
        UserError, gen::resolveParams(family, gen::ParamText { { "radix", "" } }));
    QVERIFY_THROWS_EXCEPTION(UserError,
        gen::resolveParams(family, gen::ParamText { { "cable_latency_ns", "nan" } }));
    // A whole number is whole however written, as typed JSON 8.0 already was; numbers read as
    // JSON writes them: no hexadecimal, sign '+' or spaces, for integers and decimals alike
    // ("0x10" was a latency of 16 ns, where an integer refused it).
    QCOMPARE(gen::resolveParams(family, gen::ParamText { { "radix", "8.0" } }).at("radix"),
        nlohmann::json(8));
    QCOMPARE(gen::resolveParams(family, gen::ParamText { { "radix", "1.6e1" } }).at("radix"),
        nlohmann::json(16));
    for (const char *bad : { "0x10", " 5", "+8", "5 " })
        for (const char *key : { "radix", "cable_latency_ns" })
            QVERIFY_THROWS_EXCEPTION(
                UserError, gen::resolveParams(family, gen::ParamText { { key, bad } }));
}

void TestGenRegistry::resolveAcceptsTypedJson()
{
    const auto &family = *gen::findFamily("tpu-torus");
    const nlohmann::json p = gen::resolveParams(
        family, nlohmann::json { { "x", 4 }, { "y", "8" }, { "z", 8.0 }, { "twisted", true } });
    QCOMPARE(p.at("y"), nlohmann::json(8));
    QCOMPARE(p.at("z"), nlohmann::json(8));
    QVERIFY_THROWS_EXCEPTION(
        UserError, gen::resolveParams(family, nlohmann::json { { "x", true } }));
    QVERIFY_THROWS_EXCEPTION(UserError, gen::resolveParams(family, nlohmann::json::array()));
    // Family combination checks run in resolveParams too, without building.
    QVERIFY_THROWS_EXCEPTION(
        UserError, gen::resolveParams(family, nlohmann::json { { "twisted", true } }));
    const Fabric f
        = gen::generate("tpu-torus", nlohmann::json { { "x", 4 }, { "y", 4 }, { "z", 4 } });
    QCOMPARE(f.endpoints().size(), std::size_t(64));
}

void TestGenRegistry::rejectsUnknownKeysAndFamilies()
{
    QCOMPARE(errorOf("dragonfly", { { "k", "4" } }),
        std::string("unknown parameter 'k' for dragonfly; known: routers_per_group, "
                    "endpoints_per_router, global_links_per_router, groups, gpus_per_host, "
                    "link_gbps, cable_latency_ns, switch_latency_ns"));
    QVERIFY(errorOf("slimfly", {})
                .starts_with("unknown fabric family 'slimfly'; known: ib-fat-tree, roce-clos"));
}

void TestGenRegistry::everyFamilyGeneratesWithItsDefaults()
{
    for (const auto &family : gen::families()) {
        const Fabric f = gen::generate(family.name, gen::ParamText {});
        QVERIFY2(!f.endpoints().empty(), family.name.c_str());
        QCOMPARE(f.generator().family, family.name);
        QCOMPARE(f.generator().params, gen::resolveParams(family, gen::ParamText {}));
        QVERIFY(f.metadata().at("title").is_string());
        // Deterministic: regenerating from the recorded parameters gives the same fabric.
        QVERIFY(gen::generate(family.name, f.generator().params) == f);
        // Every node carries layout hints; names are unique.
        std::set<std::string> names;
        bool hinted = true;
        f.forEachNode([&](const Node &n) {
            names.insert(n.name);
            hinted = hinted && n.hints.tier >= 0 && !n.name.empty();
        });
        QVERIFY2(hinted, family.name.c_str());
        QCOMPARE(names.size(), f.nodeCount());
    }
}

void TestGenRegistry::extremeValuesBuildOrGiveAClearError()
{
    // Each integer parameter at its smallest and largest allowed value, the others at their
    // defaults: either a fabric within the stated limits or one UserError line, never a crash.
    int built = 0, refused = 0;
    for (const auto &family : gen::families()) {
        for (const auto &p : family.params) {
            if (p.type != gen::ParamSpec::Type::Int)
                continue;
            for (const double v : { p.min, p.max }) {
                const gen::ParamText text { { p.key,
                    std::to_string(static_cast<long long>(v)) } };
                try {
                    const nlohmann::json resolved = gen::resolveParams(family, text);
                    const Fabric f = gen::generate(family.name, resolved);
                    QVERIFY(f.endpoints().size() <= std::size_t(gen::kMaxEndpoints));
                    QVERIFY(f.linkCount() <= std::size_t(gen::kMaxLinks));
                    ++built;
                } catch (const UserError &e) {
                    const std::string what = e.what();
                    QVERIFY2(
                        what.find('\n') == std::string::npos && what.find(':') != std::string::npos,
                        what.c_str());
                    ++refused;
                }
            }
        }
    }
    QVERIFY(built > 20);
    QVERIFY(refused > 0);
}

QTEST_GUILESS_MAIN(TestGenRegistry)
#include "tst_gen_registry.moc"
