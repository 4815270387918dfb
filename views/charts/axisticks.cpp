// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "axisticks.h"

#include "common/qtstrings.h"
#include "model/units.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

namespace fabric::views {

AxisTicks niceTicks(double lo, double hi, int target)
{
    AxisTicks t;
    if (!std::isfinite(lo) || !std::isfinite(hi))
        lo = 0, hi = 1;
    if (hi <= lo)
        hi = lo + (lo == 0 ? 1 : std::abs(lo));
    const double raw = (hi - lo) / std::max(1, target);
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    t.step = power * 10;
    for (const double m : {1.0, 2.0, 5.0, 10.0})
        if (m * power >= raw) {
            t.step = m * power;
            break;
        }
    t.lo = std::floor(lo / t.step + 1e-9) * t.step;
    t.hi = std::ceil(hi / t.step - 1e-9) * t.step;
    const int n = static_cast<int>(std::lround((t.hi - t.lo) / t.step));
    for (int i = 0; i <= n; ++i)
        t.values.append(t.lo + i * t.step);
    return t;
}

QStringList tickLabels(const AxisTicks &ticks)
{
    struct Prefix
    {
        double factor;
        double from; ///< The largest value from which it is used.
        const char *suffix;
    };
    // Four digits read as they are: "k" from 10,000 up, or an axis to 1,000 read "0.5 k".
    static constexpr std::array<Prefix, 4> prefixes { { { 1e12, 1e12, " T" }, { 1e9, 1e9, " G" },
        { 1e6, 1e6, " M" }, { 1e3, 1e4, " k" } } };
    const double largest = std::max(std::abs(ticks.lo), std::abs(ticks.hi));
    double factor = 1;
    const char *suffix = "";
    for (const Prefix &p : prefixes)
        if (largest >= p.from) {
            factor = p.factor;
            suffix = p.suffix;
            break;
        }
    const int decimals =
        std::max(0, static_cast<int>(std::ceil(-std::log10(ticks.step / factor) - 1e-9)));
    QStringList out;
    for (const double v : ticks.values)
        out << (std::abs(v) < ticks.step * 1e-9
                    ? QStringLiteral("0")
                    : toQString(units::formatDecimal(v / factor, decimals)) + QLatin1String(suffix));
    return out;
}

int labelPrecision(double largest)
{
    if (!(largest >= 1))
        return 3;
    return std::max(3, static_cast<int>(std::floor(std::log10(largest))) + 1);
}

} // namespace fabric::views
