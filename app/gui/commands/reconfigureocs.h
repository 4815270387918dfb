// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/tputorus.h"
#include "model/fabric.h"
#include "savedscenarios.h"

#include <QString>
#include <QUndoCommand>

#include <functional>
#include <vector>

namespace fabric::app {

class Document;

/**
 * Rewires the optical circuit switches of a TPU torus: the same cubes arranged as another
 * slice shape, twisted or not (gen::reconfigureTpu), or spare cubes switched in for failed
 * ones (gen::replaceFailedCubes). The OCS get new circuit tables, chips new torus coordinates
 * (and names, for a new shape), the generator new parameters; ids and links stay. Views hear
 * CircuitsChanged for the OCS (also, with no OCS in it, when only chips took new torus
 * coordinates) and NodesChanged for the chips.
 */
class ReconfigureOcs : public QUndoCommand
{
public:
    /// Throws UserError when the fabric is not a TPU torus or the shape does not fit it.
    ReconfigureOcs(Document *document, const gen::TpuShape &shape, bool twisted,
        QUndoCommand *parent = nullptr);
    /// Any edit of the OCS and chips, named @p text in the undo history; what @p edit throws
    /// leaves the fabric as it was.
    ReconfigureOcs(Document *document, const QString &text,
        const std::function<void(Fabric &)> &edit, QUndoCommand *parent = nullptr);

    void undo() override { swap(); }
    void redo() override { swap(); }

private:
    void swap();

    Document *mDocument;
    std::vector<Node> mNodes; ///< The changed nodes as they are not in the fabric right now.
    /// The chips' names the next swap() gives, old to new: a new shape renames chips after
    /// their coordinates, and the faults in force and the ranks must follow the chips.
    NodeRenames mRenames;
    GeneratorInfo mGenerator; ///< Likewise for the generator info.
};

} // namespace fabric::app
