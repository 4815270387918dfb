// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDialog>
#include <QString>

class QListWidget;

namespace fabric::app {

class MainWindow;

/**
 * Help > Lessons: the shipped lessons, one line each (title and what it shows). Clicking one
 * chooses it and closes the dialog; lesson() is then its name.
 */
class LessonGallery : public QDialog
{
    Q_OBJECT
public:
    explicit LessonGallery(QWidget *parent = nullptr);

    /// The lesson chosen (empty until one is clicked).
    QString lesson() const { return mChosen; }
    /// Chooses @p name as a click on its row does; false when there is no such lesson.
    bool choose(const QString &name);
    QListWidget *list() const { return mList; }

private:
    QListWidget *mList;
    QString mChosen;
};

/**
 * Opens a lesson in @p window: runs its scenarios, shows its fabric as a new unsaved document
 * whose saved scenarios are the lesson's runs on it, hands the runs to the simulation (the
 * canvas, the heatmap, the charts and the compare view show them), applies the camera and
 * annotation hints and opens the explain panel on the narrative with the runs' numbers.
 * @p nameOrPath is a shipped lesson's name or a NAME.lesson.json file. Shows an error and
 * returns false when the lesson cannot be read or run, or the user kept the open document.
 */
bool openLesson(MainWindow &window, const QString &nameOrPath);

/// Shows the gallery through the window's prompts and opens the lesson chosen.
bool showLessonGallery(MainWindow &window);

/**
 * Offers the gallery once, on the first start of the program (a QSettings flag); nothing on
 * later starts.
 */
void offerLessonsOnFirstStart(MainWindow &window);

} // namespace fabric::app
