// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "framesdialog.h"

#include "common/qtstrings.h"
#include "export/frameexport.h"
#include "model/units.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

#include <algorithm>
#include <iterator>
#include <utility>

namespace fabric::app {
namespace {

struct SizePreset
{
    QSize size;
    const char *use;
};

/// The sizes slides and videos come in; other sizes are the CLI's --size.
const SizePreset kSizes[] = {
    { QSize(1280, 720), QT_TRANSLATE_NOOP("FramesDialog", "HD, a classroom projector") },
    { QSize(1920, 1080), QT_TRANSLATE_NOOP("FramesDialog", "Full HD") },
    { QSize(2560, 1440), QT_TRANSLATE_NOOP("FramesDialog", "QHD") },
    { QSize(3840, 2160), QT_TRANSLATE_NOOP("FramesDialog", "4K UHD") },
};

} // namespace

FramesDialog::FramesDialog(const FramesChoice &proposed, double runSeconds, QWidget *parent)
    : QDialog(parent)
    , mRunSeconds(runSeconds)
    , mFolder(new QLineEdit(proposed.folder))
    , mFrames(new QSpinBox)
    , mSize(new QComboBox)
    , mNote(new QLabel)
    , mButtons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel))
{
    setWindowTitle(tr("Export Animation Frames"));
    mFolder->setObjectName(QStringLiteral("framesFolder"));
    mFrames->setObjectName(QStringLiteral("framesCount"));
    mSize->setObjectName(QStringLiteral("framesSize"));
    mNote->setObjectName(QStringLiteral("framesNote"));

    auto *layout = new QFormLayout(this);
    auto *intro = new QLabel(tr("A PNG picture per frame (frame-00000.png, ...), evenly spaced "
                                "over the run, each titled with its simulated time. The folder "
                                "is created when missing; a longer sequence already in it is "
                                "replaced."));
    intro->setWordWrap(true);
    layout->addRow(intro);

    auto *folderRow = new QHBoxLayout;
    mFolder->setMinimumWidth(mFolder->fontMetrics().horizontalAdvance(QLatin1Char('x')) * 40);
    folderRow->addWidget(mFolder, 1);
    auto *browse = new QPushButton(tr("&Browse\u2026"));
    browse->setObjectName(QStringLiteral("framesBrowse"));
    folderRow->addWidget(browse);
    // A row holding a layout gets no buddy by itself: without one the & would show.
    auto *folderLabel = new QLabel(tr("&Folder:"));
    folderLabel->setBuddy(mFolder);
    layout->addRow(folderLabel, folderRow);

    mFrames->setRange(1, views::kMaxFrames);
    mFrames->setValue(proposed.frames);
    layout->addRow(tr("F&rames:"), mFrames);

    for (const SizePreset &preset : kSizes)
        mSize->addItem(tr("%1 x %2 (%3)")
                           .arg(preset.size.width())
                           .arg(preset.size.height())
                           .arg(tr(preset.use)),
            preset.size);
    int current = mSize->findData(proposed.size);
    if (current < 0) { // a size the presets lack, kept from the caller
        mSize->addItem(
            tr("%1 x %2").arg(proposed.size.width()).arg(proposed.size.height()), proposed.size);
        current = mSize->count() - 1;
    }
    mSize->setCurrentIndex(current);
    layout->addRow(tr("&Size:"), mSize);

    mNote->setWordWrap(true);
    layout->addRow(mNote);
    mButtons->button(QDialogButtonBox::Ok)->setText(tr("&Export"));
    layout->addRow(mButtons);

    connect(browse, &QPushButton::clicked, this, [this] {
        const QString chosen = mBrowse ? mBrowse(mFolder->text()) : QString();
        if (!chosen.isEmpty())
            mFolder->setText(chosen);
    });
    connect(mFolder, &QLineEdit::textChanged, this, &FramesDialog::refresh);
    connect(mFrames, &QSpinBox::valueChanged, this, &FramesDialog::refresh);
    connect(mButtons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(mButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    refresh();
}

bool FramesDialog::offersSize(const QSize &size)
{
    return std::any_of(std::begin(kSizes), std::end(kSizes),
        [&size](const SizePreset &preset) { return preset.size == size; });
}

FramesChoice FramesDialog::choice() const
{
    return { mFolder->text().trimmed(), mFrames->value(), mSize->currentData().toSize() };
}

void FramesDialog::setBrowse(std::function<QString(const QString &current)> browse)
{
    mBrowse = std::move(browse);
}

void FramesDialog::refresh()
{
    const int frames = mFrames->value();
    // exportFrames spaces the frames from 0 to the end: frames - 1 steps.
    const QString step = frames < 2
        ? tr("One frame, at the end of the run")
        : tr("One frame every %1 of the run's %2")
              .arg(views::toQString(units::formatSeconds(mRunSeconds / (frames - 1))),
                  views::toQString(units::formatSeconds(mRunSeconds)));
    mNote->setText(tr("%1; %2 s of video at %3 frames per second.")
                       .arg(step)
                       .arg(frames / views::kFramesPerSecond, 0, 'f', 1)
                       .arg(views::kFramesPerSecond, 0, 'f', 0));
    mButtons->button(QDialogButtonBox::Ok)->setEnabled(!mFolder->text().trimmed().isEmpty());
}

} // namespace fabric::app
