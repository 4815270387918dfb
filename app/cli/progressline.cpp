// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "progressline.h"

#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>
#include <unistd.h>

namespace fabric::cli {

namespace {
constexpr std::chrono::milliseconds kTerminalInterval { 200 };

std::string percent(double fraction)
{
    return std::to_string(int(std::floor(std::clamp(fraction, 0.0, 1.0) * 100))) + "%";
}
} // namespace

ProgressLine::ProgressLine(std::ostream &err, bool asked, std::string label)
    : mErr(err)
    , mLabel(std::move(label))
{
    // Only the real stderr can be a terminal; a test's stream never is.
    if (&err == &std::cerr && isatty(STDERR_FILENO) == 1)
        mMode = Mode::Terminal;
    else if (asked)
        mMode = Mode::Log;
}

ProgressLine::~ProgressLine()
{
    finish();
}

void ProgressLine::show(double fraction, const std::string &detail)
{
    const std::string text
        = mLabel + ": " + percent(fraction) + (detail.empty() ? "" : " (" + detail + ")");
    if (mMode == Mode::Log) {
        const int tenth = int(std::floor(std::clamp(fraction, 0.0, 1.0) * 10));
        if (tenth == mLastTenth)
            return;
        mLastTenth = tenth;
        mErr << text << '\n' << std::flush;
        return;
    }
    if (mMode != Mode::Terminal)
        return;
    const auto now = std::chrono::steady_clock::now();
    if (mShownWidth > 0 && fraction < 1.0 && now - mLastShown < kTerminalInterval)
        return;
    mLastShown = now;
    // Pad over what a longer previous line left.
    const std::size_t width = text.size();
    mErr << '\r' << text << std::string(mShownWidth > width ? mShownWidth - width : 0, ' ')
         << std::flush;
    mShownWidth = width;
}

void ProgressLine::finish()
{
    if (mMode != Mode::Terminal || mShownWidth == 0)
        return;
    mErr << '\r' << std::string(mShownWidth, ' ') << '\r' << std::flush;
    mShownWidth = 0;
}

} // namespace fabric::cli
