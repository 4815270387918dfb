// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "changescenarios.h"

#include "document.h"

#include <QCoreApplication>

#include <utility>

namespace fabric::app {

ChangeScenarios::ChangeScenarios(
    Document *document, ScenarioList after, const QString &text, QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , mDocument(document)
    , mBefore(document->scenarios())
    , mAfter(std::move(after))
{
}

ChangeScenarios *ChangeScenarios::add(Document *document, const SavedScenario &scenario)
{
    ScenarioList after = document->scenarios();
    after.appendRun(scenario);
    return new ChangeScenarios(document, std::move(after),
        QCoreApplication::translate("ChangeScenarios", "Add scenario \u201c%1\u201d")
            .arg(after.items.last().name));
}

ChangeScenarios *ChangeScenarios::rename(Document *document, int index, const QString &name)
{
    ScenarioList after = document->scenarios();
    const QString old = after.items.at(index).name;
    after.items[index].name = QString();
    after.items[index].name = after.uniqueName(name);
    return new ChangeScenarios(document, std::move(after),
        QCoreApplication::translate("ChangeScenarios", "Rename scenario \u201c%1\u201d")
            .arg(old));
}

ChangeScenarios *ChangeScenarios::remove(Document *document, int index)
{
    ScenarioList after = document->scenarios();
    const QString name = after.items.at(index).name;
    after.items.removeAt(index);
    if (after.lastRun == index)
        after.lastRun = -1;
    else if (after.lastRun > index)
        --after.lastRun;
    return new ChangeScenarios(document, std::move(after),
        QCoreApplication::translate("ChangeScenarios", "Delete scenario \u201c%1\u201d")
            .arg(name));
}

void ChangeScenarios::undo()
{
    mDocument->setScenarios(mBefore);
}

void ChangeScenarios::redo()
{
    mDocument->setScenarios(mAfter);
}

} // namespace fabric::app
