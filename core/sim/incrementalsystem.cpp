// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "incrementalsystem.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace fabric::sim {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kRelTol = 1e-12;

bool same(double a, double b, double tolerance)
{
    if (a == b)
        return true;
    if (std::isinf(a) || std::isinf(b))
        return false;
    return std::abs(a - b) <= tolerance * std::max(std::abs(a), std::abs(b));
}
} // namespace

void IncrementalSystem::setRateFromLevels(VariableId v)
{
    // The smallest level, on the constraint that has it (the current bottleneck on a tie, so
    // the engine's per-bottleneck clocks do not churn).
    const Variable &var = mVars[std::size_t(v)];
    double rate = kInf;
    ConstraintId at = -1;
    for (std::uint32_t i = var.usageBegin; i < var.usageEnd; ++i) {
        const ConstraintId c = mUsages[i].constraint;
        const double level = mLevel[std::size_t(c)];
        if (level < rate || (level == rate && c == var.bottleneck)) {
            rate = level;
            at = c;
        }
    }
    setRate(v, rate, at);
}

double IncrementalSystem::computeLevel(ConstraintId c)
{
    const Constraint &con = mCons[std::size_t(c)];
    if (con.vars.empty())
        return kInf;
    const double old = mLevel[std::size_t(c)];
    mScratch.clear();
    double sumAtOld = 0.0;   // sum a * min(d, old)
    double sumAll = 0.0;     // sum a * d
    bool someoneAtOld = false;
    for (const Member &m : con.vars) {
        const double d = demandOn(m.var, c);
        mScratch.emplace_back(d, coefficient(m));
        sumAll += coefficient(m) * d;
        if (!std::isinf(old)) {
            sumAtOld += coefficient(m) * std::min(d, old);
            someoneAtOld = someoneAtOld || d >= old * (1 - kRelTol);
        }
    }
    // Fast paths: the old level still solves the equation.
    if (std::isinf(old) && sumAll <= con.capacity)
        return kInf;
    if (!std::isinf(old) && someoneAtOld && same(sumAtOld, con.capacity, kRelTol))
        return old;
    if (sumAll <= con.capacity)
        return kInf;
    std::sort(mScratch.begin(), mScratch.end());
    double remaining = con.capacity;
    double weight = 0.0;
    for (const auto &[d, a] : mScratch)
        weight += a;
    for (const auto &[d, a] : mScratch) {
        if (d * weight >= remaining)
            return std::max(remaining / weight, 0.0);
        remaining -= a * d;
        weight -= a;
    }
    return kInf; // not reached: sumAll > capacity
}

void IncrementalSystem::solveEverything()
{
    progressiveFilling();
    for (ConstraintId c : mPendingLevels) // every level is set below
        mPendingFlag[std::size_t(c)] = 0;
    mPendingLevels.clear();
    // Levels consistent with the fixed point, for the next incremental solve: with the max-min
    // rates known, L(c) is the largest rate on c when c is saturated (the filling kept both).
    mLevel.resize(mCons.size());
    for (std::size_t c = 0; c < mCons.size(); ++c) {
        const Constraint &con = mCons[c];
        const Fill &fill = mFill[c];
        mLevel[c] = !con.vars.empty() && fill.load >= con.capacity * (1 - kRelTol) ? fill.top
                                                                                 : kInf;
    }
    mAllStale = true;
}

void IncrementalSystem::solveExactly()
{
    settleRefillCost(); // before the refill replaces the list it is taken from
    if (!refillAboveDisabled()) {
        solveEverything();
        return;
    }
    mRefillCostPending = true;
    // The levels of the constraints the refill touched (the others keep theirs) are worked out
    // when the worklist next needs them (flushLevels()): through the dense middle of an
    // all-to-all it is not tried for hundreds of solves, and each refill touches most
    // constraints.
    if (mPendingFlag.size() < mCons.size())
        mPendingFlag.resize(mCons.size(), 0);
    for (ConstraintId c : mRefilled) {
        if (!mPendingFlag[std::size_t(c)]) {
            mPendingFlag[std::size_t(c)] = 1;
            mPendingLevels.push_back(c);
        }
    }
}

