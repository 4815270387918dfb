// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "savedscenarios.h"

#include "common/qtstrings.h"
#include "io/native/nativeformat.h"
#include "model/error.h"
#include "model/units.h"
#include "playback/scenariorun.h"

#include <QStringList>

#include <set>
#include <string>
#include <utility>

namespace fabric::app {
namespace {

constexpr const char *kName = "name";
constexpr const char *kLastRun = "last_run";
constexpr const char *kFaultsInForce = "faults_in_force";

/// The keys collective::toJson() writes, plus ours.
const std::set<std::string> &allowedKeys()
{
    static const std::set<std::string> keys = [] {
        std::set<std::string> k = collective::scenarioKeys();
        k.insert({ kName, kLastRun });
        return k;
    }();
    return keys;
}

[[noreturn]] void fail(const std::string &path, const std::string &message)
{
    throw UserError(path + ": " + message);
}

/// scenarioFromJson's messages start with "scenario: 'key' "; the path says that already.
std::string withoutKeyPrefix(const std::string &message, const std::string &key)
{
    const std::string prefix = "scenario: '" + key + "' ";
    return message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message;
}

SavedScenario entryFromJson(const nlohmann::json &j, const std::string &path, bool &lastRun)
{
    if (!j.is_object())
        fail(path, "expected an object, found " + std::string(j.type_name()));
    for (const auto &[key, value] : j.items())
        if (!allowedKeys().count(key))
            fail(path + "/" + key, "unknown field");
    SavedScenario saved;
    if (!j.contains(kName) || !j.at(kName).is_string() || j.at(kName).get<std::string>().empty())
        fail(path + "/" + kName, "expected a non-empty string");
    saved.name = QString::fromStdString(j.at(kName).get<std::string>());
    lastRun = false;
    if (j.contains(kLastRun)) {
        if (!j.at(kLastRun).is_boolean())
            fail(path + "/" + kLastRun, "expected true or false");
        lastRun = j.at(kLastRun).get<bool>();
    }
    // One field at a time, so the fault names its key.
    nlohmann::json fields = nlohmann::json::object();
    for (const auto &[key, value] : j.items()) {
        if (key == kName || key == kLastRun)
            continue;
        try {
            (void)collective::scenarioFromJson(nlohmann::json { { key, value } });
        } catch (const UserError &e) {
            fail(path + "/" + key, withoutKeyPrefix(e.what(), key));
        }
        fields[key] = value;
    }
    // Each field was checked above, its range too (scenarioFromJson).
    saved.scenario = collective::scenarioFromJson(fields);
    return saved;
}

/// The entry {"faults_in_force": ["leaf3", ...]}: nothing else may sit beside the key.
std::vector<Fault> faultsInForceFromJson(const nlohmann::json &j, const std::string &path)
{
    for (const auto &[key, value] : j.items())
        if (key != kFaultsInForce)
            fail(path + "/" + key, "unknown field beside faults_in_force");
    const nlohmann::json &array = j.at(kFaultsInForce);
    const std::string where = path + "/" + kFaultsInForce;
    if (!array.is_array())
        fail(where, "expected an array of faults such as \"leaf3\", found "
                + std::string(array.type_name()));
    std::vector<Fault> faults;
    for (std::size_t i = 0; i < array.size(); ++i) {
        if (!array[i].is_string())
            fail(where + "/" + std::to_string(i), "expected a string such as \"leaf3\"");
        try {
            faults.push_back(parseFault(array[i].get<std::string>()));
        } catch (const UserError &e) {
            fail(where + "/" + std::to_string(i), e.what());
        }
    }
    return faults;
}

} // namespace

int ScenarioList::indexOf(const collective::Scenario &s) const
{
    for (int i = 0; i < items.size(); ++i)
        if (items[i].scenario == s)
            return i;
    return -1;
}

QString ScenarioList::uniqueName(const QString &base) const
{
    QStringList taken;
    for (const SavedScenario &s : items)
        taken << s.name;
    return views::numbered(base, taken);
}

void ScenarioList::appendRun(SavedScenario s)
{
    s.name = uniqueName(s.name);
    items.append(std::move(s));
    lastRun = int(items.size()) - 1;
}

QString defaultScenarioName(const collective::Scenario &s)
{
    return QStringLiteral("%1 %2 %3 %4")
        .arg(views::toQString(collective::toString(s.collective)),
            views::toQString(collective::toString(s.algorithm)),
            views::toQString(units::formatBytes(s.bytes)),
            views::toQString(route::toString(s.routing)));
}

QString defaultScenarioName(const collective::Scenario &s, const ScenarioList &saved)
{
    const QString base = defaultScenarioName(s);
    QList<collective::Scenario> alike;
    for (const SavedScenario &other : saved.items)
        if (defaultScenarioName(other.scenario) == base)
            alike << other.scenario;
    const QString apart = views::scenarioDifferences(s, alike);
    return apart.isEmpty() ? base : base + QStringLiteral(" \u00b7 ") + apart;
}

nlohmann::json toJson(const ScenarioList &list)
{
    nlohmann::json array = nlohmann::json::array();
    for (int i = 0; i < list.items.size(); ++i) {
        nlohmann::json j = collective::toJson(list.items[i].scenario);
        j[kName] = list.items[i].name.toStdString();
        if (i == list.lastRun)
            j[kLastRun] = true;
        array.push_back(std::move(j));
    }
    if (!list.faults.empty()) {
        nlohmann::json faults = nlohmann::json::array();
        for (const Fault &f : list.faults)
            faults.push_back(toString(f));
        array.push_back(nlohmann::json { { kFaultsInForce, std::move(faults) } });
    }
    return array;
}

ScenarioList scenarioListFromJson(const nlohmann::json &array)
{
    const std::string root = "/" + std::string(io::kScenariosKey);
    if (!array.is_array())
        fail(root, "expected an array, found " + std::string(array.type_name()));
    ScenarioList list;
    bool faultsSeen = false;
    for (std::size_t i = 0; i < array.size(); ++i) {
        const std::string path = root + "/" + std::to_string(i);
        if (array[i].is_object() && array[i].contains(kFaultsInForce)) {
            if (std::exchange(faultsSeen, true))
                fail(path + "/" + kFaultsInForce, "only one entry may hold the faults in force");
            list.faults = faultsInForceFromJson(array[i], path);
            continue;
        }
        bool last = false;
        list.items.append(entryFromJson(array[i], path, last));
        if (last) {
            if (list.lastRun >= 0)
                fail(path + "/" + kLastRun, "only one scenario may be the last run");
            list.lastRun = static_cast<int>(list.items.size()) - 1;
        }
    }
    return list;
}

ScenarioList scenariosOf(const Fabric &fabric)
{
    if (fabric.scenarios().is_null())
        return {};
    return scenarioListFromJson(fabric.scenarios());
}

void storeScenarios(Fabric &fabric, const ScenarioList &list)
{
    fabric.scenarios()
        = list.items.isEmpty() && list.faults.empty() ? nlohmann::json() : toJson(list);
}

std::string ranksWithNodesRenamed(const std::string &ranks, const NodeRenames &renames)
{
    const QString text = QString::fromStdString(ranks);
    QStringList names = text.split(QLatin1Char(','));
    bool renamed = false;
    for (QString &name : names)
        if (const auto to = renames.find(name.trimmed().toStdString()); to != renames.end()) {
            name = QString::fromStdString(to->second);
            renamed = true;
        }
    return renamed ? names.join(QLatin1Char(',')).toStdString() : ranks;
}

ScenarioList withNodesRenamed(ScenarioList list, const NodeRenames &renames)
{
    const auto rename = [&](std::string &name) {
        if (const auto to = renames.find(name); to != renames.end())
            name = to->second;
    };
    const auto renameIn = [&](std::vector<Fault> &faults) {
        for (Fault &f : faults) {
            rename(f.node);
            if (f.kind == Fault::Kind::Link)
                rename(f.peer);
        }
    };
    renameIn(list.faults);
    for (SavedScenario &saved : list.items) {
        renameIn(saved.scenario.faults);
        saved.scenario.ranks = ranksWithNodesRenamed(saved.scenario.ranks, renames);
    }
    return list;
}

} // namespace fabric::app
