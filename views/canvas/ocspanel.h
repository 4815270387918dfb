// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

#include <QList>
#include <QTreeWidget>

namespace fabric::views {

/**
 * Lists the circuits of every optical circuit switch: one row per OCS (ports used, circuits),
 * one child per circuit with its two ports and the chips at either end, so a twisted torus can
 * be read circuit by circuit. A small widget for a dock; it never edits the fabric.
 */
class OcsPanel : public QTreeWidget
{
    Q_OBJECT
public:
    explicit OcsPanel(QWidget *parent = nullptr);

    /// Shows the circuits of @p fabric (not owned); nullptr clears.
    void setFabric(const Fabric *fabric);
    /// Re-reads the circuit tables (after a CircuitsChanged change event).
    void refresh();

Q_SIGNALS:
    /// The user picked a circuit: the two optical links it joins.
    void circuitSelected(const QList<fabric::LinkId> &links);

private:
    const Fabric *mFabric = nullptr;
};

} // namespace fabric::views
