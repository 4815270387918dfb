// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/link.h"
#include "model/node.h"

#include <QColor>
#include <QString>

#include <string_view>

/// Categorical colours of the canvas. They come from the Okabe-Ito palette, which stays
/// distinguishable for the common colour-vision deficiencies; the legend names every one.
namespace fabric::views::palette {

/// Colour of a link of @p medium (used when the link has no plane).
QColor medium(Medium medium);
/// Colour of HPN plane @p plane (0, 1, ...); planes override the medium colour of a link.
QColor plane(int plane);
/// The name of plane() of @p plane in words ("blue"), for a legend line that names several.
QString planeColourName(int plane);
/// Colour of rail @p rail (a GPU's index in its host), cycling over eight colours.
QColor rail(int rail);
/// Fill of a switch of @p role.
QColor role(SwitchRole role);
/// Fill of hosts, OCS and GPUs without a rail.
QColor host();
QColor ocs();
QColor chip();

/// Human names for the legend.
QString mediumName(Medium medium);
QString roleName(SwitchRole role);
/// What switches of @p role are called in fabrics of the generator family @p family ("Cluster
/// (CTSW)" in a Meta RoCE fabric, "ToR" in HPN), else roleName(): one name for a tier on the
/// canvas, in the legend and in the Metrics dock.
QString roleName(SwitchRole role, std::string_view family);

/// The outline and text colour of the canvas, and its background.
QColor ink();
QColor background();
/// Selection, hover and path highlight colours.
QColor selection();
QColor hover();
QColor path();
/// Badges of links two flows or more share at once (a collision).
QColor collisionBadge();

} // namespace fabric::views::palette
