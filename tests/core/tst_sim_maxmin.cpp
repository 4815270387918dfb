// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "sim/maxmin.h"

#include "sim/crossingindex.h"
#include "sim/fillorder.h"
#include "sim/indexedheap.h"

#include <QtTest>

#include <map>
#include <random>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

using namespace fabric::sim;

// Hand-computed max-min allocations, checked on both solvers, in the style of SimGrid's
// maxmin_test.cpp: the expected maths first, in a comment, then the check.
class TestSimMaxMin : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void solvers_data();
    void equalShareOnOneLink();
    void equalShareOnOneLink_data() { solvers_data(); }
    void bottleneckFreesCapacityElsewhere();
    void bottleneckFreesCapacityElsewhere_data() { solvers_data(); }
    void parkingLot();
    void parkingLot_data() { solvers_data(); }
    void coefficientsWeighUse();
    void coefficientsWeighUse_data() { solvers_data(); }
    void disablingReportsChangesAndRedistributes();
    void disablingReportsChangesAndRedistributes_data() { solvers_data(); }
    void unknownSolverIsRefused();
    void invariantsCatchAWrongAllocation();
    void incrementalMatchesFullOnRandomSystems();
    void refillMatchesFullOnRandomSystems();
    void groupRefillMatchesFullOnRandomSystems();
    void groupRefillMatchesFullOnAllToAll();
    void incrementalMatchesFullOnLongPaths();
    void fillHeapOrdersByLevelThenId();
    void indexedHeapReorderedBatchMatchesSifted();
    void crossingIndexMatchesAMap();
    void crossingIndexMatchesAMap_data();
};

namespace {
std::unique_ptr<System> make()
{
    QFETCH(QString, solver);
    auto s = System::create(solver.toStdString());
    if (!s)
        qFatal("no solver");
    return s;
}
VariableId var(System &s, std::vector<Usage> usages)
{
    const VariableId v = s.addVariable(usages);
    s.enable(v);
    return v;
}
bool near(double a, double b) { return std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b)); }
} // namespace

void TestSimMaxMin::solvers_data()
{
    QTest::addColumn<QString>("solver");
    QTest::newRow("full") << QString("full");
    QTest::newRow("incremental") << QString("incremental");
}

void TestSimMaxMin::equalShareOnOneLink()
{
    // One link of capacity 10, three variables: each gets 10 / 3.
    auto s = make();
    const ConstraintId l = s->addConstraint(10);
    const VariableId a = var(*s, {{l, 1}});
    const VariableId b = var(*s, {{l, 1}});
    const VariableId c = var(*s, {{l, 1}});
    s->solve();
    QVERIFY(near(s->rate(a), 10.0 / 3));
    QVERIFY(near(s->rate(b), 10.0 / 3));
    QVERIFY(near(s->rate(c), 10.0 / 3));
    QVERIFY(near(s->load(l), 10.0));
}

void TestSimMaxMin::bottleneckFreesCapacityElsewhere()
{
    // A (cap 1) carries x and y; B (cap 2) carries x and z.
    // Filling: A fills at 1/2, B at 2/2 = 1, so A binds first: x = y = 0.5.
    // B then has 2 - 0.5 = 1.5 left for z alone: z = 1.5.
    auto s = make();
    const ConstraintId A = s->addConstraint(1);
    const ConstraintId B = s->addConstraint(2);
    const VariableId x = var(*s, {{A, 1}, {B, 1}});
    const VariableId y = var(*s, {{A, 1}});
    const VariableId z = var(*s, {{B, 1}});
    s->solve();
    QVERIFY(near(s->rate(x), 0.5));
    QVERIFY(near(s->rate(y), 0.5));
    QVERIFY(near(s->rate(z), 1.5));
}

