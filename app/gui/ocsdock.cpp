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

void OcsDock::setDocument(Document *document)
{
    disconnect(mChanged);
    mPanel->setFabric(document ? &document->fabric() : nullptr);
    if (!document)
        return;
    // Moves and renames leave the tables as they are; anything else may rewire or remove them.
    mChanged = connect(document, &Document::changed, mPanel, [this](const ChangeEvent &event) {
        if (event.type != ChangeEvent::Type::NodesMoved)
            mPanel->refresh();
    });
}

} // namespace fabric::app
