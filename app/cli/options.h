// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fabric::cli {

class ParsedOptions;

/**
 * The options of one subcommand: declare them, then parse() the arguments. Accepts
 * `--name VALUE`, `--name=VALUE`, `-o VALUE`, repeated options, positionals anywhere, and `--`
 * to end options. Every mistake (unknown option, missing value, too many or too few positionals)
 * throws fabric::UserError with one line naming the option, so run() exits with code 2.
 *
 * @code
 * OptionParser p("info");
 * p.positional("FILE", "The fabric to describe.").flag("--json", "Print a JSON object.");
 * const ParsedOptions o = p.parse(args);
 * if (o.helpRequested()) { out << p.usage(); return 0; }
 * @endcode
 */
class OptionParser
{
public:
    explicit OptionParser(std::string command);

    /// A flag without a value, e.g. "--json".
    OptionParser &flag(std::string name, std::string help);
    /// An option with a value, e.g. ("--output", "FILE", ..., "-o"). @p repeatable: may be given
    /// several times (values() returns them all); otherwise giving it twice is an error.
    OptionParser &option(std::string name, std::string valueName, std::string help,
                         std::string alias = {}, bool repeatable = false);
    /// Marks the option declared last as one the command cannot do without: the usage line
    /// shows it unbracketed, and parse() refuses arguments without it ("missing -o OUT (the
    /// file to write)", @p what in the brackets).
    OptionParser &required(std::string what);
    /// A positional argument; optional ones must come after the required ones.
    OptionParser &positional(std::string name, std::string help, bool required = true);

    ParsedOptions parse(const std::vector<std::string> &args) const;
    /// "Usage: fabricscope-cli CMD ..." and one line per option.
    std::string usage() const;

private:
    struct Spec
    {
        std::string name, alias, valueName, help;
        bool takesValue = false;
        bool repeatable = false;
        std::string requiredWhat; ///< Non-empty: the option must be given; what it is for.
    };
    struct Positional
    {
        std::string name, help;
        bool required = true;
    };
    const Spec *find(std::string_view name) const;

    std::string mCommand;
    std::vector<Spec> mSpecs;
    std::vector<Positional> mPositionals;
};

/// The result of OptionParser::parse(), with typed, range-checked accessors that throw
/// fabric::UserError naming the option and the allowed range.
class ParsedOptions
{
public:
    bool helpRequested() const { return mHelp; }
    bool has(std::string_view name) const;
    /// The value of an option given once, or nullopt.
    std::optional<std::string> value(std::string_view name) const;
    std::string value(std::string_view name, std::string fallback) const;
    /// Every value of a repeatable option, in order.
    std::vector<std::string> values(std::string_view name) const;
    const std::vector<std::string> &positionals() const { return mPositionals; }
    /// The i-th positional, or @p fallback when not given.
    std::string positional(std::size_t i, std::string fallback = {}) const;

    long long integer(std::string_view name, long long min, long long max,
                      long long fallback) const;
    double number(std::string_view name, double min, double max, double fallback) const;
    /// A size with units ("1GiB", "64MB", "4096"), in bytes, above 0.
    double bytes(std::string_view name, double fallback) const;
    /// One of @p choices.
    std::string choice(std::string_view name, std::initializer_list<std::string_view> choices,
                       std::string fallback) const;
    /// Repeated `--set KEY=VALUE`-style values as a map; a key given twice is an error.
    std::map<std::string, std::string> keyValues(std::string_view name) const;

private:
    friend class OptionParser;
    std::map<std::string, std::vector<std::string>, std::less<>> mValues; // by canonical name
    std::vector<std::string> mPositionals;
    bool mHelp = false;
};

} // namespace fabric::cli