void TestSimMaxMin::parkingLot()
{
    // Links L1, L2, L3 of capacity 1; a long flow over all three, one short flow on each.
    // Every link fills at 1/2: all four flows get 0.5.
    // Then the short flow on L2 ends: L2 alone would give the long flow 1, but L1 and L3
    // still hold it at 0.5; L2 is no longer saturated.
    auto s = make();
    const ConstraintId L1 = s->addConstraint(1);
    const ConstraintId L2 = s->addConstraint(1);
    const ConstraintId L3 = s->addConstraint(1);
    const VariableId longFlow = var(*s, {{L1, 1}, {L2, 1}, {L3, 1}});
    const VariableId s1 = var(*s, {{L1, 1}});
    const VariableId s2 = var(*s, {{L2, 1}});
    const VariableId s3 = var(*s, {{L3, 1}});
    s->solve();
    for (VariableId v : {longFlow, s1, s2, s3})
        QVERIFY(near(s->rate(v), 0.5));
    s->disable(s2);
    s->solve();
    QVERIFY(near(s->rate(longFlow), 0.5));
    QVERIFY(near(s->load(L2), 0.5));
    QCOMPARE(s->rate(s2), 0.0);
}

void TestSimMaxMin::coefficientsWeighUse()
{
    // One link of capacity 6; x uses it with coefficient 2 (weights of a split flow summed),
    // y with 1. Equal rates r: 2r + r = 6, so r = 2; x uses 4 of the link, y 2.
    auto s = make();
    const ConstraintId l = s->addConstraint(6);
    const VariableId x = var(*s, {{l, 2}});
    const VariableId y = var(*s, {{l, 1}});
    s->solve();
    QVERIFY(near(s->rate(x), 2));
    QVERIFY(near(s->rate(y), 2));
    QVERIFY(near(s->load(l), 6));
}

void TestSimMaxMin::disablingReportsChangesAndRedistributes()
{
    // Link of capacity 12 with a, b, c: 4 each. b leaves: a and c get 6 each, b drops to 0;
    // b is reported as a changed variable (it lost its bottleneck), a and c through the level
    // of their bottleneck.
    auto s = make();
    const ConstraintId l = s->addConstraint(12);
    const VariableId a = var(*s, {{l, 1}});
    const VariableId b = var(*s, {{l, 1}});
    const VariableId c = var(*s, {{l, 1}});
    s->solve();
    QCOMPARE(s->changedVariables().size(), std::size_t(3));
    QCOMPARE(s->bottleneck(a), l);
    s->disable(b);
    s->solve();
    QVERIFY(near(s->rate(a), 6));
    QVERIFY(near(s->rate(c), 6));
    QCOMPARE(s->rate(b), 0.0);
    std::vector<VariableId> changed(s->changedVariables().begin(), s->changedVariables().end());
    std::sort(changed.begin(), changed.end());
    QCOMPARE(changed, (std::vector<VariableId>{b}));
    QCOMPARE(std::vector<ConstraintId>(s->changedLevels().begin(), s->changedLevels().end()),
             (std::vector<ConstraintId>{l}));
    QCOMPARE(s->bottleneck(a), l);
    QCOMPARE(s->bottleneck(c), l);
    // Nothing changes: nothing reported.
    s->solve();
    QCOMPARE(s->changedVariables().size(), std::size_t(0));
    QCOMPARE(s->changedLevels().size(), std::size_t(0));
}

void TestSimMaxMin::unknownSolverIsRefused() { QVERIFY(!System::create("lagrange")); }

