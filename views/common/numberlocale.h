// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace fabric::views {

/// Numbers read the same in every window, picture and file, whatever the user's locale: "1.5 GiB"
/// and "1,024 GPUs". Call it right after the QApplication is made. Qt sets the C library's
/// locale from the environment, so a German user's printf wrote "0,5" into the files we read
/// back, and the counts Qt groups ("1.024") sat beside core's "1.5 GiB" in one sentence. The
/// interface is English, so its numbers are too.
void useEnglishNumbers();

} // namespace fabric::views
