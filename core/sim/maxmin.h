// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "crossingindex.h"
#include "fillorder.h"
#include "maxminids.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

/**
 * Max-min fair sharing, laid out like SimGrid's `src/kernel/lmm`: a System of constraints
 * (directed links, each with a capacity) and variables (flows or subflows, each using some
 * constraints with a coefficient), a solver chosen by name, and solve() calling a private
 * doSolve(). Variables are enabled and disabled as flows start and end; solve() then gives
 * every enabled variable its max-min fair rate: the allocation in which no rate can grow
 * without shrinking a rate that is not larger (progressive filling: raise all rates together,
 * freeze the variables of each constraint as it fills).
 *
 * A variable with coefficient a on a constraint uses a * rate of its capacity.
 */
namespace fabric::sim {


/// One use of a constraint by a variable.
struct Usage
{
    ConstraintId constraint = -1;
    double coefficient = 1.0;
};

class System
{
public:
    /// "full": progressive filling of every enabled variable at each solve().
    /// "incremental": re-solves only the constraints whose fair level can change (the default).
    /// Returns nullptr for an unknown name.
    static std::unique_ptr<System> create(std::string_view solverName);

    virtual ~System();
    System(const System &) = delete;
    System &operator=(const System &) = delete;

    /// Adds a constraint of @p capacity (> 0) and returns its id (0, 1, 2...).
    ConstraintId addConstraint(double capacity);
    /// Room for @p variables more variables using @p usages constraints in all, so a large
    /// system is not copied as it grows (and holds no spare capacity).
    void reserve(std::size_t variables, std::size_t usages);
    /// Adds a variable, disabled, using @p usages (distinct constraints, coefficients > 0).
    VariableId addVariable(std::span<const Usage> usages);

    /// Enabled variables take part in sharing; disabled ones have rate 0 and use nothing.
    void enable(VariableId v);
    void disable(VariableId v);
    bool isEnabled(VariableId v) const { return mVars[std::size_t(v)].enabled; }

    /// Brings every rate up to date with the enables and disables since the last solve().
    void solve();

    /// Every enabled variable moves at its bottleneck's level, so the rate is stored once per
    /// bottleneck: a level change is one write, however many variables it sets.
    double rate(VariableId v) const
    {
        const ConstraintId b = mVars[std::size_t(v)].bottleneck;
        return b >= 0 ? mOwnLevel[std::size_t(b)] : 0.0;
    }
    /**
     * The constraint whose fair level sets @p v's rate (its bottleneck: rate(v) is that level,
     * and every variable with the same bottleneck has the same rate), -1 when disabled. The
     * engine keeps one clock per bottleneck, so a level change costs it O(1), not O(variables).
     */
    ConstraintId bottleneck(VariableId v) const { return mVars[std::size_t(v)].bottleneck; }
    /// Sum of coefficient * rate over the enabled variables of @p c.
    double load(ConstraintId c) const;
    double capacity(ConstraintId c) const { return mCons[std::size_t(c)].capacity; }
    std::size_t constraintCount() const { return mCons.size(); }
    /// Constraints with at least one enabled variable.
    std::size_t busyConstraintCount() const { return mBusyConstraints; }
    /// Uses of constraints by enabled variables (the length of every member list together).
    std::size_t membershipCount() const { return mMemberships; }
    /// One use of a constraint by a variable as the system stores it: the coefficient by its
    /// place in the table of distinct coefficients (few: 1, and the weights of split flows), so
    /// a use takes 8 bytes, not 16. At a million flows of five links each, that is 40 MB less
    /// for the uses and as much for the member lists.
    struct Use
    {
        ConstraintId constraint = -1;
        std::uint32_t coefficientIndex = 0;
    };
    std::span<const Use> usages(VariableId v) const;
    /// Where @p v's uses start among every variable's, in the order they were added.
    std::size_t firstUsage(VariableId v) const { return mVars[std::size_t(v)].usageBegin; }

    /**
     * Relative change of a fair level below which the incremental solver does not spread it to
     * neighbouring constraints (default 1e-12: exact to rounding). Larger values trade exactness
     * for speed, like SimGrid's maxmin/precision: a level is then off by about that much.
     */
    void setPrecision(double relative) { mPrecision = relative; }
    double precision() const { return mPrecision; }