namespace {
/// Solves by System::refillAboveDisabled() whenever it applies, else by progressive filling.
class RefillSystem final : public System
{
public:
    std::size_t refills = 0;

private:
    void doSolve() override
    {
        if (refillAboveDisabled())
            ++refills;
        else
            progressiveFilling();
    }
};

/**
 * The same random sequence of enables and disables on the full solver and on @p other: the same
 * rates after each solve (and loads, and a bottleneck whose level is the rate). With
 * @p disableOnly, every other round only disables. A fixed linear congruential generator keeps
 * it reproducible everywhere. Returns the number of full solves @p other made.
 *
 * With @p allToAll, the system is shaped like the engine's all-to-all instead: every endpoint
 * sends to every other through its uplink, one of a few middle links and the receiver's
 * downlink, all start at once and then only finish, one or two at a time, as flows do.
 */
std::size_t compareWithFullOnRandomSystem(std::uint64_t seed, System &other, bool disableOnly,
    std::uint64_t maxHops = 4, const std::vector<double> &rareCoefficients = { 0.5 },
    bool allToAll = false)
{
    std::uint64_t state = seed * 0x9E3779B97F4A7C15ull;
    const auto next = [&](std::uint64_t n) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return (state >> 33) % n;
    };
    auto full = System::create("full");
    const auto coefficient = [&] {
        return next(5) == 0 && !rareCoefficients.empty()
            ? rareCoefficients[next(rareCoefficients.size())]
            : 1.0;
    };
    std::vector<std::vector<Usage>> paths;
    const std::size_t endpoints = allToAll ? 8 + next(8) : 0;
    const std::size_t middle = allToAll ? 3 + next(4) : 0;
    const std::size_t constraints = allToAll ? 2 * endpoints + middle : 5 + next(40);
    for (std::size_t c = 0; c < constraints; ++c) {
        // Few distinct capacities: many ties. The middle links carry several endpoints'
        // traffic, so they fill now and then.
        const double cap
            = (allToAll && c >= 2 * endpoints ? double(endpoints) / 3.0 : 1.0) + double(next(4));
        full->addConstraint(cap);
        other.addConstraint(cap);
    }
    if (allToAll) {
        for (std::size_t from = 0; from < endpoints; ++from)
            for (std::size_t to = 0; to < endpoints; ++to)
                if (from != to)
                    paths.push_back({ { ConstraintId(from), coefficient() },
                        { ConstraintId(2 * endpoints + next(middle)), coefficient() },
                        { ConstraintId(endpoints + to), coefficient() } });
    } else {
        for (std::size_t v = 20 + next(200); v > 0; --v) {
            std::vector<Usage> usages;
            const std::size_t k = 1 + next(maxHops);
            for (std::size_t i = 0; i < k; ++i) {
                const ConstraintId c = ConstraintId(next(constraints));
                bool dup = false;
                for (const Usage &u : usages)
                    dup = dup || u.constraint == c;
                if (!dup)
                    usages.push_back({ c, coefficient() });
            }
            paths.push_back(std::move(usages));
        }
    }
    const std::size_t vars = paths.size();
    for (const std::vector<Usage> &usages : paths) {
        full->addVariable(usages);
        other.addVariable(usages);
    }
    for (int round = 0; round < 200; ++round) {
        const std::size_t changes
            = allToAll ? (round == 0 ? vars : 1 + next(2)) : 1 + next(round == 0 ? vars : 4);
        for (std::size_t i = 0; i < changes; ++i) {
            const VariableId v = VariableId(allToAll && round == 0 ? i : next(vars));
            if (full->isEnabled(v)) {
                full->disable(v);
                other.disable(v);
            } else if (allToAll ? round == 0 : !disableOnly || round % 2 == 0) {
                full->enable(v);
                other.enable(v);
            }
        }
        full->solve();
        other.solve();
        const System *const solved[] = {full.get(), &other};
        for (const System *s : solved)
            if (const std::string fault = s->checkInvariants(); !fault.empty())
                QTest::qFail(qPrintable(QString("seed %1 round %2: %3")
                                            .arg(seed).arg(round).arg(QString::fromStdString(fault))),
                             __FILE__, __LINE__);
        for (std::size_t v = 0; v < vars; ++v) {
            const double a = full->rate(VariableId(v));
            const double b = other.rate(VariableId(v));
            if (!near(a, b))
                QTest::qFail(qPrintable(QString("seed %1 round %2 var %3: full %4, other %5")
                                            .arg(seed).arg(round).arg(v).arg(a, 0, 'g', 17)
                                            .arg(b, 0, 'g', 17)),
                             __FILE__, __LINE__);
            const ConstraintId at = other.bottleneck(VariableId(v));
            if (other.isEnabled(VariableId(v)) != (at >= 0))
                QTest::qFail("a variable is enabled exactly when it has a bottleneck", __FILE__,
                             __LINE__);
        }
        for (std::size_t c = 0; c < constraints; ++c)
            if (std::abs(other.solvedLoad(ConstraintId(c)) - full->load(ConstraintId(c))) > 1e-9)
                QTest::qFail(qPrintable(QString("seed %1 round %2 load of %3: %4, expected %5")
                                            .arg(seed).arg(round).arg(c)
                                            .arg(other.solvedLoad(ConstraintId(c)))
                                            .arg(full->load(ConstraintId(c)))),
                             __FILE__, __LINE__);
    }
    return other.fullSolveCount();
}
} // namespace

