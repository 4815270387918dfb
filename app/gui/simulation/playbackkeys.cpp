// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "playbackkeys.h"

#include "charts/chartpanel.h"
#include "heatmap/heatmapwidget.h"
#include "playback/playbackbar.h"
#include "playback/playbackclock.h"
#include "simulationcontroller.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTabBar>
#include <QTextEdit>

namespace fabric::app {
namespace {

/// Widgets that use Space or the arrows themselves.
bool usesTheKeys(const QWidget *w)
{
    for (const QWidget *p = w; p; p = p->parentWidget())
        if (qobject_cast<const views::PlaybackBar *>(p))
            return true; // it has the same keys
    return qobject_cast<const QLineEdit *>(w) || qobject_cast<const QAbstractSpinBox *>(w)
        || qobject_cast<const QComboBox *>(w) || qobject_cast<const QTextEdit *>(w)
        || qobject_cast<const QPlainTextEdit *>(w) || qobject_cast<const QAbstractButton *>(w)
        || qobject_cast<const QAbstractItemView *>(w) || qobject_cast<const QAbstractSlider *>(w)
        || qobject_cast<const QTabBar *>(w) || qobject_cast<const views::HeatmapWidget *>(w)
        || qobject_cast<const views::ChartPanel *>(w);
}

} // namespace

PlaybackKeys::PlaybackKeys(QWidget *window, SimulationController *controller)
    : QObject(window)
    , mWindow(window)
    , mController(controller)
{
    qApp->installEventFilter(this);
}

PlaybackKeys::~PlaybackKeys()
{
    qApp->removeEventFilter(this);
}

bool PlaybackKeys::applies(QObject *receiver) const
{
    if (!receiver->isWidgetType() || !mController->currentRun())
        return false;
    auto *w = static_cast<QWidget *>(receiver);
    if (w->window() != mWindow || usesTheKeys(w))
        return false;
    const QWidget *focus = QApplication::focusWidget();
    return !focus || focus->window() != mWindow || !usesTheKeys(focus);
}

bool PlaybackKeys::eventFilter(QObject *watched, QEvent *event)
{
    // Qt hands a key first to the window (a QWindow, no widget), then to the focused widget:
    // only the widget's copy counts, or the window's release of Space cleared the tap.
    const bool keyEvent = event->type() == QEvent::KeyPress || event->type() == QEvent::KeyRelease;
    if (keyEvent && !watched->isWidgetType())
        return QObject::eventFilter(watched, event);
    switch (event->type()) {
    case QEvent::MouseButtonPress:
        mSpaceTap = false; // Space + drag pans: not a tap
        break;
    case QEvent::KeyPress: {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->modifiers() & ~Qt::KeypadModifier)
            break;
        if (key->key() == Qt::Key_Space) {
            if (!key->isAutoRepeat())
                mSpaceTap = applies(watched);
            break; // the canvas still sees it (Space + drag)
        }
        const int k = key->key();
        if (k != Qt::Key_Left && k != Qt::Key_Right && k != Qt::Key_Home && k != Qt::Key_End)
            break;
        if (!applies(watched))
            break;
        views::PlaybackClock *clock = mController->clock();
        if (k == Qt::Key_Left)
            clock->stepBackward();
        else if (k == Qt::Key_Right)
            clock->stepForward();
        else {
            clock->pause();
            clock->seek(k == Qt::Key_Home ? 0.0 : clock->endS());
        }
        return true;
    }
    case QEvent::KeyRelease: {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() != Qt::Key_Space || key->isAutoRepeat() || !mSpaceTap)
            break;
        mSpaceTap = false; // once, though the release may travel up to the parents
        if (applies(watched))
            mController->clock()->togglePlay();
        break;
    }
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace fabric::app
