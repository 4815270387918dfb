// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "playback/simrun.h"

#include <QTextBrowser>

namespace fabric::views {

/// The explain panel: explainRun()'s sentences for the current run, plus a comparison sentence
/// when a second run is given.
class ExplainPanel : public QTextBrowser
{
    Q_OBJECT
public:
    explicit ExplainPanel(QWidget *parent = nullptr);

    void setRun(const SimRunPtr &run, const SimRunPtr &comparedWith = nullptr);
    /// The sentences shown, in order.
    const QStringList &sentences() const { return mSentences; }

private:
    QStringList mSentences;
};

} // namespace fabric::views