void TestSimMaxMin::invariantsCatchAWrongAllocation()
{
    // Two variables share one constraint of capacity 2: max-min gives 1 each. A solver that
    // then halves one rate leaves the constraint unsaturated under its bottleneck variable.
    class HalvingSystem final : public System
    {
        void doSolve() override
        {
            progressiveFilling();
            setRate(0, rate(0) / 2, bottleneck(0));
        }
    };
    HalvingSystem broken;
    const ConstraintId c = broken.addConstraint(2.0);
    const Usage use[] = {{c, 1.0}};
    broken.enable(broken.addVariable(use));
    broken.enable(broken.addVariable(use));
    broken.solve();
    const std::string fault = broken.checkInvariants();
    QVERIFY2(!fault.empty(), "a halved rate passed the check");

    auto good = System::create("incremental");
    const ConstraintId g = good->addConstraint(2.0);
    const Usage same[] = {{g, 1.0}};
    good->enable(good->addVariable(same));
    good->enable(good->addVariable(same));
    good->solve();
    QCOMPARE(good->checkInvariants(), std::string());
}

void TestSimMaxMin::incrementalMatchesFullOnRandomSystems()
{
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        auto inc = System::create("incremental");
        const std::size_t fullSolves = compareWithFullOnRandomSystem(seed, *inc, false);
        if (QTest::currentTestFailed())
            return;
        // Mostly incremental: the first solve and the odd large change are full.
        QVERIFY2(fullSolves <= 20, qPrintable(QString::number(fullSolves)));
    }
}

void TestSimMaxMin::refillMatchesFullOnRandomSystems()
{
    // Filling again only at and above the smallest rate that left gives the full answer.
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        RefillSystem refill;
        compareWithFullOnRandomSystem(seed, refill, true);
        if (QTest::currentTestFailed())
            return;
        QVERIFY2(refill.refills >= 50, qPrintable(QString::number(refill.refills)));
    }
}

void TestSimMaxMin::groupRefillMatchesFullOnRandomSystems()
{
    // When every coefficient is a whole number of 1/1024ths (1; halves of flows split over tied
    // paths; 2 or 3 where symmetry merges links) the refill moves whole bottleneck groups
    // (splitting those whose variables freeze on several constraints) where that pays: still
    // the full answer, alone and under the incremental solver.
    const std::vector<std::vector<double>> wholeUnits = { {}, { 0.5, 2.0 }, { 0.25, 3.0, 0.5 } };
    for (const std::vector<double> &rare : wholeUnits) {
        std::size_t groupRefills = 0;
        std::size_t alone = 0; // of which the rising groups filled alone
        for (std::uint64_t seed = 1; seed <= 30; ++seed) {
            RefillSystem refill;
            compareWithFullOnRandomSystem(seed, refill, true, 4, rare);
            if (QTest::currentTestFailed())
                return;
            groupRefills += refill.groupRefillCount();
            alone += refill.groupsAloneRefillCount();
            auto inc = System::create("incremental");
            compareWithFullOnRandomSystem(seed, *inc, seed % 2 == 0, 1 + seed % 6, rare);
            if (QTest::currentTestFailed())
                return;
            groupRefills += inc->groupRefillCount();
            alone += inc->groupsAloneRefillCount();
        }
        qInfo("%zu rare coefficients: %zu group refills, %zu of them by the groups alone",
            rare.size(), groupRefills, alone);
        QVERIFY2(groupRefills >= 500, qPrintable(QString::number(groupRefills)));
        // Both ways are checked: the groups alone, and the full pass after a link between them
        // filled (the splits of the first try undone).
        QVERIFY2(alone >= groupRefills / 10 && alone <= groupRefills - groupRefills / 10,
            qPrintable(QString::number(alone)));
    }
    // A third is no whole number of units: the per-variable refill answers alone.
    for (std::uint64_t seed = 1; seed <= 10; ++seed) {
        RefillSystem refill;
        compareWithFullOnRandomSystem(seed, refill, true, 4, { 1.0 / 3.0, 0.5 });
        if (QTest::currentTestFailed())
            return;
        QCOMPARE(refill.groupRefillCount(), std::size_t(0));
        QVERIFY(refill.refills > 0);
    }
}