    /// Variables whose bottleneck() changed in the last solve() (enabled and disabled ones
    /// included), in a deterministic order, without repeats. Together with changedLevels()
    /// this covers every rate that changed: a variable that kept its bottleneck changed rate
    /// exactly when that bottleneck's level did.
    std::span<const VariableId> changedVariables() const { return mChanged; }
    /// Constraints whose level (the rate of every variable they bottleneck) changed in the last
    /// solve(), in a deterministic order, without repeats. Reporting levels instead of every
    /// variable is what keeps a dense event's cost off the variables that merely moved with
    /// their bottleneck.
    std::span<const ConstraintId> changedLevels() const { return mLevelChanged; }
    /// The level of @p c: the rate of every variable it bottlenecks.
    double level(ConstraintId c) const { return mOwnLevel[std::size_t(c)]; }
    /// Calls @p fn on each enabled variable whose bottleneck is @p c (walks c's members).
    template<class Fn>
    void forEachBottlenecked(ConstraintId c, Fn fn) const
    {
        for (const Member &m : mCons[std::size_t(c)].vars)
            if (mVars[std::size_t(m.var)].bottleneck == c)
                fn(m.var);
    }
    /// Constraints whose load changed in the last solve(), in a deterministic order, and that
    /// load (sum of coefficient * rate, kept by the solver: no walk over the variables).
    std::span<const ConstraintId> changedLoads() const { return mLoadChanged; }
    double solvedLoad(ConstraintId c) const { return mLoad[std::size_t(c)]; }
    /// Number of solves that touched the whole system (all of them for "full").
    std::size_t fullSolveCount() const { return mFullSolves; }
    /// Number of refills done per bottleneck group (refillGroups()).
    std::size_t groupRefillCount() const { return mGroupRefills; }
    /// How many of those filled the rising groups alone (fillRisingGroupsAlone()).
    std::size_t groupsAloneRefillCount() const { return mAloneRefills; }
    /// How many started from the sums of the groups that stayed kept by earlier refills.
    std::size_t groupBaseStartCount() const { return mBaseStarts; }

    /**
     * Checks the system against what its solvers promise, in the manner of SimGrid's
     * check_concurrency(): every published load is the sum of coefficient x rate over the
     * constraint's enabled variables and within its capacity; every enabled variable sits in
     * the member list of each of its constraints at the slot recorded for it, and nothing else
     * does; the per-constraint counts of variables it bottlenecks add up; and the allocation is
     * max-min: each enabled variable's bottleneck is saturated, its rate is that constraint's
     * largest. Returns the first violation as a sentence, or an empty string (also between a change
     * and the next solve(), when the rates are not meant to fit yet). Costs a walk of the whole
     * system: the tests call it after every solve of their random systems.
     */
    std::string checkInvariants() const;

protected:
    System();

    struct Variable
    {
        std::uint32_t usageBegin = 0; ///< Range in mUsages / mSlots.
        std::uint32_t usageEnd = 0;
        ConstraintId bottleneck = -1; ///< Its rate is mOwnLevel[bottleneck].
        bool enabled = false;
        bool changed = false; ///< Already in mChanged.
    };
    struct Member
    {
        VariableId var = -1;
        std::uint32_t coefficientIndex = 0; ///< As in Use.
    };
    double coefficient(const Member &m) const { return mCoefficients[m.coefficientIndex]; }
    double coefficient(const Use &u) const { return mCoefficients[u.coefficientIndex]; }
    /// The place of @p value in mCoefficients, added when new.
    std::uint32_t coefficientIndexOf(double value);
    struct Constraint
    {
        double capacity = 0.0;
        std::vector<Member> vars; ///< Enabled variables (order: enable order, swap-removed).
        bool dirty = false;
        bool levelChanged = false; ///< Already in mLevelChanged.
    };

