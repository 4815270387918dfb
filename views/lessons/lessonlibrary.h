// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "collective/lesson.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace fabric::views {

/// The lessons FabricScope ships (embedded as :/lessons/NAME.lesson.json), sorted by name.
QStringList builtinLessonNames();

/// The shipped lessons, read, in the order the gallery shows them (their `order`, then name).
/// One that does not read is left out (the tests read each one).
std::vector<collective::Lesson> builtinLessons();

/**
 * Reads a lesson: a shipped one by its NAME, or a NAME.lesson.json file by its path (anything
 * ending in .lesson.json). Throws UserError naming the lesson for an unknown name or a bad file.
 */
collective::Lesson loadLessonByName(const QString &nameOrPath);

/// True when @p path names a lesson file rather than a fabric (NAME.lesson.json).
bool isLessonFile(const QString &path);

} // namespace fabric::views
