// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "properties.h"

#include "io/common/fabriclimits.h"
#include "io/native/readlimits.h"

#include <QCoreApplication>

#include <cmath>
#include <functional>

namespace fabric::app {
namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("Properties", text);
}

QString qs(std::string_view s)
{
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

using Type = PropertySpec::Type;

PropertySpec spec(auto id, const char *label, Type type, double min = 0, double max = 0,
    QString unit = {}, QStringList choices = {})
{
    PropertySpec s;
    s.id = static_cast<int>(id);
    s.label = tr(label);
    s.type = type;
    s.min = min;
    s.max = max;
    s.choices = std::move(choices);
    s.unit = std::move(unit);
    return s;
}

// The native file's limits: a value past them made a file the app then refused to open.
constexpr double kHintMax = double(io::limits::kMaxHint);
constexpr double kMaxPorts = double(io::limits::kMaxPorts);
constexpr double kMaxLatencyNs = io::limits::kMaxLatencyNs;

QStringList kindNames()
{
    QStringList out;
    for (NodeKind k : { NodeKind::Gpu, NodeKind::Host, NodeKind::Switch, NodeKind::Ocs })
        out << qs(toString(k));
    return out;
}

QStringList roleNames()
{
    QStringList out;
    for (SwitchRole r : { SwitchRole::None, SwitchRole::Leaf, SwitchRole::Spine, SwitchRole::Core,
             SwitchRole::Router })
        out << qs(toString(r));
    return out;
}

QStringList mediumNames()
{
    QStringList out;
    for (Medium m :
        { Medium::NvLink, Medium::InfiniBand, Medium::Ethernet, Medium::Ici, Medium::Optical })
        out << qs(toString(m));
    return out;
}

/// The range and choice checks every property shares.
QString checkAgainstSpec(const PropertySpec &s, const QVariant &value)
{
    switch (s.type) {
    case Type::Text:
        if (value.toString().trimmed().isEmpty())
            return tr("%1 must not be empty").arg(s.label);
        return {};
    case Type::Bool:
        return {};
    case Type::Choice:
        if (!s.choices.contains(value.toString()))
            return tr("%1 must be one of %2").arg(s.label, s.choices.join(QStringLiteral(", ")));
        return {};
    case Type::Int:
    case Type::Double: {
        bool ok = false;
        const double v = value.toDouble(&ok);
        if (!ok || !std::isfinite(v) || (s.type == Type::Int && v != std::floor(v)))
            return tr("%1 must be a number").arg(s.label);
        if (v < s.min || v > s.max) {
            if (s.min > 0 && v <= 0)
                return tr("%1 must be above zero").arg(s.label);
            if (s.min == 0 && v < 0)
                return tr("%1 must not be negative").arg(s.label);
            return tr("%1 must be from %2 to %3").arg(s.label).arg(s.min).arg(s.max);
        }
        return {};
    }
    }
    return {};
}

} // namespace

const QList<PropertySpec> &nodePropertySpecs()
{
    using P = NodeProperty;
    static const QList<PropertySpec> specs = {
        spec(P::Name, "Name", Type::Text),
        spec(P::Kind, "Kind", Type::Choice, 0, 0, {}, kindNames()),
        spec(P::Role, "Switch role", Type::Choice, 0, 0, {}, roleNames()),
        spec(P::Ports, "Ports", Type::Int, 0, kMaxPorts),
        spec(P::SwitchLatencyNs, "Switch latency", Type::Double, 0, kMaxLatencyNs,
            QStringLiteral("ns")),
        spec(P::SharpCapable, "SHARP capable", Type::Bool),
        spec(P::Forwards, "Forwards traffic", Type::Bool),
        spec(P::Tier, "Tier", Type::Int, -1, kHintMax),
        spec(P::Pod, "Pod / zone / group", Type::Int, -1, kHintMax),
        spec(P::Plane, "Plane", Type::Int, -1, kHintMax),
        spec(P::Rail, "Rail", Type::Int, -1, kHintMax),
        spec(P::Index, "Index", Type::Int, -1, kHintMax),
    };
    return specs;
}

const QList<PropertySpec> &linkPropertySpecs()
{
    using P = LinkProperty;
    // The smallest capacity is 1 Mb/s: zero would stall every flow on the link.
    static const QList<PropertySpec> specs = {
        spec(P::CapacityGbps, "Capacity", Type::Double, io::limits::kMinCapacityGbps,
            io::limits::kMaxCapacityGbps, QStringLiteral("Gb/s")),
        spec(P::LatencyNs, "Latency", Type::Double, 0, kMaxLatencyNs, QStringLiteral("ns")),
        spec(P::Medium, "Medium", Type::Choice, 0, 0, {}, mediumNames()),
        spec(P::Plane, "Plane", Type::Int, -1, double(io::limits::kMaxPlane)),
        spec(P::PortA, "Port at end A", Type::Int, -1, kMaxPorts - 1),
        spec(P::PortB, "Port at end B", Type::Int, -1, kMaxPorts - 1),
    };
    return specs;
}

const PropertySpec &propertySpec(NodeProperty property)
{
    return nodePropertySpecs().at(static_cast<int>(property));
}

const PropertySpec &propertySpec(LinkProperty property)
{
    return linkPropertySpecs().at(static_cast<int>(property));
}

