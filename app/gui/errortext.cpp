// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "errortext.h"

#include <QColor>
#include <QLabel>
#include <QPalette>

namespace fabric::app {

QColor errorColour()
{
    return QColor(0xc0, 0x39, 0x2b);
}

void showAsError(QLabel *label)
{
    QPalette palette = label->palette();
    palette.setColor(QPalette::WindowText, errorColour());
    label->setPalette(palette);
}

} // namespace fabric::app
