// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "document.h"

#include <QFileInfo>
#include <QUndoStack>

#include <utility>

namespace fabric::app {

Document::Document(Fabric fabric, QString fileName, QObject *parent)
    : QObject(parent)
    , mFabric(std::move(fabric))
    , mUndoStack(new QUndoStack(this))
    , mFileName(std::move(fileName))
{
    connect(mUndoStack, &QUndoStack::cleanChanged, this,
        [this](bool clean) { Q_EMIT modifiedChanged(!clean); });
}

Document::~Document() = default;

void Document::setFileName(const QString &fileName)
{
    if (fileName == mFileName)
        return;
    mFileName = fileName;
    Q_EMIT fileNameChanged(mFileName);
}

QString Document::displayName() const
{
    return mFileName.isEmpty() ? tr("untitled") : QFileInfo(mFileName).fileName();
}

bool Document::isModified() const
{
    return !mUndoStack->isClean();
}

void Document::markSaved(const QString &fileName)
{
    setFileName(fileName);
    mUndoStack->setClean();
}

void Document::emitChanged(const ChangeEvent &event)
{
    Q_EMIT changed(event);
}

void Document::swapFabric(Fabric &other)
{
    std::swap(mFabric, other);
    Q_EMIT changed(ChangeEvent { ChangeEvent::Type::Reset, {}, {} });
}

} // namespace fabric::app
