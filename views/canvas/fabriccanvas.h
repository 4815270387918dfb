// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "layout/toruslayout.h"
#include "model/changeevent.h"
#include "model/fabric.h"
#include "pathfinder.h"
#include "style/colormap.h"
#include "style/legend.h"

#include <QGraphicsView>
#include <QImage>
#include <QList>
#include <QPointF>

#include <algorithm>
#include <functional>
#include <span>

namespace fabric::views {

struct DrawPlan;

/// MIME type of a drag from the node palette; its data is a UTF-8 item key such as "gpu",
/// "host", "switch:leaf", "switch:spine", "switch:core" or "ocs".
/// Presentation mode multiplies the canvas's texts, pens and legend by this, as the window
/// multiplies its fonts, so everything on a shared screen grows together.
inline constexpr double kPresentationScale = 1.5;

inline constexpr char kPaletteItemMimeType[] = "application/x-fabricscope-palette-item";

/**
 * The fabric canvas: lays out a Fabric by its family (tiers, planes, zones, torus, dragonfly,
 * force-directed for anything else) and draws it so it stays fluid at cluster scale.
 *
 * The canvas never owns or edits the fabric. The app's Document changes the model (through undo
 * commands) and calls applyChange(); user gestures that would edit the model come out as
 * signals (linkRequested, nodesMoved, nodeDropRequested) for the app to turn into commands.
 *
 * Drawing follows the budget in docs/architecture.md: a few layer items paint links, nodes and blocks from
 * spatial grids, only in the exposed rectangle, batched by colour. Each frame the canvas picks a
 * DrawPlan from the zoom level and the ink it would cost: individual nodes and links when they
 * fit the frame budget, else pods / segments / cubes as labelled blocks joined by bundles whose
 * width follows capacity. Hover, selection, paths and highlights are separate small items.
 *
 * Mouse: wheel zooms at the cursor; middle button or Space + drag pans; left click selects
 * (Ctrl toggles), a left drag on empty space draws a rubber band (in the 3D torus it orbits;
 * Shift + drag is the rubber band there), a left drag on selected nodes moves them (nodesMoved
 * on release). With Tool::AddLink a drag from node to node asks for a link.
 */
class FabricCanvas : public QGraphicsView
{
    Q_OBJECT
public:
    enum class Tool { Select, AddLink };
    /// Independent link highlights: each keeps its own links and colour, all are drawn (Path
    /// over Simulation), so one user clearing or replacing its set leaves the other's alone.
    enum class HighlightChannel { Simulation, Path };
    /// A set of links drawn over everything in one colour, with its line in the legend.
    struct LinkHighlight
    {
        QList<LinkId> links;
        QColor color;   ///< Invalid: the path colour.
        QString legend; ///< The legend's text for it; empty: no legend entry.
        /// Zoomed out, where links are bundled: a bundle is drawn highlighted when any of its
        /// links is (a path, a tree), or only when all of them are (links left idle).
        enum class Bundles { AnyLink, AllLinks } bundles = Bundles::AnyLink;
        /// Solid (3 px, a path or tree to follow) or broken (2 px, e.g. links left idle, so
        /// they never look like a bundle).
        Qt::PenStyle style = Qt::SolidLine;
        /// Valid: the links carry two kinds of traffic (a SHARP tree: the reduction up to the
        /// root, the result back down), drawn as two lanes side by side, @c color on one and
        /// this on the other, each with its legend line.
        QColor secondColor;
        QString secondLegend;
    };

    /**
     * Elements a scenario's faults take out of service or slow down (views/canvas/faultmarks.h
     * makes them from faults): failed nodes crossed out with an X, failed links red and dashed,
     * degraded links orange and dash-dotted, each set with its legend line.
     */
    struct FaultMarks
    {
        QList<NodeId> failedNodes;
        QList<LinkId> failedLinks; ///< Links with a direction that carries nothing.
        QList<LinkId> degradedLinks; ///< Links slowed, not failed.
        /// The fraction of capacity every degraded link keeps; 0 when they keep different ones.
        double degradedKept = 0;

        bool isEmpty() const
        {
            return failedNodes.isEmpty() && failedLinks.isEmpty() && degradedLinks.isEmpty();
        }
        bool operator==(const FaultMarks &other) const
        {
            // std::equal, not QList's ==: Qt 6.4's compares two empty lists with a memcmp of
            // a null pointer, undefined behaviour UBSan stops on.
            auto same = [](const auto &a, const auto &b) {
                return std::equal(a.begin(), a.end(), b.begin(), b.end());
            };
            return same(failedNodes, other.failedNodes) && same(failedLinks, other.failedLinks)
                && same(degradedLinks, other.degradedLinks) && degradedKept == other.degradedKept;
        }
    };

    explicit FabricCanvas(QWidget *parent = nullptr);
    ~FabricCanvas() override;

