// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/node.h"

#include <QUndoCommand>

#include <optional>
#include <utility>
#include <vector>

namespace fabric::app {

class Document;

/**
 * Pins nodes at user positions (LayoutHints::position). Undo restores the positions they had,
 * automatic placement included. Consecutive moves of the same nodes merge into one step, so a
 * drag made of many small moves undoes at once.
 */
class MoveNodes : public QUndoCommand
{
public:
    using Position = std::pair<double, double>;

    MoveNodes(Document *document, std::vector<NodeId> nodes, std::vector<Position> to,
        QUndoCommand *parent = nullptr);

    void undo() override;
    void redo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

private:
    void apply(const std::vector<std::optional<Position>> &positions);

    Document *mDocument;
    std::vector<NodeId> mNodes;
    std::vector<std::optional<Position>> mFrom;
    std::vector<std::optional<Position>> mTo;
};

} // namespace fabric::app
