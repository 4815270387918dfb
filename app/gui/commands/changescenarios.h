// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "savedscenarios.h"

#include <QUndoCommand>

namespace fabric::app {

class Document;

/**
 * Adds, renames or removes saved simulation scenarios: the document's whole scenario list
 * before and after, so undo puts back exactly what was there. The fabric is untouched; the
 * document emits scenariosChanged().
 */
class ChangeScenarios : public QUndoCommand
{
public:
    ChangeScenarios(Document *document, ScenarioList after, const QString &text,
        QUndoCommand *parent = nullptr);

    /// @name The usual edits, named for the History dock
    ///@{
    static ChangeScenarios *add(Document *document, const SavedScenario &scenario);
    static ChangeScenarios *rename(Document *document, int index, const QString &name);
    static ChangeScenarios *remove(Document *document, int index);
    ///@}

    void undo() override;
    void redo() override;

private:
    Document *mDocument;
    ScenarioList mBefore;
    ScenarioList mAfter;
};

} // namespace fabric::app
