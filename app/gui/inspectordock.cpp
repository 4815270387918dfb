// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "inspectordock.h"
#include "common/plural.h"
#include "errortext.h"

#include "commands/changelinkproperty.h"
#include "commands/changenodeproperty.h"
#include "document.h"
#include "propertyform.h"
#include "scrollable.h"
#include "wheelguard.h"

#include <QGroupBox>
#include <QLabel>
#include <QScrollArea>
#include <QUndoStack>
#include <QVBoxLayout>

namespace fabric::app {
namespace {

/// Shows in @p form the values of @p ids; a property whose items differ is marked mixed.
template<typename Id, typename Property, typename Lookup>
void showValues(PropertyForm *form, const std::vector<Id> &ids, Lookup item)
{
    for (int i = 0; i < form->count(); ++i) {
        const auto property = static_cast<Property>(form->spec(i).id);
        const QVariant first = propertyValue(item(ids.front()), property);
        bool mixed = false;
        for (Id id : ids)
            mixed = mixed || propertyValue(item(id), property) != first;
        form->setValue(i, first, mixed);
    }
}

template<typename Id> void dropDead(std::vector<Id> &ids, auto alive)
{
    std::erase_if(ids, [&](Id id) { return !alive(id); });
}

} // namespace

InspectorDock::InspectorDock(QWidget *parent)
    : QDockWidget(tr("Inspector"), parent)
    , mHeading(new QLabel)
    , mNodeForm(new PropertyForm(nodePropertySpecs()))
    , mLinkForm(new PropertyForm(linkPropertySpecs()))
    , mError(new QLabel)
{
    setObjectName(QStringLiteral("inspectorDock"));
    mHeading->setWordWrap(true);
    mError->setWordWrap(true);
    showAsError(mError);
    mError->hide();

    auto *nodes = new QGroupBox(tr("Nodes"));
    (new QVBoxLayout(nodes))->addWidget(mNodeForm);
    auto *links = new QGroupBox(tr("Links"));
    (new QVBoxLayout(links))->addWidget(mLinkForm);

    auto *box = new QWidget;
    auto *layout = new QVBoxLayout(box);
    layout->addWidget(mHeading);
    layout->addWidget(mError);
    layout->addWidget(nodes);
    layout->addWidget(links);
    layout->addStretch();
    mScroll = scrollable(box);
    setWidget(mScroll);
    // Scrolling the dock over a field changed the field: a port count, an undoable edit.
    guardWheel(box);

    connect(mNodeForm, &PropertyForm::edited, this, &InspectorDock::editNodes);
    connect(mLinkForm, &PropertyForm::edited, this, &InspectorDock::editLinks);
    refresh();
}

void InspectorDock::setDocument(Document *document)
{
    if (mDocument)
        mDocument->disconnect(this);
    mDocument = document;
    mNodes.clear();
    mLinks.clear();
    if (document)
        connect(document, &Document::changed, this, &InspectorDock::refresh);
    refresh();
}

void InspectorDock::setSelection(std::vector<NodeId> nodes, std::vector<LinkId> links)
{
    mNodes = std::move(nodes);
    mLinks = std::move(links);
    mError->hide();
    refresh();
}

QString InspectorDock::errorText() const
{
    return mError->isHidden() ? QString() : mError->text();
}

bool InspectorDock::errorInView() const
{
    const QRect shown(mError->mapTo(mScroll->viewport(), QPoint(0, 0)), mError->size());
    return !mError->isHidden() && mScroll->viewport()->rect().contains(shown);
}

void InspectorDock::refresh()
{
    if (mDocument) {
        const Fabric &f = mDocument->fabric();
        dropDead(mNodes, [&](NodeId id) { return f.hasNode(id); });
        dropDead(mLinks, [&](LinkId id) { return f.hasLink(id); });
    } else {
        mNodes.clear();
        mLinks.clear();
    }
    mNodeForm->parentWidget()->setVisible(!mNodes.empty());
    mLinkForm->parentWidget()->setVisible(!mLinks.empty());
    if (mNodes.empty() && mLinks.empty()) {
        mHeading->setText(tr("Select nodes or links on the canvas to edit them."));
        return;
    }
    const Fabric &f = mDocument->fabric();
    QStringList parts;
    if (!mNodes.empty())
        parts << views::counted(qint64(mNodes.size()), tr("1 node"), tr("%1 nodes"));
    if (!mLinks.empty())
        parts << views::counted(qint64(mLinks.size()), tr("1 link"), tr("%1 links"));
    QString heading = tr("Editing %1").arg(parts.join(tr(" and ")));
    if (mLinks.size() == 1) {
        const Link &l = f.link(mLinks.front());
        heading += QLatin1Char('\n')
            + tr("Link %1 \u2194 %2")
                  .arg(QString::fromStdString(f.node(l.a).name),
                      QString::fromStdString(f.node(l.b).name));
    }
    mHeading->setText(heading);
    if (!mNodes.empty())
        showValues<NodeId, NodeProperty>(
            mNodeForm, mNodes, [&](NodeId id) -> const Node & { return f.node(id); });
    if (!mLinks.empty())
        showValues<LinkId, LinkProperty>(
            mLinkForm, mLinks, [&](LinkId id) -> const Link & { return f.link(id); });
}

void InspectorDock::editNodes(int index, const QVariant &value)
{
    if (!mDocument || mNodes.empty())
        return;
    const auto property = static_cast<NodeProperty>(mNodeForm->spec(index).id);
    if (const QString error = validate(mDocument->fabric(), mNodes, property, value);
        !error.isEmpty())
        return showError(error);
    mError->hide();
    mDocument->undoStack()->push(new ChangeNodeProperty(mDocument, mNodes, property, value));
}

void InspectorDock::editLinks(int index, const QVariant &value)
{
    if (!mDocument || mLinks.empty())
        return;
    const auto property = static_cast<LinkProperty>(mLinkForm->spec(index).id);
    if (const QString error = validate(mDocument->fabric(), mLinks, property, value);
        !error.isEmpty())
        return showError(error);
    mError->hide();
    mDocument->undoStack()->push(new ChangeLinkProperty(mDocument, mLinks, property, value));
}

void InspectorDock::showError(const QString &message)
{
    mError->setText(message);
    mError->show();
    refresh(); // put the model's value back into the editor
    // The message stands above the forms: at 1280x720 the dock shows a few rows, and a field
    // low in the form was put back without a word in view.
    mScroll->widget()->layout()->activate();
    mScroll->ensureWidgetVisible(mError, 0, 0);
}

} // namespace fabric::app
