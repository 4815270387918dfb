// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// `fabricscope-cli families [--json]`: the generator families, their parameters, defaults and
// ranges, straight from the registry the GUI's gallery uses.
#include "command.h"
#include "options.h"

#include "model/units.h"

#include "generators/paramspecs.h"
#include "generators/registry.h"

#include <iomanip>
#include <ostream>

namespace fabric::cli {
namespace {

std::string_view typeName(gen::ParamSpec::Type type)
{
    switch (type) {
    case gen::ParamSpec::Type::Int:
        return "int";
    case gen::ParamSpec::Type::Double:
        return "number";
    case gen::ParamSpec::Type::Bool:
        return "bool";
    case gen::ParamSpec::Type::Choice:
        return "choice";
    }
    return "?";
}

std::string defaultText(const gen::ParamSpec &p)
{
    if (p.defaultValue.is_string())
        return p.defaultValue.get<std::string>();
    // "50 ns", as the ranges beside it write numbers, not JSON's "50.0 ns".
    if (p.defaultValue.is_number_float())
        return units::formatDecimal(p.defaultValue.get<double>(), 6);
    return p.defaultValue.dump();
}

/// " GPUs" after a default of 8, " GPU" after 1; empty without a unit.
std::string unitText(const gen::ParamSpec &p)
{
    if (p.unit.empty())
        return {};
    return " "
        + units::unitAfter(p.defaultValue.is_number() ? p.defaultValue.get<double>() : 0, p.unit);
}

nlohmann::json toJson(const gen::FamilyInfo &f)
{
    nlohmann::json params = nlohmann::json::array();
    for (const gen::ParamSpec &p : f.params) {
        nlohmann::json j = {{"key", p.key},           {"label", p.label},
                            {"description", p.description}, {"type", typeName(p.type)},
                            {"default", p.defaultValue},    {"allowed", gen::allowedText(p)}};
        if (p.type == gen::ParamSpec::Type::Int || p.type == gen::ParamSpec::Type::Double) {
            j["min"] = p.min;
            j["max"] = p.max;
        }
        if (p.type == gen::ParamSpec::Type::Choice)
            j["choices"] = p.choices;
        if (!p.unit.empty())
            j["unit"] = p.unit;
        params.push_back(std::move(j));
    }
    return {{"name", f.name}, {"title", f.title}, {"description", f.description},
            {"params", std::move(params)}};
}

void printText(const gen::FamilyInfo &f, std::ostream &out)
{
    out << f.name << " - " << f.title << "\n  " << f.description << "\n";
    std::size_t width = 0;
    for (const gen::ParamSpec &p : f.params)
        width = std::max(width, p.key.size());
    for (const gen::ParamSpec &p : f.params) {
        out << "    " << std::left << std::setw(static_cast<int>(width) + 2) << p.key << "default "
            << defaultText(p) << unitText(p) << "; " << gen::allowedText(p) << "\n      " << p.label
            << ": " << p.description << "\n";
    }
}

int runFamilies(const std::vector<std::string> &args, std::ostream &out, std::ostream &)
{
    OptionParser parser("families");
    parser.flag("--json", "Print a JSON array instead of text.");
    const ParsedOptions o = parser.parse(args);
    if (o.helpRequested()) {
        out << parser.usage();
        return 0;
    }
    if (o.has("--json")) {
        nlohmann::json all = nlohmann::json::array();
        for (const gen::FamilyInfo &f : gen::families())
            all.push_back(toJson(f));
        out << all.dump(2) << "\n";
        return 0;
    }
    bool first = true;
    for (const gen::FamilyInfo &f : gen::families()) {
        if (!first)
            out << "\n";
        printText(f, out);
        first = false;
    }
    out << "\nUse: fabricscope-cli generate FAMILY --set KEY=VALUE ...\n";
    return 0;
}

} // namespace

Command familiesCommand()
{
    return {"families", "families [--json]",
            "List the fabric families with their parameters, defaults and ranges.", runFamilies};
}

} // namespace fabric::cli
