// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/faults.h"

#include <QUndoCommand>

#include <vector>

namespace fabric::app {

class Document;

/**
 * Fails, degrades or restores elements of the fabric for the next simulation run: the
 * document's faults in force (ScenarioList::faults) before and after. Faults belong to the
 * scenario, not to the fabric, whose structure stays untouched; the document emits
 * scenariosChanged() and the simulation dock's Faults list and the canvas follow.
 */
class ChangeFaults : public QUndoCommand
{
public:
    ChangeFaults(Document *document, std::vector<Fault> after, const QString &text,
        QUndoCommand *parent = nullptr);

    /// @name The usual edits, named for the History dock
    ///@{
    /// Puts @p fault in force, replacing any fault already on the same element.
    static ChangeFaults *inject(Document *document, const Fault &fault);
    /// Restores the elements of @p faults (their fractions do not matter).
    static ChangeFaults *restore(Document *document, const std::vector<Fault> &faults);
    static ChangeFaults *restoreAll(Document *document);
    ///@}

    void undo() override;
    void redo() override;

private:
    void apply(const std::vector<Fault> &faults);

    Document *mDocument;
    std::vector<Fault> mBefore;
    std::vector<Fault> mAfter;
};

/// Whether @p a and @p b name the same element (whatever fraction each keeps).
bool sameElement(const Fault &a, const Fault &b);
/// The fault in @p faults on @p element's element, or nullptr.
const Fault *faultOn(const std::vector<Fault> &faults, const Fault &element);

} // namespace fabric::app
