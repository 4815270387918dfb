// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

namespace fabric::sim {

/// A constraint (a directed link) of a max-min System, numbered from 0.
using ConstraintId = std::int32_t;
/// A variable (a flow, or one path of a flow) of a max-min System, numbered from 0.
using VariableId = std::int32_t;

} // namespace fabric::sim
