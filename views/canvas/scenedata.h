// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout/fabriclayout.h"
#include "model/fabric.h"
#include "labelplacer.h"
#include "spatialgrid.h"
#include "style/colormap.h"

#include <QColor>
#include <QLineF>
#include <QPainterPath>
#include <QRectF>
#include <QVarLengthArray>

#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

namespace fabric::views {

/// What the layers draw for the current view; the canvas decides it once per frame from the
/// zoom level and the visible area, so every layer (and every exposed tile) agrees.
struct DrawPlan
{
    double lod = 1;            ///< Scene-to-device scale.
    bool detailNodes = true;   ///< Individual nodes; otherwise blocks.
    bool detailLocal = true;   ///< Individual links inside blocks.
    bool detailGlobal = true;  ///< Individual links between blocks; otherwise bundles.
    bool nodeLabels = false;   ///< Switch and host names.
    bool gpuLabels = false;    ///< GPU names too.
    bool localEndsOnly = false;  ///< Draw only local links with an end in @c visible.
    bool globalEndsOnly = false; ///< Same for global links.
    int localSample = 1;         ///< Draw one local link in this many (a thinned fan).
    int globalSample = 1;        ///< Same for global links.
    QRectF visible;            ///< The view's scene rectangle when the plan was made.
    /// The scene rectangle under the legend floating over the view (empty when there is none,
    /// as in pictures): badges keep off it.
    QRectF covered;
    double scale = 1;          ///< Presentation mode multiplies pens and fonts.
    bool operator==(const DrawPlan &) const = default;
};

/// Links between two blocks (or a block and a lone node) drawn as one line, width ~ capacity.
struct Bundle
{
    QLineF line;
    double gbps = 0;
    int links = 0;
    int colour = 0;   ///< Index into SceneData::linkColours.
    float load = -1;  ///< Highest load of its links, or -1 without loads.
    /// Traffic along the line (p1 -> p2) and against it, in Gb/s, from the loads (0 without).
    double forwardGbps = 0, backwardGbps = 0;
    int dim = -1; ///< Torus dimension of all its links (0..2), -1 none, -2 mixed.
};

/**
 * Everything the canvas layers paint, derived from a Fabric and its FabricLayout: node boxes
 * and link segments by id, their colour classes, the bundles of the zoomed-out view, and
 * spatial grids to find what lies in an exposed rectangle. Links inside one block are "local",
 * links between blocks "global"; they have separate grids and ink totals so the plan can
 * draw local links individually while bundling the global ones.
 */
class SceneData
{
public:
    /// Colour classes of links: media, then planes, then load levels.
    static constexpr int kPlaneColours = 5;
    static constexpr int kIdleColour = 9;
    static constexpr int kLoadColours = 10;
    static constexpr int kLoadLevels = 32;
    /// Optical links of a twisted wrap-around circuit (TPU twisted torus).
    static constexpr int kTwistColour = kLoadColours + kLoadLevels;
    /// Torus links coloured by dimension: X, Y, Z hues, kDimLevels brightness levels each.
    static constexpr int kDimColours = kTwistColour + 1;
    static constexpr int kDimLevels = 8;
    static constexpr int kFullDimLevel = 5; ///< The plain hue (used without loads).
    static constexpr int kColourCount = kDimColours + 3 * kDimLevels;
    /// Animated particles: at most this many per frame (each a 3x3 px square), spaced no
    /// closer than kMinParticleGap device pixels on a link at full capacity and no farther
    /// than kMaxParticleGap; they travel kParticleSpeed device pixels per second of phase.
    static constexpr int kMaxParticles = 24000;
    /// ... and at most this share of the painted area covered by particles: on a dense fabric
    /// seen whole (the TPU pod's 15,360 links in a few hundred pixels) particles on every link
    /// would otherwise hide the utilisation colours under them.
    static constexpr double kMaxParticleCover = 0.1;
    static constexpr double kMinParticleGap = 9;
    static constexpr double kMaxParticleGap = 150;
    static constexpr double kParticleSpeed = 45;

    /// Line ink (device pixels) one frame may spend on individual links, from the budget of
    /// (docs/architecture.md, "Drawing budget": about 20M line pixels a second, so ~600K in a 30 fps frame), leaving
    /// room for nodes, bundles and text. Zoomed in, links that only pass through the view
    /// (neither end visible) are the first to go when they would overrun it; when the nodes
    /// fit but their links would take up to kMaxSample times the budget, one link in k is
    /// drawn (a thinned fan that keeps its shape); beyond that, blocks and bundles.
    static constexpr int kMaxSample = 12;
    /// Whether link @p id is among the drawn ones when one in @p k is drawn.
    static bool sampled(int id, int k)
    {
        return k <= 1 || (static_cast<unsigned>(id) * 2654435761u >> 16) % static_cast<unsigned>(k) == 0;
    }
    static constexpr double kLocalInkBudget = 260000;
    static constexpr double kGlobalInkBudget = 160000;
    static constexpr int kMaxDetailNodes = 20000;

