// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "loadsampler.h"

#include "common/percent.h"
#include "common/qtstrings.h"
#include "model/units.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace fabric::views {

LoadSampler::LoadSampler(const sim::SimResult &result)
    : mResult(result)
    , mCursor(result.timeline)
    , mWindowStart(result.timeline)
    , mWindowEnd(result.timeline)
    , mWindowS(defaultWindowS(result.timeline.endS()))
    , mUtil(result.links.size(), 0.0f)
    , mFlows(result.links.size() / 2, 0)
{}

QString LoadSampler::windowNote(double windowS)
{
    return windowS > 0
        ? QStringLiteral("loads: mean of %1").arg(toQString(units::formatSeconds(windowS)))
        : QStringLiteral("loads: at the instant");
}

QString LoadSampler::utilisationCaption(double timeS, double windowS)
{
    // The report said "at t = 64.3 ms" of a picture of the mean over 6.43 ms around it. The
    // colours are the legend's: "dark = idle" was the heatmap's rule, not the diagram's, where
    // idle links are grey (on a torus, pale in their dimension's hue) and dark ones are busy.
    const QString at = toQString(units::formatSeconds(timeS));
    return windowS > 0
        ? QStringLiteral("Link utilisation around t = %1 (mean of %2; colours as in the legend)")
              .arg(at, toQString(units::formatSeconds(windowS)))
        : QStringLiteral("Link utilisation at t = %1 (colours as in the legend)").arg(at);
}

void LoadSampler::setWindowS(double seconds)
{
    mWindowS = std::isfinite(seconds) && seconds > 0 ? seconds : 0.0;
}

void LoadSampler::seek(double timeS)
{
    const sim::TimelineState &s = mCursor.seek(timeS);
    const double endS = mResult.timeline.endS();
    // The timeline's last interval holds the rates up to the end: at the end, or past it (the
    // shorter run of a comparison, while the longer one plays on), every flow has finished.
    // Read as the last interval, the finished run showed saturated links and collision badges.
    mFinished = timeS >= endS;
    mTimeS = mFinished ? std::max(timeS, endS) : s.timeS;
    const std::size_t n = std::min(mUtil.size(), s.linkLoadBytesPerS.size());
    mWindowFromS = std::max(0.0, mTimeS - mWindowS / 2);
    mWindowToS = std::min(endS, mTimeS + mWindowS / 2);
    if (mWindowS > 0 && mWindowToS > mWindowFromS) {
        const sim::TimelineState &from = mWindowStart.seek(mWindowFromS);
        const sim::TimelineState &to = mWindowEnd.seek(mWindowToS);
        const double span = mWindowToS - mWindowFromS;
        for (std::size_t d = 0; d < n; ++d) {
            const double cap = mResult.links[d].capacityBytesPerS;
            const double bytes = to.linkBytes[d] - from.linkBytes[d];
            mUtil[d] = cap > 0 ? static_cast<float>(std::clamp(bytes / (cap * span), 0.0, 1.0))
                               : 0.0f;
        }
    } else {
        mWindowFromS = mWindowToS = mTimeS;
        for (std::size_t d = 0; d < n; ++d) {
            const double cap = mResult.links[d].capacityBytesPerS;
            mUtil[d]
                = cap > 0 && !mFinished ? static_cast<float>(s.linkLoadBytesPerS[d] / cap) : 0.0f;
        }
    }
    const std::size_t links = std::min(mFlows.size(), s.linkFlows.size() / 2);
    for (std::size_t l = 0; l < links; ++l)
        mFlows[l] = mFinished ? 0 : std::max(s.linkFlows[2 * l], s.linkFlows[2 * l + 1]);
}

QString LoadSampler::describeLink(const Fabric &fabric, LinkId link) const
{
    const sim::TimelineState &s = mCursor.state();
    if (!fabric.hasLink(link) || mTimeS < 0)
        return {};
    const auto d0 = static_cast<std::size_t>(dirLink(link, true));
    if (d0 + 1 >= mResult.links.size() || d0 + 1 >= s.linkLoadBytesPerS.size())
        return {};
    const Link &l = fabric.link(link);
    const QString a = toQString(fabric.node(l.a).name).toHtmlEscaped();
    const QString b = toQString(fabric.node(l.b).name).toHtmlEscaped();
    QStringList lines;
    lines << QStringLiteral("<i>At t = %1:</i>").arg(toQString(units::formatSeconds(mTimeS)));
    for (const bool forward : {true, false}) {
        const std::size_t d = forward ? d0 : d0 + 1;
        const double rate = mFinished ? 0.0 : s.linkLoadBytesPerS[d];
        const double cap = mResult.links[d].capacityBytesPerS;
        const int flows = !mFinished && d < s.linkFlows.size() ? s.linkFlows[d] : 0;
        const double sofar = d < s.linkBytes.size() ? s.linkBytes[d] : 0.0;
        const QString mean = mWindowToS > mWindowFromS
            ? QStringLiteral(" (mean %1 from %2 to %3)")
                  .arg(percentText(mUtil[d]), toQString(units::formatSeconds(mWindowFromS)),
                      toQString(units::formatSeconds(mWindowToS)))
            : QString();
        lines << QStringLiteral("%1 → %2: %3")
                     .arg(forward ? a : b, forward ? b : a, percentText(cap > 0 ? rate / cap : 0))
                + mean
                + QStringLiteral(" · %1 · %2 flow%3 · %4 so far of %5")
                      .arg(toQString(units::formatGbps(rate * 8 / 1e9)))
                      .arg(flows)
                      .arg(flows == 1 ? QString() : QStringLiteral("s"))
                      .arg(toQString(units::formatBytes(sofar)),
                          toQString(units::formatBytes(mResult.links[d].bytes)));
    }
    return lines.join(QStringLiteral("<br>"));
}

std::vector<int> LoadSampler::badges(int minFlows) const
{
    std::vector<int> out(mFlows.size(), 0);
    for (std::size_t l = 0; l < mFlows.size(); ++l)
        if (mFlows[l] >= minFlows)
            out[l] = mFlows[l];
    return out;
}

} // namespace fabric::views
