// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "document.h"

#include "io/formatregistry.h"

#include <QFileInfo>
#include <QUndoStack>

#include <utility>

namespace fabric::app {

Document::Document(Fabric fabric, QString fileName, QObject *parent)
    : QObject(parent)
    , mFabric(std::move(fabric))
    , mUndoStack(new QUndoStack(this))
    , mFileName(std::move(fileName))
    , mScenarios(scenariosOf(mFabric))
{
    noteFileTime();
    connect(mUndoStack, &QUndoStack::cleanChanged, this,
        [this](bool) { Q_EMIT modifiedChanged(isModified()); });
}

Document::~Document() = default;

void Document::setFileName(const QString &fileName)
{
    if (fileName == mFileName)
        return;
    mFileName = fileName;
    Q_EMIT fileNameChanged(mFileName);
}

void Document::setSuggestedName(const QString &name)
{
    if (name == mSuggestedName)
        return;
    mSuggestedName = name;
    Q_EMIT fileNameChanged(mFileName);
}

QString Document::displayName() const
{
    if (!mFileName.isEmpty())
        return QFileInfo(mFileName).fileName();
    if (!mSuggestedName.isEmpty())
        return mSuggestedName;
    const std::string &family = mFabric.generator().family;
    return family.empty() ? tr("untitled") : QString::fromStdString(family);
}

QString Document::fabricName() const
{
    return QString::fromStdString(
        io::fabricNameOf((mFileName.isEmpty() ? suggestedFileName() : mFileName).toStdString()));
}

QString Document::suggestedFileName() const
{
    const QString base = mSuggestedName.isEmpty() && mFabric.generator().family.empty()
        ? QStringLiteral("fabric")
        : displayName();
    return base + QStringLiteral(".fabric.json");
}

bool Document::isModified() const
{
    return mRecovered || !mUndoStack->isClean();
}

void Document::noteFileTime()
{
    mFileTime = mFileName.isEmpty() ? QDateTime() : QFileInfo(mFileName).lastModified();
}

bool Document::fileChangedOnDisk() const
{
    if (mFileName.isEmpty() || !mFileTime.isValid())
        return false;
    const QFileInfo file(mFileName);
    return file.exists() && file.lastModified() != mFileTime;
}

void Document::markSaved(const QString &fileName)
{
    setFileName(fileName);
    noteFileTime();
    const bool wasRecovered = std::exchange(mRecovered, false);
    const bool wasClean = mUndoStack->isClean();
    mUndoStack->setClean();
    if (wasRecovered && wasClean)
        Q_EMIT modifiedChanged(false);
}

void Document::markRecovered()
{
    if (std::exchange(mRecovered, true))
        return;
    Q_EMIT modifiedChanged(true);
}

void Document::emitChanged(const ChangeEvent &event)
{
    Q_EMIT changed(event);
}

void Document::swapFabric(Fabric &other)
{
    std::swap(mFabric, other);
    // Scenarios belong to the document, not to one generation of its fabric.
    storeScenarios(mFabric, mScenarios);
    storeScenarios(other, {});
    Q_EMIT changed(ChangeEvent { ChangeEvent::Type::Reset, {}, {} });
}

void Document::setScenarios(const ScenarioList &list)
{
    mScenarios = list;
    storeScenarios(mFabric, mScenarios);
    Q_EMIT scenariosChanged();
}

void Document::renameNodes(const NodeRenames &renames)
{
    if (renames.empty())
        return;
    if (ScenarioList renamed = withNodesRenamed(mScenarios, renames); renamed != mScenarios)
        setScenarios(renamed);
    Q_EMIT nodesRenamed(renames);
}

void Document::setLastRunScenario(int index)
{
    if (index == mScenarios.lastRun || index >= mScenarios.items.size())
        return;
    mScenarios.lastRun = index;
    storeScenarios(mFabric, mScenarios);
    Q_EMIT scenariosChanged();
}

} // namespace fabric::app
