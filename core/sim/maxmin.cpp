// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "maxmin.h"

#include "fullsystem.h"
#include "incrementalsystem.h"

#include <cassert>
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

std::vector<std::string_view> System::solverNames() { return {"incremental", "full"}; }

System::System() = default;
System::~System() = default;

ConstraintId System::addConstraint(double capacity)
{
    Constraint c;
    c.capacity = capacity;
    c.level = std::numeric_limits<double>::infinity();
    mCons.push_back(std::move(c));
    mLoad.push_back(0.0);
    return ConstraintId(mCons.size() - 1);
}

VariableId System::addVariable(std::span<const Usage> usages)
{
    Variable v;
    v.usageBegin = std::uint32_t(mUsages.size());
    for (const Usage &u : usages) {
        assert(u.constraint >= 0 && std::size_t(u.constraint) < mCons.size());
        mUsages.push_back(u);
        mSlots.push_back(0);
    }
    v.usageEnd = std::uint32_t(mUsages.size());
    mVars.push_back(v);
    return VariableId(mVars.size() - 1);
}

std::span<const Usage> System::usages(VariableId v) const
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
        con.vars.push_back({v, mUsages[i].coefficient});
        markDirty(mUsages[i].constraint);
    }
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
    setRate(v, 0.0, -1);
}

void System::solve()
{
    beginChanges();
    mLoadsFresh = false;
    doSolve();
    if (!mLoadsFresh)
        refreshChangedLoads();
    for (ConstraintId c : mDirty)
        mCons[std::size_t(c)].dirty = false;
    mDirty.clear();
    mEnabledSinceSolve.clear();
    mPublished = true;
}

double System::load(ConstraintId c) const
{
    double sum = 0.0;
    for (const Member &m : mCons[std::size_t(c)].vars)
        sum += m.coefficient * mVars[std::size_t(m.var)].rate;
    return sum;
}

void System::refreshChangedLoads()
{
    ++mStampNow;
    mStamp.resize(mCons.size(), 0);
    for (VariableId v : mChanged) {
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
    }
}

void System::setRate(VariableId v, double rate, ConstraintId bottleneck)
{
    Variable &var = mVars[std::size_t(v)];
    if (var.rate == rate && var.bottleneck == bottleneck)
        return;
    var.rate = rate;
    var.bottleneck = bottleneck;
    if (!var.changed) {
        var.changed = true;
        mChanged.push_back(v);
    }
}

void System::progressiveFilling()
{
    ++mFullSolves;
    const std::size_t n = mCons.size();
    mRemaining.assign(n, 0.0);
    mUnfrozenWeight.assign(n, 0.0);
    mUnfrozenCount.assign(n, 0);
    mFilledLoad.assign(n, 0.0);
    mFrozen.assign(mVars.size(), 0);

    // Level at which constraint c fills if every unfrozen variable grows together. It only
    // grows as variables freeze (at a level no higher than it), so the heap may hold stale,
    // lower keys: each is checked when it reaches the top.
    const auto levelOf = [this](std::size_t c) {
        const double level = mRemaining[c] / mUnfrozenWeight[c];
        return level > 0.0 ? level : 0.0;
    };
    const auto later = [](const std::pair<double, ConstraintId> &a,
                          const std::pair<double, ConstraintId> &b) { return a > b; };
    mFillOrder.clear();
    for (std::size_t c = 0; c < n; ++c) {
        const Constraint &con = mCons[c];
        if (con.vars.empty())
            continue;
        mRemaining[c] = con.capacity;
        for (const Member &m : con.vars)
            mUnfrozenWeight[c] += m.coefficient;
        mUnfrozenCount[c] = std::uint32_t(con.vars.size());
        mFillOrder.emplace_back(levelOf(c), ConstraintId(c));
    }
    std::make_heap(mFillOrder.begin(), mFillOrder.end(), later);
    while (!mFillOrder.empty()) {
        std::pop_heap(mFillOrder.begin(), mFillOrder.end(), later);
        const auto [key, c] = mFillOrder.back();
        mFillOrder.pop_back();
        if (mUnfrozenCount[std::size_t(c)] == 0)
            continue; // every variable froze on other constraints
        const double level = levelOf(std::size_t(c));
        if (level > key && !mFillOrder.empty()
            && later(std::pair(level, c), mFillOrder.front())) {
            mFillOrder.emplace_back(level, c); // stale: fills later than the next one
            std::push_heap(mFillOrder.begin(), mFillOrder.end(), later);
            continue;
        }
        for (const Member &m : mCons[std::size_t(c)].vars) {
            if (mFrozen[std::size_t(m.var)])
                continue;
            mFrozen[std::size_t(m.var)] = 1;
            setRate(m.var, level, c);
            const Variable &var = mVars[std::size_t(m.var)];
            for (std::uint32_t i = var.usageBegin; i < var.usageEnd; ++i) {
                const std::size_t other = std::size_t(mUsages[i].constraint);
                const double a = mUsages[i].coefficient;
                mRemaining[other] -= a * level;
                mUnfrozenWeight[other] -= a;
                mFilledLoad[other] += a * level;
                --mUnfrozenCount[other];
            }
        }
    }
    for (std::size_t c = 0; c < n; ++c) {
        if (mFilledLoad[c] != mLoad[c]) {
            mLoad[c] = mFilledLoad[c];
            mLoadChanged.push_back(ConstraintId(c));
        }
    }
    mLoadsFresh = true;
}

} // namespace fabric::sim
