// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <sys/resource.h>

/// Peak resident memory so far of this process (RUSAGE_SELF) or of its waited-for children
/// (RUSAGE_CHILDREN), in MB, as the benchmarks print it.
inline double peakRssMb(int who = RUSAGE_SELF)
{
    rusage usage {};
    getrusage(who, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;
}
