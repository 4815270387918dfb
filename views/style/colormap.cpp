// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "colormap.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace fabric::views {

namespace {
constexpr std::array<QRgb, 9> kViridis = {0x440154, 0x472d7b, 0x3b528b, 0x2c728e, 0x21918c,
                                          0x28ae80, 0x5ec962, 0xaadc32, 0xfde725};
constexpr std::array<QRgb, 9> kInferno = {0x000004, 0x1b0c41, 0x4a0c6b, 0x781c6d, 0xa52c60,
                                          0xcf4446, 0xed6925, 0xfb9b06, 0xfcffa4};
} // namespace

ColorMap::ColorMap(Kind kind)
    : mKind(kind)
{}

QString ColorMap::name() const
{
    return mKind == Kind::Viridis ? QStringLiteral("viridis") : QStringLiteral("inferno");
}

QColor ColorMap::map(double value) const
{
    const auto &stops = mKind == Kind::Viridis ? kViridis : kInferno;
    if (std::isnan(value))
        value = 0;
    value = std::clamp(value, 0.0, 1.0);
    const double scaled = value * static_cast<double>(stops.size() - 1);
    const auto i = std::min(static_cast<std::size_t>(scaled), stops.size() - 2);
    const double t = scaled - static_cast<double>(i);
    const QColor a(stops[i]), b(stops[i + 1]);
    auto mix = [t](int x, int y) { return static_cast<int>(std::lround(x + (y - x) * t)); };
    return QColor(mix(a.red(), b.red()), mix(a.green(), b.green()), mix(a.blue(), b.blue()));
}

int ColorMap::level(double value, int levels)
{
    if (std::isnan(value) || value <= 0)
        return 0;
    return std::clamp(static_cast<int>(value * levels), 0, levels - 1);
}

} // namespace fabric::views
