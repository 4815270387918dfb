// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ocsdock.h"

#include "canvas/fabriccanvas.h"
#include "canvas/ocspanel.h"
#include "document.h"

namespace fabric::app {

OcsDock::OcsDock(views::FabricCanvas *canvas, QWidget *parent)
    : QDockWidget(tr("OCS Circuits"), parent)
    , mPanel(new views::OcsPanel(this))
{
    setObjectName(QStringLiteral("ocsDock"));
    setWidget(mPanel);
    connect(mPanel, &views::OcsPanel::circuitSelected, canvas,
            [canvas](const QList<LinkId> &links) { canvas->setSelection({}, links); });
}

namespace {
bool hasOcs(const Fabric &fabric)
{
    bool found = false;
    fabric.forEachNode([&](const Node &n) { found = found || n.kind == NodeKind::Ocs; });
    return found;
}
} // namespace

void OcsDock::setDocument(Document *document)
{
    disconnect(mChanged);
    mPanel->setFabric(document ? &document->fabric() : nullptr);
    // A tab of its own only where there are circuits to list (View > Docks > OCS Circuits
    // shows it anyway).
    mHadOcs = document && hasOcs(document->fabric());
    setVisible(mHadOcs);
    if (!document)
        return;
    // Moves and renames leave the tables as they are; anything else may rewire or remove them.
    mChanged = connect(document, &Document::changed, mPanel, [this, document](const ChangeEvent &event) {
        if (event.type == ChangeEvent::Type::NodesMoved)
            return;
        mPanel->refresh();
        const bool has = hasOcs(document->fabric());
        if (has != mHadOcs)
            setVisible(has);
        mHadOcs = has;
    });
}

} // namespace fabric::app
