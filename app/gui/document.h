// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/changeevent.h"
#include "model/fabric.h"
#include "savedscenarios.h"

#include <QDateTime>
#include <QObject>
#include <QString>

class QUndoStack;

namespace fabric::app {

/**
 * An open fabric: the model, its undo stack, its file and whether it has unsaved changes (in
 * the manner of Tiled's Document).
 *
 * Only loading a file (the constructor) changes the model outside an undo command. Commands
 * edit fabric() and then call emitChanged(), so every view hears one typed ChangeEvent per
 * change and patches itself instead of rebuilding.
 */
class Document : public QObject
{
    Q_OBJECT
public:
    /// A document on @p fabric, read from @p fileName (empty for a document never saved).
    explicit Document(Fabric fabric, QString fileName = {}, QObject *parent = nullptr);
    ~Document() override;

    const Fabric &fabric() const { return mFabric; }
    /// For undo commands only; they must call emitChanged() after each change.
    Fabric &fabric() { return mFabric; }

    QUndoStack *undoStack() const { return mUndoStack; }

    /// The file this document was read from or last saved to; empty when none.
    QString fileName() const { return mFileName; }
    void setFileName(const QString &fileName);
    /// The file's name without its folder, or "untitled".
    QString displayName() const;
    /// The name titles and export names use: the file's name without its format's extension
    /// ("meta-2-zones" for meta-2-zones.fabric.json), or suggestedFileName()'s when never saved.
    QString fabricName() const;
    /// The name a document never saved goes by (a lesson's, "ecmp-polarization"); without one
    /// it goes by its generator's family ("tpu-torus"), and a fabric drawn by hand is untitled.
    void setSuggestedName(const QString &name);
    QString suggestedName() const { return mSuggestedName; }
    /// The file name Save As proposes for a document never saved: that name + ".fabric.json"
    /// ("fabric.fabric.json" when untitled).
    QString suggestedFileName() const;

    /// Whether there are changes since the document was opened or last saved.
    bool isModified() const;
    /// Marks the current state as saved (the undo stack's clean index).
    void markSaved(const QString &fileName);
    /// Whether fileName() was changed on disk (by another program, another window) since it was
    /// read or saved here: saving over it would lose that version.
    bool fileChangedOnDisk() const;
    /// Marks a document restored from an autosaved copy: unsaved until saved, even with an
    /// empty undo stack.
    void markRecovered();

    /// Tells the views what changed. For undo commands.
    void emitChanged(const ChangeEvent &event);
    /// Exchanges the whole model with @p other and emits a Reset (regenerating a fabric).
    void swapFabric(Fabric &other);

    /// @name Simulation scenarios
    /// Saved with the document (the native file's `scenarios` array); parsed from
    /// Fabric::scenarios() when the document is made, so a malformed list throws UserError there.
    ///@{
    const ScenarioList &scenarios() const { return mScenarios; }
    /// For undo commands (ChangeScenarios): replaces the list and emits scenariosChanged().
    void setScenarios(const ScenarioList &list);
    /// Marks @p index as the scenario run last (re-run when the file is opened). Not an edit:
    /// it does not make the document modified on its own.
    void setLastRunScenario(int index);
    ///@}

    /// For undo commands, after nodes were renamed (or back), old name to new: the scenarios'
    /// faults and ranks name them anew (not an undo step of its own: the rename's undo calls it
    /// back), and nodesRenamed() tells what else holds names (the simulation dock's ranks field).
    void renameNodes(const NodeRenames &renames);

Q_SIGNALS:
    void scenariosChanged();
    void nodesRenamed(const fabric::app::NodeRenames &renames);

    void changed(const fabric::ChangeEvent &event);
    void modifiedChanged(bool modified);
    /// The file name, or the name a document never saved goes by (titles follow both).
    void fileNameChanged(const QString &fileName);

private:
    Fabric mFabric;
    QUndoStack *mUndoStack;
    QString mFileName;
    QString mSuggestedName;
    ScenarioList mScenarios;
    bool mRecovered = false;
    QDateTime mFileTime; ///< fileName()'s time when read or saved here (invalid: none).
    void noteFileTime();
};

} // namespace fabric::app
