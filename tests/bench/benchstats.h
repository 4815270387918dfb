// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Small helpers the GUI benchmarks share: milliseconds of a timer, median / p95 / max of a
// sample, and the process's resident memory.
#pragma once

#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

inline double ms(const QElapsedTimer &t) { return double(t.nsecsElapsed()) / 1e6; }

struct Stats
{
    double median = 0, p95 = 0, max = 0;
};

inline Stats stats(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    if (v.empty())
        return {};
    return {v[v.size() / 2], v[std::min(v.size() - 1, v.size() * 95 / 100)], v.back()};
}

inline long rssMiB()
{
    FILE *f = std::fopen("/proc/self/statm", "r");
    long pages = 0, rss = 0;
    if (f) {
        if (std::fscanf(f, "%ld %ld", &pages, &rss) != 2)
            rss = 0;
        std::fclose(f);
    }
    return rss * 4096 / (1024 * 1024);
}

} // namespace
