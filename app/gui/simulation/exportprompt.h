// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "framesdialog.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QWidget;

namespace fabric::app {

class Document;
class Prompts;

/**
 * Asks where an export goes, the same way for every export of a run or a fabric: proposes
 * "FABRIC-WHAT.EXT" (the fabric's file name without its extensions, then what is exported) in
 * the folder of the last export, at first the fabric's own folder when it can be written to,
 * else the home folder. A name typed without a type gets the chosen type's suffix.
 */
class ExportPrompt
{
public:
    /// Who answers the questions: the main window's prompts (replaceable by tests). Until set,
    /// the plain file dialogs.
    void setPrompts(std::function<Prompts *()> prompts);

    /// The file to write, or empty when cancelled. @p what names the export ("report",
    /// "heatmap"; empty for the fabric itself in another format); @p nameFilters are the types
    /// offered, the first proposed.
    QString askFile(QWidget *parent, const Document *document, const QString &title,
        const QString &what, const QStringList &nameFilters);
    /// Where an animation of a run of @p runSeconds goes, how many frames and how large: the
    /// frames dialog, proposing "FABRIC-frames" in the export folder and the last count and
    /// size chosen (kept in the settings, so a later session proposes them too). Nothing when
    /// cancelled.
    std::optional<FramesChoice> askFrames(
        QWidget *parent, const Document *document, double runSeconds);

    /// True when none of @p files exists, or when the user agrees to replace those that do:
    /// for files an export writes beside the one its file dialog confirmed (a slide's PDF).
    bool confirmReplacing(QWidget *parent, const QString &title, const QStringList &files);

    /// Where the dialogs open now.
    QString folder(const Document *document) const;

private:
    Prompts *prompts() const;

    std::function<Prompts *()> mPrompts;
    QString mLastFolder; ///< Of the last export, for the next one.
};

} // namespace fabric::app
