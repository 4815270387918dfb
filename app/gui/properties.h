// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"

#include <QList>
#include <QString>
#include <QStringList>
#include <QVariant>

#include <vector>

/// The editable properties of nodes and links, addressed by id so one generic undo command and
/// one inspector form serve all of them. Choice values travel as their toString() names.
namespace fabric::app {

enum class NodeProperty {
    Name,
    Kind,
    Role,
    Ports,
    SwitchLatencyNs,
    SharpCapable,
    Forwards,
    Tier,
    Pod,
    Plane,
    Rail,
    Index,
};

enum class LinkProperty {
    CapacityGbps,
    LatencyNs,
    Medium,
    Plane,
    PortA,
    PortB,
};

/// How to show and edit one property.
struct PropertySpec
{
    enum class Type { Text, Int, Double, Bool, Choice };
    int id = 0; ///< A NodeProperty or LinkProperty value.
    QString label;
    Type type = Type::Text;
    double min = 0, max = 0; ///< Inclusive range for Int and Double.
    QStringList choices;
    QString unit;
    int step = 1; ///< Int values go in steps of this (an even radix: 2).
    QString toolTip; ///< One sentence for people.
    /// An Int editor shows this in place of 0, which then stands for a choice ("full size").
    QString zeroText;
};

/// Node properties in inspector order.
const QList<PropertySpec> &nodePropertySpecs();
/// Link properties in inspector order.
const QList<PropertySpec> &linkPropertySpecs();
const PropertySpec &propertySpec(NodeProperty property);
const PropertySpec &propertySpec(LinkProperty property);

QVariant propertyValue(const Node &node, NodeProperty property);
QVariant propertyValue(const Link &link, LinkProperty property);
/// Sets a value validate() accepted.
void setPropertyValue(Node &node, NodeProperty property, const QVariant &value);
void setPropertyValue(Link &link, LinkProperty property, const QVariant &value);

/// Why @p value cannot be given to @p property of all of @p nodes (names must be non-empty and
/// unique, numbers in range, choices known), or an empty string when it can.
QString validate(const Fabric &fabric, const std::vector<NodeId> &nodes, NodeProperty property,
    const QVariant &value);
/// As above for links (capacity above zero, latency not negative...).
QString validate(const Fabric &fabric, const std::vector<LinkId> &links, LinkProperty property,
    const QVariant &value);

} // namespace fabric::app
