// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QScrollArea;
class QWidget;

namespace fabric::app {

/// @p content in a frameless scroll area that resizes it: a dock or tab page built this way
/// scrolls instead of forcing the window taller than a 1280x720 projector.
/// @p horizontal: whether it may scroll sideways too (pictures do). Without it the area asks
/// for its content's minimum width, so a form's rows are never cut at the right; the forms
/// wrap their text to stay narrow enough for a 1280x720 window.
QScrollArea *scrollable(QWidget *content, bool horizontal = false);

} // namespace fabric::app
