// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document.h"
#include "generatoreditmark.h"
#include "properties.h"

#include <QCoreApplication>
#include <QUndoCommand>
#include <QVariant>

#include <vector>

namespace fabric::app {

/**
 * Gives one property the same value on many items (a bulk edit of a selection is one command),
 * in the manner of Tiled's ChangeValue. Undo gives every item its own old value back.
 * Consecutive changes of the same property on the same items merge (typing in a spin box).
 *
 * @p Traits says which items: ChangeNodeProperty and ChangeLinkProperty are the two uses.
 * The value must have passed validate() first. Like every structural edit, it marks a generated
 * fabric as edited by hand (GeneratorEditMark).
 */
template<typename Traits> class ChangeProperty : public QUndoCommand
{
public:
    using Id = typename Traits::Id;
    using Property = typename Traits::Property;

    ChangeProperty(Document *document, std::vector<Id> ids, Property property, QVariant value,
        QUndoCommand *parent = nullptr)
        : QUndoCommand(parent)
        , mDocument(document)
        , mIds(std::move(ids))
        , mProperty(property)
        , mMark(document->fabric())
        , mNew(std::move(value))
    {
        for (Id id : mIds)
            mOld.push_back(propertyValue(Traits::item(document->fabric(), id), property));
        setText(QCoreApplication::translate("Undo Commands", "Change %1")
                    .arg(propertySpec(property).label));
    }

    void undo() override
    {
        mMark.unmark(mDocument->fabric());
        for (std::size_t i = 0; i < mIds.size(); ++i)
            setPropertyValue(Traits::item(mDocument->fabric(), mIds[i]), mProperty, mOld[i]);
        mDocument->emitChanged(Traits::changed(mIds));
        for (std::size_t i = 0; i < mIds.size(); ++i)
            Traits::moved(mDocument, mProperty, mNew, mOld[i]);
    }

    void redo() override
    {
        mMark.mark(mDocument->fabric());
        for (Id id : mIds)
            setPropertyValue(Traits::item(mDocument->fabric(), id), mProperty, mNew);
        mDocument->emitChanged(Traits::changed(mIds));
        // mOld is what every item had before, merged edits included.
        for (const QVariant &old : mOld)
            Traits::moved(mDocument, mProperty, old, mNew);
    }

    int id() const override { return Traits::kMergeId; }

    bool mergeWith(const QUndoCommand *other) override
    {
        const auto *change = static_cast<const ChangeProperty *>(other);
        if (change->mDocument != mDocument || change->mProperty != mProperty
            || change->mIds != mIds)
            return false;
        mNew = change->mNew;
        return true;
    }

private:
    Document *mDocument;
    std::vector<Id> mIds;
    Property mProperty;
    GeneratorEditMark mMark;
    std::vector<QVariant> mOld;
    QVariant mNew;
};

} // namespace fabric::app
