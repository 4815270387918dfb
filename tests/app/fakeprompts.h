// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "prompts.h"

#include <QDialog>
#include <QStringList>

#include <functional>

/// Answers the main window's questions without modal loops and records what it was told.
class FakePrompts : public fabric::app::Prompts
{
public:
    SaveChoice saveChoice = SaveChoice::Cancel;
    QString fileName; ///< Returned by the file dialogs.
    /// Drives a dialog instead of exec(); returns whether it was accepted. Default: cancel.
    std::function<bool(QDialog *)> dialog;

    QStringList errors;
    int saveQuestions = 0;

    SaveChoice askToSave(QWidget *, const QString &) override
    {
        ++saveQuestions;
        return saveChoice;
    }
    void showError(QWidget *, const QString &title, const QString &message) override
    {
        errors << title + QLatin1String(": ") + message;
    }
    /// The folder an open dialog last opened at.
    QString openedAt;
    QString openFileName(QWidget *, const QString &folder, const QString &) override
    {
        openedAt = folder;
        return fileName;
    }
    /// The file name a save dialog last proposed.
    QString proposedSaveName;
    QString saveFileName(QWidget *, const QString &proposed, const QString &) override
    {
        proposedSaveName = proposed;
        return fileName;
    }
    /// What an export dialog last proposed: the path and the types offered.
    QString proposedExportName;
    QStringList exportFilters;
    QString exportFileName(
        QWidget *, const QString &, const QString &proposed, const QStringList &filters) override
    {
        proposedExportName = proposed;
        exportFilters = filters;
        return fileName;
    }
    /// The folder a folder dialog last opened at.
    QString proposedFolder;
    QString folderName(QWidget *, const QString &, const QString &folder) override
    {
        proposedFolder = folder;
        return fileName;
    }
    bool runDialog(QDialog *d) override { return dialog ? dialog(d) : false; }
    /// Returned by askYesNo; the questions asked are kept.
    bool yes = false;
    QStringList questions;
    bool askYesNo(QWidget *, const QString &, const QString &question, DefaultAnswer) override
    {
        questions << question;
        return yes;
    }
    /// Returned by askText (a null QString cancels).
    QString text;
    QString askText(QWidget *, const QString &, const QString &, const QString &) override
    {
        return text;
    }
};
