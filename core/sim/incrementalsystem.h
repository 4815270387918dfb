// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "maxmin.h"

#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

namespace fabric::sim {

/**
 * Exact incremental max-min. Every constraint c keeps a fair level L(c) (+inf when it is not
 * saturated); a variable's rate is the smallest level on its constraints. The max-min
 * allocation is the fixed point of
 *
 *     L(c) = smallest s with  sum_{v on c} a_v * min(d_v(c), s) >= capacity(c)   (else +inf)
 *     d_v(c) = min of L over v's other constraints
 *
 * (at the fixed point every variable sits at the level of a saturated constraint where no
 * other variable is larger: its bottleneck). L(c) depends on a neighbour's level only through
 * min(d, L(c)), so a change travels only as far as it alters some min(d, L): a finished flow
 * that was not the largest on a link changes nothing further. solve() recomputes the dirty
 * constraints and spreads changes along that rule (a worklist, in deterministic FIFO order),
 * then sets the rates of the variables on constraints whose level moved. When a solve would
 * touch a large part of the system (first solve, a burst of starts) or the worklist runs past
 * its budget (about one full solve of work; when only flows ended, a small share of what the
 * last refill cost, because the refill is then the cheaper exact answer), it falls back to
 * progressive filling, then recomputes every level, so the result is exact either way and
 * never costs much more than the full solver. When the only changes were disabled variables
 * (flows that finished), that fallback fills again only the variables at or above the smallest
 * rate that left (System::refillAboveDisabled), and recomputes only the levels it touched, when
 * the worklist next needs them.
 */
class IncrementalSystem final : public System
{
private:
    void doSolve() override;
    void solveEverything();
    /// refillAboveDisabled() when it applies (listing the constraints it touched for
    /// flushLevels()), else solveEverything().
    void solveExactly();
    /// Sets the levels of the constraints refilled since the last call (mPendingLevels).
    void flushLevels();
    /// Sums mRefillCost over the last refill's constraints, if not done yet.
    void settleRefillCost();
    /// L(c) from the current levels of the other constraints.
    double computeLevel(ConstraintId c);
    /// Rate and bottleneck of @p v from the levels of its constraints.
    void setRateFromLevels(VariableId v);
    /// Queues the constraints of @p v other than @p c that see @p c's level change.
    void spreadChange(VariableId v, ConstraintId c, double oldLevel, double newLevel);

    /// The two smallest levels on an enabled variable's constraints, and where the smallest is:
    /// its demand on any one of them, d_v(c), without walking its path. Only the worklist reads
    /// them: it brings them up to date when it starts (syncNearest) and keeps them so as it
    /// moves levels (setLevel). Refills and full solves, which need none, only note what they
    /// moved, so runs of refills (dense traffic) pay nothing for the caches.
    struct Nearest
    {
        double min1 = std::numeric_limits<double>::infinity();
        double min2 = std::numeric_limits<double>::infinity();
        ConstraintId at1 = -1;
    };
    std::vector<Nearest> mNearest;
    void refreshNearest(VariableId v);
    /// Calls @p fn on the variables of @p constraints (those whose level moved) and on the
    /// enabled ones of @p vars (newly enabled): what a level change can affect.
    template<class Fn>
    void forEachAffected(std::span<const ConstraintId> constraints,
                         std::span<const VariableId> vars, Fn fn) const
    {
        for (ConstraintId c : constraints)
            for (const Member &m : mCons[std::size_t(c)].vars)
                fn(m.var);
        for (VariableId v : vars)
            if (mVars[std::size_t(v)].enabled)
                fn(v);
    }
    /// Sets L(@p c) and brings the caches of its enabled variables up to date.
    void setLevel(ConstraintId c, double level);
    /// Notes that L(@p c) moved while the caches were not kept.
    void markStale(ConstraintId c);
    /// Refreshes the caches that the noted moves and newly enabled variables made stale.
    void syncNearest();
    std::vector<ConstraintId> mStaleLevels;
    std::vector<std::uint8_t> mStaleFlag; ///< Per constraint: in mStaleLevels.
    std::vector<VariableId> mStaleVars;   ///< Enabled since the last syncNearest().
    bool mAllStale = true;                ///< A full solve moved every level.
    /// d_v(c): the smallest level of @p v's constraints other than @p c.
    double demandOn(VariableId v, ConstraintId c) const
    {
        const Nearest &n = mNearest[std::size_t(v)];
        return n.at1 == c ? n.min2 : n.min1;
    }

    /// Per constraint: its fair level L(c), +inf when not saturated. Dense, apart from the
    /// constraints, because the worklist reads the levels of every hop of every path it visits.
    std::vector<double> mLevel;

    std::vector<std::pair<double, double>> mScratch; ///< (demand, coefficient) of one constraint
    std::vector<ConstraintId> mQueue;
    std::vector<ConstraintId> mMoved; ///< Constraints whose level changed in this solve.
    /// (constraint, level before) for each level the worklist changed, to undo a failed try.
    std::vector<std::pair<ConstraintId, double>> mUndo;
    std::size_t mSkipIncremental = 0; ///< Solves left to do in full after a failed attempt.
    std::size_t mBackoff = 0;
    /// The most solves skipped after a failure. Through the dense middle of a 128-GPU
    /// all-to-all every attempt fails, and each costs several refills; the worklist pays again
    /// only in its last thousand or so events, which a wait of this many solves barely delays.
    static constexpr std::size_t kMaxBackoff = 512;
    /// Memberships of the constraints the last refill touched: what falling back costs now.
    std::size_t mRefillCost = 0;
    bool mRefillCostPending = false; ///< mRefillCost is still to be summed over mRefilled.
    /// Constraints refilled since the worklist last ran, whose mLevel is still to be set from
    /// what the refill left (flushLevels()), with a flag per constraint.
    std::vector<ConstraintId> mPendingLevels;
    std::vector<std::uint8_t> mPendingFlag;
    int mBudgetShift = 0; ///< The worklist may spend mRefillCost >> mBudgetShift.
};

} // namespace fabric::sim
