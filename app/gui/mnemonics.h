// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QMenu;
class QWidget;

namespace fabric::app {

/// Gives each item of @p menu without an access key (a dock's name, an example's title) the
/// first letter of its text that no other item of the menu has, so the keyboard reaches it by
/// a letter as it does the rest. Items with no free letter are left as they are.
void giveMnemonics(QMenu &menu);

/// Calls giveMnemonics() on each menu of @p window as it opens: some are filled from names the
/// program does not choose (docks, examples).
void keepMnemonics(QWidget &window);

} // namespace fabric::app
