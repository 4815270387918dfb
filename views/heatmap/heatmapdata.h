// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/fabric.h"
#include "sim/result.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace fabric::views {

/**
 * The numbers behind the congestion heatmap: a matrix of directed links (rows) by time bins
 * (columns) whose value is the link's mean utilisation over the bin, i.e. the bytes the timeline
 * says it carried in the bin over capacity x bin length. Rows are grouped by tier pair and
 * direction (GPU -> leaf, leaf -> spine, spine -> leaf, ...) and plane; a group is shown when any
 * of its links carried traffic, with all its links, so idle uplinks show up as dark rows. In a
 * group the links that carried the most bytes come first.
 *
 * When there are more links than @p maxRows, neighbouring links of a group are merged into bands
 * and a band shows its busiest link, so a 15K-GPU pod still fits a screen without hiding a hot
 * link.
 */
class HeatmapData
{
public:
    struct Group
    {
        QString label; ///< "leaf \u2192 spine \u00b7 plane 1"
        /// "leaf\u2192spine p1": the label where it does not fit whole. Shortening "leaf \u2192
        /// spine \u00b7 plane 1" in the middle made "leaf \u2192 spine" and "leaf \u2192 GPU"
        /// alike.
        QString shortLabel;
        int firstRow = 0;
        int rowCount = 0;
        int linkCount = 0;
    };

    HeatmapData() = default;
    /// Samples @p result's timeline into @p bins columns.
    static HeatmapData build(const Fabric &fabric, const sim::SimResult &result, int bins = 240,
                             int maxRows = 1200);

    int rowCount() const { return static_cast<int>(mRows.size()); }
    int binCount() const { return mBins; }
    double endS() const { return mEndS; }
    double binS() const { return mBins > 0 ? mEndS / mBins : 0.0; }
    /// Mean utilisation 0..1 of @p row over bin @p bin (the busiest link of a band).
    float value(int row, int bin) const
    {
        return mValues[std::size_t(row) * std::size_t(mBins) + std::size_t(bin)];
    }
    const std::vector<Group> &groups() const { return mGroups; }
    /// Group index of @p row.
    int groupOf(int row) const;
    /// The directed links merged in @p row (one unless banded).
    const std::vector<DirLinkId> &linksOf(int row) const { return mRows[std::size_t(row)]; }
    /// The link of @p row that was busiest in @p bin (its only link when not banded).
    DirLinkId busiestLinkAt(int row, int bin) const;
    /// "leaf-3 \u2192 spine-1" or "leaf-0 \u2192 spine-0 \u2026 (12 links)".
    QString rowLabel(int row) const;
    /// Directed links that are one row each (false when bands merge several).
    bool isBanded() const { return mBanded; }

private:
    const Fabric *mFabric = nullptr;
    std::vector<std::vector<DirLinkId>> mRows;
    std::vector<float> mValues;       ///< Row-major rows x bins.
    /// Row-major rows x bins: index in the row of its busiest link (only when banded).
    std::vector<std::int32_t> mBusiest;
    std::vector<Group> mGroups;
    int mBins = 0;
    double mEndS = 0.0;
    bool mBanded = false;
};

/// Short name of the tier of @p node for labels: "GPU", "host", "leaf", "spine", "core",
/// "router", "OCS", "chip".
QString tierName(const Node &node);

} // namespace fabric::views
