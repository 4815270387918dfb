// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "fillorder.h"
#include "maxmin.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fabric::sim {

void System::dropCrossings()
{
    mCrossingsKept = false;
    mGroupCrossings.clear();
    mCrossingTotal = 0;
    mGroupCrossingSlot.reset(0);
}

void System::addCrossing(ConstraintId group, ConstraintId c, std::int32_t delta)
{
    std::vector<Crossing> &crossed = mGroupCrossings[std::size_t(group)];
    const std::int32_t slot = mGroupCrossingSlot.find(group, c);
    if (slot < 0) {
        mGroupCrossingSlot.set(group, c, std::int32_t(crossed.size()));
        crossed.push_back({c, delta});
        ++mCrossingTotal;
        return;
    }
    if ((crossed[std::size_t(slot)].count += delta) != 0)
        return;
    // Swap-remove, telling the moved entry where it went.
    const Crossing last = crossed.back();
    crossed[std::size_t(slot)] = last;
    crossed.pop_back();
    --mCrossingTotal;
    if (last.constraint != c)
        mGroupCrossingSlot.set(group, last.constraint, slot);
    mGroupCrossingSlot.erase(group, c);
}

void System::addCrossings(VariableId v, ConstraintId group, std::int32_t delta)
{
    const Variable &var = mVars[std::size_t(v)];
    for (std::uint32_t i = var.usageBegin; i < var.usageEnd; ++i)
        addCrossing(
            group, mUsages[i].constraint, delta * mCrossingWeights[mUsages[i].coefficientIndex]);
}

bool System::groupRefillPays()
{
    // Every weight is at most the total of all coefficients: it must fit the integers.
    const double largestWeight = std::ldexp(mCoefficientTotal, mCrossingScaleBits);
    if (!mCrossingUnitsExact || largestWeight >= double(std::numeric_limits<std::int32_t>::max())
        || mCons.size() > CrossingIndex::kMaxConstraints)
        return false;
    if (!mCrossingsKept) {
        mGroupCrossings.assign(mCons.size(), {});
        mGroupCrossingSlot.reset(mCons.size());
        mCrossingsKept = true;
        for (std::size_t v = 0; v < mVars.size(); ++v)
            if (mVars[v].bottleneck >= 0)
                addCrossings(VariableId(v), mVars[v].bottleneck, +1);
    }
    return true;
}

void System::fillGroupsByHeap(std::span<const ConstraintId> candidates)
{
    const double unit = mCrossingUnit;
    double *const load = mGroupLoad.data();
    std::int32_t *const weight = mGroupWeight.data();
    double *const top = mGroupTop.data();
    mGroupFillOrder.clear();
    for (ConstraintId c : candidates)
        if (weight[c] > 0)
            mGroupFillOrder.add(
                std::max(
                    (mCons[std::size_t(c)].capacity - load[c]) / (double(weight[c]) * unit), 0.0),
                c);
    std::size_t rising = mUnits.size();
    // A whole group freezes at its own constraint: one pass over what it crosses.
    const auto freezeGroup = [&](ConstraintId g, double level) {
        mUnitRising[std::size_t(g)] = 0;
        --rising;
        setLevelOf(g, level);
        settleGroup<+1>(g, level);
    };
    // The variables of other rising groups that cross c freeze there, with c as their
    // bottleneck; the rest of their groups keeps rising. One pass over c's members finds them
    // all (cheaper than walking each group's members and their paths). It only notes their
    // places, without a branch: whether a member splits is a coin toss to the branch
    // predictor, and the walk took most of the split time when it decided member by member.
    const auto splitGroupsAt = [&](ConstraintId c, double level) {
        const std::vector<Member> &members = mCons[std::size_t(c)].vars;
        mSplitPicks.resize(members.size());
        std::uint32_t *const picks = mSplitPicks.data();
        const std::uint8_t *const unitRising = mUnitRising.data();
        const Variable *const vars = mVars.data();
        std::size_t picked = 0;
        for (std::size_t i = 0; i < members.size(); ++i) {
            // >= 0: every member is enabled, so it has a bottleneck
            const ConstraintId g = vars[std::size_t(members[i].var)].bottleneck;
            picks[picked] = std::uint32_t(i);
            picked += std::size_t((g != c) & (unitRising[std::size_t(g)] != 0));
        }
        // Splitting moves none of c's members: it changes bottlenecks, not memberships.
        for (std::size_t k = 0; k < picked; ++k) {
            const VariableId v = members[picks[k]].var;
            const ConstraintId g = mVars[std::size_t(v)].bottleneck;
            mSplits.emplace_back(v, g);
            setRate(v, level, c);
            const Variable &var = mVars[std::size_t(v)];
            for (std::uint32_t i = var.usageBegin; i < var.usageEnd; ++i) {
                const std::size_t other = std::size_t(mUsages[i].constraint);
                load[other] += coefficient(mUsages[i]) * level;
                weight[other] -= mCrossingWeights[mUsages[i].coefficientIndex];
            }
            if (mOwn[std::size_t(g)] == 0) {
                mUnitRising[std::size_t(g)] = 0;
                --rising;
            }
        }
    };

    // Progressive filling as in fillInOrder(), over groups: a lazy heap of fill levels, the
    // same order and the same tie rule, so each variable freezes where it would one by one.
    // Once every group froze, what is left in the heap can fill nothing.
    mSplits.clear();
    mGroupFillOrder.build();
    while (rising > 0 && !mGroupFillOrder.empty()) {
        const auto [key, c] = mGroupFillOrder.top();
        if (weight[c] == 0) { // every variable froze on other constraints
            mGroupFillOrder.pop();
            continue;
        }
        const double level = std::max(
            (mCons[std::size_t(c)].capacity - load[c]) / (double(weight[c]) * unit), 0.0);
        if (level > key && !mGroupFillOrder.topStaysFirstAt(level)) {
            mGroupFillOrder.raiseTop(level); // stale: fills later than the next one
            continue;
        }
        mGroupFillOrder.pop();
        top[c] = level;
        if (mUnitRising[std::size_t(c)])
            freezeGroup(c, level);
        if (weight[c] > 0)
            splitGroupsAt(c, level);
        appendToBase(c);
    }
}

