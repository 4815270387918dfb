// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "maxmin.h"

#include "fillorder.h"
#include "fullsystem.h"
#include "incrementalsystem.h"

#include <cassert>
#include <cmath>
#include <algorithm>
#include <functional>
#include <limits>
#include <utility>

namespace fabric::sim {

std::unique_ptr<System> System::create(std::string_view solverName)
{
    if (solverName == "full")
        return std::make_unique<FullSystem>();
    if (solverName == "incremental")
        return std::make_unique<IncrementalSystem>();
    return nullptr;
}


System::System() = default;
System::~System() = default;

ConstraintId System::addConstraint(double capacity)
{
    Constraint c;
    c.capacity = capacity;
    mCons.push_back(std::move(c));
    mLoad.push_back(0.0);
    mOwn.push_back(0);
    mOwnLevel.push_back(0.0);
    mEnabledWeight.push_back(0.0);
    dropCrossings(); // sized for the old constraint count: rebuilt when needed
    return ConstraintId(mCons.size() - 1);
}

void System::reserve(std::size_t variables, std::size_t usages)
{
    mVars.reserve(mVars.size() + variables);
    mUsages.reserve(mUsages.size() + usages);
    mSlots.reserve(mSlots.size() + usages);
}

VariableId System::addVariable(std::span<const Usage> usages)
{
    Variable v;
    v.usageBegin = std::uint32_t(mUsages.size());
    for (const Usage &u : usages) {
        assert(u.constraint >= 0 && std::size_t(u.constraint) < mCons.size());
        mUsages.push_back({ u.constraint, coefficientIndexOf(u.coefficient) });
        mSlots.push_back(0);
        noteCrossingUnits(u.coefficient);
        mCoefficientTotal += u.coefficient;
    }
    v.usageEnd = std::uint32_t(mUsages.size());
    mVars.push_back(v);
    return VariableId(mVars.size() - 1);
}

std::uint32_t System::coefficientIndexOf(double value)
{
    if (value == 1.0) // nearly every use
        return 0;
    const auto [it, added]
        = mCoefficientIndex.try_emplace(value, std::uint32_t(mCoefficients.size()));
    if (added) {
        mCoefficients.push_back(value);
        mCrossingWeights.push_back(std::int32_t(std::ldexp(value, mCrossingScaleBits)));
    }
    return it->second;
}

void System::noteCrossingUnits(double coefficient)
{
    if (!mCrossingUnitsExact || coefficient == 1.0)
        return;
    int bits = 0;
    const auto whole = [](double x) { return x == std::floor(x); };
    while (bits <= kMaxCrossingScaleBits && !whole(std::ldexp(coefficient, bits)))
        ++bits;
    if (bits > kMaxCrossingScaleBits || std::ldexp(coefficient, bits) > double(1 << 20)) {
        mCrossingUnitsExact = false;
        dropCrossings();
        return;
    }
    if (bits <= mCrossingScaleBits)
        return;
    // Finer units: every crossing weight kept so far is in the old ones.
    mCrossingScaleBits = bits;
    mCrossingUnit = std::ldexp(1.0, -bits);
    for (std::size_t i = 0; i < mCoefficients.size(); ++i)
        mCrossingWeights[i] = std::int32_t(std::ldexp(mCoefficients[i], bits));
    dropCrossings();
}

std::span<const System::Use> System::usages(VariableId v) const
{
    const Variable &var = mVars[std::size_t(v)];
    return {mUsages.data() + var.usageBegin, var.usageEnd - var.usageBegin};
}

void System::beginChanges()
{
    if (!mPublished)
        return;
    for (VariableId v : mChanged)
        mVars[std::size_t(v)].changed = false;
    mChanged.clear();
    for (ConstraintId c : mLevelChanged)
        mCons[std::size_t(c)].levelChanged = false;
    mLevelChanged.clear();
    mLoadChanged.clear();
    mPublished = false;
}

void System::markDirty(ConstraintId c)
{
    Constraint &con = mCons[std::size_t(c)];
    if (!con.dirty) {
        con.dirty = true;
        mDirty.push_back(c);
    }
}

void System::enable(VariableId v)
{
    Variable &var = mVars[std::size_t(v)];
    if (var.enabled)
        return;
    beginChanges();
    var.enabled = true;
    for (std::uint32_t i = var.usageBegin; i < var.usageEnd; ++i) {
        Constraint &con = mCons[std::size_t(mUsages[i].constraint)];
        mSlots[i] = std::uint32_t(con.vars.size());
        mBusyConstraints += con.vars.empty() ? 1 : 0;
        con.vars.push_back({ v, mUsages[i].coefficientIndex });
        mEnabledWeight[std::size_t(mUsages[i].constraint)] += coefficient(mUsages[i]);
        markDirty(mUsages[i].constraint);
    }
    mMemberships += var.usageEnd - var.usageBegin;
    mEnabledSinceSolve.push_back(v);
}

void System::disable(VariableId v)
{
    Variable &var = mVars[std::size_t(v)];
    if (!var.enabled)
        return;
    beginChanges();
    var.enabled = false;
    for (std::uint32_t i = var.usageBegin; i < var.usageEnd; ++i) {
        const ConstraintId c = mUsages[i].constraint;
        Constraint &con = mCons[std::size_t(c)];
        const std::uint32_t slot = mSlots[i];
        con.vars[slot] = con.vars.back();
        con.vars.pop_back();
        mBusyConstraints -= con.vars.empty() ? 1 : 0;
        mEnabledWeight[std::size_t(c)]
            = con.vars.empty() ? 0.0 : mEnabledWeight[std::size_t(c)] - coefficient(mUsages[i]);
        if (slot < con.vars.size()) {
            // Tell the moved variable where its member went.
            const Variable &moved = mVars[std::size_t(con.vars[slot].var)];
            for (std::uint32_t j = moved.usageBegin; j < moved.usageEnd; ++j) {
                if (mUsages[j].constraint == c) {
                    mSlots[j] = slot;
                    break;
                }
            }
        }
        markDirty(c);
    }
    mMemberships -= var.usageEnd - var.usageBegin;
    mDisabledSinceSolve.emplace_back(v, rate(v));
    setRate(v, 0.0, -1);
}

void System::solve()
{
    beginChanges();
    mLoadsFresh = false;
    mBaseUsable = mBaseFresh;
    mBaseFresh = false;
    doSolve();
    if (!mLoadsFresh)
        refreshChangedLoads();
    for (ConstraintId c : mDirty)
        mCons[std::size_t(c)].dirty = false;
    mDirty.clear();
    mEnabledSinceSolve.clear();
    mDisabledSinceSolve.clear();
    mPublished = true;
}

double System::load(ConstraintId c) const
{
    double sum = 0.0;
    for (const Member &m : mCons[std::size_t(c)].vars)
        sum += coefficient(m) * rate(m.var);
    return sum;
}

void System::refreshChangedLoads()
{
    ++mStampNow;
    mStamp.resize(mCons.size(), 0);
    const auto refreshConstraintsOf = [this](VariableId v) {
        const Variable &var = mVars[std::size_t(v)];
        for (std::uint32_t i = var.usageBegin; i < var.usageEnd; ++i) {
            const ConstraintId c = mUsages[i].constraint;
            if (mStamp[std::size_t(c)] == mStampNow)
                continue;
            mStamp[std::size_t(c)] = mStampNow;
            const double now = load(c);
            if (now != mLoad[std::size_t(c)]) {
                mLoad[std::size_t(c)] = now;
                mLoadChanged.push_back(c);
            }
        }
    };
    for (VariableId v : mChanged)
        refreshConstraintsOf(v);
    for (ConstraintId c : mLevelChanged)
        forEachBottlenecked(c, refreshConstraintsOf);
}

namespace {
constexpr FillsLater fillsLater;
} // namespace

void System::progressiveFilling()
{
    ++mFullSolves;
    const std::size_t n = mCons.size();
    mFill.assign(n, Fill{});
    mFrozen.assign(mVars.size(), 0);
    mFillOrder.clear();
    for (std::size_t c = 0; c < n; ++c) {
        const Constraint &con = mCons[c];
        if (con.vars.empty())
            continue;
        Fill &fill = mFill[c];
        fill.remaining = con.capacity;
        for (const Member &m : con.vars)
            fill.weight += coefficient(m);
        fill.unfrozen = std::uint32_t(con.vars.size());
        mFillOrder.emplace_back(std::max(fill.remaining / fill.weight, 0.0), ConstraintId(c));
    }
    fillInOrder();
    for (std::size_t c = 0; c < n; ++c) {
        if (mFill[c].load != mLoad[c]) {
            mLoad[c] = mFill[c].load;
            mLoadChanged.push_back(ConstraintId(c));
        }
    }
    mLoadsFresh = true;
}

bool System::refillAboveDisabled()
{
    if (!mEnabledSinceSolve.empty() || mDisabledSinceSolve.empty() || mFill.size() != mCons.size())
        return false;
    double threshold = std::numeric_limits<double>::infinity();
    for (const auto &[v, rate] : mDisabledSinceSolve)
        threshold = std::min(threshold, rate);
    if (!(threshold > 0.0))
        return false;

    ++mStampNow;
    mStamp.resize(mCons.size(), 0);
    mRefilled.clear();
    const auto touch = [&](ConstraintId c) {
        if (mStamp[std::size_t(c)] == mStampNow)
            return;
        mStamp[std::size_t(c)] = mStampNow;
        mRefilled.push_back(c);
        Fill &fill = mFill[std::size_t(c)];
        fill = Fill{};
        fill.load = mLoad[std::size_t(c)];
    };
    // Take out of each constraint's load what the disabled variables and those to fill again
    // carried: what is left is the load of the variables that stay frozen.
    for (const auto &[v, rate] : mDisabledSinceSolve) {
        const Variable &var = mVars[std::size_t(v)];
        for (std::uint32_t i = var.usageBegin; i < var.usageEnd; ++i) {
            touch(mUsages[i].constraint);
            mFill[std::size_t(mUsages[i].constraint)].load -= coefficient(mUsages[i]) * rate;
        }
    }
    // What to fill again: the groups (variables sharing a bottleneck, all at its level) above
    // the threshold, and those at it whose bottleneck lost a variable. A group exactly at the
    // threshold elsewhere fills at the same level as before: its constraint's state below the
    // threshold is unchanged, and variables freezing at its own level leave that level as is.
    // (Touched so far = constraints of the disabled variables; the 1e-9 only widens the set.)
    mGroupsToFill.clear();
    for (std::size_t c = 0; c < mCons.size(); ++c) {
        if (mOwn[c] == 0)
            continue;
        const double level = mOwnLevel[c];
        if (level > threshold
            || (level >= threshold * (1 - 1e-9) && mStamp[c] == mStampNow))
            mGroupsToFill.push_back(ConstraintId(c));
    }
    if (groupRefillPays()) {
        refillGroups();
        return true;
    }
    mFrozen.assign(mVars.size(), 1);
    for (ConstraintId c : mGroupsToFill) {
        for (const Member &m : mCons[std::size_t(c)].vars) {
            const Variable &var = mVars[std::size_t(m.var)];
            if (var.bottleneck != c)
                continue;
            mFrozen[std::size_t(m.var)] = 0;
            for (std::uint32_t i = var.usageBegin; i < var.usageEnd; ++i) {
                touch(mUsages[i].constraint);
                Fill &fill = mFill[std::size_t(mUsages[i].constraint)];
                fill.load -= coefficient(mUsages[i]) * mOwnLevel[std::size_t(c)];
                fill.weight += coefficient(mUsages[i]);
                ++fill.unfrozen;
            }
        }
    }
    mFillOrder.clear();
    for (ConstraintId c : mRefilled) {
        Fill &fill = mFill[std::size_t(c)];
        if (mCons[std::size_t(c)].vars.empty())
            fill.load = 0.0; // exactly, not a rounding residue
        fill.remaining = mCons[std::size_t(c)].capacity - fill.load;
        if (fill.unfrozen > 0)
            mFillOrder.emplace_back(std::max(fill.remaining / fill.weight, 0.0), c);
    }
    fillInOrder();
    for (ConstraintId c : mRefilled) {
        if (mFill[std::size_t(c)].load != mLoad[std::size_t(c)]) {
            mLoad[std::size_t(c)] = mFill[std::size_t(c)].load;
            mLoadChanged.push_back(c);
        }
    }
    mLoadsFresh = true;
    return true;
}

void System::fillInOrder()
{
    // Level at which constraint c fills if every unfrozen variable grows together. It only
    // grows as variables freeze (at a level no higher than it), so the heap may hold stale,
    // lower keys: each is checked when it reaches the top.
    const auto levelOf = [this](std::size_t c) {
        const double level = mFill[c].remaining / mFill[c].weight;
        return level > 0.0 ? level : 0.0;
    };
    std::make_heap(mFillOrder.begin(), mFillOrder.end(), fillsLater);
    while (!mFillOrder.empty()) {
        std::pop_heap(mFillOrder.begin(), mFillOrder.end(), fillsLater);
        const auto [key, c] = mFillOrder.back();
        mFillOrder.pop_back();
        if (mFill[std::size_t(c)].unfrozen == 0)
            continue; // every variable froze on other constraints
        const double level = levelOf(std::size_t(c));
        if (level > key && !mFillOrder.empty()
            && fillsLater(std::pair(level, c), mFillOrder.front())) {
            mFillOrder.emplace_back(level, c); // stale: fills later than the next one
            std::push_heap(mFillOrder.begin(), mFillOrder.end(), fillsLater);
            continue;
        }
        const std::vector<Member> &members = mCons[std::size_t(c)].vars;
        const std::size_t count = members.size();
        for (std::size_t k = 0; k < count; ++k) {
            const Member &m = members[k];
            if (mFrozen[std::size_t(m.var)])
                continue;
            mFrozen[std::size_t(m.var)] = 1;
            setRate(m.var, level, c);
            const Variable &var = mVars[std::size_t(m.var)];
            for (std::uint32_t i = var.usageBegin; i < var.usageEnd; ++i) {
                Fill &other = mFill[std::size_t(mUsages[i].constraint)];
                const double a = coefficient(mUsages[i]);
                other.remaining -= a * level;
                other.weight -= a;
                other.load += a * level;
                other.top = level;
                --other.unfrozen;
            }
        }
    }
}

} // namespace fabric::sim

