// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "properties.h"

#include <QDoubleSpinBox>
#include <QWidget>

class QLabel;

namespace fabric::app {

/// A spin box for a quantity with a unit that writes "400 Gb/s" and "0.5 ns", not "400.000
/// Gb/s": its decimals are the most it keeps, trailing zeros are left out.
class TrimmedDoubleSpinBox : public QDoubleSpinBox
{
public:
    using QDoubleSpinBox::QDoubleSpinBox;
    QString textFromValue(double value) const override;
};

/**
 * A form with one editor per PropertySpec: a line edit for text, spin boxes with the spec's
 * range and unit for numbers, a combo box for choices, a check box for booleans. The inspector
 * uses it for nodes and links, the template gallery for generator parameters.
 */
class PropertyForm : public QWidget
{
    Q_OBJECT
public:
    explicit PropertyForm(QList<PropertySpec> specs, QWidget *parent = nullptr);

    int count() const { return int(mSpecs.size()); }
    const PropertySpec &spec(int index) const { return mSpecs.at(index); }
    /// The editor of property @p index (tests type into it).
    QWidget *editor(int index) const { return mEditors.at(index); }
    /// Index of the spec with this id, or -1.
    int indexOf(int id) const;
    /// Number fields emit edited() as the user types, not only on Enter or on leaving the
    /// field: the template gallery's summary follows typing. (The inspector keeps one edit, one
    /// undo step, per value.)
    void trackTyping();

    /// Shows @p value without emitting edited(). @p mixed marks a multi-selection whose items
    /// differ: the label says so and the first item's value is shown.
    void setValue(int index, const QVariant &value, bool mixed = false);
    QVariant value(int index) const;

Q_SIGNALS:
    /// The user changed property @p index to @p value.
    void edited(int index, const QVariant &value);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *makeEditor(int index);

    QList<PropertySpec> mSpecs;
    QList<QWidget *> mEditors;
    QList<QLabel *> mLabels;
};

} // namespace fabric::app