    void clear();
    void build(const Fabric &fabric, const FabricLayout &layout);
    /// Re-reads positions (user positions included) of @p nodes and refreshes their links.
    void updateNodes(const Fabric &fabric, std::span<const NodeId> nodes);

    /// The plan for showing @p visible at @p lod. The ink budgets are measured at
    /// @p inkScale times that zoom: a picture larger than a canvas passes
    /// pictureInkScale() so it folds and thins what a canvas-sized picture of the same
    /// framing would, no more.
    DrawPlan planFor(
        double lod, const QRectF &visible, double presentationScale, double inkScale = 1) const;
    /// The largest picture whose links' ink is measured at its own zoom: the budgets are a
    /// screen canvas's.
    static constexpr double kInkReferenceWidth = 1600, kInkReferenceHeight = 1000;
    /// The inkScale of planFor() for a picture @p size large: 1 up to the reference size,
    /// less beyond it (a Meta zone at 2400x1350, its links' ink counted at that zoom, folded
    /// into one block that showed nothing, where the 1600x1000 picture drew its racks).
    static double pictureInkScale(const QSizeF &size)
    {
        if (size.width() <= 0 || size.height() <= 0)
            return 1;
        return std::min(
            { 1.0, kInkReferenceWidth / size.width(), kInkReferenceHeight / size.height() });
    }
    /// Whether the plan draws link @p id as a line of its own (not bundled, not folded into a
    /// block, not thinned out or dropped as a pass-through), as the link layer decides.
    bool drawsLink(LinkId id) const;
    /// Whether node @p id is drawn as a box of its own when blocks fold: outside any block,
    /// or placed by the user.
    bool drawnWhenFolded(int id) const;
    /// Whether the plan draws node @p id as a box of its own (not folded into its block).
    bool drawsNode(int id) const { return plan.detailNodes || drawnWhenFolded(id); }

    const Fabric *fabric = nullptr;
    const FabricLayout *layout = nullptr;
    QRectF bounds; ///< Scene rectangle holding everything.
    /// The nodes, blocks and guide lines alone (bounds also keeps room for labels and margins):
    /// what a fit should fill. O(nodes).
    QRectF contentBounds() const;

    std::vector<QPointF> pos;   ///< By node id; NaN when dead.
    std::vector<QRectF> rect;   ///< By node id.
    std::vector<std::uint8_t> nodeFill, nodeOutline;
    std::vector<QLineF> segment; ///< By link id: its two ends (the chord of a curved link).
    /// By link id: control point of a curved link (a circuit's half arc), NaN when straight.
    std::vector<QPointF> bend;
    /// By link id: a cubic's second control point (nearer the segment's p2), else NaN.
    std::vector<QPointF> bend2;
    /// By link id: the other fibre of the circuit drawn as one line with it (the layout hides
    /// the OCS between them), else kNoLink. Both halves take the busier fibre's colour, so
    /// the line reads as one circuit.
    std::vector<LinkId> arcPeer;
    std::vector<std::uint8_t> linkColour, baseColour;
    std::vector<int> linkBundle; ///< Link id -> bundle index, -1 for local links.
    std::vector<Bundle> bundles;
    SpatialGrid nodeGrid, localGrid, globalGrid;
    double localLength = 0, globalLength = 0;
    std::size_t liveNodes = 0;

    std::vector<QColor> fillColours, outlineColours;
    std::vector<QColor> linkColours;

    // Issue-5 overlays, per directed link / per link (empty when unset).
    std::vector<float> loads;
    std::vector<int> badges;
    /// Per link: a GPU's only way to its switch or host (isSoleWay()): never badged, since the
    /// flows on it are the GPU's own (an all-to-all's 180 per GPU link hid the hosts).
    std::vector<std::uint8_t> soleWay;
    /// Changes whenever badges or node positions do (never goes back, not even on clear()):
    /// the badge layer keeps which badges fit until it moves.
    std::uint64_t badgeRevision = 0;
    ColorMap colorMap;
    /// Display settings of the overlays; they outlive the fabric (clear() keeps them).
    struct Overlay
    {
        bool particles = false;        ///< Draw animated particles on loaded links.
        double particlePhase = 0;      ///< Seconds of animation (FabricCanvas::setParticlePhase).
        bool dimensionColours = false; ///< Colour torus links by dimension.
        int dimensionFilter = -1;      ///< With dimensionColours: only this dimension, -1 all.
    } overlay;

