// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <chrono>
#include <iosfwd>
#include <string>

namespace fabric::cli {

/**
 * How far a long command has got, on stderr: on a terminal, one line rewritten in place (at
 * most five times a second) and cleared at the end; elsewhere, when the user asked with
 * --progress, one line per tenth, so a log keeps a readable trace. Otherwise silent, so
 * scripts that read stderr see nothing new. An exact all-to-all over a TPU pod runs for
 * minutes; without this the terminal gives no sign of life meanwhile.
 */
class ProgressLine
{
public:
    /// @p label names the work ("simulating"); @p asked: the command's --progress flag.
    ProgressLine(std::ostream &err, bool asked, std::string label);
    ~ProgressLine();
    ProgressLine(const ProgressLine &) = delete;
    ProgressLine &operator=(const ProgressLine &) = delete;

    /// Shows @p fraction (0 to 1) done, with @p detail after it when not empty.
    void show(double fraction, const std::string &detail = {});
    bool enabled() const { return mMode != Mode::Off; }
    /// Takes the terminal's line away, before the command prints its results (the destructor
    /// does it too, when an error ends the command first).
    void finish();

private:
    enum class Mode { Off, Terminal, Log };

    std::ostream &mErr;
    Mode mMode = Mode::Off;
    std::string mLabel;
    int mLastTenth = -1;
    std::size_t mShownWidth = 0;
    std::chrono::steady_clock::time_point mLastShown;
};

} // namespace fabric::cli
