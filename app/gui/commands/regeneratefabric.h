// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

#include <QUndoCommand>

namespace fabric::app {

class Document;

/// Replaces the whole fabric with a newly generated one; undo brings the old one back (ids,
/// edits and positions included). Views hear a Reset either way.
class RegenerateFabric : public QUndoCommand
{
public:
    RegenerateFabric(Document *document, Fabric fabric, QUndoCommand *parent = nullptr);

    void undo() override { swap(); }
    void redo() override { swap(); }

private:
    void swap();

    Document *mDocument;
    Fabric mOther; ///< The fabric not shown: the new one before redo, the old one after.
    /// The name the document goes by until saved, for mOther: a regenerated "superpod-256" of
    /// 512 GPUs went by the old name; the new fabric goes by its family, as a new one does.
    QString mOtherName;
};

} // namespace fabric::app
