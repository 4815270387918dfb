// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "engine.h"

#include "flowcheck.h"
#include "indexedheap.h"
#include "linkmeter.h"
#include "maxmin.h"
#include "timelinerecorder.h"

#include "model/error.h"
#include "model/fabric.h"
#include "model/units.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

namespace fabric::sim {

namespace {

constexpr double kNever = std::numeric_limits<double>::infinity();

enum class Phase : std::uint8_t { Waiting, Latency, Transfer, Done };

/// A flow's latency is over: it starts to transfer.
struct StartEvent
{
    double timeS;
    FlowId flow;
    bool operator>(const StartEvent &o) const
    {
        return timeS > o.timeS || (timeS == o.timeS && flow > o.flow);
    }
};

/// What the engine keeps per flow: 32 bytes (a million flows or more in a cluster all-to-all).
struct FlowState
{
    Phase phase = Phase::Waiting;
    std::int32_t pending = 0;  ///< Unfinished `after` flows.
    /// Its max-min variables: [varBegin, the next flow's varBegin) (Run::varEnd()).
    VariableId varBegin = 0;
    std::uint32_t stamp = 0; ///< Batch that last touched it.
    // Flows with one variable ride the clock of their bottleneck (see Group).
    ConstraintId group = -1;
    std::uint32_t joins = 0; ///< Joins so far: tells a group's current entry from stale ones.
    double target = 0.0;     ///< Group::served at which it finishes.
};

/// A flow with several variables (split over paths) keeps its own byte count and rate.
struct SplitState
{
    double remainingBytes = 0.0; ///< At sinceS.
    double rateBytesPerS = 0.0;
    double sinceS = 0.0;
};

/// One entry of a group's finish order.
struct GroupEntry
{
    double target;
    FlowId flow;
    std::uint32_t join;
    bool operator>(const GroupEntry &o) const
    {
        return target > o.target || (target == o.target && flow > o.flow);
    }
};

/**
 * The flows whose rate is set by one bottleneck constraint: they all move at its level, so one
 * virtual clock (bytes each has moved since the group formed) serves them all. A level change
 * costs O(1) here (rebase the clock, re-key the group's next finisher), not one rate write and
 * one heap move per flow; only a flow that changes bottleneck moves, in O(log).
 */
struct Group
{
    double served = 0.0; ///< Bytes per member moved up to sinceS.
    double rate = 0.0;
    double sinceS = 0.0;
    std::int32_t members = 0;
    std::uint32_t stamp = 0; ///< Batch that last touched it.
    std::vector<GroupEntry> order; ///< Min-heap on target; may hold stale entries.
    /// The front of order is known to be a member's current entry. Checking it reads the
    /// front's flow, a cache miss per group per event on a dense all-to-all; only a pop or a
    /// leave of the front flow can make it stale (a join's entry is current).
    bool frontCurrent = false;
    double servedAt(double nowS) const { return served + rate * (nowS - sinceS); }
};

/// Links a byte of @p spec crosses, by path weight (an adaptive flow: its shortest path). In a
/// reduced run this is also what a byte puts on the merged constraints, so summed over the
/// flows it is what the link meter's bytes reach at the end.
double linksPerByte(const FlowSpec &spec)
{
    if (spec.paths.empty())
        return 0.0;
    if (spec.split == Split::Weighted) {
        double links = 0.0;
        for (std::size_t i = 0; i < spec.paths.size() && i < spec.weights.size(); ++i)
            links += spec.weights[i] * double(spec.paths[i].links.size());
        return links;
    }
    std::size_t shortest = spec.paths.front().links.size();
    for (const Path &p : spec.paths)
        shortest = std::min(shortest, p.links.size());
    return double(shortest);
}

/// One run of the engine.
class Run
{
public:
    Run(const Fabric &fabric, std::span<const FlowSpec> flows, const SimOptions &options,
        const SimCallbacks &callbacks);
    SimResult run();

private:
    void buildSystem();
    void schedule(FlowId f, double releaseS);
    void start(FlowId f, double nowS);
    /// Adds @p sign times the flows of variable @p v to its links' flow counts.
    void countFlows(VariableId v, double nowS, std::int32_t sign);
    /// Ends flow @p f at @p nowS; its result says @p finishS (the same, except when a coarse run
    /// ended it early with others: then the time its last byte was due).
    void finish(FlowId f, double nowS, double finishS);
    void touchFlow(FlowId f);
    VariableId varEnd(FlowId f) const
    {
        const std::size_t next = std::size_t(f) + 1;
        return next < mFlows.size() ? mFlows[next].varBegin : VariableId(mVarFlow.size());
    }
    /// One variable: it rides its bottleneck's clock (Group).
    bool single(FlowId f) const { return varEnd(f) - mFlows[std::size_t(f)].varBegin == 1; }
    void touchGroup(ConstraintId g, double nowS);
    void joinGroup(FlowId f, ConstraintId g, double remainingBytes, double nowS);
    void leaveGroup(FlowId f, double nowS, double *remainingBytes);
    /// Whether @p e is the entry of a flow riding group @p g since that join (each join pushes
    /// one; older ones stay in the finish order, stale, until they surface).
    bool isCurrent(const GroupEntry &e, ConstraintId g) const
    {
        const FlowState &st = mFlows[std::size_t(e.flow)];
        return st.group == g && st.joins == e.join;
    }
    /// Drops stale entries on top of @p g's finish order and re-keys it in mGroupFinishes.
    /// With @p unordered, leaves mGroupFinishes to be reordered by the caller.
    void rekeyGroup(ConstraintId g, bool unordered = false);
    /// Removes and returns the next flow to finish in group @p g.
    FlowId popGroup(ConstraintId g);
    /// Moves group @p g to @p rate from @p nowS on; false when it already ran at it.
    bool setGroupRate(ConstraintId g, double rate, double nowS);
    void applyRates(double nowS);
    /// Brings the flow of variable @p v up to date with its new rate or bottleneck.
    void applyVariable(VariableId v, double nowS);
    void applyLoads(double nowS);
    bool pollCancel(double nowS);
    /// Empty when the groups, heaps and flows agree with each other and with the system;
    /// otherwise the first disagreement (SimOptions::checkInvariants).
    std::string checkInvariants(double nowS) const;

