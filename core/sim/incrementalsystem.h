// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "maxmin.h"

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
 * its budget (about one full solve of work), it falls back to progressive filling, then
 * recomputes every level, so the result is exact either way and never costs much more than
 * the full solver. When the only changes were disabled variables (flows that finished), that
 * fallback fills again only the variables at or above the smallest rate that left
 * (System::refillAboveDisabled), and recomputes only the levels it touched.
 */
class IncrementalSystem final : public System
{
private:
    void doSolve() override;
    void solveEverything();
    /// refillAboveDisabled() when it applies (then the levels it touched), else
    /// solveEverything().
    void solveExactly();
    /// L(c) from the current levels of the other constraints.
    double computeLevel(ConstraintId c);
    /// min of L over v's constraints other than @p skipA and @p skipB.
    double levelExcept(VariableId v, ConstraintId skipA, ConstraintId skipB) const;
    /// Rate and bottleneck of @p v from the levels of its constraints.
    void setRateFromLevels(VariableId v);

    std::vector<std::pair<double, double>> mScratch; ///< (demand, coefficient) of one constraint
    std::vector<ConstraintId> mQueue;
    std::vector<ConstraintId> mMoved; ///< Constraints whose level changed in this solve.
    /// (constraint, level before) for each level the worklist changed, to undo a failed try.
    std::vector<std::pair<ConstraintId, double>> mUndo;
    std::size_t mSkipIncremental = 0; ///< Solves left to do in full after a failed attempt.
    std::size_t mBackoff = 0;
};

} // namespace fabric::sim