bool System::fillRisingGroupsAlone()
{
    // The filling changes nothing outside mRefilled (what rising variables cross): copies of
    // those entries are enough to go back. Where that is most constraints (a dense all-to-all),
    // whole copies cost less than gathering.
    const std::size_t n = mCons.size();
    const bool whole = 4 * mRefilled.size() >= n;
    if (whole) {
        mAloneLoad.assign(mGroupLoad.begin(), mGroupLoad.begin() + std::ptrdiff_t(n));
        mAloneWeight.assign(mGroupWeight.begin(), mGroupWeight.begin() + std::ptrdiff_t(n));
    } else {
        mAloneLoad.resize(mRefilled.size());
        mAloneWeight.resize(mRefilled.size());
        for (std::size_t k = 0; k < mRefilled.size(); ++k) {
            mAloneLoad[k] = mGroupLoad[std::size_t(mRefilled[k])];
            mAloneWeight[k] = mGroupWeight[std::size_t(mRefilled[k])];
        }
    }
    // The saved entry of the k-th constraint of mRefilled, i.
    const auto saved = [whole](std::size_t k, std::size_t i) { return whole ? i : k; };
    mMayFill.resize(n, 0);
    mAloneCandidates.assign(mUnits.begin(), mUnits.end());
    for (ConstraintId c : mMayFillList)
        if (!mGroupIsUnit[std::size_t(c)])
            mAloneCandidates.push_back(c);
    const BaseMark mark = baseMark();
    fillGroupsByHeap(mAloneCandidates);
    bool othersBelow = true;
    for (std::size_t k = 0; k < mRefilled.size(); ++k) {
        const std::size_t i = std::size_t(mRefilled[k]);
        if (mAloneWeight[saved(k, i)] > 0 && !mGroupIsUnit[i] && !mMayFill[i]
            && !(mGroupLoad[i] < mCons[i].capacity * (1 - kAloneMargin))) {
            // It fills: from now on it goes into the heap.
            othersBelow = false;
            mMayFill[i] = 1;
            mMayFillList.push_back(ConstraintId(i));
        }
    }
    if (othersBelow)
        return true;
    // Back to where the filling started: the variables that split return to their groups
    // (last first, so each finds the group it left), the scratch state to the copy.
    for (auto it = mSplits.rbegin(); it != mSplits.rend(); ++it)
        setRate(it->first, mOwnLevel[std::size_t(it->second)], it->second);
    for (std::size_t k = 0; k < mRefilled.size(); ++k) {
        const std::size_t i = std::size_t(mRefilled[k]);
        mGroupLoad[i] = mAloneLoad[saved(k, i)];
        mGroupWeight[i] = mAloneWeight[saved(k, i)];
        mGroupTop[i] = 0.0;
    }
    for (ConstraintId g : mUnits)
        mUnitRising[std::size_t(g)] = 1;
    rollBackBase(mark);
    return false;
}