QVariant propertyValue(const Node &node, NodeProperty property)
{
    switch (property) {
    case NodeProperty::Name:
        return QString::fromStdString(node.name);
    case NodeProperty::Kind:
        return qs(toString(node.kind));
    case NodeProperty::Role:
        return qs(toString(node.role));
    case NodeProperty::Ports:
        return node.ports;
    case NodeProperty::SwitchLatencyNs:
        return node.switchLatencyNs;
    case NodeProperty::SharpCapable:
        return node.sharpCapable;
    case NodeProperty::Forwards:
        return node.forwards;
    case NodeProperty::Tier:
        return node.hints.tier;
    case NodeProperty::Pod:
        return node.hints.pod;
    case NodeProperty::Plane:
        return node.hints.plane;
    case NodeProperty::Rail:
        return node.hints.rail;
    case NodeProperty::Index:
        return node.hints.index;
    }
    return {};
}

QVariant propertyValue(const Link &link, LinkProperty property)
{
    switch (property) {
    case LinkProperty::CapacityGbps:
        return link.capacityGbps;
    case LinkProperty::LatencyNs:
        return link.latencyNs;
    case LinkProperty::Medium:
        return qs(toString(link.medium));
    case LinkProperty::Plane:
        return link.plane;
    case LinkProperty::PortA:
        return link.portA;
    case LinkProperty::PortB:
        return link.portB;
    }
    return {};
}

void setPropertyValue(Node &node, NodeProperty property, const QVariant &value)
{
    switch (property) {
    case NodeProperty::Name:
        node.name = value.toString().trimmed().toStdString();
        break;
    case NodeProperty::Kind:
        node.kind = nodeKindFromString(value.toString().toStdString()).value_or(node.kind);
        break;
    case NodeProperty::Role:
        node.role = switchRoleFromString(value.toString().toStdString()).value_or(node.role);
        break;
    case NodeProperty::Ports:
        node.ports = value.toInt();
        break;
    case NodeProperty::SwitchLatencyNs:
        node.switchLatencyNs = value.toDouble();
        break;
    case NodeProperty::SharpCapable:
        node.sharpCapable = value.toBool();
        break;
    case NodeProperty::Forwards:
        node.forwards = value.toBool();
        break;
    case NodeProperty::Tier:
        node.hints.tier = value.toInt();
        break;
    case NodeProperty::Pod:
        node.hints.pod = value.toInt();
        break;
    case NodeProperty::Plane:
        node.hints.plane = value.toInt();
        break;
    case NodeProperty::Rail:
        node.hints.rail = value.toInt();
        break;
    case NodeProperty::Index:
        node.hints.index = value.toInt();
        break;
    }
}

void setPropertyValue(Link &link, LinkProperty property, const QVariant &value)
{
    switch (property) {
    case LinkProperty::CapacityGbps:
        link.capacityGbps = value.toDouble();
        break;
    case LinkProperty::LatencyNs:
        link.latencyNs = value.toDouble();
        break;
    case LinkProperty::Medium:
        link.medium = mediumFromString(value.toString().toStdString()).value_or(link.medium);
        break;
    case LinkProperty::Plane:
        link.plane = value.toInt();
        break;
    case LinkProperty::PortA:
        link.portA = value.toInt();
        break;
    case LinkProperty::PortB:
        link.portB = value.toInt();
        break;
    }
}

namespace {

/// Why the fabric @p edit makes of @p fabric would not open again, if it would not: a port count
/// below the ports its links use, a host made a switch under its GPUs, ... (the limits every
/// reader holds a file to). Empty when it would, or when @p fabric itself already would not
/// (an edit elsewhere cannot be blamed for that).
QString faultMadeBy(const Fabric &fabric, const std::function<void(Fabric &)> &edit)
{
    Fabric edited = fabric;
    edit(edited);
    const auto fault = io::findFabricFault(edited);
    if (!fault || io::findFabricFault(fabric))
        return {};
    return QString::fromStdString(io::describeFault(edited, *fault));
}

} // namespace

QString validate(const Fabric &fabric, const std::vector<NodeId> &nodes, NodeProperty property,
    const QVariant &value)
{
    if (QString error = checkAgainstSpec(propertySpec(property), value); !error.isEmpty())
        return error;
    if (property == NodeProperty::Name) {
        if (nodes.size() > 1)
            return tr("Names must be unique: rename one node at a time");
        const std::string name = value.toString().trimmed().toStdString();
        const NodeId owner = fabric.findNode(name);
        if (owner != kNoNode && (nodes.empty() || owner != nodes.front()))
            return tr("Another node is already called %1").arg(QString::fromStdString(name));
    }
    return faultMadeBy(fabric, [&](Fabric &edited) {
        for (const NodeId id : nodes)
            setPropertyValue(edited.node(id), property, value);
    });
}

QString validate(const Fabric &fabric, const std::vector<LinkId> &links, LinkProperty property,
    const QVariant &value)
{
    if (QString error = checkAgainstSpec(propertySpec(property), value); !error.isEmpty())
        return error;
    return faultMadeBy(fabric, [&](Fabric &edited) {
        for (const LinkId id : links)
            setPropertyValue(edited.link(id), property, value);
    });
}

} // namespace fabric::app