    /// Marks @p c as needing a new fair level.
    void markDirty(ConstraintId c);
    /// Sets a variable's rate and bottleneck and records the change. The rate is the
    /// bottleneck's level, so this sets the level of every variable sharing that bottleneck:
    /// the solvers give all of them the same rate anyway.
    void setRate(VariableId v, double rate, ConstraintId bottleneck)
    {
        Variable &var = mVars[std::size_t(v)];
        if (var.bottleneck != bottleneck) {
            if (var.bottleneck >= 0) {
                --mOwn[std::size_t(var.bottleneck)];
                if (mCrossingsKept)
                    addCrossings(v, var.bottleneck, -1);
            }
            if (bottleneck >= 0) {
                ++mOwn[std::size_t(bottleneck)];
                if (mCrossingsKept)
                    addCrossings(v, bottleneck, +1);
            }
            var.bottleneck = bottleneck;
            if (!var.changed) {
                var.changed = true;
                mChanged.push_back(v);
            }
        }
        if (bottleneck >= 0)
            setLevelOf(bottleneck, rate);
    }
    /// Sets the rate of every variable @p c bottlenecks.
    void setLevelOf(ConstraintId c, double level)
    {
        if (mOwnLevel[std::size_t(c)] == level)
            return;
        mOwnLevel[std::size_t(c)] = level;
        Constraint &con = mCons[std::size_t(c)];
        if (!con.levelChanged) {
            con.levelChanged = true;
            mLevelChanged.push_back(c);
        }
    }
    /// Progressive filling of every enabled variable (sets rates through setRate()), loads
    /// included.
    void progressiveFilling();
    /**
     * The same result when the only changes since the last solve are disabled variables, at a
     * fraction of the cost: progressive filling raises every rate together, so the constraints
     * it fills below the smallest rate a disabled variable had (the threshold) fill exactly as
     * before, and the variables frozen there keep their rates; so do those frozen at the
     * threshold by a constraint no disabled variable used. Only the others (above the
     * threshold, or at it on a constraint that lost a variable) are filled again, from the
     * state the filling had there (each constraint's capacity minus the load of the variables
     * that stay). Returns false, doing nothing, when it
     * does not apply (a variable was enabled, or nothing was disabled). Sets mRefilled to the
     * constraints it touched.
     */
    bool refillAboveDisabled();
    /**
     * refillAboveDisabled() done per bottleneck group instead of per variable, for systems
     * with many variables per constraint (a dense all-to-all): variables sharing a
     * bottleneck rise together until some constraint they cross fills, so the filling moves
     * whole groups with one pass over the group's crossings (how many of its variables cross
     * each constraint), and only the variables that change bottleneck are visited one by
     * one. Runs after refillAboveDisabled() took the disabled variables out of the touched
     * constraints' loads (mRefilled, mFill.load) and chose mGroupsToFill.
     */
    void refillGroups();
    /// True when refillGroups() applies and costs less than the per-variable refill.
    bool groupRefillPays();
    /// Adds @p delta to the crossings of group @p group by variable @p v's constraints.
    void addCrossings(VariableId v, ConstraintId group, std::int32_t delta);
    void addCrossing(ConstraintId group, ConstraintId c, std::int32_t delta);
    void dropCrossings();

