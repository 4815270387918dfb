// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reconfigureocsdialog.h"
#include "common/plural.h"
#include "errortext.h"

#include "model/error.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>

namespace fabric::app {

ReconfigureOcsDialog::ReconfigureOcsDialog(
    const gen::TpuShape &current, bool twisted, int cubes, QWidget *parent)
    : QDialog(parent)
    , mCubes(cubes)
    , mTwisted(new QCheckBox(tr("Twisted torus")))
    , mError(new QLabel)
    , mButtons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel))
{
    setWindowTitle(tr("Reconfigure OCS"));
    auto *layout = new QFormLayout(this);
    auto *intro = new QLabel(tr("The optical circuit switches rewire the %1 of this slice into "
                                "another slice shape. Each side is a multiple of 4 chips; a "
                                "twisted torus needs a k x k x 2k or k x 2k x 2k shape.")
                                 .arg(views::counted(cubes, tr("cube"), tr("%1 cubes"))));
    intro->setWordWrap(true);
    layout->addRow(intro);
    const char *names[] = { "X", "Y", "Z" };
    for (int d = 0; d < 3; ++d) {
        mSides[d] = new QSpinBox;
        mSides[d]->setRange(gen::kTpuCubeSide, 4 * gen::kTpuCubeSide);
        mSides[d]->setSingleStep(gen::kTpuCubeSide);
        mSides[d]->setSuffix(tr(" chips"));
        connect(mSides[d], &QSpinBox::valueChanged, this, &ReconfigureOcsDialog::check);
        layout->addRow(tr("%1").arg(QLatin1String(names[d])), mSides[d]);
    }
    layout->addRow(mTwisted);
    mError->setWordWrap(true);
    showAsError(mError);
    layout->addRow(mError);
    layout->addRow(mButtons);
    connect(mTwisted, &QCheckBox::toggled, this, &ReconfigureOcsDialog::check);
    connect(mButtons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(mButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // Room for the intro in three lines; the dialog grows to show a long error whole.
    setMinimumWidth(fontMetrics().averageCharWidth() * 64);
    setShape(current, twisted);
}

gen::TpuShape ReconfigureOcsDialog::shape() const
{
    return { mSides[0]->value(), mSides[1]->value(), mSides[2]->value() };
}

bool ReconfigureOcsDialog::twisted() const
{
    return mTwisted->isChecked();
}

void ReconfigureOcsDialog::setShape(const gen::TpuShape &shape, bool twisted)
{
    for (int d = 0; d < 3; ++d) {
        const QSignalBlocker blocker(mSides[d]);
        mSides[d]->setValue(shape[d]);
    }
    const QSignalBlocker blocker(mTwisted);
    mTwisted->setChecked(twisted);
    check();
}

QString ReconfigureOcsDialog::errorText() const
{
    return mError->isHidden() ? QString() : mError->text();
}

void ReconfigureOcsDialog::check()
{
    QString error;
    const gen::TpuShape s = shape();
    try {
        gen::checkTpuShape(s, twisted());
        // Rewiring the OCS rearranges the cubes that exist; it cannot add or drop any.
        if (s.cubes() > mCubes)
            error = tr("%1x%2x%3 needs %4 but this fabric has %5: rewiring only rearranges the "
                       "cubes there are. For a bigger slice, use Tools > Regenerate... with "
                       "these sides.")
                        .arg(s.x)
                        .arg(s.y)
                        .arg(s.z)
                        .arg(views::counted(
                            s.cubes(), tr("1 cube of 4x4x4 chips"), tr("%1 cubes of 4x4x4 chips")))
                        .arg(views::counted(mCubes, tr("1 cube"), tr("%1 cubes")));
        else if (s.cubes() < mCubes)
            error = tr("%1x%2x%3 uses %4 of this fabric's %5: a slice here takes every cube. "
                       "For a smaller fabric, use Tools > Regenerate... with these sides.")
                        .arg(s.x)
                        .arg(s.y)
                        .arg(s.z)
                        .arg(views::counted(s.cubes(), tr("1 cube"), tr("%1 cubes")))
                        .arg(views::counted(mCubes, tr("1 cube"), tr("%1 cubes")));
    } catch (const UserError &e) {
        error = QString::fromUtf8(e.what());
    }
    mError->setText(error);
    mError->setHidden(error.isEmpty());
    // A shown dialog keeps its size: it grows here, or the error and the intro above it would be
    // cut mid-line.
    if (isVisible() && height() < heightForWidth(width()))
        resize(width(), heightForWidth(width()));
    mButtons->button(QDialogButtonBox::Ok)->setEnabled(error.isEmpty());
}

} // namespace fabric::app
