// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "wheelguard.h"

#include <QAbstractScrollArea>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QScrollBar>
#include <QWheelEvent>

namespace fabric::app {
namespace {

class WheelGuard : public QObject
{
public:
    using QObject::QObject;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        auto *widget = qobject_cast<QWidget *>(watched);
        if (event->type() != QEvent::Wheel || !widget || widget->hasFocus())
            return false;
        // Hand the wheel to the nearest scroll area, as if the field were not there.
        for (QWidget *w = widget->parentWidget(); w; w = w->parentWidget())
            if (auto *area = qobject_cast<QAbstractScrollArea *>(w)) {
                QCoreApplication::sendEvent(area->verticalScrollBar(), event);
                break;
            }
        return true;
    }
};

} // namespace

void guardWheel(QWidget *root)
{
    auto *guard = new WheelGuard(root);
    const auto guardOne = [guard](QWidget *field) {
        field->setFocusPolicy(Qt::StrongFocus);
        field->installEventFilter(guard);
    };
    for (QAbstractSpinBox *box : root->findChildren<QAbstractSpinBox *>())
        guardOne(box);
    for (QComboBox *box : root->findChildren<QComboBox *>())
        guardOne(box);
}

} // namespace fabric::app
