// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "options.h"

#include "model/error.h"
#include "model/units.h"

#include <charconv>
#include <cmath>
#include <sstream>

namespace fabric::cli {

OptionParser::OptionParser(std::string command)
    : mCommand(std::move(command))
{}

OptionParser &OptionParser::flag(std::string name, std::string help)
{
    mSpecs.push_back({ std::move(name), {}, {}, std::move(help), false, false, {} });
    return *this;
}

OptionParser &OptionParser::option(std::string name, std::string valueName, std::string help,
                                   std::string alias, bool repeatable)
{
    mSpecs.push_back({ std::move(name), std::move(alias), std::move(valueName), std::move(help),
        true, repeatable, {} });
    return *this;
}

OptionParser &OptionParser::required(std::string what)
{
    mSpecs.back().requiredWhat = std::move(what);
    return *this;
}

OptionParser &OptionParser::positional(std::string name, std::string help, bool required)
{
    mPositionals.push_back({std::move(name), std::move(help), required});
    return *this;
}

const OptionParser::Spec *OptionParser::find(std::string_view name) const
{
    for (const Spec &s : mSpecs)
        if (s.name == name || (!s.alias.empty() && s.alias == name))
            return &s;
    return nullptr;
}

ParsedOptions OptionParser::parse(const std::vector<std::string> &args) const
{
    ParsedOptions parsed;
    bool optionsEnded = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string &arg = args[i];
        const bool looksLikeOption = !optionsEnded && arg.size() > 1 && arg[0] == '-';
        if (!looksLikeOption) {
            parsed.mPositionals.push_back(arg);
            continue;
        }
        if (arg == "--") {
            optionsEnded = true;
            continue;
        }
        if (arg == "--help" || arg == "-h") {
            parsed.mHelp = true;
            continue;
        }
        const std::size_t eq = arg.rfind("--", 0) == 0 ? arg.find('=') : std::string::npos;
        const std::string name = arg.substr(0, eq);
        const Spec *spec = find(name);
        if (!spec)
            throw UserError("unknown option '" + name + "' (see " + mCommand + " --help)");
        std::vector<std::string> &slot = parsed.mValues[spec->name];
        if (!slot.empty() && !spec->repeatable)
            throw UserError(spec->name + " is given more than once");
        if (!spec->takesValue) {
            if (eq != std::string::npos)
                throw UserError(spec->name + " takes no value");
            slot.emplace_back();
            continue;
        }
        if (eq != std::string::npos) {
            slot.push_back(arg.substr(eq + 1));
        } else {
            if (i + 1 >= args.size())
                throw UserError(spec->name + " needs a value (" + spec->valueName + ")");
            slot.push_back(args[++i]);
        }
        // An empty value ("--ranks ''", a shell variable left unset) meant the default without
        // a word: every option's value says something.
        if (slot.back().empty())
            throw UserError(spec->name + " needs a value (" + spec->valueName + "), got ''");
    }
    if (parsed.mHelp)
        return parsed;
    std::size_t required = 0;
    for (const Positional &p : mPositionals)
        required += p.required ? 1 : 0;
    if (parsed.mPositionals.size() < required)
        throw UserError("missing " + mPositionals[parsed.mPositionals.size()].name + " (usage: "
                        + mCommand + " --help)");
    if (parsed.mPositionals.size() > mPositionals.size())
        throw UserError("unexpected argument '" + parsed.mPositionals[mPositionals.size()]
                        + "'");
    for (const Spec &s : mSpecs)
        if (!s.requiredWhat.empty() && !parsed.has(s.name))
            throw UserError("missing " + (s.alias.empty() ? s.name : s.alias) + " " + s.valueName
                + " (" + s.requiredWhat + ")");
    return parsed;
}

