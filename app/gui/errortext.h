// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QColor;
class QLabel;

namespace fabric::app {

/**
 * Colours @p label's text as an error (red). Through the palette, not a style sheet: a label
 * with a style sheet of its own stops taking its dialog's font, so in presentation mode the
 * error stayed at the normal size under larger text.
 */
void showAsError(QLabel *label);

/// The red of error text, for text that is not a label's (a row of a tree).
QColor errorColour();

} // namespace fabric::app
