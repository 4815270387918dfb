// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "palette.h"

#include <array>

namespace fabric::views::palette {

namespace {
// Okabe-Ito, without black.
constexpr std::array<QRgb, 7> kOkabeIto = {0xe69f00, 0x56b4e9, 0x009e73, 0xf0e442,
                                           0x0072b2, 0xd55e00, 0xcc79a7};
} // namespace

QColor medium(Medium m)
{
    switch (m) {
    case Medium::NvLink: return QColor(0x7a, 0xb8, 0x8f);
    case Medium::InfiniBand: return QColor(kOkabeIto[4]);
    case Medium::Ethernet: return QColor(0x8a, 0x8a, 0x8a);
    case Medium::Ici: return QColor(kOkabeIto[6]);
    case Medium::Optical: return QColor(kOkabeIto[0]);
    }
    return QColor(Qt::gray);
}

namespace {
// Plane 0 blue, plane 1 vermillion: the pair that survives every deficiency best. The name in
// words is what the legend says, so it lives beside its colour.
struct PlaneColour
{
    QRgb rgb;
    const char *name;
};
constexpr std::array<PlaneColour, 4> kPlanes = { { { 0x0072b2, "blue" }, { 0xd55e00, "orange" },
    { 0x009e73, "green" }, { 0xcc79a7, "pink" } } };
const PlaneColour &planeColour(int p)
{
    return kPlanes[static_cast<std::size_t>(p < 0 ? 0 : p) % kPlanes.size()];
}
} // namespace

QColor plane(int p)
{
    return QColor(planeColour(p).rgb);
}

QString planeColourName(int p)
{
    return QString::fromLatin1(planeColour(p).name);
}

QColor rail(int r)
{
    static constexpr std::array<QRgb, 8> rails = {0xe69f00, 0x56b4e9, 0x009e73, 0xf0e442,
                                                  0x0072b2, 0xd55e00, 0xcc79a7, 0x999999};
    return QColor(rails[static_cast<std::size_t>(r < 0 ? 0 : r) % rails.size()]);
}

QColor role(SwitchRole r)
{
    switch (r) {
    case SwitchRole::Leaf: return QColor(0xd9, 0xe8, 0xf5);
    case SwitchRole::Spine: return QColor(0xb7, 0xd3, 0xea);
    case SwitchRole::Core: return QColor(0x7f, 0xae, 0xd6);
    case SwitchRole::Router: return QColor(0xc9, 0xe4, 0xca);
    case SwitchRole::None: break;
    }
    return QColor(0xdd, 0xdd, 0xdd);
}

QColor host() { return QColor(0xf2, 0xee, 0xe3); }
QColor ocs() { return QColor(0xff, 0xd8, 0x9b); }
QColor chip() { return QColor(0x9c, 0x7a, 0xb5); }

QString mediumName(Medium m)
{
    switch (m) {
    case Medium::NvLink: return QStringLiteral("NVLink");
    case Medium::InfiniBand: return QStringLiteral("InfiniBand");
    case Medium::Ethernet: return QStringLiteral("Ethernet (RoCE)");
    case Medium::Ici: return QStringLiteral("ICI (electrical)");
    case Medium::Optical: return QStringLiteral("Optical via OCS");
    }
    return {};
}

QString roleName(SwitchRole r)
{
    switch (r) {
    case SwitchRole::Leaf: return QStringLiteral("Leaf / ToR");
    case SwitchRole::Spine: return QStringLiteral("Spine / aggregation");
    case SwitchRole::Core: return QStringLiteral("Core");
    case SwitchRole::Router: return QStringLiteral("Router");
    case SwitchRole::None: break;
    }
    return QStringLiteral("Switch");
}

QString roleName(SwitchRole r, std::string_view family)
{
    if (family == "hpn") {
        if (r == SwitchRole::Leaf)
            return QStringLiteral("ToR");
        if (r == SwitchRole::Spine)
            return QStringLiteral("Aggregation");
    }
    if (family == "roce-clos") {
        if (r == SwitchRole::Leaf)
            return QStringLiteral("Rack (RTSW)");
        if (r == SwitchRole::Spine)
            return QStringLiteral("Cluster (CTSW)");
        if (r == SwitchRole::Core)
            return QStringLiteral("Aggregation (ATSW)");
    }
    return roleName(r);
}

QColor ink() { return QColor(0x33, 0x33, 0x33); }
QColor background() { return QColor(0xfc, 0xfc, 0xfa); }
QColor selection() { return QColor(0x00, 0x9e, 0x73); }
QColor hover() { return QColor(0xe6, 0x9f, 0x00); }
QColor path() { return QColor(0xcc, 0x33, 0x99); }
QColor collisionBadge() { return QColor(0xd5, 0x5e, 0x00); }

} // namespace fabric::views::palette
