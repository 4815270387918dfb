// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "maxmin.h"

#include <algorithm>

// What the group refill starts from: the load and weight of the groups that do not rise. The
// groups are kept in the order they froze, with the sums of that order's prefixes at a few
// places (checkpoints), so a refill starts from the checkpoint below its first rising group and
// adds the few groups between, instead of a pass over every group that stays.

namespace fabric::sim {

namespace {
/// Memory the checkpoints may take, and how many there may be.
constexpr std::size_t kBaseMemory = std::size_t(64) << 20;
constexpr std::size_t kMaxBaseCheckpoints = 64;
} // namespace

std::size_t System::baseCheckpointLimit() const
{
    const std::size_t bytesEach = mCons.size() * (sizeof(double) + 2 * sizeof(std::int32_t));
    return bytesEach == 0 ? 0 : std::min(kMaxBaseCheckpoints, kBaseMemory / bytesEach);
}

void System::takeBaseCheckpoint()
{
    if (mBaseCheckpointsUsed >= baseCheckpointLimit())
        return;
    const std::size_t n = mCons.size();
    if (mBaseCheckpointsUsed == mBaseCheckpoints.size())
        mBaseCheckpoints.emplace_back();
    BaseCheckpoint &cp = mBaseCheckpoints[mBaseCheckpointsUsed++];
    cp.position = mBaseOrder.size();
    cp.load.assign(mGroupLoad.begin(), mGroupLoad.begin() + std::ptrdiff_t(n));
    // What the groups so far weigh is what the enabled variables weigh less what still rises
    // (every enabled variable is in one group); startFromBase() takes the difference, so a
    // checkpoint is three copies.
    cp.rising.assign(mGroupWeight.begin(), mGroupWeight.begin() + std::ptrdiff_t(n));
    cp.enabled.assign(mEnabledUnits.begin(), mEnabledUnits.end());
    mBaseSinceCheckpoint = 0;
}

void System::appendToBase(ConstraintId g)
{
    if (!mBaseOk)
        return;
    if (mInBaseOrder[std::size_t(g)]) {
        // A group already in the order took variables or a new level: the sums that hold it
        // no longer do.
        mBaseOk = false;
        return;
    }
    mInBaseOrder[std::size_t(g)] = 1;
    mBaseOrder.push_back(g);
    if (++mBaseSinceCheckpoint >= mBaseEvery)
        takeBaseCheckpoint();
}

void System::rebuildBase()
{
    const std::size_t n = mCons.size();
    mBaseOrder.clear();
    mInBaseOrder.assign(n, 0);
    mBaseCheckpointsUsed = 0;
    for (std::size_t g = 0; g < n; ++g)
        if (mOwn[g] > 0 && !mUnitRising[g])
            mBaseOrder.push_back(ConstraintId(g));
    // By level, as the refills append: then the groups that stay next time are mostly a prefix.
    std::sort(mBaseOrder.begin(), mBaseOrder.end(), [this](ConstraintId a, ConstraintId b) {
        const double la = mOwnLevel[std::size_t(a)];
        const double lb = mOwnLevel[std::size_t(b)];
        return la < lb || (la == lb && a < b);
    });
    for (ConstraintId g : mBaseOrder)
        mInBaseOrder[std::size_t(g)] = 1;
    mBaseOk = true;
    takeBaseCheckpoint();
}

bool System::startFromBase()
{
    const std::size_t n = mCons.size();
    if (!mBaseUsable || mInBaseOrder.size() != n)
        return false;
    // The groups before the first that rises or lost its last variable stayed as they were
    // summed (a group that loses a variable rises: its level is at least the threshold, and
    // the departure marked it), so every checkpoint up to there holds.
    std::size_t prefix = 0;
    while (prefix < mBaseOrder.size()) {
        const std::size_t g = std::size_t(mBaseOrder[prefix]);
        if (mUnitRising[g] || mOwn[g] == 0)
            break;
        ++prefix;
    }
    while (mBaseCheckpointsUsed > 0 && mBaseCheckpoints[mBaseCheckpointsUsed - 1].position > prefix)
        --mBaseCheckpointsUsed;
    if (mBaseCheckpointsUsed == 0)
        return false; // the lowest group rises: summing in full costs no more
    const BaseCheckpoint &cp = mBaseCheckpoints[mBaseCheckpointsUsed - 1];
    const std::size_t from = cp.position;
    std::copy(cp.load.begin(), cp.load.end(), mGroupLoad.begin());
    for (std::size_t c = 0; c < n; ++c)
        mGroupWeight[c] = mEnabledUnits[c] - (cp.enabled[c] - cp.rising[c]);
    for (std::size_t i = from; i < prefix; ++i)
        settleGroup<+1>(mBaseOrder[i], mOwnLevel[std::size_t(mBaseOrder[i])]);
    // After the prefix: the groups that stay (at the threshold's tie, or sorted out of level
    // order) join it; the rising ones leave the order until they freeze again.
    std::size_t kept = prefix;
    for (std::size_t i = prefix; i < mBaseOrder.size(); ++i) {
        const ConstraintId g = mBaseOrder[i];
        if (mOwn[std::size_t(g)] > 0 && !mUnitRising[std::size_t(g)]) {
            settleGroup<+1>(g, mOwnLevel[std::size_t(g)]);
            mBaseOrder[kept++] = g;
        } else {
            mInBaseOrder[std::size_t(g)] = 0;
        }
    }
    mBaseOrder.resize(kept);
    mBaseOk = true;
    mBaseSinceCheckpoint = kept - from;
    if (mBaseSinceCheckpoint >= mBaseEvery)
        takeBaseCheckpoint();
    return true;
}

void System::rollBackBase(const BaseMark &mark)
{
    for (std::size_t i = mark.order; i < mBaseOrder.size(); ++i)
        mInBaseOrder[std::size_t(mBaseOrder[i])] = 0;
    mBaseOrder.resize(std::min(mark.order, mBaseOrder.size()));
    mBaseCheckpointsUsed = std::min(mark.checkpoints, mBaseCheckpointsUsed);
    mBaseSinceCheckpoint = mark.sinceCheckpoint;
    mBaseOk = mark.ok;
}

} // namespace fabric::sim
