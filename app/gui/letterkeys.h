// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

namespace fabric::app {

/**
 * Lets a combo box or a list with the focus keep the letters it types to select an item.
 * The window's one-letter shortcuts (F: Zoom to Fit, L: Add Link Mode, P: Show Equal-Cost
 * Paths) are window-wide, and Qt gives a shortcut a key before the focused widget unless that
 * widget claims it: L in the Algorithm box turned on link mode, P in the palette ran the path
 * search. Text fields claim their letters already.
 */
class LetterKeys : public QObject
{
    Q_OBJECT
public:
    /// Watches every widget of the application while it lives.
    explicit LetterKeys(QObject *parent);
    ~LetterKeys() override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
};

} // namespace fabric::app