std::string OptionParser::usage() const
{
    std::ostringstream out;
    out << "Usage: fabricscope-cli " << mCommand;
    for (const Positional &p : mPositionals)
        out << (p.required ? " " + p.name : " [" + p.name + "]");
    for (const Spec &s : mSpecs) {
        const std::string shown
            = (s.alias.empty() ? s.name : s.alias) + (s.takesValue ? " " + s.valueName : "");
        out << (s.requiredWhat.empty() ? " [" + shown + "]" : " " + shown)
            << (s.repeatable ? "..." : "");
    }
    out << "\n\n";
    for (const Positional &p : mPositionals)
        out << "  " << p.name << "\n      " << p.help << "\n";
    for (const Spec &s : mSpecs)
        out << "  " << (s.alias.empty() ? "" : s.alias + ", ") << s.name
            << (s.takesValue ? " " + s.valueName : "") << "\n      " << s.help << "\n";
    return out.str();
}

bool ParsedOptions::has(std::string_view name) const
{
    return mValues.find(name) != mValues.end();
}

std::optional<std::string> ParsedOptions::value(std::string_view name) const
{
    const auto it = mValues.find(name);
    if (it == mValues.end() || it->second.empty())
        return std::nullopt;
    return it->second.back();
}

std::string ParsedOptions::value(std::string_view name, std::string fallback) const
{
    return value(name).value_or(std::move(fallback));
}

std::vector<std::string> ParsedOptions::values(std::string_view name) const
{
    const auto it = mValues.find(name);
    return it == mValues.end() ? std::vector<std::string>{} : it->second;
}

std::string ParsedOptions::positional(std::size_t i, std::string fallback) const
{
    return i < mPositionals.size() ? mPositionals[i] : fallback;
}

long long ParsedOptions::integer(std::string_view name, long long min, long long max,
                                 long long fallback) const
{
    const std::optional<std::string> text = value(name);
    if (!text)
        return fallback;
    long long v = 0;
    const auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
    if (ec != std::errc() || ptr != text->data() + text->size() || v < min || v > max)
        throw UserError(std::string(name) + ": expected an integer from " + std::to_string(min)
                        + " to " + std::to_string(max) + ", got '" + *text + "'");
    return v;
}

double ParsedOptions::number(std::string_view name, double min, double max, double fallback) const
{
    const std::optional<std::string> text = value(name);
    if (!text)
        return fallback;
    double v = 0;
    const auto [ptr, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
    if (ec != std::errc() || ptr != text->data() + text->size() || !std::isfinite(v) || v < min
        || v > max) {
        std::ostringstream range;
        range << min << " to " << max;
        throw UserError(std::string(name) + ": expected a number from " + range.str() + ", got '"
                        + *text + "'");
    }
    return v;
}

double ParsedOptions::bytes(std::string_view name, double fallback) const
{
    const std::optional<std::string> text = value(name);
    if (!text)
        return fallback;
    // Every size an option takes (a message, a memory limit) is above 0, as in a scenario file.
    const std::optional<double> v = units::parseBytes(*text);
    if (!v || !(*v > 0))
        throw UserError(std::string(name)
            + ": expected a whole number of bytes above 0 and up to 1 EiB, "
              "such as 4096, 64MB or 1GiB, got '"
            + *text + "'");
    return *v;
}

std::string ParsedOptions::choice(std::string_view name,
                                  std::initializer_list<std::string_view> choices,
                                  std::string fallback) const
{
    const std::optional<std::string> text = value(name);
    if (!text)
        return fallback;
    std::string list;
    for (std::string_view c : choices) {
        if (c == *text)
            return *text;
        list += (list.empty() ? "" : ", ") + std::string(c);
    }
    throw UserError(std::string(name) + ": unknown value '" + *text + "' (allowed: " + list + ")");
}

std::map<std::string, std::string> ParsedOptions::keyValues(std::string_view name) const
{
    std::map<std::string, std::string> out;
    for (const std::string &kv : values(name)) {
        const std::size_t eq = kv.find('=');
        if (eq == std::string::npos || eq == 0)
            throw UserError(std::string(name) + ": expected KEY=VALUE, got '" + kv + "'");
        const std::string key = kv.substr(0, eq);
        if (!out.emplace(key, kv.substr(eq + 1)).second)
            throw UserError(std::string(name) + ": " + key + " is given more than once");
    }
    return out;
}

} // namespace fabric::cli
