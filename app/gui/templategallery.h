// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

#include <QDialog>

#include <memory>
#include <string>
#include <vector>

class QDialogButtonBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QStackedWidget;
class QTimer;

namespace fabric::gen {
struct FamilyInfo;
}

namespace fabric::app {

class MetricsRunner;
class PropertyForm;

/**
 * "New from template": the five generator families, a form per family built from its
 * ParamSpecs, a live summary (GPUs, switches, links, bisection, oversubscription per tier)
 * computed in a worker thread a moment after the last edit, and the resolveParams() error of
 * bad values under the form, with OK disabled.
 *
 * "Regenerate..." uses the same dialog locked to one family and pre-filled with the open
 * fabric's parameters (setFixedFamily).
 */
class TemplateGallery : public QDialog
{
    Q_OBJECT
public:
    explicit TemplateGallery(QWidget *parent = nullptr);
    ~TemplateGallery() override;

    /// Shows only @p family, its form filled with @p params (the open fabric's generator).
    void setFixedFamily(const std::string &family, const nlohmann::json &params);
    /// Selects a family by name; false when there is none of that name.
    bool selectFamily(const std::string &family);

    std::string family() const;
    /// The form of the selected family (tests type into it).
    PropertyForm *form() const;
    QPushButton *okButton() const;
    /// resolveParams()'s complaint about the current values, or empty.
    QString errorText() const;
    /// What the field with the focus sets and the values it takes; empty outside the fields.
    QString fieldHelpText() const;
    QString summaryText() const;
    /// Whether the summary matches the current values.
    bool isSummaryReady() const;

    /// The fabric the current values generate: the summary's when ready, else generated now.
    /// Throws UserError when the values are bad.
    Fabric takeFabric();

Q_SIGNALS:
    void summaryUpdated();

protected:
    void showEvent(QShowEvent *event) override;

private:
    /// The selected family's specs (a family is always selected once the dialog is built).
    const gen::FamilyInfo &familyInfo() const;
    void familyChanged(int row);
    /// Says under the form what @p focused, if it is one of the form's fields, sets.
    void showFieldHelp(QWidget *focused);
    void valuesChanged();
    /// @p error with the parameter keys before its colon named as the form labels them.
    QString inFormWords(const QString &error) const;
    nlohmann::json formValues() const;

    struct FamilyPage;
    std::vector<FamilyPage> mPages;
    QListWidget *mFamilies;
    QLabel *mDescription;
    QStackedWidget *mForms;
    QLabel *mError;
    /// The focused field's description and allowed values: a tooltip only a mouse can read.
    QLabel *mFieldHelp;
    /// Follows the application's focus; cut first thing in the destructor, as the fields that
    /// go with the dialog hand their focus on while it is no longer a TemplateGallery.
    QMetaObject::Connection mFollowFocus;
    QLabel *mSummary;
    QProgressBar *mProgress;
    QDialogButtonBox *mButtons;
    QTimer *mDebounce;
    MetricsRunner *mRunner;
    nlohmann::json mResolved; ///< Resolved values of the current form.
    /// Why the current values are refused, shown once the user pauses: shown at each keystroke,
    /// it flashed red at "1" on the way to typing 1024.
    QString mRefusal;
    nlohmann::json mSummaryParams; ///< The values the summary fabric was made from.
    std::shared_ptr<const Fabric> mGenerated; ///< The summary's fabric.
};

} // namespace fabric::app
