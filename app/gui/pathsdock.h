// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "canvas/pathfinder.h"
#include "collective/scenario.h"
#include "model/fabric.h"

#include <QColor>
#include <QDockWidget>
#include <QList>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace fabric::views {
class FabricCanvas;
}

namespace fabric::app {

/// The path(s) one routing policy gives a flow between two endpoints, and the share of the
/// flow each carries.
struct PolicyRoute
{
    QString policy;              ///< "ecmp", "static", ...
    QList<QList<LinkId>> paths;  ///< Links in order from the source.
    QList<double> shares;        ///< One per path, summing to 1.
    QString split;               ///< "single path", "adaptive split", "fixed shares".
};

/**
 * The route each routing policy that fits @p fabric gives one flow @p from -> @p to, computed
 * by core/route exactly as the engine routes a connection of a run with @p settings' seed and
 * QPs (collective::routerOptions). Policies that do not apply (dor off a torus) are left out;
 * when none routes, @p problem (if given) says why (a fault names a node deleted since).
 */
QList<PolicyRoute> policyRoutes(const Fabric &fabric, NodeId from, NodeId to,
    const collective::Scenario &settings, QString *problem = nullptr);

/**
 * The path view's panel: between two endpoints, every equal-cost shortest path (hops and
 * bottleneck) and, for each routing policy, the path(s) it picks with their shares. Selecting
 * a policy or a path draws it on the canvas in pathColor() over the equal-cost set.
 */
class PathsDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit PathsDock(QWidget *parent = nullptr);

    /// The canvas to highlight on (not owned).
    void setCanvas(views::FabricCanvas *canvas) { mCanvas = canvas; }
    /// Lists @p set (computed by the canvas) and each policy's route under @p settings.
    void showPaths(const Fabric &fabric, const views::PathSet &set,
        const collective::Scenario &settings);
    /// Routes the policies of the pair listed again under @p settings (faults, seed, QPs),
    /// keeping the policy selected; nothing when no pair is listed.
    void setSettings(const collective::Scenario &settings);
    /// Empties the panel and removes its highlight.
    void clear();

    static QColor pathColor() { return QColor(230, 97, 0); }

    const views::PathSet &pathSet() const { return mSet; }
    const QList<PolicyRoute> &routes() const { return mRoutes; }
    QString summary() const;
    QTreeWidget *tree() const { return mTree; }
    /// Selects @p policy's row (as a click does); false when it is not listed.
    bool selectPolicy(const QString &policy);
    /// Links highlighted now.
    const QList<LinkId> &highlighted() const { return mHighlighted; }

private:
    void selectionChanged();
    /// Takes the drawn policy route (or path) off the canvas.
    void clearHighlight();
    QTreeWidgetItem *pathItem(QTreeWidgetItem *parent, const QList<LinkId> &path) const;

    const Fabric *mFabric = nullptr;
    views::FabricCanvas *mCanvas = nullptr;
    views::PathSet mSet;
    collective::Scenario mSettings; ///< The policies were routed with these.
    QList<PolicyRoute> mRoutes;
    QList<LinkId> mHighlighted;
    QLabel *mSummary;
    QTreeWidget *mTree;
};

} // namespace fabric::app