void IncrementalSystem::settleRefillCost()
{
    if (!mRefillCostPending)
        return;
    mRefillCostPending = false;
    mRefillCost = 0;
    for (ConstraintId c : mRefilled)
        mRefillCost += mCons[std::size_t(c)].vars.size();
}

void IncrementalSystem::flushLevels()
{
    // As the refill left each one: a constraint it touched last still has that refill's record
    // in mFill, and no variable on it changed rate since (that would have touched it again).
    for (ConstraintId c : mPendingLevels) {
        mPendingFlag[std::size_t(c)] = 0;
        const Constraint &con = mCons[std::size_t(c)];
        const Fill &fill = mFill[std::size_t(c)];
        double level = kInf;
        if (!con.vars.empty() && fill.load >= con.capacity * (1 - kRelTol)) {
            level = fill.top;
            if (!(level > 0.0)) // nothing filled again here: the largest rate that stayed
                for (const Member &m : con.vars)
                    level = std::max(level, rate(m.var));
        }
        if (mLevel[std::size_t(c)] != level) {
            mLevel[std::size_t(c)] = level;
            markStale(c);
        }
    }
    mPendingLevels.clear();
}

void IncrementalSystem::markStale(ConstraintId c)
{
    if (!mStaleFlag[std::size_t(c)]) {
        mStaleFlag[std::size_t(c)] = 1;
        mStaleLevels.push_back(c);
    }
}

void IncrementalSystem::syncNearest()
{
    mNearest.resize(mVars.size());
    // A variable is visited once per stale level on its path: when that adds up to more than
    // one visit per variable (after a refill of a dense all-to-all, about one per hop), one
    // pass over all of them is cheaper.
    std::size_t visits = mStaleVars.size();
    for (ConstraintId c : mStaleLevels)
        visits += mCons[std::size_t(c)].vars.size();
    if (mAllStale || visits > mVars.size()) {
        for (std::size_t v = 0; v < mVars.size(); ++v)
            if (mVars[v].enabled)
                refreshNearest(VariableId(v));
    } else {
        forEachAffected(mStaleLevels, mStaleVars, [this](VariableId v) { refreshNearest(v); });
    }
    for (ConstraintId c : mStaleLevels)
        mStaleFlag[std::size_t(c)] = 0;
    mStaleLevels.clear();
    mStaleVars.clear();
    mAllStale = false;
}

void IncrementalSystem::spreadChange(VariableId v, ConstraintId c, double oldLevel,
                                     double newLevel)
{
    // v's other constraints see it through min(d, L(c2)), d = the smallest level of v's
    // constraints other than c and c2: the smallest of all but c unless c2 holds it, then the
    // second smallest. One pass finds both, so a long path costs O(hops), not O(hops^2).
    const Variable &var = mVars[std::size_t(v)];
    double min1 = kInf;
    double min2 = kInf;
    ConstraintId at1 = -1;
    for (std::uint32_t i = var.usageBegin; i < var.usageEnd; ++i) {
        const ConstraintId c2 = mUsages[i].constraint;
        if (c2 == c)
            continue;
        const double level = mLevel[std::size_t(c2)];
        if (level < min1) {
            min2 = min1;
            min1 = level;
            at1 = c2;
        } else if (level < min2) {
            min2 = level;
        }
    }
    for (std::uint32_t i = var.usageBegin; i < var.usageEnd; ++i) {
        const ConstraintId c2 = mUsages[i].constraint;
        if (c2 == c)
            continue;
        Constraint &con2 = mCons[std::size_t(c2)];
        if (con2.dirty)
            continue;
        // c2 sees v through min(d, L(c2)); only a change there matters.
        const double others = c2 == at1 ? min2 : min1;
        const double level2 = mLevel[std::size_t(c2)];
        const double before = std::min({others, oldLevel, level2});
        const double after = std::min({others, newLevel, level2});
        if (!same(before, after, mPrecision)) {
            con2.dirty = true;
            mQueue.push_back(c2);
        }
    }
}

void IncrementalSystem::refreshNearest(VariableId v)
{
    const Variable &var = mVars[std::size_t(v)];
    Nearest n;
    for (std::uint32_t i = var.usageBegin; i < var.usageEnd; ++i) {
        const ConstraintId c = mUsages[i].constraint;
        const double level = mLevel[std::size_t(c)];
        if (level < n.min1) {
            n.min2 = n.min1;
            n.min1 = level;
            n.at1 = c;
        } else if (level < n.min2) {
            n.min2 = level;
        }
    }
    mNearest[std::size_t(v)] = n;
}