    /// Shows @p fabric (not owned; must outlive the canvas or be replaced first). nullptr clears.
    void setFabric(const Fabric *fabric);
    const Fabric *fabric() const;
    /// Patches the scene after the model changed.
    void applyChange(const ChangeEvent &event);

    void zoomToFit();
    void zoomToSelection();
    void zoomBy(double factor);

    QList<NodeId> selectedNodes() const;
    QList<LinkId> selectedLinks() const;
    void setSelection(const QList<NodeId> &nodes, const QList<LinkId> &links = {});
    /// Selects and centres the first node whose name contains @p text (added to the selection
    /// when @p addToSelection); false when none does.
    bool findAndFocus(const QString &text, bool addToSelection = false);

    void setTool(Tool tool);
    Tool tool() const;
    void setAntialiasing(bool on);
    /// Texts, lines and the legend kPresentationScale times larger, for a shared screen; a
    /// fitted view fits again with room for the larger texts.
    void setPresentationMode(bool on);

    /// The scene rectangle the fabric's nodes and blocks take (empty without a fabric).
    QRectF fabricBounds() const;
    /// The legend overlay (for its size and text scale).
    const LegendWidget *legend() const;
    /// Text drawn in the middle of the canvas while the fabric has no node: how to start one.
    void setEmptyHint(const QString &text);
    /// Whether the canvas shows that text now.
    bool isEmptyHintShown() const;
    /// True while the view shows it has the keyboard: it got the focus from the keyboard (Tab,
    /// a shortcut, Find), not from a click or the window coming to the front.
    bool showsKeyboardFocus() const;

    /// Where the layout put @p node, in scene coordinates.
    QPointF nodePosition(NodeId node) const;

    /// Node under the pointer (kNoNode when none).
    NodeId hoveredNode() const;
    /// The tooltip text of @p node: name, kind, role, hints, ports, links with capacity.
    QString describeNode(NodeId node) const;
    /// Node drawn at @p scenePos at the current zoom (kNoNode when none or collapsed in a block).
    NodeId nodeAt(const QPointF &scenePos) const;
    /// Link drawn within a few pixels of @p scenePos at the current zoom (kNoLink when none).
    LinkId linkAt(const QPointF &scenePos) const;
    /// The tooltip text of @p link: ends, capacity, medium, plane, and loads when set.
    QString describeLink(LinkId link) const;
    /// The tooltip text of the folded pod, zone or segment at @p scenePos (empty when none is
    /// folded there): its title and counts and, during a run, its busiest link inside now.
    QString describeBlockAt(const QPointF &scenePos) const;
    /// The texts drawn at the current zoom, each with its box in the canvas's own pixels (as
    /// its child widgets, the legend, are placed): what a viewer reads.
    std::vector<std::pair<QString, QRectF>> shownLabels() const;
    /// The flow-count badges drawn at the current zoom: each link's count and its disc's box in
    /// the canvas's own pixels (as shownLabels()).
    std::vector<std::pair<int, QRectF>> shownBadges() const;
    /// True when the current zoom shows individual nodes rather than collapsed blocks.
    bool showsDetail() const;
    /// Name of the layout in use ("tiered", "torus-3d", "torus-slices", "dragonfly", "force").
    QString layoutName() const;

    /// @name Torus
    /// The 3D projection (drag to orbit) or the Z planes side by side.
    ///@{
    void setTorusView(TorusView view);
    TorusView torusView() const;
    /// Turns the 3D projection by @p yawDeg and @p pitchDeg.
    void orbit(double yawDeg, double pitchDeg);
    TorusCamera torusCamera() const;
    ///@}

    /// @name Path view
    ///@{
    /// Highlights @p paths (lists of link ids, e.g. the routes a policy picked).
    void showPaths(const QList<QList<LinkId>> &paths);
    /// Computes every equal-cost shortest path from @p from to @p to, highlights them and
    /// returns them with hop count and bottleneck capacity.
    PathSet showPathsBetween(NodeId from, NodeId to);
    void clearPaths();
    QList<QList<LinkId>> shownPaths() const;
    ///@}

