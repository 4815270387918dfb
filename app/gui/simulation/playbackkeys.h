// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

class QWidget;

namespace fabric::app {

class SimulationController;

/**
 * Playback keys anywhere in a main window, not only on the playback bar: Space plays or
 * pauses, Left and Right step to the previous or next event, Home and End jump to the start
 * or the end. They act while a run is loaded and the focus is not in something that uses these
 * keys itself (text fields, spin boxes, combo boxes, buttons, lists, sliders, the playback bar).
 *
 * Space + drag still pans the canvas: Space plays or pauses on release, and only when no mouse
 * button was pressed while it was held (a tap). The canvas sees every Space press and release.
 * An application-wide event filter, limited to widgets of the window.
 */
class PlaybackKeys : public QObject
{
    Q_OBJECT
public:
    PlaybackKeys(QWidget *window, SimulationController *controller);
    ~PlaybackKeys() override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    bool applies(QObject *receiver) const;

    QWidget *mWindow;
    SimulationController *mController;
    bool mSpaceTap = false; ///< Space is down and no mouse button was pressed since.
};

} // namespace fabric::app