void TestSimMaxMin::groupRefillMatchesFullOnAllToAll()
{
    // A dense all-to-all finishing flow by flow: the group refill fills the rising groups
    // alone and starts from the sums an earlier refill kept of the groups that stay. Still the
    // full answer after every finish, with and without split flows' halves.
    const std::vector<std::vector<double>> wholeUnits = { {}, { 0.5, 2.0 } };
    for (const std::vector<double> &rare : wholeUnits) {
        std::size_t groupRefills = 0;
        std::size_t alone = 0;
        std::size_t fromBase = 0;
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            RefillSystem refill;
            auto inc = System::create("incremental");
            System *const systems[] = { &refill, inc.get() };
            for (System *system : systems) {
                compareWithFullOnRandomSystem(seed, *system, true, 3, rare, true);
                if (QTest::currentTestFailed())
                    return;
                groupRefills += system->groupRefillCount();
                alone += system->groupsAloneRefillCount();
                fromBase += system->groupBaseStartCount();
            }
        }
        qInfo("%zu rare coefficients: %zu group refills, %zu by the groups alone, %zu from a "
              "checkpoint",
            rare.size(), groupRefills, alone, fromBase);
        QVERIFY2(groupRefills >= 1000, qPrintable(QString::number(groupRefills)));
        QVERIFY2(
            alone >= groupRefills / 4 && alone < groupRefills, qPrintable(QString::number(alone)));
        QVERIFY2(fromBase >= groupRefills / 4, qPrintable(QString::number(fromBase)));
    }
}

void TestSimMaxMin::incrementalMatchesFullOnLongPaths()
{
    // Torus-like paths of up to 16 hops: each variable's cached two smallest levels must follow
    // every level move (worklist, refill, undo of a failed worklist) or a demand goes stale.
    for (std::uint64_t seed = 101; seed <= 130; ++seed) {
        auto inc = System::create("incremental");
        compareWithFullOnRandomSystem(seed, *inc, seed % 2 == 0, 16);
        if (QTest::currentTestFailed())
            return;
    }
}

void TestSimMaxMin::fillHeapOrdersByLevelThenId()
{
    // The refill's heap keys a level's bits and the constraint id as one integer: it must pop
    // exactly in FillsLater order (lowest level, then lowest id), -0.0 with 0, and keep the
    // order as stale tops are raised. Checked against std::sort on random levels with ties.
    std::mt19937 rng(5);
    std::uniform_int_distribution<int> pick(0, 40);
    for (int round = 0; round < 50; ++round) {
        FillHeap heap;
        std::vector<std::pair<double, ConstraintId>> entries;
        for (ConstraintId c = 0; c < 300; ++c) {
            const int k = pick(rng);
            // Few distinct levels, so ties are common; some of them zero of either sign.
            const double level = k == 0 ? -0.0 : k == 1 ? 0.0 : k == 40 ? 1e300 : k * 0.37;
            heap.add(level, c);
            entries.emplace_back(level + 0.0, c);
        }
        heap.build();
        // Raise a few tops the way a lazy filling does, mirrored in the reference.
        for (int r = 0; r < 20; ++r) {
            const auto [level, c] = heap.top();
            const double raised = level + 0.5 * (r % 3);
            heap.raiseTop(raised);
            for (auto &e : entries)
                if (e.second == c)
                    e.first = raised;
        }
        std::sort(entries.begin(), entries.end(),
                  [](const auto &a, const auto &b) { return FillsLater()(b, a); });
        for (const auto &expected : entries) {
            QVERIFY(!heap.empty());
            const auto got = heap.top();
            QCOMPARE(got.second, expected.second);
            QCOMPARE(got.first, expected.first);
            heap.pop();
        }
        QVERIFY(heap.empty());
    }
}

