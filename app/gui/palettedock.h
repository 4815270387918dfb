// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

#include <QDockWidget>

class QComboBox;
class QDoubleSpinBox;
class QListWidget;
class QMimeData;

namespace fabric::app {

/**
 * What a user can add by hand: GPUs, hosts, switches of each role and OCS, each with an icon.
 * Double-click (or Enter) adds one at the centre of the view; dragging one onto the canvas adds
 * it where it is dropped (the canvas emits nodeDropRequested). Below, the defaults every new
 * link gets (capacity, latency, medium).
 */
class PaletteDock : public QDockWidget
{
    Q_OBJECT
public:
    /// MIME type of a palette drag (views::kPaletteItemMimeType): the payload is the item key
    /// in UTF-8, "gpu", "host", "switch:leaf", "switch:spine", "switch:core", "switch:router"
    /// or "ocs".
    static QString mimeType();
    /// The key of a node of @p node's kind and role.
    static QString itemKey(const Node &node);
    /// The node (kind and role) an item key stands for, or nullopt for an unknown key.
    static std::optional<Node> nodeFromKey(const QString &key);
    /// The node a palette drag carries, or nullopt when @p mime is not from the palette.
    static std::optional<Node> nodeFromMime(const QMimeData *mime);
    /// The palette's icon for @p node's kind and role (drawn, so it matches the canvas colours).
    static QIcon icon(const Node &node);

    explicit PaletteDock(QWidget *parent = nullptr);

    /// Number of entries and the node entry @p row stands for (kind and role; no id or name).
    int entryCount() const;
    Node entry(int row) const;

    /// A link with the current default capacity, latency and medium (ends unset).
    Link linkTemplate() const;
    /// Takes the defaults from the fabric's most common switch-to-switch kind of link (its
    /// medium, capacity and latency), so new links match the fabric being edited.
    void adoptDefaults(const Fabric &fabric);

    QListWidget *list() const { return mList; }
    QDoubleSpinBox *capacityEditor() const { return mCapacity; }

Q_SIGNALS:
    /// The user asked to add @p node at the view centre.
    void addRequested(const fabric::Node &node);

private:
    QListWidget *mList;
    QDoubleSpinBox *mCapacity;
    QDoubleSpinBox *mLatency;
    QComboBox *mMedium;
};

} // namespace fabric::app
