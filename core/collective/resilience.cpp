// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "resilience.h"

#include "faultrun.h"
#include "report.h"

#include "model/error.h"
#include "model/units.h"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>
#include <exception>
#include <mutex>
#include <ostream>
#include <thread>

namespace fabric::collective {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

/// @p a before @p b, comparing runs of digits by their value: "h2-gpu0" before "h10-gpu0".
bool namesInOrder(std::string_view a, std::string_view b)
{
    std::size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (!isDigit(a[i]) || !isDigit(b[j])) {
            if (a[i] != b[j])
                return a[i] < b[j];
            ++i, ++j;
            continue;
        }
        const auto digits = [](std::string_view s, std::size_t &at) {
            while (at < s.size() && s[at] == '0' && at + 1 < s.size() && isDigit(s[at + 1]))
                ++at; // leading zeros do not make a number larger
            const std::size_t from = at;
            while (at < s.size() && isDigit(s[at]))
                ++at;
            return s.substr(from, at - from);
        };
        const std::string_view x = digits(a, i), y = digits(b, j);
        if (x.size() != y.size())
            return x.size() < y.size();
        if (x != y)
            return x < y;
    }
    return a.size() - i < b.size() - j || (a.size() - i == b.size() - j && a < b);
}

} // namespace

ResilienceResult runResilience(const Fabric &fabric, const Scenario &scenario,
    std::string_view role, unsigned threads,
    const std::function<void(std::size_t, std::size_t)> &progress,
    const std::function<bool()> &cancelled)
{
    std::vector<Fault> elements = faultCandidates(fabric, role);
    if (elements.empty())
        throw UserError("--role " + std::string(role) + ": this fabric has no such element");
    ResilienceResult out;
    out.role = std::string(role);
    if (!scenario.faults.empty()) {
        const FaultEffect every = resolveFaults(fabric, scenario.faults);
        std::erase_if(elements, [&](const Fault &element) {
            const FaultEffect own = resolveFaults(fabric, std::vector { element });
            const bool down = std::all_of(own.links.begin(), own.links.end(), [&](LinkId l) {
                return every.dead(dirLink(l, true)) && every.dead(dirLink(l, false));
            });
            if (down)
                out.alreadyFailed.push_back(toString(element));
            return down;
        });
        if (elements.empty())
            throw UserError("--role " + std::string(role)
                + ": the faults in every run already fail each element of it");
    }

    sim::SimOptions options;
    options.recordTimeline = false;
    sim::SimCallbacks callbacks;
    callbacks.cancelled = cancelled;
    const auto stopped = [&] { return cancelled && cancelled(); };
    {
        FaultRunOptions first;
        first.allowPartial = true;
        const ScenarioRun base = runWithFaults(fabric, scenario, options, first, callbacks);
        // Every row would read "n/a" against a run that was never whole, called healthy.
        if (base.faults && !base.faults->unreachablePairs.empty()) {
            std::string failed;
            for (const Fault &f : scenario.faults)
                failed += (failed.empty() ? "" : ",") + toString(f);
            throw UserError("the faults in every run (" + failed + ") already leave "
                + units::formatCount(
                    base.faults->unreachablePairs.size(), "rank pair", "rank pairs")
                + " without a path, so no single failure can be measured against them: fail "
                  "fewer elements");
        }
        out.healthyCompletionS = base.result.completionS;
        // Every thread holds a run of about this size: two at once under a 600 MiB limit took
        // 933 MB, and one per core of a workstation many times the limit.
        const double perRun = estimatedRunBytes(base.expansion);
        if (perRun > 0 && std::isfinite(scenario.maxMemoryBytes))
            threads = unsigned(std::clamp(
                std::floor(scenario.maxMemoryBytes / perRun), 1.0, double(std::max(1u, threads))));
    }
    if (stopped()) {
        out.cancelled = true;
        return out;
    }

    out.candidates = elements.size();
    out.rows.resize(elements.size());
    std::atomic<std::size_t> next { 0 };
    std::size_t done = 0;
    std::mutex lock;
    std::exception_ptr error;
    const auto work = [&] {
        for (std::size_t i = next++; i < elements.size(); i = next++) {
            if (stopped()) {
                next = elements.size();
                return;
            }
            try {
                Scenario s = scenario;
                s.faults.push_back(elements[i]);
                FaultRunOptions fo;
                fo.allowPartial = true;
                fo.healthyCompletionS = out.healthyCompletionS;
                const ScenarioRun r = runWithFaults(fabric, s, options, fo, callbacks);
                if (r.result.cancelled)
                    return; // its row stays empty: no figure to show
                ResilienceRow &row = out.rows[i];
                row.failed = toString(elements[i]);
                row.completionS = r.result.completionS;
                row.slowdown = r.faults->slowdown;
                row.unreachablePairs = r.faults->unreachablePairs.size();
            } catch (const UserError &e) {
                const std::lock_guard<std::mutex> g(lock);
                if (!error)
                    error = std::make_exception_ptr(
                        UserError(toString(elements[i]) + " failed: " + e.what()));
                next = elements.size();
                return;
            } catch (...) {
                const std::lock_guard<std::mutex> g(lock);
                if (!error)
                    error = std::current_exception();
                next = elements.size();
                return;
            }
            if (progress) {
                const std::lock_guard<std::mutex> g(lock);
                progress(++done, elements.size());
            }
        }
    };
    const unsigned n = std::max(1u, std::min<unsigned>(threads, unsigned(elements.size())));
    out.threads = n;
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < n; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread &t : pool)
        t.join();
    if (error)
        std::rethrow_exception(error);
    // A sweep of minutes stopped halfway keeps what it measured: the rows of the runs that
    // finished, not an empty page.
    if (stopped()) {
        std::erase_if(out.rows, [](const ResilienceRow &row) { return row.failed.empty(); });
        out.cancelled = true;
    }

    // Slowdowns equal to 9 digits are ties, ordered by name: on a symmetric fabric the same
    // slowdown differs in its last bits from one element to the next, which ordered four equal
    // spines spine1, spine2, spine3, spine0. Numbers in names count (h2 before h10).
    const auto level = [](double slowdown) { return std::round(slowdown * 1e9); };
    std::stable_sort(
        out.rows.begin(), out.rows.end(), [&](const ResilienceRow &a, const ResilienceRow &b) {
            if (a.unreachablePairs != b.unreachablePairs)
                return a.unreachablePairs > b.unreachablePairs;
            // Rows that cut pairs off have no slowdown (NaN): by name among themselves.
            if (std::isfinite(a.slowdown) && std::isfinite(b.slowdown)
                && level(a.slowdown) != level(b.slowdown))
                return a.slowdown > b.slowdown;
            return namesInOrder(a.failed, b.failed);
        });
    return out;
}

