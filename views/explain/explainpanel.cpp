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
    QString html;
    if (run)
        html += QStringLiteral("<h3>%1</h3>").arg(run->label.toHtmlEscaped());
    html += QStringLiteral("<ul>");
    for (const QString &s : std::as_const(mSentences))
        if (!s.isEmpty())
            html += QStringLiteral("<li style='margin-bottom:6px'>%1</li>").arg(s.toHtmlEscaped());
    html += QStringLiteral("</ul>");
    setHtml(run ? html : QString());
}

} // namespace fabric::views
