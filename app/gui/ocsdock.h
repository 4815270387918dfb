// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDockWidget>

namespace fabric::views {
class FabricCanvas;
class OcsPanel;
}

namespace fabric::app {

class Document;

/**
 * The OCS circuit tables of the open fabric, as a dock. The lattice view of a torus does not
 * draw the optical circuit switches, so this is where they are read: picking a circuit selects
 * its two fibres on the canvas (drawn there as one arc between the chips it joins).
 */
class OcsDock : public QDockWidget
{
    Q_OBJECT
public:
    OcsDock(views::FabricCanvas *canvas, QWidget *parent = nullptr);

    /// Lists @p document's circuits and follows its edits (nullptr clears). The dock shows
    /// itself when the fabric has OCS and hides when it has none, on opening and whenever an
    /// edit (or its undo) adds the first OCS or removes the last; in between the user's
    /// View > Docks choice stands.
    void setDocument(Document *document);
    views::OcsPanel *panel() const { return mPanel; }
    /// Whether the document's fabric has an OCS (the dock's own choice to show itself).
    bool hasCircuits() const { return mHadOcs; }

private:
    views::OcsPanel *mPanel = nullptr;
    QMetaObject::Connection mChanged;
    bool mHadOcs = false; ///< Whether the fabric had an OCS after the last edit.
};

} // namespace fabric::app