void System::refillGroups()
{
    ++mGroupRefills;
    const std::size_t n = mCons.size();
    // Per constraint: the load of what does not rise (frozen variables, then groups as they
    // freeze), how much the rising variables crossing it weigh (in crossing units), and the level
    // at which it filled (0 when it did not: IncrementalSystem::solveExactly() then takes the
    // largest rate on it).
    mUnitRising.assign(n, 0);
    mUnits.clear();
    std::size_t risingCrossings = 0;
    for (ConstraintId g : mGroupsToFill) {
        if (mOwn[std::size_t(g)] == 0)
            continue;
        mUnits.push_back(g);
        mUnitRising[std::size_t(g)] = 1;
        risingCrossings += mGroupCrossings[std::size_t(g)].size();
    }
    const std::size_t allCrossings = mCrossingTotal;
    mGroupTop.assign(n, 0.0);
    double *const top = mGroupTop.data();
    const double unit = mCrossingUnit;
    mGroupLoad.resize(n);
    mGroupWeight.resize(n);
    double *const load = mGroupLoad.data();
    std::int32_t *const weight = mGroupWeight.data();
    // Below about four crossings a constraint, copying checkpoints costs what they save.
    const bool keepBase = allCrossings >= 4 * n && baseCheckpointLimit() >= 2;
    mBaseEvery = std::max<std::size_t>(4, mUnits.size() / 8);
    const bool fewRise = 2 * risingCrossings <= allCrossings;
    if (keepBase || !fewRise) { // the checkpoints need them, and so does summing what stays
        mEnabledUnits.resize(n);
        const double unitsPerCoefficient = 1.0 / unit; // a power of 2: the product is exact
        for (std::size_t c = 0; c < n; ++c)
            mEnabledUnits[c] = std::int32_t(mEnabledWeight[c] * unitsPerCoefficient);
    }
    if (keepBase && startFromBase()) {
        ++mBaseStarts;
    } else {
        if (fewRise) {
            // Few rise: take them out of the last solve's loads.
            std::copy(mLoad.begin(), mLoad.end(), load);
            for (ConstraintId c : mRefilled) // so far: the constraints of the disabled variables
                load[c] = mFill[std::size_t(c)].load;
            std::fill(weight, weight + n, 0);
            for (ConstraintId g : mUnits)
                settleGroup<-1>(g, mOwnLevel[std::size_t(g)]);
        } else {
            // Most rise (a dense all-to-all: about 3/4): add up the groups that stay instead.
            // Every enabled variable is in exactly one group, its bottleneck's, so what the
            // staying groups do not account for on a constraint is rising.
            std::fill(load, load + n, 0.0);
            std::copy(mEnabledUnits.begin(), mEnabledUnits.end(), weight);
            for (std::size_t g = 0; g < n; ++g)
                if (!mUnitRising[g] && !mGroupCrossings[g].empty())
                    settleGroup<+1>(ConstraintId(g), mOwnLevel[g]);
        }
        if (keepBase)
            rebuildBase();
        else
            mBaseOk = false;
    }
    for (std::size_t c = 0; c < n; ++c) {
        if (weight[c] > 0 && mStamp[c] != mStampNow) {
            mStamp[c] = mStampNow;
            mRefilled.push_back(ConstraintId(c));
        }
        // No variables left: a load of exactly 0, not a rounding residue. (The weight is set to
        // 0 then, and is exact otherwise: whole crossing units, summed below 2^31 of them.)
        if (mEnabledWeight[c] == 0.0)
            load[c] = 0.0;
    }
    mGroupIsUnit.resize(n, 0);
    for (ConstraintId g : mUnits)
        mGroupIsUnit[std::size_t(g)] = 1;
    bool filled = false;
    if (mAloneSkips == 0) {
        filled = fillRisingGroupsAlone();
        // After a miss (a constraint other than the groups' fills), the next few refills take
        // the full pass without trying: more of them each time it keeps missing.
        mAloneBackoff = filled ? 0 : std::min<std::size_t>(2 * mAloneBackoff + 1, 64);
        mAloneSkips = mAloneBackoff;
        mAloneRefills += filled ? 1 : 0;
    } else {
        --mAloneSkips;
    }
    if (!filled)
        fillGroupsByHeap(mRefilled);
    for (ConstraintId g : mUnits)
        mGroupIsUnit[std::size_t(g)] = 0;
    mBaseFresh = keepBase && mBaseOk;

    for (ConstraintId c : mRefilled) {
        Fill &fill = mFill[std::size_t(c)];
        fill = Fill{};
        fill.load = load[c];
        fill.top = top[c];
        if (fill.load != mLoad[std::size_t(c)]) {
            mLoad[std::size_t(c)] = fill.load;
            mLoadChanged.push_back(c);
        }
    }
    mLoadsFresh = true;
}

} // namespace fabric::sim
