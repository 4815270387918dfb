// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QString>

namespace fabric::views {

/**
 * A perceptual colour map (matplotlib's viridis or inferno) for values in 0..1, such as link
 * utilisation. The maps are stored as their nine published key colours at 0, 1/8, ..., 1 and
 * interpolated linearly in sRGB between them, which stays within a few units of the full
 * 256-entry tables.
 */
class ColorMap
{
public:
    enum class Kind { Viridis, Inferno };

    explicit ColorMap(Kind kind = Kind::Viridis);

    Kind kind() const { return mKind; }
    QString name() const;
    /// Colour of @p value; values are clamped to 0..1 and NaN maps to 0.
    QColor map(double value) const;
    /// The index of @p value among @p levels equal steps (for batching draws by colour).
    static int level(double value, int levels);

private:
    Kind mKind;
};

} // namespace fabric::views
