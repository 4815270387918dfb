// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QSize>
#include <QString>
#include <QStringList>

#include <memory>

class QDialog;
class QMessageBox;
class QWidget;

namespace fabric::app {

/// Nine tenths of the available area of @p widget's screen (the primary screen's when
/// @p widget is null): the most a window or dialog of the program takes. Invalid without a
/// screen.
QSize screenRoom(const QWidget *widget);

/// A wait cursor over the whole application while it lives: for work of seconds in the GUI
/// thread (a fabric of a million links generated and laid out), which otherwise left the
/// pointer an arrow over a window that did not answer.
class BusyCursor
{
public:
    BusyCursor();
    ~BusyCursor();
    BusyCursor(const BusyCursor &) = delete;
    BusyCursor &operator=(const BusyCursor &) = delete;
};

/// The "Save the changes to NAME?" box, with Save, Discard and Cancel and an access key on each.
std::unique_ptr<QMessageBox> saveChangesBox(QWidget *parent, const QString &documentName);

/**
 * Every question the main window asks the user and every error it shows, behind one
 * replaceable object: the default uses message boxes and file dialogs, tests answer without
 * a modal loop.
 */
class Prompts
{
public:
    enum class SaveChoice { Save, Discard, Cancel };
    /// The button Enter presses in askYesNo: No where Yes destroys something (replaces a file).
    enum class DefaultAnswer { Yes, No };

    virtual ~Prompts();

    /// "Save changes to NAME?" when closing or replacing a modified document.
    virtual SaveChoice askToSave(QWidget *parent, const QString &documentName);
    virtual void showError(QWidget *parent, const QString &title, const QString &message);
    /// A file to open, or empty when cancelled. @p filter is a QFileDialog name filter.
    virtual QString openFileName(QWidget *parent, const QString &folder, const QString &filter);
    /// A file to save to, or empty when cancelled.
    virtual QString saveFileName(QWidget *parent, const QString &suggested, const QString &filter);
    /// A file to export to, or empty when cancelled. @p suggested is the proposed path; @p
    /// nameFilters the types offered, the first selected. A name typed without a type gets the
    /// chosen one's.
    virtual QString exportFileName(QWidget *parent, const QString &title, const QString &suggested,
        const QStringList &nameFilters);
    /// A folder to export into (existing), or empty when cancelled; the dialog opens at @p folder.
    virtual QString folderName(QWidget *parent, const QString &title, const QString &folder);
    /// Runs a dialog (the template gallery, the OCS reconfiguration); true when accepted.
    virtual bool runDialog(QDialog *dialog);
    /// A yes/no question (restore unsaved work?); true for yes.
    virtual bool askYesNo(
        QWidget *parent, const QString &title, const QString &question, DefaultAnswer byDefault);
    /// "NAME already exists. Replace it?" (or "A and B already exist. Replace them?") about
    /// those of @p files that exist, through askYesNo; true when none exists or for yes.
    bool askToReplace(QWidget *parent, const QString &title, const QStringList &files);
    /// A line of text (a new name), or a null QString when cancelled.
    virtual QString askText(
        QWidget *parent, const QString &title, const QString &label, const QString &text);
};

} // namespace fabric::app