void TestSimMaxMin::crossingIndexMatchesAMap_data()
{
    QTest::addColumn<std::size_t>("constraints");
    QTest::newRow("hash") << CrossingIndex::kDenseConstraints + 1;
    QTest::newRow("dense") << std::size_t(96);
}

void TestSimMaxMin::crossingIndexMatchesAMap()
{
    // The group refill's (group, constraint) -> place table: random sets, overwrites and
    // erases through several growths of the hash (the erases shift probe runs back), against
    // std::map; then the same on the dense table of few constraints.
    QFETCH(std::size_t, constraints);
    CrossingIndex index;
    index.reset(constraints);
    std::map<std::pair<ConstraintId, ConstraintId>, std::int32_t> truth;
    std::mt19937_64 rng(7);
    for (int step = 0; step < 200000; ++step) {
        const ConstraintId g = ConstraintId(rng() % 64);
        const ConstraintId c = ConstraintId(rng() % 96);
        if (rng() % 3 == 0) {
            index.erase(g, c);
            truth.erase({ g, c });
        } else {
            const auto place = std::int32_t(rng() % 1000);
            index.set(g, c, place);
            truth[{ g, c }] = place;
        }
        if (step % 997 == 0) {
            QCOMPARE(index.size(), truth.size());
            for (ConstraintId gg = 0; gg < 64; ++gg)
                for (ConstraintId cc = 0; cc < 96; ++cc) {
                    const auto it = truth.find({ gg, cc });
                    QCOMPARE(index.find(gg, cc), it == truth.end() ? -1 : it->second);
                }
        }
    }
    QVERIFY(truth.size() > 1024); // past the first growth
}

void TestSimMaxMin::indexedHeapReorderedBatchMatchesSifted()
{
    // The engine re-keys a large batch of group finish times with setUnordered() and one
    // reorder(). Two heaps fed the same batches, one that way and one with set(), must agree
    // on every top, and the reordered one must stay a valid heap, with removals in the batch.
    std::mt19937 rng(11);
    std::uniform_int_distribution<int> pickId(0, 199);
    std::uniform_int_distribution<int> pickKey(0, 30); // few keys: ties break on the id
    IndexedHeap sifted(200);
    IndexedHeap batched(200);
    for (int round = 0; round < 300; ++round) {
        const int changes = 1 + int(rng() % 120);
        for (int k = 0; k < changes; ++k) {
            const int id = pickId(rng);
            if (rng() % 8 == 0) {
                sifted.remove(id);
                batched.remove(id);
                continue;
            }
            const double key = pickKey(rng) * 0.25;
            sifted.set(id, key);
            batched.setUnordered(id, key);
        }
        batched.reorder();
        QVERIFY2(batched.checkInvariants().empty(), batched.checkInvariants().c_str());
        QCOMPARE(batched.size(), sifted.size());
        QCOMPARE(batched.empty(), sifted.empty());
        if (!sifted.empty()) {
            QCOMPARE(batched.topId(), sifted.topId());
            QCOMPARE(batched.topKey(), sifted.topKey());
        }
        if (round % 10 == 9) { // drain both: the whole order must match
            while (!sifted.empty()) {
                QCOMPARE(batched.topId(), sifted.topId());
                sifted.pop();
                batched.pop();
            }
            QVERIFY(batched.empty());
        }
    }
}

QTEST_GUILESS_MAIN(TestSimMaxMin)
#include "tst_sim_maxmin.moc"
