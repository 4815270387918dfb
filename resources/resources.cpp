// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Gives the resource library a translation unit of its own; qt_add_resources() links the
// compiled resources as object files, so nothing has to call Q_INIT_RESOURCE.
namespace fabric::resources {
int resourceLibraryAnchor() { return 0; }
} // namespace fabric::resources
