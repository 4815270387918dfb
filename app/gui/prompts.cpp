// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "prompts.h"

#include "fileformats.h"

#include <QCoreApplication>
#include <QDialog>
#include <QFileDialog>
#include <QFileInfo>
#include <QFileSystemModel>
#include <QFontMetrics>
#include <QGuiApplication>
#include <QHeaderView>
#include <QInputDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QTreeView>

#include <algorithm>
#include <memory>
#include <utility>

namespace fabric::app {

QSize screenRoom(const QWidget *widget)
{
    const QScreen *screen = widget ? widget->screen() : QGuiApplication::primaryScreen();
    return screen ? screen->availableGeometry().size() * 0.9 : QSize();
}

BusyCursor::BusyCursor()
{
    QGuiApplication::setOverrideCursor(Qt::WaitCursor);
}

BusyCursor::~BusyCursor()
{
    QGuiApplication::restoreOverrideCursor();
}

Prompts::~Prompts() = default;

std::unique_ptr<QMessageBox> saveChangesBox(QWidget *parent, const QString &documentName)
{
    auto box = std::make_unique<QMessageBox>(QMessageBox::Warning,
        QCoreApplication::translate("Prompts", "Unsaved Changes"),
        QCoreApplication::translate("Prompts", "Save the changes to %1 before closing it?")
            .arg(documentName),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, parent);
    box->setDefaultButton(QMessageBox::Save);
    // Qt's standard texts carry no access keys here: Alt+S and Alt+D did nothing, and only the
    // mouse or Tab reached Discard.
    box->button(QMessageBox::Save)->setText(QCoreApplication::translate("Prompts", "&Save"));
    box->button(QMessageBox::Discard)->setText(QCoreApplication::translate("Prompts", "&Discard"));
    box->button(QMessageBox::Cancel)->setText(QCoreApplication::translate("Prompts", "&Cancel"));
    return box;
}

Prompts::SaveChoice Prompts::askToSave(QWidget *parent, const QString &documentName)
{
    const std::unique_ptr<QMessageBox> box = saveChangesBox(parent, documentName);
    box->exec();
    switch (box->standardButton(box->clickedButton())) {
    case QMessageBox::Save:
        return SaveChoice::Save;
    case QMessageBox::Discard:
        return SaveChoice::Discard;
    default:
        return SaveChoice::Cancel;
    }
}

void Prompts::showError(QWidget *parent, const QString &title, const QString &message)
{
    QMessageBox::critical(parent, title, message);
}

namespace {

/// Runs @p dialog as large as most of @p parent's window, but no larger than nine tenths of its
/// screen. Qt's file dialog opened at 624x412 on a 1920x1080 screen, its columns cut short; in
/// presentation mode's larger text it first opened 817 pixels high on a 720-pixel projector,
/// its file name and Save button below the screen's edge.
bool execWithinScreen(QDialog &dialog, QWidget *parent)
{
    QSize size = dialog.sizeHint();
    if (const QWidget *window = parent ? parent->window() : nullptr)
        size = size.expandedTo(window->size() * 0.7);
    if (const QSize room = screenRoom(parent); room.isValid())
        size = size.boundedTo(room);
    dialog.resize(size);
    return dialog.exec() == QDialog::Accepted;
}

/// Widens a file dialog's detail columns to what they hold once its folder is read. Qt sizes
/// them for a short date in the font the dialog was made with: sizes, types and dates read
/// "97....KiB", "JSO...ent" and "7 Dec ...:49:35", in presentation mode's larger text "5...B".
void fitColumns(QFileDialog &dialog)
{
    auto *view = dialog.findChild<QTreeView *>();
    auto *model = dialog.findChild<QFileSystemModel *>();
    if (!view || !model)
        return;
    QObject::connect(model, &QFileSystemModel::directoryLoaded, view, [view] {
        for (int column = 1; column < view->header()->count(); ++column)
            view->resizeColumnToContents(column);
    });
}

/// The first file chosen in a file dialog, or empty when it was cancelled.
QString chosenFile(QFileDialog &dialog, QWidget *parent)
{
    fitColumns(dialog);
    if (!execWithinScreen(dialog, parent) || dialog.selectedFiles().isEmpty())
        return {};
    return dialog.selectedFiles().front();
}

} // namespace

QString Prompts::openFileName(QWidget *parent, const QString &folder, const QString &filter)
{
    QFileDialog dialog(
        parent, QCoreApplication::translate("Prompts", "Open Fabric"), folder, filter);
    dialog.setFileMode(QFileDialog::ExistingFile);
    return chosenFile(dialog, parent);
}

QString Prompts::saveFileName(QWidget *parent, const QString &suggested, const QString &filter)
{
    QFileDialog dialog(
        parent, QCoreApplication::translate("Prompts", "Save Fabric"), suggested, filter);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    return chosenFile(dialog, parent);
}

QString Prompts::exportFileName(
    QWidget *parent, const QString &title, const QString &suggested, const QStringList &nameFilters)
{
    QFileDialog dialog(parent, title);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setNameFilters(nameFilters);
    const QFileInfo proposed(suggested);
    dialog.setDirectory(proposed.absolutePath());
    dialog.selectFile(proposed.fileName());
    // The dialog asks before replacing the file it will really write, suffix included: added
    // after the dialog closes, the suffix would make "pic" replace an existing pic.png unasked.
    const auto takeSuffixOf = [&dialog](const QString &filter) {
        dialog.setDefaultSuffix(files::suffixesOf(filter).value(0));
    };
    takeSuffixOf(nameFilters.value(0));
    // Picking another type renames the proposal to match ("x.png" -> "x.pdf"), as users expect.
    QString previousSuffix = files::suffixesOf(nameFilters.value(0)).value(0);
    QObject::connect(&dialog, &QFileDialog::filterSelected, &dialog,
        [&dialog, &previousSuffix, nameFilters, takeSuffixOf](const QString &filter) {
            takeSuffixOf(filter);
            QString typed = dialog.selectedFiles().value(0);
            const QString before
                = std::exchange(previousSuffix, files::suffixesOf(filter).value(0));
            // The dialog swaps the last part of a suffix only: x.flows.csv became
            // x.flows.json, a name the Run type matches, for a run's report.
            const qsizetype dot = before.lastIndexOf(QLatin1Char('.'));
            const QString swapped = QLatin1Char('.') + before.left(dot + 1) + previousSuffix;
            if (dot > 0 && !previousSuffix.isEmpty() && !previousSuffix.contains(QLatin1Char('.'))
                && typed.endsWith(swapped, Qt::CaseInsensitive)) {
                typed = typed.chopped(swapped.size()) + QLatin1Char('.') + previousSuffix;
                dialog.selectFile(typed);
                return;
            }
            const QString had = files::offeredSuffixOf(typed, nameFilters);
            const QStringList wanted = files::suffixesOf(filter);
            if (had.isEmpty() || wanted.isEmpty()
                || files::offeredSuffixOf(typed, { filter }) == had)
                return;
            dialog.selectFile(typed.chopped(had.size()) + wanted.front());
        });
    for (;;) {
        const QString chosen = chosenFile(dialog, parent);
        if (chosen.isEmpty())
            return {};
        // A name with a dot of its own ("pic.v2") gets no default suffix from the dialog, which
        // then asked about "pic.v2"; what is written is pic.v2.png, asked about here.
        const QString file = files::withSuffixOf(chosen, nameFilters, dialog.selectedNameFilter());
        if (file == chosen || askToReplace(parent, title, { file }))
            return file;
    }
}

QString Prompts::folderName(QWidget *parent, const QString &title, const QString &folder)
{
    QFileDialog dialog(parent, title, folder);
    dialog.setFileMode(QFileDialog::Directory);
    dialog.setOption(QFileDialog::ShowDirsOnly);
    return chosenFile(dialog, parent);
}

bool Prompts::runDialog(QDialog *dialog)
{
    return dialog->exec() == QDialog::Accepted;
}

bool Prompts::askToReplace(QWidget *parent, const QString &title, const QStringList &files)
{
    QStringList existing;
    for (const QString &file : files)
        if (QFileInfo::exists(file))
            existing << QFileInfo(file).fileName();
    return existing.isEmpty()
        || askYesNo(parent, title,
            existing.size() == 1
                ? QCoreApplication::translate("Prompts", "%1 already exists. Replace it?")
                      .arg(existing.front())
                : QCoreApplication::translate("Prompts", "%1 already exist. Replace them?")
                      .arg(existing.join(QCoreApplication::translate("Prompts", " and "))),
            DefaultAnswer::No);
}

bool Prompts::askYesNo(
    QWidget *parent, const QString &title, const QString &question, DefaultAnswer byDefault)
{
    return QMessageBox::question(parent, title, question, QMessageBox::Yes | QMessageBox::No,
               byDefault == DefaultAnswer::Yes ? QMessageBox::Yes : QMessageBox::No)
        == QMessageBox::Yes;
}

QString Prompts::askText(
    QWidget *parent, const QString &title, const QString &label, const QString &text)
{
    QInputDialog dialog(parent);
    dialog.setWindowTitle(title);
    dialog.setLabelText(label);
    dialog.setTextValue(text);
    // Wide enough for the text and the title: QInputDialog's own width showed a saved
    // scenario's name scrolled ("g 1 GiB ecmp · 3 listed ranks") under "Renam… nario".
    const QFontMetrics metrics(dialog.font());
    const int wanted = std::max({ metrics.horizontalAdvance(text) + 8 * metrics.averageCharWidth(),
        metrics.horizontalAdvance(title) + 20 * metrics.averageCharWidth(),
        40 * metrics.averageCharWidth() });
    const QSize room = screenRoom(parent);
    dialog.resize(
        room.isValid() ? std::min(wanted, room.width()) : wanted, dialog.sizeHint().height());
    return dialog.exec() == QDialog::Accepted ? dialog.textValue() : QString();
}

} // namespace fabric::app
