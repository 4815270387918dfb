// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>

namespace fabric::views {

/**
 * How much larger than on screen the text and lines of an exported picture @p width units wide
 * are drawn: 1 up to a 1920-pixel screen's width, then in proportion (2 at 3840), at most 2.5.
 * A picture wider than a screen is a slide or a print seen whole; drawn at screen sizes its
 * text would shrink to specks. Every export (canvas, charts, heatmap) uses this one rule.
 */
inline double pictureScale(double width)
{
    return std::clamp(width / 1920.0, 1.0, 2.5);
}

/// The size of a picture's legend @p width units wide against the legend on screen: a little
/// smaller in a small picture, larger from 1600 units on (the title and the fabric leave it
/// that much room), at most 2.5.
inline double legendScale(double width)
{
    return std::clamp(width / 1600.0, 0.8, 2.5);
}

} // namespace fabric::views
