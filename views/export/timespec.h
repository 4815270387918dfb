// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <optional>

namespace fabric::views {

/**
 * Reads a playback time as typed by a user: "end", "start", a fraction of the run ("50%"), or a
 * duration with a unit ("2.5ms", "40 us", "40µs", "120ns", "1.5s"; a bare number is seconds).
 * nullopt when the text is none of these. A time past @p endS is returned as it is, so that the
 * caller can say so rather than quietly show the end.
 */
std::optional<double> parseTime(const QString &text, double endS);

} // namespace fabric::views
