// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "fakeprompts.h"
#include "generators/registry.h"
#include "mainwindow.h"

#include <QTest>

#include <memory>

/**
 * A main window for a GUI test: FakePrompts answer it (handed back through @p prompts), it is
 * shown at 1400x900 and exposed, on a generated 2-tier fat-tree of 64 GPUs. Null when the
 * window was not exposed or the fabric did not open. The caller deletes it.
 */
inline fabric::app::MainWindow *openFatTreeWindow(FakePrompts **prompts)
{
    auto *window = new fabric::app::MainWindow;
    auto fake = std::make_unique<FakePrompts>();
    *prompts = fake.get();
    window->setPrompts(std::move(fake));
    window->resize(1400, 900);
    window->show();
    if (!QTest::qWaitForWindowExposed(window)
        || !window->openGenerated(fabric::gen::generate(
            "ib-fat-tree", nlohmann::json { { "tiers", 2 }, { "gpus", 64 } }))) {
        delete window;
        return nullptr;
    }
    return window;
}
