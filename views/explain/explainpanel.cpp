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
    mRunTitle.clear();
    mRunHtml.clear();
    if (run) {
        mRunTitle = QStringLiteral("<h3>%1</h3>").arg(run->label.toHtmlEscaped());
        mRunHtml = QStringLiteral("<ul>");
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
    if (!html.isEmpty()) {
        mRunTitle.clear();
        mRunHtml.clear();
    }
    mNarrative = html;
    render();
}

void ExplainPanel::render()
{
    // A run made after the lesson opened is explained above its narrative, which it pushes out
    // of a short dock's view: a line under the run's title says where the lesson went.
    if (mRunHtml.isEmpty() || mNarrative.isEmpty())
        setHtml(mRunTitle + mRunHtml + mNarrative);
    else
        setHtml(mRunTitle
            + QStringLiteral("<p><i>%1</i></p>")
                  .arg(tr("The lesson\u2019s text is below this run\u2019s explanation.")
                           .toHtmlEscaped())
            + mRunHtml + QStringLiteral("<hr>") + mNarrative);
}

} // namespace fabric::views