    std::vector<Variable> mVars;
    std::vector<Use> mUsages;
    std::vector<double> mCoefficients { 1.0 }; ///< Distinct coefficients; 1 first.
    std::unordered_map<double, std::uint32_t> mCoefficientIndex; ///< The others' places.
    std::vector<std::uint32_t> mSlots; ///< Per usage: position of the variable in vars.
    std::vector<Constraint> mCons;
    std::size_t mBusyConstraints = 0; ///< Kept by enable() and disable().
    std::size_t mMemberships = 0;
    std::vector<ConstraintId> mDirty; ///< Constraints touched since the last solve.
    std::vector<VariableId> mChanged;
    std::vector<ConstraintId> mLevelChanged;
    std::vector<VariableId> mEnabledSinceSolve;
    std::vector<double> mLoad; ///< Per constraint, as of the last solve().
    std::vector<ConstraintId> mLoadChanged;
    bool mLoadsFresh = false; ///< progressiveFilling() already set mLoad in this solve.
    /// Per constraint, what the last progressiveFilling() left: one record, so the filling
    /// loop touches one cache line per constraint it updates.
    struct Fill
    {
        double remaining = 0.0; ///< Capacity not taken by frozen variables.
        double weight = 0.0;    ///< Sum of the coefficients of its unfrozen variables.
        double load = 0.0;      ///< Sum of coefficient * rate of its frozen variables.
        double top = 0.0;       ///< Largest rate frozen on it (levels only grow: the last one).
        std::uint32_t unfrozen = 0;
    };
    std::vector<Fill> mFill;
    std::vector<ConstraintId> mRefilled;
    /// Per constraint: variables whose bottleneck it is, and their rate (its level).
    std::vector<std::uint32_t> mOwn;
    std::vector<double> mOwnLevel;
    std::vector<ConstraintId> mGroupsToFill; ///< Scratch of refillAboveDisabled().
    /// Variables disabled since the last solve, with the rate they had.
    std::vector<std::pair<VariableId, double>> mDisabledSinceSolve;
    std::size_t mFullSolves = 0;
    std::size_t mGroupRefills = 0;
    double mPrecision = 1e-12;
    /// How much the variables with bottleneck g (a group) weigh on constraint c (the sum of
    /// their coefficients there, in crossing units), for the pairs where that is not 0: per
    /// group, the constraints its variables cross (unordered), and each pair's place in that
    /// list. Kept only while every coefficient is a whole number of crossing units;
    /// setRate() keeps them up to date while mCrossingsKept.
    struct Crossing
    {
        ConstraintId constraint = -1;
        std::int32_t count = 0; ///< In crossing units.
    };
    std::vector<std::vector<Crossing>> mGroupCrossings;
    CrossingIndex mGroupCrossingSlot;
    std::size_t mCrossingTotal = 0; ///< Entries of mGroupCrossings together.
    bool mCrossingsKept = false;
    /**
     * The group refill adds up coefficients as integers, so that a crossing's weight returns
     * to exactly 0 when its last variable leaves and every sum is exact, in units of
     * 2^-mCrossingScaleBits. Flows split in halves by tied shortest paths (0.5) and links merged
     * by symmetry (2, 3...) are whole numbers of such units; a coefficient that is not (1/3)
     * turns the group refill off for good.
     */
    static constexpr int kMaxCrossingScaleBits = 10;
    int mCrossingScaleBits = 0;
    bool mCrossingUnitsExact = true;
    /// Per coefficient (as mCoefficients), in crossing units.
    std::vector<std::int32_t> mCrossingWeights { 1 };
    double mCoefficientTotal = 0.0; ///< Over every use added: bounds any weight, for overflow.
    std::vector<double> mEnabledWeight; ///< Per constraint: its enabled members' coefficients.
    /// Checks that @p coefficient is a whole number of crossing units, refining them if needed.
    void noteCrossingUnits(double coefficient);
    double mCrossingUnit = 1.0; ///< 2^-mCrossingScaleBits: units times it are exact.
    // Scratch of refillGroups(), per constraint.
    std::vector<double> mGroupLoad;
    std::vector<std::int32_t> mGroupWeight; ///< Of the rising variables crossing it, in units.
    std::vector<double> mGroupTop;
    std::vector<ConstraintId> mUnits; ///< Groups being filled.
    FillHeap mGroupFillOrder;
    std::vector<std::uint8_t> mUnitRising; ///< Per constraint: its group is still rising.
    /// Moves group @p g, at @p level, into (@p sign +1) or out of (-1) what does not rise in
    /// the group refill's scratch: its load onto the constraints it crosses, its weight off them.
    /// (A template, so that each sign compiles to its own loop: the engine's hottest.)
    template<std::int32_t sign> void settleGroup(ConstraintId g, double level);
    /**
     * The group refill's progressive filling: a lazy heap of the fill levels of @p candidates
     * (those with rising weight enter it), groups frozen whole at their own constraint and
     * split where their variables cross one that fills first (mSplits lists who moved).
     */
    void fillGroupsByHeap(std::span<const ConstraintId> candidates);
    /**
     * fillGroupsByHeap() over the rising groups' own constraints alone (and mMayFillList),
     * which is the whole filling when nothing else fills. In a dense all-to-all the other
     * constraints that rising variables cross (links between switches, links that are no one's
     * bottleneck) are two thirds of the full heap and hardly ever fill; there they took most
     * of its work, raising stale keys and dropping emptied ones. The result stands if every
     * other constraint that rising variables cross ends below its capacity, by a relative margin
     * (kAloneMargin) far above rounding: then none of them would have filled before its turn,
     * so the full filling takes the same steps and gives the same result, to the bit. Why that
     * is enough: with weight w and load l at a step of level f, a constraint reaches l + w * f,
     * which only grows from step to step while the levels rise, up to its final load. Otherwise
     * it undoes the splits and restores the scratch state, and returns false.
     */
    bool fillRisingGroupsAlone();
    static constexpr double kAloneMargin = 1e-9;
    std::size_t mAloneRefills = 0;
    std::size_t mAloneSkips = 0; ///< Refills left to do with the full pass after a miss.
    std::size_t mAloneBackoff = 0; ///< Length of the next skip after another miss.
    /// The scratch loads and weights before fillRisingGroupsAlone(), to go back to: of every
    /// constraint, or of mRefilled in its order when that is a small part of them.
    std::vector<double> mAloneLoad;
    std::vector<std::int32_t> mAloneWeight;
    /// Per constraint: its group is being filled (set and cleared by refillGroups()).
    std::vector<std::uint8_t> mGroupIsUnit;
    /// Constraints other than the groups' that filled in a refill fillRisingGroupsAlone() tried
    /// (with a flag per constraint): the heap takes them along from then on.
    std::vector<ConstraintId> mMayFillList;
    std::vector<std::uint8_t> mMayFill;
    std::vector<ConstraintId> mAloneCandidates; ///< Scratch: the groups, then mMayFillList.
    /**
     * Where the group refill starts from (groupbase.cpp). The groups in the order they froze
     * (so by level), and at a few places (checkpoints) the load and weight (in crossing units)
     * of the groups before that place. A refill fills again the groups above the smallest rate
     * that left; those below keep their levels and variables, so a checkpoint below the first
     * rising group still holds, and the refill starts from it and adds the few groups between
     * instead of summing every group that stays (half of a dense all-to-all's crossings).
     */
    struct BaseCheckpoint
    {
        std::size_t position = 0; ///< Sums over mBaseOrder[0, position).
        std::vector<double> load;
        /// The weight of mBaseOrder[0, position) is enabled - rising (in crossing units).
        std::vector<std::int32_t> enabled;
        std::vector<std::int32_t> rising;
    };
    std::vector<ConstraintId> mBaseOrder;
    std::vector<std::uint8_t> mInBaseOrder; ///< Per constraint: in mBaseOrder.
    std::vector<BaseCheckpoint> mBaseCheckpoints; ///< By position; the first ...Used hold.
    std::size_t mBaseCheckpointsUsed = 0;
    std::size_t mBaseEvery = 0; ///< Groups appended between two checkpoints.
    std::size_t mBaseSinceCheckpoint = 0; ///< Groups appended since the last one.
    bool mBaseOk = false; ///< mBaseOrder and its checkpoints hold in this refill.
    bool mBaseFresh = false; ///< They hold after the last refill; cleared by every solve().
    bool mBaseUsable = false; ///< mBaseFresh when this solve() began.
    std::size_t mBaseStarts = 0; ///< Refills that started from a checkpoint.
    /// Per constraint: mEnabledWeight in crossing units, as of this refill (when it keeps
    /// checkpoints or sums the groups that stay).
    std::vector<std::int32_t> mEnabledUnits;
    /// How many checkpoints the memory allows (up to 64); 0 on huge systems.
    std::size_t baseCheckpointLimit() const;
    /// Records the scratch state as the sums of mBaseOrder as it is now.
    void takeBaseCheckpoint();
    /// Appends a group that froze in this refill (a checkpoint every mBaseEvery).
    void appendToBase(ConstraintId g);
    /// After summing the groups that stay in full: mBaseOrder is they, by level.
    void rebuildBase();
    /// Sets the scratch load and weight of the groups that stay from a checkpoint; false when
    /// there is none to use.
    bool startFromBase();
    struct BaseMark
    {
        std::size_t order = 0;
        std::size_t checkpoints = 0;
        std::size_t sinceCheckpoint = 0;
        bool ok = false;
    };
    BaseMark baseMark() const
    {
        return { mBaseOrder.size(), mBaseCheckpointsUsed, mBaseSinceCheckpoint, mBaseOk };
    }
    /// Back to @p mark, forgetting what a filling undone appended.
    void rollBackBase(const BaseMark &mark);
    /// (variable, the group it left) for each split of the last fillGroupsByHeap().
    std::vector<std::pair<VariableId, ConstraintId>> mSplits;
    std::vector<std::uint32_t> mSplitPicks; ///< Scratch of fillGroupsByHeap(): member places.

private:
    virtual void doSolve() = 0;
    /// Forgets the changes published by the last solve() at the first mutation after it.
    void beginChanges();
    /// Brings mLoad up to date on the constraints of the changed variables.
    void refreshChangedLoads();

    bool mPublished = false;

    // Scratch for progressiveFilling(), kept to avoid allocations.
    std::vector<std::uint8_t> mFrozen;
    std::vector<std::uint32_t> mStamp; ///< Per constraint, for refreshChangedLoads().
    std::uint32_t mStampNow = 0;
    /// Unfilled constraints by the level at which they fill, as a lazy min-heap: a level only
    /// grows while filling, so a stale key is a lower bound and is refreshed when it surfaces.
    std::vector<std::pair<double, ConstraintId>> mFillOrder;
    /// Pops mFillOrder until empty, freezing the unfrozen variables of each constraint it fills.
    void fillInOrder();
};

template<std::int32_t sign> inline void System::settleGroup(ConstraintId g, double level)
{
    double *const load = mGroupLoad.data();
    std::int32_t *const weight = mGroupWeight.data();
    // unit is a power of 2, so count * (unit * level) is count * unit * level, bit for bit.
    const double perUnit = double(sign) * mCrossingUnit * level;
    for (const Crossing &x : mGroupCrossings[std::size_t(g)]) {
        load[x.constraint] += double(x.count) * perUnit;
        weight[x.constraint] -= sign * x.count;
    }
}

} // namespace fabric::sim