    /// @name Simulation overlays
    ///@{
    /**
     * Colours links by load: @p perDirectedLink[DirLinkId] is the utilisation 0..1 of one
     * direction (index 2 * link + 0 for a -> b, + 1 for b -> a; NaN or <= 0 = idle). A link shows
     * the higher of its two directions through the colour map; a bundle its busiest link. The
     * size must be 2 * fabric()->linkIdBound(); an empty span removes loads. Only links whose
     * colour changed are repainted, so calling this every animation frame is cheap.
     */
    void setLinkLoads(std::span<const float> perDirectedLink);
    /// The utilisation per directed link last given to setLinkLoads() (empty: none).
    std::span<const float> linkLoads() const;
    /// Small numbered badges (e.g. flow counts) at link midpoints, by link id; 0 = none.
    /// Empty removes them. A GPU's only link to its switch or host (isSoleWay()) gets none:
    /// the flows sharing it are that GPU's own, not a collision.
    void setLinkBadges(std::span<const int> perLink);
    /**
     * Draws @p highlight's links over everything on @p channel, replacing only that channel's
     * links; no links clears the channel. Like the link layer, it follows the zoom: links drawn
     * one by one are highlighted one by one (those in view), bundles as @p highlight says, and
     * links folded into a block not at all, so a highlight costs what the view shows, not what
     * the fabric holds.
     */
    void setHighlight(HighlightChannel channel, const LinkHighlight &highlight);
    /// setHighlight() without a legend entry.
    void setHighlightedLinks(const QList<LinkId> &links, const QColor &color = QColor(),
                             HighlightChannel channel = HighlightChannel::Simulation);
    /// The links highlighted on @p channel (those still in the fabric) and their colour.
    QList<LinkId> highlightedLinks(HighlightChannel channel = HighlightChannel::Simulation) const;
    QColor highlightColor(HighlightChannel channel = HighlightChannel::Simulation) const;
    /// How many lines @p channel's highlight draws at the current zoom and view.
    int highlightLinesDrawn(HighlightChannel channel = HighlightChannel::Simulation) const;
    ColorMap colorMap() const;

    /**
     * Draws @p marks over the links and nodes, following the zoom as highlights do: links and
     * nodes drawn one by one are marked one by one (those near the view), a bundle when any of
     * its links is, and a node folded into a block not at all. Empty marks remove them.
     */
    void setFaultMarks(const FaultMarks &marks);
    FaultMarks faultMarks() const;
    /// How many lines the marks of failed links draw at the current zoom and view; and the
    /// crosses over failed nodes and on the middle of links failed on their own (an X is two).
    int failedLinkLinesDrawn() const;
    int failedCrossLinesDrawn() const;

    /**
     * Animated particles on loaded links (needs setLinkLoads): small squares moving in the
     * direction of traffic, both directions of a link side by side, their gaps inversely
     * following the directed link's rate and their speed steady on screen. They move only when
     * setParticlePhase() changes, so a paused playback freezes them and a seek jumps them.
     */
    void setParticlesEnabled(bool on);
    bool particlesEnabled() const;
    /// Animation phase in seconds (e.g. PlaybackClock::animationPhaseS()); repaints particles.
    void setParticlePhase(double seconds);
    double particlePhase() const;
    /// Particles drawn by the last repaint (0 when none).
    int lastParticleCount() const;

    /**
     * Extra text for link tooltips during a run (e.g. utilisation, rate, flows and bytes so far
     * per direction, see LoadSampler::describeLink). Its non-empty result is appended to
     * describeLink() in place of the plain load line. An empty function removes it.
     */
    void setLinkInfoProvider(std::function<QString(LinkId)> provider);

    /// Torus links (ICI and the fibres of OCS circuits) coloured by dimension: X blue,
    /// Y vermillion, Z green, pale when idle and deep when busy (with loads). Off by default.
    void setDimensionColouring(bool on);
    bool dimensionColouring() const;
    /// With dimension colouring, show only dimension @p dim (0 = X, 1 = Y, 2 = Z; -1 = all):
    /// the other dimensions' links turn grey and carry no particles.
    void setDimensionFilter(int dim);
    int dimensionFilter() const;
    /// True when the fabric has torus links with a dimension (chips with x, y, z hints).
    bool hasTorusDimensions() const;
    /// Optical links of twisted wrap-around circuits (drawn in their own colour; 0 untwisted).
    int twistedWrapLinks() const;
    ///@}

    /// @name Editing aids
    ///@{
    /// Snap to a grid of @p step scene units (0 = off): dragged nodes snap live, nodesMoved
    /// positions and nodeDropRequested positions are multiples of step, and a faint dot grid
    /// is drawn when zoomed in to individual nodes.
    void setGridSnap(qreal step);
    qreal gridSnap() const;
    ///@}

