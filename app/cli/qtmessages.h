// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QtGlobal>

namespace fabric::cli {

/**
 * While alive, routes Qt's own diagnostics (font, platform plugin, QPainter warnings) to stderr
 * when verbose, else nowhere, so a CLI error is the only line a user sees. Fatal messages still
 * print. The previous handler comes back afterwards (tests run the CLI in their own process).
 */
class QtMessageRoute
{
public:
    explicit QtMessageRoute(bool verbose);
    ~QtMessageRoute();
    QtMessageRoute(const QtMessageRoute &) = delete;
    QtMessageRoute &operator=(const QtMessageRoute &) = delete;

private:
    QtMessageHandler mPrevious;
};

/// Routes Qt's messages as QtMessageRoute does, for the rest of the process: main() calls it, so
/// what Qt says while the program exits (unloading plugins) is routed too.
void routeQtMessagesUntilExit(bool verbose);

} // namespace fabric::cli
