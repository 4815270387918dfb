// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "export/frameexport.h"

#include <QDialog>
#include <QSize>
#include <QString>

#include <functional>

class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace fabric::app {

/// What an animation export writes: the folder, how many frames, their size in pixels.
struct FramesChoice
{
    QString folder;
    int frames = views::kDefaultFrames;
    QSize size = QSize(1920, 1080);
};

/**
 * Simulation > Export Animation Frames: the folder the PNG sequence goes into (created when
 * missing), the number of frames and their size, as `fabricscope-cli export --format frames`
 * takes with --frames and --size. Under them, what the choice gives: the simulated time between
 * two frames and the length of the video at the frame rate the particles move at.
 */
class FramesDialog : public QDialog
{
    Q_OBJECT
public:
    /// Starts from @p proposed, for a run of @p runSeconds of simulated time.
    FramesDialog(const FramesChoice &proposed, double runSeconds, QWidget *parent = nullptr);

    FramesChoice choice() const;
    /// True for the sizes the dialog offers (HD, Full HD, QHD, 4K UHD).
    static bool offersSize(const QSize &size);
    /// What Browse... asks: a folder, starting from the one typed; empty keeps it.
    void setBrowse(std::function<QString(const QString &current)> browse);

private:
    void refresh();

    double mRunSeconds;
    std::function<QString(const QString &)> mBrowse;
    QLineEdit *mFolder;
    QSpinBox *mFrames;
    QComboBox *mSize;
    QLabel *mNote;
    QDialogButtonBox *mButtons;
};

} // namespace fabric::app
