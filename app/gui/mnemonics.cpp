// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "mnemonics.h"

#include <QAction>
#include <QMenu>
#include <QSet>

namespace fabric::app {

namespace {
/// The access key '&' marks in @p text, lower case; a null QChar when none ("&&" is an '&').
QChar mnemonicOf(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i)
        if (text[i] == QLatin1Char('&')) {
            if (text[i + 1] != QLatin1Char('&'))
                return text[i + 1].toLower();
            ++i;
        }
    return {};
}
} // namespace

void giveMnemonics(QMenu &menu)
{
    const QList<QAction *> actions = menu.actions();
    QSet<QChar> taken;
    for (const QAction *a : actions)
        if (const QChar key = mnemonicOf(a->text()); !key.isNull())
            taken.insert(key);
    // The first letters of words first, for every item, then any letter: taking the first free
    // letter item by item left the last of ten docks (Main) without one.
    for (const bool wordStartsOnly : { true, false })
        for (QAction *a : actions) {
            const QString text = a->text();
            if (a->isSeparator() || text.isEmpty() || !mnemonicOf(text).isNull())
                continue;
            for (qsizetype i = 0; i < text.size(); ++i) {
                const QChar c = text[i];
                const bool wordStart = i == 0 || !text[i - 1].isLetterOrNumber();
                if (c.isLetterOrNumber() && (wordStart || !wordStartsOnly)
                    && !taken.contains(c.toLower())) {
                    taken.insert(c.toLower());
                    a->setText(text.left(i) + QLatin1Char('&') + text.mid(i));
                    break;
                }
            }
        }
}

void keepMnemonics(QWidget &window)
{
    for (QMenu *menu : window.findChildren<QMenu *>())
        QObject::connect(menu, &QMenu::aboutToShow, menu, [menu] { giveMnemonics(*menu); });
}

} // namespace fabric::app
