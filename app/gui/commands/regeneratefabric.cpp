// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "regeneratefabric.h"

#include "document.h"

#include <QCoreApplication>

namespace fabric::app {

RegenerateFabric::RegenerateFabric(Document *document, Fabric fabric, QUndoCommand *parent)
    : QUndoCommand(QCoreApplication::translate("Undo Commands", "Regenerate %1")
                       .arg(QString::fromStdString(fabric.generator().family)),
        parent)
    , mDocument(document)
    , mOther(std::move(fabric))
{
}

void RegenerateFabric::swap()
{
    mDocument->swapFabric(mOther);
    const QString shown = mDocument->suggestedName();
    mDocument->setSuggestedName(mOtherName);
    mOtherName = shown;
}

} // namespace fabric::app