    const Fabric &mFabric;
    std::span<const FlowSpec> mSpecs;
    SimOptions mOptions;
    const SimCallbacks &mCallbacks;

    std::unique_ptr<System> mSystem;
    std::vector<FlowState> mFlows;
    std::vector<SplitState> mSplit; ///< Per flow, when some flow has several variables.
    std::vector<FlowId> mVarFlow;       ///< Variable -> flow.
    /// Rate the engine last applied, per variable, when some flow has several variables.
    std::vector<double> mVarRate;
    /// Per variable of a one-variable flow: the group its flow is in (-1: none); -2 for the
    /// variables of multi-variable flows. Compact, so the hot loop need not load the flow.
    std::vector<ConstraintId> mVarGroup;
    std::vector<ConstraintId> mConstraintOf; ///< DirLinkId -> constraint (-1 = unused).
    std::vector<DirLinkId> mLinkOf;     ///< Constraint -> DirLinkId.
    /// A reduced run (SimOptions::linkOrbits): per use, in the system's order, the flows it
    /// stands for on each link of its orbit. Empty otherwise (one flow per use).
    std::vector<std::int32_t> mUseFlows;
    std::vector<std::uint32_t> mDependentBegin; ///< CSR of flows waiting on each flow.
    std::vector<FlowId> mDependents;
    /// Flows in their latency, by start time: a min-heap (std::greater) kept in a vector of
    /// our own so its storage can be given back once drained (an all-to-all puts every flow in
    /// it at once, and a priority_queue never shrinks).
    std::vector<StartEvent> mStarts;
    void popStart()
    {
        std::pop_heap(mStarts.begin(), mStarts.end(), std::greater<>());
        mStarts.pop_back();
        if (mStarts.capacity() > 4096 && mStarts.size() < mStarts.capacity() / 4)
            mStarts.shrink_to_fit();
    }
    /// Predicted finish time per transferring multi-variable flow (sized when there are some).
    IndexedHeap mFinishes;
    std::vector<Group> mGroups; ///< Per constraint: the flows it bottlenecks.
    IndexedHeap mGroupFinishes; ///< Per group: time its next member finishes.
    std::vector<ConstraintId> mTouchedGroups;
    /// The timeline is on, or some flow has several variables: a level change must then reach
    /// each variable it sets, not only the group clock.
    bool mPerVariableRates = false;
    std::vector<double> mAppliedLoad; ///< Per constraint: load the meter has.
    std::vector<FlowId> mTouched;
    std::uint32_t mBatch = 0;
    std::size_t mFinished = 0;
    /// What the link meter's bytes reach when every flow is done: the measure of progress.
    double mLinkBytesTotal = 0.0;
    LinkMeter mMeter;
    std::optional<TimelineRecorder> mRecorder;
    SimResult mResult;
};

Run::Run(const Fabric &fabric, std::span<const FlowSpec> flows, const SimOptions &options,
         const SimCallbacks &callbacks)
    : mFabric(fabric)
    , mSpecs(flows)
    , mOptions(options)
    , mCallbacks(callbacks)
    , mSystem(System::create(options.solver))
    , mMeter(2 * fabric.linkIdBound())
{
    if (!mSystem)
        throw UserError("unknown max-min solver '" + options.solver + "'");
    mSystem->setPrecision(std::max(options.precision, 0.0));
    checkFlows(mFabric, mSpecs);
    if (mOptions.recordTimeline)
        mRecorder.emplace(mSpecs.size(), 2 * fabric.linkIdBound(),
                          std::max(0.0, mOptions.timelineMinIntervalS), mOptions.timelineMaxDeltas);
    buildSystem();
}

void Run::buildSystem()
{
    const std::size_t n = mSpecs.size();
    mFlows.resize(n);
    mConstraintOf.assign(2 * mFabric.linkIdBound(), -1);
    const auto constraintOf = [&](DirLinkId d) {
        d = mOptions.linkOrbits.representativeOf(d);
        ConstraintId &c = mConstraintOf[std::size_t(d)];
        if (c < 0) {
            double cap = units::gbpsToBytesPerSecond(mFabric.link(linkOf(d)).capacityGbps);
            if (std::size_t(d) < mOptions.capacityKept.size())
                cap *= mOptions.capacityKept[std::size_t(d)];
            if (!(cap > 0.0))
                throw UserError("a flow crosses link " + std::to_string(linkOf(d))
                    + " in a direction that has failed");
            c = mSystem->addConstraint(cap);
            mLinkOf.push_back(d);
            mMeter.setCapacity(d, cap);
        }
        return c;
    };
    std::vector<Usage> usages;
    // A reduced run: the distinct links of the flow behind each use, a link's flow count.
    std::vector<std::pair<ConstraintId, DirLinkId>> crossed;
    const bool reduced = !mOptions.linkOrbits.empty();
    const auto addVariable = [&](FlowId f) {
        // A path crossing a link twice (or weighted paths sharing one) uses it once, summed.
        std::sort(usages.begin(), usages.end(),
                  [](const Usage &a, const Usage &b) { return a.constraint < b.constraint; });
        std::size_t out = 0;
        for (std::size_t i = 0; i < usages.size(); ++i) {
            if (out > 0 && usages[out - 1].constraint == usages[i].constraint)
                usages[out - 1].coefficient += usages[i].coefficient;
            else
                usages[out++] = usages[i];
        }
        usages.resize(out);
        if (usages.empty())
            return;
        mSystem->addVariable(usages);
        mVarFlow.push_back(f);
        if (!reduced)
            return;
        // In the whole run, each link of the flow's orbit carries as many of its flows as the
        // flow crosses links of that orbit.
        std::sort(crossed.begin(), crossed.end());
        crossed.erase(std::unique(crossed.begin(), crossed.end()), crossed.end());
        std::size_t at = 0;
        for (const Usage &u : usages) {
            std::int32_t count = 0;
            for (; at < crossed.size() && crossed[at].first == u.constraint; ++at)
                ++count;
            mUseFlows.push_back(count);
        }
        crossed.clear();
    };
    std::size_t variables = 0, uses = 0;
    for (const FlowSpec &spec : mSpecs) {
        variables += spec.split == Split::Adaptive ? spec.paths.size() : 1;
        for (const Path &p : spec.paths)
            uses += p.links.size();
        mLinkBytesTotal += spec.bytes * linksPerByte(spec);
    }
    mSystem->reserve(variables, uses);
    mVarFlow.reserve(variables);
    for (std::size_t i = 0; i < n; ++i) {
        const FlowSpec &spec = mSpecs[i];
        FlowState &st = mFlows[i];
        st.varBegin = VariableId(mVarFlow.size());
        if (spec.bytes > 0.0) {
            double weightSum = 0.0;
            for (double w : spec.weights)
                weightSum += w;
            for (std::size_t p = 0; p < spec.paths.size(); ++p) {
                const double coefficient =
                    spec.split == Split::Weighted ? spec.weights[p] / weightSum : 1.0;
                if (coefficient <= 0.0)
                    continue;
                for (DirLinkId d : spec.paths[p].links) {
                    usages.push_back({constraintOf(d), coefficient});
                    if (reduced)
                        crossed.emplace_back(usages.back().constraint, d);
                }
                if (spec.split == Split::Adaptive) {
                    addVariable(FlowId(i));
                    usages.clear();
                }
            }
            addVariable(FlowId(i));
            usages.clear();
        }
        st.pending = std::int32_t(spec.after.size());
    }
    mVarGroup.assign(mVarFlow.size(), -1);
    mPerVariableRates = mRecorder.has_value();
    for (std::size_t f = 0; f < n; ++f) {
        const VariableId begin = mFlows[f].varBegin, end = varEnd(FlowId(f));
        if (end - begin > 1) {
            std::fill(mVarGroup.begin() + begin, mVarGroup.begin() + end, -2);
            mPerVariableRates = true;
            if (mSplit.empty()) {
                mSplit.resize(n);
                mVarRate.resize(mVarFlow.size(), 0.0);
                mFinishes.reset(n);
            }
        }
    }
    mGroups.resize(mSystem->constraintCount());
    mGroupFinishes.reset(mSystem->constraintCount());
    mAppliedLoad.assign(mSystem->constraintCount(), 0.0);

    // Flows waiting on others, as a CSR (none at all in an all-to-all: then nothing is kept).
    const auto independent = [](const FlowSpec &spec) { return spec.after.empty(); };
    if (std::all_of(mSpecs.begin(), mSpecs.end(), independent))
        return;
    mDependentBegin.assign(n + 1, 0);
    for (const FlowSpec &spec : mSpecs)
        for (FlowId a : spec.after)
            ++mDependentBegin[std::size_t(a) + 1];
    for (std::size_t i = 0; i < n; ++i)
        mDependentBegin[i + 1] += mDependentBegin[i];
    mDependents.resize(mDependentBegin[n]);
    std::vector<std::uint32_t> fill(mDependentBegin.begin(), mDependentBegin.end() - 1);
    for (std::size_t i = 0; i < n; ++i)
        for (FlowId a : mSpecs[i].after)
            mDependents[fill[std::size_t(a)]++] = FlowId(i);
}

void Run::schedule(FlowId f, double readyS)
{
    const FlowSpec &spec = mSpecs[std::size_t(f)];
    FlowResult &r = mResult.flows[std::size_t(f)];
    r.releaseS = std::max(readyS, spec.notBeforeS) + spec.releaseDelayS;
    r.startS = r.releaseS + spec.latencyS;
    mFlows[std::size_t(f)].phase = Phase::Latency;
    mStarts.push_back({r.startS, f});
    std::push_heap(mStarts.begin(), mStarts.end(), std::greater<>());
}

void Run::touchFlow(FlowId f)
{
    FlowState &st = mFlows[std::size_t(f)];
    if (st.stamp != mBatch) {
        st.stamp = mBatch;
        mTouched.push_back(f);
    }
}

void Run::countFlows(VariableId v, double nowS, std::int32_t sign)
{
    const auto uses = mSystem->usages(v);
    for (std::size_t i = 0; i < uses.size(); ++i) {
        const std::int32_t count = mUseFlows.empty() ? 1 : mUseFlows[mSystem->firstUsage(v) + i];
        mMeter.addFlow(mLinkOf[std::size_t(uses[i].constraint)], nowS, sign * count);
    }
}

void Run::start(FlowId f, double nowS)
{
    FlowState &st = mFlows[std::size_t(f)];
    const VariableId end = varEnd(f);
    if (st.varBegin == end) { // nothing to move, or nowhere to move it
        finish(f, nowS, nowS);
        return;
    }
    st.phase = Phase::Transfer;
    if (!single(f)) {
        SplitState &split = mSplit[std::size_t(f)];
        split.remainingBytes = mSpecs[std::size_t(f)].bytes;
        split.sinceS = nowS;
    }
    for (VariableId v = st.varBegin; v < end; ++v) {
        mSystem->enable(v);
        countFlows(v, nowS, +1);
    }
    touchFlow(f);
}

void Run::finish(FlowId f, double nowS, double finishS)
{
    FlowState &st = mFlows[std::size_t(f)];
    st.phase = Phase::Done;
    if (!mSplit.empty())
        mFinishes.remove(f);
    if (st.group >= 0)
        leaveGroup(f, nowS, nullptr);
    mResult.flows[std::size_t(f)].finishS = finishS;
    mResult.completionS = std::max(mResult.completionS, finishS);
    mResult.largestEarlyFinishS = std::max(mResult.largestEarlyFinishS, finishS - nowS);
    ++mFinished;
    for (VariableId v = st.varBegin, end = varEnd(f); v < end; ++v) {
        if (!mSystem->isEnabled(v))
            continue;
        mSystem->disable(v);
        countFlows(v, nowS, -1);
    }
    touchFlow(f);
    if (mDependentBegin.empty())
        return;
    for (std::uint32_t i = mDependentBegin[std::size_t(f)]; i < mDependentBegin[std::size_t(f) + 1];
         ++i) {
        const FlowId d = mDependents[i];
        if (--mFlows[std::size_t(d)].pending == 0)
            schedule(d, finishS); // its due time, not when a coarse batch ended it
    }
}

void Run::touchGroup(ConstraintId g, double nowS)
{
    Group &group = mGroups[std::size_t(g)];
    if (group.stamp == mBatch)
        return;
    group.stamp = mBatch;
    group.served = group.servedAt(nowS);
    group.sinceS = nowS;
    mTouchedGroups.push_back(g);
}

void Run::joinGroup(FlowId f, ConstraintId g, double remainingBytes, double nowS)
{
    touchGroup(g, nowS);
    Group &group = mGroups[std::size_t(g)];
    FlowState &st = mFlows[std::size_t(f)];
    st.group = g;
    mVarGroup[std::size_t(st.varBegin)] = g;
    st.target = group.served + remainingBytes;
    ++group.members;
    group.order.push_back({st.target, f, ++st.joins});
    std::push_heap(group.order.begin(), group.order.end(), std::greater<>());
    // A flow that leaves stays in the order, stale, until it surfaces. Where flows move back
    // and forth between groups (a dense all-to-all), stale entries came to outnumber live ones
    // 17 to 1: heaps of thousands, grown again and again. Past twice the members, keep the
    // live ones only (amortised: at least as many joins as entries dropped).
    if (group.order.size() > 2 * std::size_t(group.members) + 64) {
        const auto stale = [&](const GroupEntry &e) { return !isCurrent(e, g); };
        group.order.erase(
            std::remove_if(group.order.begin(), group.order.end(), stale), group.order.end());
        std::make_heap(group.order.begin(), group.order.end(), std::greater<>());
        group.frontCurrent = true;
    }
}

void Run::leaveGroup(FlowId f, double nowS, double *remainingBytes)
{
    FlowState &st = mFlows[std::size_t(f)];
    const ConstraintId g = st.group;
    touchGroup(g, nowS);
    Group &group = mGroups[std::size_t(g)];
    if (remainingBytes)
        *remainingBytes = std::max(st.target - group.served, 0.0);
    --group.members;
    if (!group.order.empty() && group.order.front().flow == f)
        group.frontCurrent = false;
    st.group = -1;
    mVarGroup[std::size_t(st.varBegin)] = -1;
    ++st.joins; // its entry in group.order is stale now
}

void Run::rekeyGroup(ConstraintId g, bool unordered)
{
    Group &group = mGroups[std::size_t(g)];
    if (!group.frontCurrent) {
        while (!group.order.empty() && !isCurrent(group.order.front(), g)) {
            std::pop_heap(group.order.begin(), group.order.end(), std::greater<>());
            group.order.pop_back();
        }
        group.frontCurrent = true;
    }
    if (group.members == 0) {
        group.order.clear();
        mGroupFinishes.remove(g);
    } else if (group.rate > 0.0) {
        const double finishS
            = group.sinceS + (group.order.front().target - group.served) / group.rate;
        if (unordered)
            mGroupFinishes.setUnordered(g, finishS);
        else
            mGroupFinishes.set(g, finishS);
    } else {
        mGroupFinishes.remove(g);
    }
}

FlowId Run::popGroup(ConstraintId g)
{
    rekeyGroup(g); // top is current
    Group &group = mGroups[std::size_t(g)];
    const FlowId f = group.order.front().flow;
    std::pop_heap(group.order.begin(), group.order.end(), std::greater<>());
    group.order.pop_back();
    group.frontCurrent = false;
    return f;
}

bool Run::setGroupRate(ConstraintId g, double rate, double nowS)
{
    Group &group = mGroups[std::size_t(g)];
    if (group.rate == rate)
        return false;
    touchGroup(g, nowS); // the clock runs at the old rate up to now
    group.rate = rate;
    mResult.rateChanges += std::size_t(group.members);
    return true;
}

void Run::applyVariable(VariableId v, double nowS)
{
    const double rate = mSystem->rate(v);
    const ConstraintId mine = mVarGroup[std::size_t(v)];
    if (!mRecorder && mine >= 0 && mSystem->bottleneck(v) == mine) {
        // Its group's level moved, and the group's clock takes it for every member at once.
        setGroupRate(mine, rate, nowS);
        return;
    }
    const FlowId f = mVarFlow[std::size_t(v)];
    FlowState &st = mFlows[std::size_t(f)];
    if (!single(f)) {
        mVarRate[std::size_t(v)] = rate;
        touchFlow(f);
        return;
    }
    if (mRecorder)
        touchFlow(f);
    if (st.phase != Phase::Transfer)
        return;
    const ConstraintId g = mSystem->bottleneck(v);
    if (g == st.group) {
        setGroupRate(g, rate, nowS);
        return;
    }
    // A flow that moves between groups takes its bytes left from the one it leaves; only a
    // first join reads its spec (128 bytes a flow, out of cache on a large all-to-all).
    double remaining = 0.0;
    if (st.group >= 0)
        leaveGroup(f, nowS, &remaining);
    else
        remaining = mSpecs[std::size_t(f)].bytes;
    joinGroup(f, g, remaining, nowS);
    if (!setGroupRate(g, rate, nowS))
        ++mResult.rateChanges; // the flow that moved in
}

void Run::applyRates(double nowS)
{
    // A level change moves every variable of its bottleneck. Without a timeline or
    // multi-variable flows, those variables are exactly the group's members: one clock change
    // covers them all, without visiting one.
    for (ConstraintId c : mSystem->changedLevels()) {
        if (mPerVariableRates)
            mSystem->forEachBottlenecked(c, [&](VariableId v) { applyVariable(v, nowS); });
        else
            setGroupRate(c, mSystem->level(c), nowS);
    }
    for (VariableId v : mSystem->changedVariables())
        applyVariable(v, nowS);
    // Where an event moves a large part of the groups (a dense all-to-all: about 120 of 270),
    // one rebuild of their finish order costs less than a sift each.
    const bool rebuild = 4 * mTouchedGroups.size() > mGroupFinishes.size();
    for (ConstraintId g : mTouchedGroups)
        rekeyGroup(g, rebuild);
    if (rebuild)
        mGroupFinishes.reorder();
    mTouchedGroups.clear();
    for (FlowId f : mTouched) {
        const FlowState &st = mFlows[std::size_t(f)];
        double rate = 0.0;
        if (single(f)) {
            if (st.phase == Phase::Transfer)
                rate = mSystem->rate(st.varBegin);
        } else if (!mSplit.empty()) {
            SplitState &split = mSplit[std::size_t(f)];
            if (st.phase == Phase::Transfer) {
                for (VariableId v = st.varBegin, end = varEnd(f); v < end; ++v)
                    rate += mVarRate[std::size_t(v)];
                split.remainingBytes -= split.rateBytesPerS * (nowS - split.sinceS);
                split.sinceS = nowS;
                if (rate != split.rateBytesPerS) {
                    ++mResult.rateChanges;
                    mFinishes.set(f, nowS + std::max(split.remainingBytes, 0.0) / rate);
                }
            }
            split.rateBytesPerS = rate;
        }
        if (mRecorder)
            mRecorder->setFlow(f, rate);
    }
    mTouched.clear();
    applyLoads(nowS);
}

void Run::applyLoads(double nowS)
{
    for (ConstraintId c : mSystem->changedLoads()) {
        const double load = mSystem->solvedLoad(c);
        mMeter.addLoad(mLinkOf[std::size_t(c)], nowS, load - mAppliedLoad[std::size_t(c)]);
        mAppliedLoad[std::size_t(c)] = load;
    }
    if (mRecorder)
        mMeter.forEachChanged([&](DirLinkId d, double load, std::int32_t flows) {
            mRecorder->setLink(d, load, flows);
        });
    mMeter.endBatch();
}

bool Run::pollCancel(double nowS)
{
    if (mCallbacks.progress && !mSpecs.empty()) {
        // Flows finished say little where they all finish near the end (an all-to-all):
        // the bytes already on the wire say how far the run is.
        double fraction = double(mFinished) / double(mSpecs.size());
        if (mLinkBytesTotal > 0.0)
            fraction = std::max(fraction, std::min(1.0, mMeter.bytesAt(nowS) / mLinkBytesTotal));
        mCallbacks.progress(fraction, nowS);
    }
    if (mCallbacks.cancelled && mCallbacks.cancelled()) {
        mResult.cancelled = true;
        mResult.cancelledAtS = nowS;
        return true;
    }
    return false;
}

std::string Run::checkInvariants(double nowS) const
{
    if (std::string fault = mSystem->checkInvariants(); !fault.empty())
        return "max-min system: " + fault;
    if (std::string fault = mFinishes.checkInvariants(); !fault.empty())
        return "finish heap: " + fault;
    if (std::string fault = mGroupFinishes.checkInvariants(); !fault.empty())
        return "group finish heap: " + fault;
    const auto flowAt = [](std::size_t f) { return "flow " + std::to_string(f) + ": "; };
    std::vector<std::int32_t> members(mGroups.size(), 0);
    for (std::size_t f = 0; f < mFlows.size(); ++f) {
        const FlowState &st = mFlows[f];
        const bool riding = st.phase == Phase::Transfer && single(FlowId(f));
        if (!riding) {
            if (st.group >= 0)
                return flowAt(f) + "in a group without riding one";
            if (st.phase == Phase::Transfer && !mFinishes.contains(FlowId(f))
                && mSplit[f].rateBytesPerS > 0.0)
                return flowAt(f) + "moves on several paths but has no finish time";
            continue;
        }
        const ConstraintId bottleneck = mSystem->bottleneck(st.varBegin);
        if (st.group != bottleneck)
            return flowAt(f) + "rides group " + std::to_string(st.group)
                + " but its bottleneck is " + std::to_string(bottleneck);
        if (mVarGroup[std::size_t(st.varBegin)] != st.group)
            return flowAt(f) + "its variable names another group";
        ++members[std::size_t(st.group)];
        const Group &group = mGroups[std::size_t(st.group)];
        if (st.target + 1e-6 * std::max(1.0, st.target) < group.servedAt(nowS) - 1.0)
            return flowAt(f) + "should have finished already";
    }
    for (std::size_t g = 0; g < mGroups.size(); ++g) {
        const Group &group = mGroups[g];
        const auto at = "group " + std::to_string(g) + ": ";
        if (group.members != members[g])
            return at + "counts " + std::to_string(group.members) + " members, "
                + std::to_string(members[g]) + " ride it";
        if (!std::is_heap(group.order.begin(), group.order.end(), std::greater<>()))
            return at + "finish order is not a heap";
        const auto current = [&](const GroupEntry &e) { return isCurrent(e, ConstraintId(g)); };
        if (std::count_if(group.order.begin(), group.order.end(), current) != members[g])
            return at + "its finish order does not hold each member once";
        if (!std::is_heap(group.order.begin(), group.order.end(), std::greater<>()))
            return at + "its finish order is not a heap";
        if (group.frontCurrent && !group.order.empty() && !current(group.order.front()))
            return at + "the front of its finish order is stale but marked current";
        if (members[g] == 0)
            continue;
        if (group.rate != mSystem->level(ConstraintId(g)))
            return at + "its clock runs at " + std::to_string(group.rate)
                + " but its level is " + std::to_string(mSystem->level(ConstraintId(g)));
        if ((group.rate > 0.0) != mGroupFinishes.contains(ConstraintId(g)))
            return at + "a moving group must have a next finish, a stopped one none";
    }
    return {};
}

SimResult Run::run()
{
    const std::size_t n = mSpecs.size();
    mResult.flows.assign(n, FlowResult{});
    mStarts.reserve(std::size_t(std::count_if(
        mFlows.begin(), mFlows.end(), [](const FlowState &st) { return st.pending == 0; })));
    for (std::size_t i = 0; i < n; ++i)
        if (mFlows[i].pending == 0)
            schedule(FlowId(i), 0.0);

    const double finishWindow = mOptions.coarseFinishWindow;
    const bool coarse = finishWindow > 0.0;
    const std::size_t pollEvery = 256;
    std::size_t nextProgress = 0;
    double nowS = 0.0;
    while (!mStarts.empty() || !mFinishes.empty() || !mGroupFinishes.empty()) {
        const auto nextS = [&] {
            const double start = mStarts.empty() ? kNever : mStarts.front().timeS;
            const double end = mFinishes.empty() ? kNever : mFinishes.topKey();
            const double groupEnd = mGroupFinishes.empty() ? kNever : mGroupFinishes.topKey();
            return std::min({start, end, groupEnd});
        };
        nowS = nextS();
        // Times are bytes over rates plus latencies: a rate that underflows to 0 or a huge
        // latency makes them infinite, and an infinite clock would never move on.
        if (!std::isfinite(nowS))
            throw UserError("simulated time became infinite or undefined (a link capacity too "
                            "small or a latency too large to simulate)");
        ++mBatch;
        ++mResult.events;
        if (mRecorder)
            mRecorder->advance(nowS);
        // Everything within 1e-12 relative of the first event is the same event. A coarse run
        // also ends now each flow due within its window of its own transfer time (so a ring's
        // short steps keep short windows), and records its due time as its finish.
        const double batchEndS = nowS + std::abs(nowS) * 1e-12;
        const auto endsNow = [&](FlowId f, double dueS) {
            return dueS <= batchEndS
                || (coarse
                    && dueS - nowS <= finishWindow * (dueS - mResult.flows[std::size_t(f)].startS));
        };
        const auto dueS = [&](double keyS) { return coarse ? std::max(keyS, nowS) : nowS; };
        while (true) {
            if (!mFinishes.empty() && endsNow(mFinishes.topId(), mFinishes.topKey())) {
                finish(mFinishes.topId(), nowS, dueS(mFinishes.topKey()));
            } else if (!mGroupFinishes.empty()
                       && endsNow(mGroups[std::size_t(mGroupFinishes.topId())].order.front().flow,
                                  mGroupFinishes.topKey())) {
                const ConstraintId g = mGroupFinishes.topId();
                const double due = dueS(mGroupFinishes.topKey());
                finish(popGroup(g), nowS, due);
                rekeyGroup(g);
            } else if (!mStarts.empty() && mStarts.front().timeS <= batchEndS) {
                const FlowId f = mStarts.front().flow;
                popStart();
                start(f, nowS);
            } else {
                break;
            }
        }
        mSystem->solve();
        ++mResult.solves;
        applyRates(nowS);
        if (mOptions.checkInvariants) {
            if (std::string fault = checkInvariants(nowS); !fault.empty())
                throw std::logic_error("engine invariant broken at t=" + std::to_string(nowS)
                                       + " s: " + fault);
        }
        if (mResult.events % pollEvery == 0 || mFinished * 100 >= nextProgress * n) {
            nextProgress = mFinished * 100 / std::max<std::size_t>(n, 1) + 1;
            if (pollCancel(nowS))
                break;
        }
    }
    const double endS = mResult.cancelled ? nowS : mResult.completionS;
    mMeter.finish(endS, mResult.links, mFabric, mOptions.linkOrbits);
    mResult.bottlenecks = mMeter.bottlenecks(mOptions.maxBottlenecks);
    if (!mResult.bottlenecks.empty()) {
        // Over every link's statistics: in a reduced run each orbit counts all its links.
        const double top = mResult.links[std::size_t(mResult.bottlenecks.front())].saturatedS;
        mResult.bottleneckCount
            = std::size_t(std::count_if(mResult.links.begin(), mResult.links.end(),
                [&](const LinkStats &l) { return LinkMeter::saturatedAsLong(l.saturatedS, top); }));
    }
    mResult.fullSolves = mSystem->fullSolveCount();
    if (mRecorder) {
        mResult.timeline = mRecorder->finish(endS);
        mResult.timeline.shareLinks(mOptions.linkOrbits);
    }
    if (mCallbacks.progress && !mResult.cancelled)
        mCallbacks.progress(1.0, endS);
    return std::move(mResult);
}

} // namespace

SimResult simulate(const Fabric &fabric, std::span<const FlowSpec> flows,
                   const SimOptions &options, const SimCallbacks &callbacks)
{
    Run run(fabric, flows, options, callbacks);
    return run.run();
}

} // namespace fabric::sim
