// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "generators/registry.h"

namespace fabric::gen {

/// What the registry knows of one family: its specs, its combination checks and its builder.
struct FamilyDef
{
    FamilyInfo info;
    /// Rejects combinations of individually valid values (throws UserError). Gets every key.
    void (*check)(const nlohmann::json &params) = nullptr;
    /// Builds from resolved and checked params.
    Fabric (*build)(const nlohmann::json &params) = nullptr;
};

// One per family file, in gallery order.
FamilyDef ibFatTreeFamily();
FamilyDef roceClosFamily();
FamilyDef hpnFamily();
FamilyDef tpuTorusFamily();
FamilyDef dragonflyFamily();

} // namespace fabric::gen
