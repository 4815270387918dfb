// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "maxmin.h"

namespace fabric::sim {

/// The reference solver: progressive filling of every enabled variable at each solve().
class FullSystem final : public System
{
private:
    void doSolve() override { progressiveFilling(); }
};

} // namespace fabric::sim