    /// @name Legend and export
    ///@{
    /// Entries describing what the canvas draws now, and the bundles zooming out shows.
    QList<LegendEntry> legendEntries() const;
    /// Entries describing what a picture of the whole fabric @p pictureSize large draws (it may
    /// fold pods into blocks with load bars where the screen does not, or the reverse): for a
    /// caller that paints the legend itself (renderTo() with withLegend false).
    QList<LegendEntry> pictureLegendEntries(const QSizeF &pictureSize) const;
    /// Entries of the longest legend the fabric can have (nothing folded, bundles possible):
    /// what a picture's room for its legend is measured on, since what the picture folds
    /// depends on the room left.
    QList<LegendEntry> legendRoomEntries() const;
    /// Picture pixels per scene unit of a picture of the whole fabric drawn in @p area (as
    /// renderTo() draws it without title and legend): to lay out pictures side by side or
    /// stacked, whichever draws them larger.
    double wholeFabricScale(const QSizeF &area) const;
    /// The size of that picture's drawing (the fabric and the room for its labels), at most
    /// @p area: what a picture held by its width leaves of its height.
    QSizeF wholeFabricSize(const QSizeF &area) const;
    /// Height of the title renderTo() draws over a picture @p targetHeight high.
    static double pictureTitleHeight(double targetHeight)
    {
        return std::max(24.0, targetHeight * 0.04);
    }
    /// Shows or hides the legend overlay in the top-right corner of the canvas.
    void setLegendVisible(bool visible);
    /// Fits put the fabric at the top of its room rather than in its middle: a compare canvas
    /// taller than the dock's page shows (presentation mode, the dock beside the fabric) had
    /// its fabric below the fold, the visible part blank.
    void setFitsToTop(bool top);
    bool isLegendVisible() const;
    /**
     * Renders @p source (scene coordinates; empty = the whole fabric) into @p target of
     * @p painter (a QImage, QSvgGenerator, QPdfWriter or printer), with @p title above and the
     * legend in a corner. The level of detail follows the target's scale, as on screen; lines
     * are antialiased whatever setAntialiasing() chose for the window.
     */
    void renderTo(QPainter *painter, const QRectF &target, const QRectF &source = QRectF(),
                  const QString &title = QString(), bool withLegend = true);
    /// Convenience: the whole fabric as an image of @p size on a white background.
    QImage renderImage(const QSize &size, const QString &title = QString(), bool withLegend = true);
    ///@}

Q_SIGNALS:
    void selectionChanged();
    void nodeHovered(fabric::NodeId node); ///< kNoNode when the pointer leaves nodes.
    /// The user dragged from @p a to @p b with the AddLink tool.
    void linkRequested(fabric::NodeId a, fabric::NodeId b);
    /// The user finished dragging nodes; positions are scene coordinates.
    void nodesMoved(const QList<fabric::NodeId> &nodes, const QList<QPointF> &from,
                    const QList<QPointF> &to);
    /// A palette item (kPaletteItemMimeType, key such as "switch:leaf") was dropped at
    /// @p scenePos (snapped to the grid when snapping is on).
    void nodeDropRequested(const QString &itemKey, const QPointF &scenePos);
    /// A right click (or the menu key) at @p globalPos over @p node or @p link (kNoNode,
    /// kNoLink when over neither): the app shows its context menu.
    void contextMenuRequested(fabric::NodeId node, fabric::LinkId link, const QPoint &globalPos);
    /// Escape took the path view's equal-cost paths away: what lists them goes too.
    void pathsDismissed();

protected:
    void paintEvent(QPaintEvent *event) override;
    bool viewportEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dragMoveEvent(QDragMoveEvent *event) override;
    void dragLeaveEvent(QDragLeaveEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void drawBackground(QPainter *painter, const QRectF &rect) override;
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    void relayout(bool keepView);
    /// Builds the scene's drawing data; @p keepView grows the scene rectangle instead of
    /// setting it (an edit, a recolour), so the view stays where it is.
    void rebuildScene(bool keepView);
    void refreshOverlays();
    /// Rebuilds the highlight paths for the current draw plan.
    void refreshHighlights();
    void setHovered(NodeId node, const QPoint &globalPos);
    /// No node is hovered any more (it is gone, or the fabric is another): its tooltip and
    /// the name nodeHovered() gave go too.
    void forgetHover();
    void updatePlan();
    void updateLegend();
    /// The tooltip for @p scenePos: the node there, else the link, else the folded block.
    QString tooltipAt(const QPointF &scenePos) const;
    /// legendEntries() for a drawing whose pods, zones and segments are folded into blocks
    /// (@p blocksFolded) or not: folded, they show load bars, which the legend explains. With
    /// @p bundlesDrawn the legend explains bundle widths, with @p badgesDrawn the collision
    /// badges (when the run has any).
    QList<LegendEntry> legendEntriesWith(
        bool blocksFolded, bool bundlesDrawn, bool badgesDrawn) const;
    /// legendEntriesWith() for a picture drawn under @p picturePlan: what that plan draws.
    QList<LegendEntry> legendEntriesWith(const DrawPlan &picturePlan) const;
    QPointF snapped(const QPointF &scenePos) const;
    void showDropIndicator(const QPointF &scenePos);
    /// Link colours changed their rule: recolour, repaint links and particles, new legend.
    void recolour();
    /// Accepts a drag of a palette item and shows where it would land; false for other drags.
    bool acceptPaletteDrag(QDropEvent *event);

    struct Private;
    Private *d;
};

} // namespace fabric::views
