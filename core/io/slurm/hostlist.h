// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <vector>

namespace fabric::io::slurm {

/**
 * Slurm's compressed host list: names that differ only in a trailing number with the same count of
 * digits share one bracket, "host[01-04,07],leaf1". Names keep their order of first appearance by
 * prefix; numbers inside a bracket are sorted.
 */
std::string compressHostList(const std::vector<std::string> &names);

} // namespace fabric::io::slurm
