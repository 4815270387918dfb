// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>

namespace fabric::views {

/// What an analysis view shows before any run: the same words in every tab.
inline QString nothingToShowYet()
{
    return QCoreApplication::translate("fabric::views",
        "Nothing to show yet: run a scenario (Run in the "
        "Simulation dock).");
}

} // namespace fabric::views
