// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <stdexcept>
#include <string>

namespace fabric {

/// A user-facing error: bad parameters, a bad file, an impossible scenario. what() is one
/// clear line that names the parameter, file, line or JSON path at fault. The CLI prints it and
/// exits 2; the GUI shows it in a dialog. Programming errors use other exception types.
class UserError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

} // namespace fabric
