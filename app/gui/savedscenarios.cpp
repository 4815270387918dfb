// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "savedscenarios.h"

#include "common/qtstrings.h"
#include "io/native/nativeformat.h"
#include "model/error.h"
#include "model/units.h"

#include <set>
#include <string>

namespace fabric::app {
namespace {

constexpr const char *kName = "name";
constexpr const char *kLastRun = "last_run";

/// The keys collective::toJson() writes, plus ours.
const std::set<std::string> &allowedKeys()
{
    static const std::set<std::string> keys = [] {
        std::set<std::string> k { kName, kLastRun };
        const nlohmann::json defaults = collective::toJson(collective::Scenario {});
        for (const auto &[key, value] : defaults.items())
            k.insert(key);
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
    saved.scenario = collective::scenarioFromJson(fields);
    const collective::Scenario &s = saved.scenario;
    if (!(s.bytes > 0))
        fail(path + "/bytes", "must be greater than 0");
    if (s.qps < 1)
        fail(path + "/qps", "must be at least 1");
    return saved;
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
    auto taken = [this](const QString &name) {
        for (const SavedScenario &s : items)
            if (s.name == name)
                return true;
        return false;
    };
    QString name = base;
    for (int n = 2; taken(name); ++n)
        name = QStringLiteral("%1 (%2)").arg(base).arg(n);
    return name;
}

QString defaultScenarioName(const collective::Scenario &s)
{
    return QStringLiteral("%1 %2 %3 %4")
        .arg(views::toQString(collective::toString(s.collective)),
            views::toQString(collective::toString(s.algorithm)),
            views::toQString(units::formatBytes(s.bytes)),
            views::toQString(route::toString(s.routing)));
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
    return array;
}

ScenarioList scenarioListFromJson(const nlohmann::json &array)
{
    const std::string root = "/" + std::string(io::kScenariosKey);
    if (!array.is_array())
        fail(root, "expected an array, found " + std::string(array.type_name()));
    ScenarioList list;
    for (std::size_t i = 0; i < array.size(); ++i) {
        bool last = false;
        list.items.append(entryFromJson(array[i], root + "/" + std::to_string(i), last));
        if (last) {
            if (list.lastRun >= 0)
                fail(root + "/" + std::to_string(i) + "/" + kLastRun,
                    "only one scenario may be the last run");
            list.lastRun = static_cast<int>(i);
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
    fabric.scenarios() = list.items.isEmpty() ? nlohmann::json() : toJson(list);
}

} // namespace fabric::app
