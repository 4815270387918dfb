// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "propertyform.h"

#include "common/qtstrings.h"
#include "model/units.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>
#include <climits>
#include <cmath>

namespace fabric::app {

QString TrimmedDoubleSpinBox::textFromValue(double value) const
{
    QString text = locale().toString(value, 'f', decimals());
    const QChar point = locale().decimalPoint().front();
    if (text.contains(point)) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(point))
            text.chop(1);
    }
    if (!isGroupSeparatorShown())
        text.remove(locale().groupSeparator());
    return text;
}

using Type = PropertySpec::Type;

PropertyForm::PropertyForm(QList<PropertySpec> specs, QWidget *parent)
    : QWidget(parent)
    , mSpecs(std::move(specs))
{
    auto *layout = new QFormLayout(this);
    layout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    for (int i = 0; i < mSpecs.size(); ++i) {
        QWidget *editor = makeEditor(i);
        editor->setToolTip(mSpecs[i].toolTip);
        auto *label = new QLabel(mSpecs[i].label, this);
        label->setToolTip(mSpecs[i].toolTip);
        label->setBuddy(editor);
        editor->installEventFilter(this);
        mEditors.append(editor);
        mLabels.append(label);
        layout->addRow(label, editor);
    }
}

int PropertyForm::indexOf(int id) const
{
    for (int i = 0; i < mSpecs.size(); ++i)
        if (mSpecs[i].id == id)
            return i;
    return -1;
}

namespace {

/// Whether @p field holds typing not yet committed: a name or a number typed since the field
/// was set or committed (Ctrl+Z in a number undid the document's last edit, a whole node, and
/// dropped the typing).
bool beingTyped(const QObject *field)
{
    if (const auto *edit = qobject_cast<const QLineEdit *>(field))
        return edit->isModified();
    if (const auto *spin = qobject_cast<const QAbstractSpinBox *>(field))
        if (const auto *edit = spin->findChild<const QLineEdit *>())
            return edit->isModified(); // typed since its value was set or committed
    return false;
}

/// Makes the text of @p spin count as typed only until its value is committed, as a name's.
void forgetTypingOnCommit(QAbstractSpinBox *spin)
{
    if (auto *edit = spin->findChild<QLineEdit *>())
        QObject::connect(
            spin, &QAbstractSpinBox::editingFinished, edit, [edit] { edit->setModified(false); });
}

/// A count's unit may be a plural noun ("GPUs", "spare cubes"): one of it reads "1 GPU"
/// (units::unitAfter). The unit is kept on the field, as a value set with its signals blocked
/// must agree too.
void agreeInNumber(QSpinBox *spin)
{
    const QString unit = spin->property("countUnit").toString();
    if (!unit.isEmpty())
        spin->setSuffix(QLatin1Char(' ')
            + views::toQString(units::unitAfter(spin->value(), unit.toStdString())));
}

} // namespace

