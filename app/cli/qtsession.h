// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/numberlocale.h"

#include <QApplication>

#include <cstdlib>
#include <memory>

namespace fabric::cli {

/// A QApplication for a command's lifetime when the process has none (offscreen without a
/// display): the canvas and the exporters need one.
class QtSession
{
public:
    QtSession()
    {
        if (QCoreApplication::instance())
            return;
        if (!std::getenv("DISPLAY") && !std::getenv("WAYLAND_DISPLAY")
            && !std::getenv("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        mApp = std::make_unique<QApplication>(mArgc, mArgv);
        views::useEnglishNumbers();
    }

private:
    static inline int mArgc = 1;
    static inline char mName[] = "fabricscope-cli";
    static inline char *mArgv[] = {mName, nullptr};
    std::unique_ptr<QApplication> mApp;
};

} // namespace fabric::cli
