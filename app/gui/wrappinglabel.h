// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QLabel>

namespace fabric::app {

/**
 * A word-wrapped label that asks its layout for the height of all its lines. A plain QLabel's
 * minimum is one line, so in a squeezed dock (presentation text at 1280x720) a run's
 * three-line summary was cut to its middle line; with this one the dock takes the room from
 * its neighbours, or the window's layout gives what it can.
 */
class WrappingLabel : public QLabel
{
public:
    explicit WrappingLabel(QWidget *parent = nullptr);

    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
};

} // namespace fabric::app
