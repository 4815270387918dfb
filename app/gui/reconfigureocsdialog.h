// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/tputorus.h"

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QSpinBox;

namespace fabric::app {

/**
 * Tools > TPU: Reconfigure OCS: a slice shape (chips along x, y, z, multiples of 4) holding the
 * pod's cubes, twisted or not. Shapes the OCS cannot make are explained under the form and OK
 * stays disabled.
 */
class ReconfigureOcsDialog : public QDialog
{
    Q_OBJECT
public:
    /// Starts from @p current; @p cubes is the number of cubes the fabric has.
    ReconfigureOcsDialog(
        const gen::TpuShape &current, bool twisted, int cubes, QWidget *parent = nullptr);

    gen::TpuShape shape() const;
    bool twisted() const;
    void setShape(const gen::TpuShape &shape, bool twisted);
    QString errorText() const;

private:
    void check();

    int mCubes;
    QSpinBox *mSides[3];
    QCheckBox *mTwisted;
    QLabel *mError;
    QDialogButtonBox *mButtons;
};

} // namespace fabric::app
