// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "run.h"

#include "model/fabric.h"

#include <nlohmann/json.hpp>

#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fabric::collective {

/**
 * The report of one run: the one document `fabricscope-cli simulate --report`,
 * `fabricscope-cli export --format json` and the app's File > Export > Results write. Its keys
 * are a contract: docs/report-schema.json is the schema and docs/report.md says what each key
 * means. Figures the run cannot give (see Summary) are null. With @p withFlows, `flows` lists
 * every flow.
 */
nlohmann::json reportJson(const Fabric &fabric, const ScenarioRun &run, bool withFlows);

/// reportJson() as text: indented by 2, one newline at the end.
std::string reportText(const Fabric &fabric, const ScenarioRun &run, bool withFlows);

/// One CSV field (RFC 4180): quoted, with its quotes doubled, when it holds a comma, a quote or
/// a line break; as it is otherwise. Node names are free text, so they always go through here.
std::string csvField(std::string_view text);
/// The fields of one CSV line as csvField() writes them (RFC 4180: a quoted field may hold
/// commas and doubled quotes), each trimmed of blanks outside its quotes; nullopt when a quote
/// is left open.
std::optional<std::vector<std::string>> csvFields(std::string_view line);

/**
 * Per directed link CSV, one row per directed link that carried bytes, in directed-link order:
 * `id,from,to,capacity_gbps,bytes,peak_util,mean_util,busy_s,peak_flows,dir_link,saturated_s`
 * (the columns of the report's `links`; docs/report.md). Numbers are written in their shortest
 * form that reads back to the same double.
 */
void writeLinksCsv(std::ostream &out, const Fabric &fabric, const sim::SimResult &result);

/// Per flow CSV, one row per flow:
/// `flow,src,dst,bytes,step,rank,release_s,start_s,finish_s,path_count`.
void writeFlowsCsv(std::ostream &out, const Fabric &fabric, const ScenarioRun &run);

} // namespace fabric::collective