ResilienceStats resilienceStats(const ResilienceResult &r)
{
    ResilienceStats s;
    s.elements = r.rows.size();
    if (r.rows.empty())
        return s;
    std::vector<double> v;
    for (const ResilienceRow &row : r.rows) {
        s.cuttingOff += row.unreachablePairs > 0 ? 1 : 0;
        // A failure that cuts pairs off has no slowdown: the figures are over the others.
        if (!std::isfinite(row.slowdown))
            continue;
        v.push_back(row.slowdown);
        s.slower += row.slowdown > 1.01 ? 1 : 0;
        s.mean += row.slowdown;
    }
    if (v.empty()) {
        s.best = s.worst = s.mean = s.median = kUnknown;
        return s;
    }
    std::sort(v.begin(), v.end());
    s.best = v.front();
    s.worst = v.back();
    s.mean /= double(v.size());
    const std::size_t m = v.size() / 2;
    s.median = v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2.0;
    return s;
}

nlohmann::json toJson(const ResilienceResult &r)
{
    nlohmann::json rows = nlohmann::json::array();
    for (const ResilienceRow &row : r.rows)
        rows.push_back({ { "failed", row.failed }, { "completion_s", row.completionS },
            { "slowdown",
                std::isfinite(row.slowdown) ? nlohmann::json(row.slowdown) : nlohmann::json() },
            { "unreachable_pairs", row.unreachablePairs } });
    return { { "role", r.role }, { "healthy_completion_s", r.healthyCompletionS },
        { "rows", std::move(rows) }, { "already_failed", r.alreadyFailed } };
}

void writeResilienceCsv(std::ostream &out, const ResilienceResult &r)
{
    out << "failed,completion_s,slowdown,unreachable_pairs\n";
    for (const ResilienceRow &row : r.rows) {
        out << csvField(row.failed); // node names are free text
        for (const double v : { row.completionS, row.slowdown }) {
            if (!std::isfinite(v)) { // no slowdown: the failure cut pairs off
                out << ',';
                continue;
            }
            // Shortest form that reads back to the same double.
            char buf[64];
            const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
            out << ',' << std::string_view(buf, std::size_t(end - buf));
        }
        out << ',' << row.unreachablePairs << '\n';
    }
}

} // namespace fabric::collective