void IncrementalSystem::setLevel(ConstraintId c, double level)
{
    const double old = mLevel[std::size_t(c)];
    if (old == level)
        return;
    mLevel[std::size_t(c)] = level;
    // One level moved, all others as the caches know them: most members need O(1).
    for (const Member &m : mCons[std::size_t(c)].vars) {
        Nearest &n = mNearest[std::size_t(m.var)];
        if (c == n.at1) {
            if (level <= n.min2)
                n.min1 = level;
            else
                refreshNearest(m.var); // no longer the smallest: who is?
        } else if (level < n.min1) {
            n.min2 = n.min1;
            n.min1 = level;
            n.at1 = c;
        } else if (level < n.min2) {
            n.min2 = level;
        } else if (old == n.min2) {
            refreshNearest(m.var); // it may have been the second smallest
        }
    }
}

void IncrementalSystem::doSolve()
{
    mLevel.resize(mCons.size(), kInf);
    mStaleFlag.resize(mCons.size(), 0);
    if (!mAllStale)
        mStaleVars.insert(mStaleVars.end(), mEnabledSinceSolve.begin(), mEnabledSinceSolve.end());
    const std::size_t busy = busyConstraintCount();
    const std::size_t members = membershipCount();
    if (mFullSolves == 0 || (mDirty.size() > 1024 && mDirty.size() * 4 > busy)
        || mSkipIncremental > 0) {
        mSkipIncremental = mSkipIncremental > 0 ? mSkipIncremental - 1 : 0;
        if (mFullSolves == 0)
            solveEverything();
        else
            solveExactly();
        return;
    }

    flushLevels();
    settleRefillCost();
    syncNearest();
    mQueue.assign(mDirty.begin(), mDirty.end());
    mMoved.clear();
    mUndo.clear();
    // Give up once the worklist has cost about what the exact fallback would: a full solve, or,
    // when only flows left, a share of what the last refill above the smallest rate that left
    // cost. The share halves at each failure (down to 1/32) and doubles at each success: on a
    // dense all-to-all most worklists would run long, and a step of one (a level found by
    // sorting demands, spread hop by hop) costs more per membership than the refill's filling;
    // on sparse traffic most succeed. After a failure, skip the attempt for the next few
    // solves, twice as many each time it keeps failing, up to kMaxBackoff.
    const bool refillApplies = mEnabledSinceSolve.empty() && !mDisabledSinceSolve.empty();
    const std::size_t budget =
        (refillApplies && mRefillCost > 0 ? std::min(members, mRefillCost) >> mBudgetShift
                                          : members)
        + 1024;
    std::size_t work = 0;
    for (std::size_t head = 0; head < mQueue.size(); ++head) {
        if (work > budget) {
            for (std::size_t i = head; i < mQueue.size(); ++i)
                mCons[std::size_t(mQueue[i])].dirty = false;
            mBackoff = std::min<std::size_t>(std::max<std::size_t>(2 * mBackoff, 1), kMaxBackoff);
            mBudgetShift = std::min(mBudgetShift + 1, 5);
            mSkipIncremental = mBackoff;
            for (auto it = mUndo.rbegin(); it != mUndo.rend(); ++it) // back to the last solve
                setLevel(it->first, it->second);
            solveExactly();
            return;
        }
        const ConstraintId c = mQueue[head];
        Constraint &con = mCons[std::size_t(c)];
        work += con.vars.size();
        con.dirty = false;
        const double oldLevel = mLevel[std::size_t(c)];
        const double newLevel = computeLevel(c);
        if (same(oldLevel, newLevel, mPrecision))
            continue;
        mUndo.emplace_back(c, oldLevel);
        mMoved.push_back(c);
        for (const Member &m : con.vars)
            spreadChange(m.var, c, oldLevel, newLevel);
        setLevel(c, newLevel);
    }
    mBackoff = 0;
    mBudgetShift = std::max(mBudgetShift - 1, 0);
    forEachAffected(mMoved, mEnabledSinceSolve, [this](VariableId v) { setRateFromLevels(v); });
}

} // namespace fabric::sim