namespace fabric::sim {

std::string System::checkInvariants() const
{
    // Rates are rounded sums of rounded levels; a precision coarser than exact loosens both.
    const double tolerance = std::max(1e-9, 10.0 * mPrecision);
    const auto near = [tolerance](double a, double b) {
        return std::abs(a - b) <= tolerance * std::max({1.0, std::abs(a), std::abs(b)});
    };
    const auto at = [](const char *what, std::size_t id) {
        return std::string(what) + " " + std::to_string(id) + ": ";
    };
    if (!mPublished)
        return {}; // changed since the last solve(): the rates are not meant to fit yet
    if (mLoad.size() != mCons.size() || mOwn.size() != mCons.size())
        return "per-constraint tables do not match the constraint count";
    std::vector<std::uint32_t> owned(mCons.size(), 0);
    std::size_t memberships = 0;
    for (std::size_t v = 0; v < mVars.size(); ++v) {
        const Variable &var = mVars[v];
        if (!var.enabled) {
            if (var.bottleneck >= 0)
                return at("variable", v) + "disabled but has a bottleneck";
            continue;
        }
        if (var.bottleneck < 0 || std::size_t(var.bottleneck) >= mCons.size())
            return at("variable", v) + "enabled without a bottleneck";
        ++owned[std::size_t(var.bottleneck)];
        bool onBottleneck = false;
        for (std::uint32_t i = var.usageBegin; i < var.usageEnd; ++i) {
            const ConstraintId c = mUsages[i].constraint;
            const std::vector<Member> &members = mCons[std::size_t(c)].vars;
            if (mSlots[i] >= members.size() || members[mSlots[i]].var != VariableId(v))
                return at("variable", v) + "not at its recorded slot on constraint "
                    + std::to_string(c);
            onBottleneck = onBottleneck || c == var.bottleneck;
            ++memberships;
        }
        if (!onBottleneck)
            return at("variable", v) + "its bottleneck is not one of its constraints";
    }
    std::size_t listed = 0;
    for (std::size_t c = 0; c < mCons.size(); ++c) {
        const Constraint &con = mCons[c];
        listed += con.vars.size();
        double load = 0.0;
        double largest = 0.0;
        for (const Member &m : con.vars) {
            if (!mVars[std::size_t(m.var)].enabled)
                return at("constraint", c) + "lists a disabled variable";
            load += coefficient(m) * rate(m.var);
            largest = std::max(largest, rate(m.var));
        }
        if (!near(mLoad[c], load))
            return at("constraint", c) + "published load " + std::to_string(mLoad[c])
                + " is not the sum of its rates " + std::to_string(load);
        if (load > con.capacity * (1.0 + tolerance) + tolerance)
            return at("constraint", c) + "load " + std::to_string(load) + " over its capacity "
                + std::to_string(con.capacity);
        if (owned[c] != mOwn[c])
            return at("constraint", c) + "bottlenecks " + std::to_string(owned[c])
                + " variables but counts " + std::to_string(mOwn[c]);
        if (owned[c] > 0 && !near(load, con.capacity))
            return at("constraint", c) + "is a bottleneck but not saturated";
        for (const Member &m : con.vars) {
            const Variable &var = mVars[std::size_t(m.var)];
            if (var.bottleneck == ConstraintId(c) && !near(rate(m.var), largest))
                return at("variable", std::size_t(m.var))
                    + "is not among the largest on its bottleneck";
        }
    }
    if (listed != memberships)
        return "constraints list " + std::to_string(listed) + " memberships, variables have "
            + std::to_string(memberships);
    if (listed != mMemberships)
        return "constraints list " + std::to_string(listed) + " memberships, the count says "
            + std::to_string(mMemberships);
    const auto busy = std::size_t(std::count_if(
        mCons.begin(), mCons.end(), [](const Constraint &con) { return !con.vars.empty(); }));
    if (busy != mBusyConstraints)
        return std::to_string(busy) + " constraints have variables, the count says "
            + std::to_string(mBusyConstraints);
    std::size_t crossings = 0;
    for (const std::vector<Crossing> &crossed : mGroupCrossings)
        crossings += crossed.size();
    if (crossings != mCrossingTotal)
        return "groups cross " + std::to_string(crossings) + " constraints, the count says "
            + std::to_string(mCrossingTotal);
    return {};
}

} // namespace fabric::sim
