// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "reconfigureocsdialog.h"
#include "plural.h"

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
    const build::TpuShape &current, bool twisted, int cubes, QWidget *parent)
    : QDialog(parent)
    , mCubes(cubes)
    , mTwisted(new QCheckBox(tr("Twisted torus")))
    , mError(new QLabel)
    , mButtons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel))
{
    setWindowTitle(tr("Reconfigure OCS"));
    auto *layout = new QFormLayout(this);
    auto *intro = new QLabel(tr("The optical circuit switches rewire the %1 of this pod into "
                                "another slice shape. Each side is a multiple of 4 chips; a "
                                "twisted torus needs a k x k x 2k or k x 2k x 2k shape.")
                                 .arg(counted(cubes, tr("cube"), tr("%1 cubes"))));
    intro->setWordWrap(true);
    layout->addRow(intro);
    const char *names[] = { "X", "Y", "Z" };
    for (int d = 0; d < 3; ++d) {
        mSides[d] = new QSpinBox;
        mSides[d]->setRange(build::kTpuCubeSide, 4 * build::kTpuCubeSide);
        mSides[d]->setSingleStep(build::kTpuCubeSide);
        mSides[d]->setSuffix(tr(" chips"));
        connect(mSides[d], &QSpinBox::valueChanged, this, &ReconfigureOcsDialog::check);
        layout->addRow(tr("%1").arg(QLatin1String(names[d])), mSides[d]);
    }
    layout->addRow(mTwisted);
    mError->setWordWrap(true);
    mError->setStyleSheet(QStringLiteral("color: #c0392b;"));
    layout->addRow(mError);
    layout->addRow(mButtons);
    connect(mTwisted, &QCheckBox::toggled, this, &ReconfigureOcsDialog::check);
    connect(mButtons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(mButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    setShape(current, twisted);
}

build::TpuShape ReconfigureOcsDialog::shape() const
{
    return { mSides[0]->value(), mSides[1]->value(), mSides[2]->value() };
}

bool ReconfigureOcsDialog::twisted() const
{
    return mTwisted->isChecked();
}

void ReconfigureOcsDialog::setShape(const build::TpuShape &shape, bool twisted)
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
    const build::TpuShape s = shape();
    try {
        build::checkTpuShape(s, twisted());
        if (s.cubes() != mCubes)
            error = tr("The shape must hold the pod's %1; %2x%3x%4 holds %5.")
                        .arg(counted(mCubes, tr("cube"), tr("%1 cubes")))
                        .arg(s.x)
                        .arg(s.y)
                        .arg(s.z)
                        .arg(s.cubes());
    } catch (const UserError &e) {
        error = QString::fromUtf8(e.what());
    }
    mError->setText(error);
    mError->setHidden(error.isEmpty());
    mButtons->button(QDialogButtonBox::Ok)->setEnabled(error.isEmpty());
}

} // namespace fabric::app
