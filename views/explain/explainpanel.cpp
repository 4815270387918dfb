// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "explainpanel.h"

#include "explainer.h"

namespace fabric::views {

ExplainPanel::ExplainPanel(QWidget *parent)
    : QTextBrowser(parent)
{
    setOpenLinks(false);
    setPlaceholderText(tr("Run a simulation to see what happened and why."));
}

void ExplainPanel::setRun(const SimRunPtr &run, const SimRunPtr &comparedWith)
{
    mSentences.clear();
    if (run) {
        const RunSummary summary = RunSummary(*run);
        mSentences = explainRun(*run, summary);
        if (comparedWith)
            mSentences << compareRuns(summary, RunSummary(*comparedWith));
    }
    mRunHtml.clear();
    if (run) {
        mRunHtml = QStringLiteral("<h3>%1</h3><ul>").arg(run->label.toHtmlEscaped());
        for (const QString &s : std::as_const(mSentences))
            if (!s.isEmpty())
                mRunHtml += QStringLiteral("<li style='margin-bottom:6px'>%1</li>")
                                .arg(s.toHtmlEscaped());
        mRunHtml += QStringLiteral("</ul>");
    }
    render();
}

void ExplainPanel::setNarrative(const QString &html)
{
    // The narrative explains the runs the lesson opened with: the first stands alone.
    if (!html.isEmpty())
        mRunHtml.clear();
    mNarrative = html;
    render();
}

void ExplainPanel::render()
{
    // A run made after the lesson opened is explained above its narrative.
    if (mRunHtml.isEmpty() || mNarrative.isEmpty())
        setHtml(mRunHtml + mNarrative);
    else
        setHtml(mRunHtml + QStringLiteral("<hr>") + mNarrative);
}

} // namespace fabric::views
