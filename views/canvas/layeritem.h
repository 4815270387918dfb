// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "particlecrowding.h"
#include "scenedata.h"

#include <QGraphicsItem>

namespace fabric::views {

/// Base of the few items that paint the bulk of the fabric from SceneData: they cover the whole
/// scene, paint only option->exposedRect and follow the canvas's DrawPlan.
class LayerItem : public QGraphicsItem
{
public:
    explicit LayerItem(const SceneData &data);
    QRectF boundingRect() const override { return mBounds; }
    /// Call when SceneData::bounds changed (never from paint()).
    void syncBounds();

protected:
    const SceneData &mData;

private:
    QRectF mBounds;
};

/// Links: individual segments batched by colour with drawLines, or bundles between blocks.
class LinkLayerItem : public LayerItem
{
public:
    using LayerItem::LayerItem;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    /// Device width of a bundle carrying @p gbps (one direction).
    static double bundleWidth(double gbps);
    /// Pixels wide @p bundle is drawn under @p plan: its capacity width alone, a thin guide
    /// over individual nodes, times the presentation scale.
    static double drawnBundleWidth(const Bundle &bundle, const DrawPlan &plan)
    {
        const double w = bundleWidth(bundle.gbps);
        return (plan.detailNodes ? std::min(2.0, w) : w) * plan.scale;
    }

private:
    std::vector<QList<QLineF>> mBuckets;
    std::vector<QPainterPath> mCurves; ///< By colour: the curved links (circuit arcs).
};

/**
 * Per-link flow counts (SceneData::badges) as discs at the links' middles, orange from 2 flows
 * on (a collision), where links are drawn one by one. Their own layer, over the links, nodes
 * and the run's highlights: an idle link's dashes crossing a collision must not hide its count.
 */
class BadgeLayerItem : public LayerItem
{
public:
    using LayerItem::LayerItem;
    /// Badges drawn at most in one view (an overview of a large fabric has far more).
    static constexpr std::size_t kMaxBadges = 3000;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    /// The links whose badges the current plan draws: none where the plan cannot show them
    /// legibly, else placeBadges()'s choice, kept until the plan or the badges change so that
    /// every exposed tile of a frame draws the same ones.
    const std::vector<LinkId> &shownBadges();
    /// Whether @p plan draws badges at all: links drawn one by one, at a fifth of the drawing
    /// zoom or more (at half, a whole fabric beside the docks of a 1280x720 window showed
    /// none; the placer keeps the badges apart at any zoom).
    static bool legibleAt(const DrawPlan &plan) { return plan.detailNodes && plan.lod >= 0.2; }
    /// The links whose badges @p plan draws over @p data: none where it cannot show them
    /// legibly (legibleAt()), else placeBadges()'s choice.
    static std::vector<LinkId> badgesUnder(const SceneData &data, const DrawPlan &plan);
    /// Device pixels of a badge's radius under @p plan.
    static double badgeRadius(const DrawPlan &plan) { return 7 * plan.scale; }
    /// The font of a badge's digits under @p plan, @p lod device pixels per unit (1: device
    /// pixels; the plan's lod: scene units, as painted).
    static QFont badgeFont(const DrawPlan &plan, double lod);

private:
    std::vector<LinkId> mShown;
    std::uint64_t mShownRevision = ~std::uint64_t(0);
    DrawPlan mShownPlan;
};

/**
 * Animated particles on loaded links, drawn over the links: small squares moving in the
 * direction of traffic, each direction of a link on its own side, spaced inversely to the
 * directed link's rate (rate / the fastest non-NVLink link; for bundles, rate / their capacity,
 * but at least a quarter of rate / that link: a bundle carrying a link's worth shows) and
 * moving kParticleSpeed device pixels per second of SceneData::particlePhase. Individual links
 * get them where the plan draws them individually, bundles in the zoomed-out view. Only the
 * exposed rectangle is filled, at most SceneData::kMaxParticles per paint (over that, every
 * gap widens by the same factor; each line starts its particles at its own phase, so lines
 * shorter than a gap share the budget instead of each drawing one at its start), and where lines
 * crowd together only a share of their particles is drawn (ParticleCrowding). They are batched
 * into one drawRects per colour (dark on light links, white on dark ones).
 */
class ParticleLayerItem : public LayerItem
{
public:
    using LayerItem::LayerItem;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    /// Particles the last paint() drew (for tests and benchmarks).
    int lastCount() const { return mLastCount; }

private:
    struct Run
    {
        /// Where the direction of travel starts, its visible part and the gap between particles.
        ParticleCrowding::Line line;
        QPointF side; ///< Scene offset to the travel's right-hand side.
        double phase; ///< Where in a gap the first particle sits, 0 to 1, fixed per run.
        std::uint64_t key; ///< The line and direction, fixed from paint to paint.
        bool light; ///< Drawn on a light colour (dark particles).
    };
    std::vector<Run> mRuns;
    ParticleCrowding mCrowding;
    QList<QRectF> mDark, mLight;
    int mLastCount = 0;
};

/// Nodes batched by fill and outline with drawRects.
class NodeLayerItem : public LayerItem
{
public:
    using LayerItem::LayerItem;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    std::vector<QList<QRectF>> mBuckets;
    QList<QRectF> mOutlined;
    std::vector<int> mVisible;
};

/// Pod, row, cube and group blocks (frames when zoomed in, filled blocks when zoomed out) and
/// guide lines such as cube edges. During a run, a collapsed pod, zone or segment has a bar
/// along its bottom in the load colour of its busiest link inside (SceneData::blockLoad): its
/// links are hidden, and without the bar a saturated pod looked as idle as an unused one.
class BlockLayerItem : public LayerItem
{
public:
    using LayerItem::LayerItem;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    /// Whether @p block (a pod, zone or segment) shows a load bar when collapsed.
    static bool hasLoadBar(const LayoutBlock &block);
    /// Where @p block's load bar goes at @p plan's zoom (scene units); empty when it has none.
    static QRectF loadBar(const LayoutBlock &block, const DrawPlan &plan);

private:
    void drawLoadBar(QPainter *painter, const LayoutBlock &block, float load) const;
};

/// Every text of the canvas (SceneData::labels, placed so none overlaps), over everything else.
class LabelLayerItem : public QGraphicsItem
{
public:
    explicit LabelLayerItem(const SceneData &data)
        : mData(data)
    {
    }
    QRectF boundingRect() const override { return mBounds; }
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;
    /// Call when SceneData::labels changed (never from paint()).
    void labelsChanged();

private:
    const SceneData &mData;
    QRectF mBounds;
};

} // namespace fabric::views
