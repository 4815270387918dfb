// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

class QWidget;

namespace fabric::app {

/// Spin boxes and combo boxes under @p root take the mouse wheel only once they have focus (a
/// click or Tab); before that the wheel scrolls the panel they sit in. Otherwise scrolling a
/// form changes whatever value passes under the pointer.
void guardWheel(QWidget *root);

} // namespace fabric::app