    // Torus structure, by link id.
    std::vector<std::int8_t> linkDim;       ///< Dimension 0..2 of a torus link, else -1.
    std::vector<std::uint8_t> linkForward;  ///< 1 when a -> b runs along its bundle's line.
    std::vector<std::uint8_t> linkCounted;  ///< 0 for the second fibre of a bundled circuit.
    std::size_t twistedLinks = 0;           ///< Optical links of twisted wrap-around circuits.
    bool hasDimensions = false;             ///< Some link has a torus dimension.
    /// Mean utilisation now (busier direction) of each dimension's links, from the loads;
    /// -1 without loads.
    double dimensionLoad[3] = {-1, -1, -1};
    /// By layout block: the highest load now (busier direction) of the links with both ends in
    /// it, or -1 without loads or without such links. Collapsed, a block hides those links; its
    /// bar in this colour says whether anything inside is busy.
    std::vector<float> blockLoad;
    /// By layout block: the link blockLoad comes from (kNoLink when none).
    std::vector<LinkId> blockBusiestLink;
    /// The last applyLoads() changed the colour of some block's bar: its layer needs a repaint.
    bool blockBarsChanged = false;
    double maxLinkGbps = 0;                 ///< Reference rate for particle spacing.
    std::vector<bool> lightColour;          ///< By colour class: dark particles read on it.

    DrawPlan plan;
    /// The texts to draw for @c plan and the view it was made for (see canvasLabels()).
    std::vector<CanvasLabel> labels;

    /// Colour class of @p load (0..1; <= 0 is idle).
    static int loadColour(float load);
    /// Colour class of a link of torus dimension @p dim at @p load (NaN: no loads).
    static int dimColour(int dim, float load);
    /// Colour class a bundle is drawn in now (loads, dimensions, filter).
    int bundleColour(const Bundle &bundle) const;
    /// Colour of dimension @p dim (0..2) at brightness level @p level (0..kDimLevels-1).
    static QColor dimensionColour(int dim, int level);
    /// Recolours links from loads (or restores base colours); returns links whose class changed.
    std::vector<LinkId> applyLoads();
    QRectF linkRect(LinkId id) const;
    bool isCurved(LinkId id) const
    {
        const auto i = static_cast<std::size_t>(id);
        return i < bend.size() && !std::isnan(bend[i].x());
    }
    bool isCubic(LinkId id) const
    {
        const auto i = static_cast<std::size_t>(id);
        return isCurved(id) && i < bend2.size() && !std::isnan(bend2[i].x());
    }
    /// The point of link @p id at parameter @p t along its curve or line (0: its p1 end, 1: p2).
    QPointF curveAt(LinkId id, double t) const;
    /// Link @p id's line as drawn, appended to @p path: a straight line or its curve.
    void addLinkPath(QPainterPath &path, LinkId id) const;
    /// Straight pieces that follow link @p id from its a end to its b end (one when straight),
    /// for what walks along a link: particles and picking.
    static constexpr int kCurvePieces = 12;
    using Pieces = QVarLengthArray<QLineF, kCurvePieces>;
    Pieces linkPieces(LinkId id) const;
    /// The middle of link @p id as drawn (on its curve when curved): where its badge goes.
    QPointF linkMidpoint(LinkId id) const;
    /// Distance from @p p to link @p id as drawn.
    double distanceToLink(const QPointF &p, LinkId id) const;
    /// The part [t0, t1] of @p s inside @p r; false when it misses.
    static bool clipRange(const QLineF &s, const QRectF &r, double &t0, double &t1);
    /// Distance from @p p to the segment @p s.
    static double distanceToSegment(const QPointF &p, const QLineF &s);

private:
    void placeNode(const Fabric &fabric, const Node &n);
    /// Segment and bend of @p link from the node positions and the layout's circuit halves.
    void placeLink(const Link &link);
    void fileLink(LinkId id);
    void unfileLink(LinkId id);
    void buildGrids();
    void buildBundles(const Fabric &fabric);
    void classifyTorusLinks(const Fabric &fabric);
    QPointF anchor(long long unit, const QPointF &towards, int plane) const;
    QPointF centre(long long unit, int plane) const;
    bool isRow(long long unit) const;
};

} // namespace fabric::views