bool PropertyForm::eventFilter(QObject *watched, QEvent *event)
{
    // Undo and Redo belong to the document once a value is committed: a field kept them for
    // its own text history, so Ctrl+Z after Enter did nothing. While a name is being typed
    // (not yet committed), they still undo the typing.
    if (event->type() == QEvent::ShortcutOverride) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if ((key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo))
            && !beingTyped(watched)) {
            event->ignore();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void PropertyForm::trackTyping()
{
    for (QWidget *editor : std::as_const(mEditors))
        if (auto *spin = qobject_cast<QAbstractSpinBox *>(editor))
            spin->setKeyboardTracking(true);
}

QWidget *PropertyForm::makeEditor(int index)
{
    const PropertySpec &s = mSpecs[index];
    auto emitEdited = [this, index] { Q_EMIT edited(index, value(index)); };
    const QString suffix = s.unit.isEmpty() ? QString() : QLatin1Char(' ') + s.unit;
    switch (s.type) {
    case Type::Text: {
        auto *edit = new QLineEdit(this);
        connect(edit, &QLineEdit::editingFinished, this, [edit, emitEdited] {
            if (edit->isModified())
                emitEdited();
            edit->setModified(false);
        });
        return edit;
    }
    case Type::Int: {
        auto *spin = new QSpinBox(this);
        // Down to 0 even where 0 is refused (a generator's "from 1 to 128"), as for a Double
        // below: the spin box put a typed 0 back on leaving the field without a word, where the
        // form's owner explains it in red ("must be an integer from 1 to 128, got 0").
        spin->setRange(int(std::max<double>(std::min(s.min, 0.0), INT_MIN)),
            int(std::min<double>(s.max, INT_MAX)));
        spin->setSingleStep(s.step);
        spin->setSuffix(suffix);
        if (!s.unit.isEmpty()) {
            spin->setProperty("countUnit", s.unit);
            connect(spin, &QSpinBox::valueChanged, spin, [spin] { agreeInNumber(spin); });
            agreeInNumber(spin);
        }
        if (s.min == 0) // shown at the minimum, and only there
            spin->setSpecialValueText(s.zeroText);
        spin->setKeyboardTracking(false);
        forgetTypingOnCommit(spin);
        connect(spin, &QSpinBox::valueChanged, this, emitEdited);
        return spin;
    }
    case Type::Double: {
        auto *spin = new TrimmedDoubleSpinBox(this);
        spin->setDecimals(3);
        // Down to 0 even where 0 is refused (a capacity): the spin box itself put a typed 0 back
        // without a word; given to validate(), it is explained in red ("must be above zero").
        spin->setRange(std::min(s.min, 0.0), s.max);
        spin->setSuffix(suffix);
        spin->setKeyboardTracking(false);
        forgetTypingOnCommit(spin);
        connect(spin, &QDoubleSpinBox::valueChanged, this, emitEdited);
        return spin;
    }
    case Type::Bool: {
        auto *check = new QCheckBox(this);
        connect(check, &QCheckBox::toggled, this, emitEdited);
        return check;
    }
    case Type::Choice: {
        auto *combo = new QComboBox(this);
        combo->addItems(s.choices);
        connect(combo, &QComboBox::activated, this, emitEdited);
        return combo;
    }
    }
    return nullptr;
}

void PropertyForm::setValue(int index, const QVariant &value, bool mixed)
{
    QWidget *editor = mEditors.at(index);
    const QSignalBlocker blocker(editor);
    if (auto *edit = qobject_cast<QLineEdit *>(editor))
        edit->setText(value.toString());
    else if (auto *spin = qobject_cast<QSpinBox *>(editor)) {
        spin->setValue(value.toInt());
        agreeInNumber(spin); // its valueChanged is blocked: "8 GPU" stayed from the minimum
    } else if (auto *dspin = qobject_cast<QDoubleSpinBox *>(editor))
        dspin->setValue(value.toDouble());
    else if (auto *check = qobject_cast<QCheckBox *>(editor))
        check->setChecked(value.toBool());
    else if (auto *combo = qobject_cast<QComboBox *>(editor))
        combo->setCurrentIndex(combo->findText(value.toString(), Qt::MatchFixedString));
    mLabels.at(index)->setText(
        mixed ? tr("%1 (varies)").arg(mSpecs[index].label) : mSpecs[index].label);
}

QVariant PropertyForm::value(int index) const
{
    QWidget *editor = mEditors.at(index);
    if (auto *edit = qobject_cast<QLineEdit *>(editor))
        return edit->text();
    if (auto *spin = qobject_cast<QSpinBox *>(editor))
        return spin->value();
    if (auto *dspin = qobject_cast<QDoubleSpinBox *>(editor))
        return dspin->value();
    if (auto *check = qobject_cast<QCheckBox *>(editor))
        return check->isChecked();
    if (auto *combo = qobject_cast<QComboBox *>(editor))
        return combo->currentText();
    return {};
}

} // namespace fabric::app
