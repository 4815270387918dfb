// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "playback/simrun.h"

#include <QTextBrowser>

namespace fabric::views {

/// The explain panel: explainRun()'s sentences for the current run, plus a comparison sentence
/// when a second run is given, above a lesson's narrative when one is open.
class ExplainPanel : public QTextBrowser
{
    Q_OBJECT
public:
    explicit ExplainPanel(QWidget *parent = nullptr);

    void setRun(const SimRunPtr &run, const SimRunPtr &comparedWith = nullptr);
    /// A lesson's narrative (HTML), kept under whichever run is explained, so a student who runs
    /// one of the lesson's scenarios again keeps the lesson's text without reopening it.
    /// The run shown when it is set is left unexplained: the narrative tells of it. Empty
    /// removes it.
    void setNarrative(const QString &html);
    /// The sentences shown, in order.
    const QStringList &sentences() const { return mSentences; }

private:
    void render();

    QStringList mSentences;
    QString mRunTitle; ///< The run's name, as an HTML heading.
    QString mRunHtml; ///< The sentences, as HTML.
    QString mNarrative;
};

} // namespace fabric::views
