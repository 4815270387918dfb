// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "pathsdock.h"

#include "errortext.h"

#include "canvas/fabriccanvas.h"
#include "collective/expansion.h"
#include "common/plural.h"
#include "common/qtstrings.h"
#include "model/error.h"
#include "model/units.h"
#include "route/router.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>
#include <set>

namespace fabric::app {
namespace {

enum Column { PathColumn, HopsColumn, BottleneckColumn, ShareColumn, PlaneColumn, ColumnCount };
/// Item data: the links to highlight.
constexpr int kLinksRole = Qt::UserRole;

QList<LinkId> linksOf(const sim::Path &path)
{
    QList<LinkId> links;
    for (DirLinkId d : path.links)
        links << linkOf(d);
    return links;
}

/// Whether another link joins the same two nodes as @p link.
bool hasParallel(const Fabric &f, const Link &link)
{
    for (LinkId other : f.linksOf(link.a))
        if (other != link.id && f.link(other).other(link.a) == link.b)
            return true;
    return false;
}

/// The nodes a path walks from @p from, by name; a hop over one of several parallel links names
/// its ports (or its link id), so the paths through them can be told apart.
QString describe(const Fabric &f, NodeId from, const QList<LinkId> &path)
{
    QString text = views::toQString(f.node(from).name);
    NodeId at = from;
    for (LinkId l : path) {
        const Link &link = f.link(l);
        QString via;
        if (hasParallel(f, link)) {
            const int out = link.portAt(at);
            const int in = link.portAt(link.other(at));
            via = out >= 0 && in >= 0 ? QStringLiteral("[port %1\u2192%2]").arg(out).arg(in)
                                      : QStringLiteral("[link %1]").arg(l);
        }
        at = link.other(at);
        text += QStringLiteral(" \u2192%1 ").arg(via) + views::toQString(f.node(at).name);
    }
    return text;
}

/// Hops as the path view counts them: an OCS circuit is one hop.
int hopsOf(const Fabric &f, NodeId from, const QList<LinkId> &path)
{
    int hops = 0;
    NodeId at = from;
    for (LinkId l : path) {
        const Link &link = f.link(l);
        at = link.other(at);
        if (f.node(at).kind != NodeKind::Ocs)
            ++hops;
    }
    return hops;
}

double bottleneckOf(const Fabric &f, const QList<LinkId> &path)
{
    double gbps = std::numeric_limits<double>::infinity();
    for (LinkId l : path)
        gbps = std::min(gbps, f.link(l).capacityGbps);
    return path.isEmpty() ? 0.0 : gbps;
}

QString planesOf(const Fabric &f, const QList<LinkId> &links)
{
    std::set<int> planes;
    for (LinkId l : links)
        if (f.link(l).plane >= 0)
            planes.insert(f.link(l).plane);
    QStringList names;
    for (int p : planes)
        names << QString::number(p);
    return names.join(QStringLiteral(", "));
}

QString percent(double share)
{
    // Eight even paths are 12.5% each: rounded to whole percents they added up to 104%. Two
    // decimals at most, without trailing zeros: 12.5%, 1.56% (of 64), 50%.
    QString text = QString::number(share * 100, 'f', 2);
    while (text.endsWith(QLatin1Char('0')))
        text.chop(1);
    if (text.endsWith(QLatin1Char('.')))
        text.chop(1);
    return text + QLatin1Char('%');
}

} // namespace

QList<PolicyRoute> policyRoutes(const Fabric &fabric, NodeId from, NodeId to,
    const collective::Scenario &settings, QString *problem)
{
    QList<PolicyRoute> out;
    QString firstError;
    for (const std::string_view name : route::policyNames()) {
        collective::Scenario s = settings;
        s.routing = *route::policyFromString(name);
        PolicyRoute r;
        r.policy = views::toQString(name);
        try {
            const route::Router router(fabric, collective::routerOptions(s));
            const route::Route routed = router.route(from, to);
            for (std::size_t i = 0; i < routed.paths.size(); ++i) {
                r.paths << linksOf(routed.paths[i]);
                r.shares << (routed.weights.empty() ? 1.0 / double(routed.paths.size())
                                                    : routed.weights[i]);
            }
            switch (routed.split) {
            case sim::Split::Single:
                r.split = PathsDock::tr("single path");
                break;
            case sim::Split::Weighted:
                r.split = PathsDock::tr("fixed shares");
                break;
            case sim::Split::Adaptive:
                r.split = PathsDock::tr("adaptive split (shares move with load)");
                break;
            }
        } catch (const UserError &e) {
            // The policy does not fit this fabric (dor off a torus), unless none does.
            if (firstError.isEmpty())
                firstError = QString::fromStdString(e.what());
            continue;
        }
        out << r;
    }
    if (problem)
        *problem = out.isEmpty() ? firstError : QString();
    return out;
}

PathsDock::PathsDock(QWidget *parent)
    : QDockWidget(tr("Paths"), parent)
    , mSummary(new QLabel)
    , mTree(new QTreeWidget)
{
    setObjectName(QStringLiteral("pathsDock"));
    mSummary->setWordWrap(true);
    mSummary->setText(tr("Select two GPUs and press P (Tools > Show Equal-Cost Paths)."));
    mTree->setColumnCount(ColumnCount);
    mTree->setHeaderLabels({ tr("Path"), tr("Hops"), tr("Bottleneck"), tr("Share"), tr("Plane") });
    mTree->header()->setSectionResizeMode(PathColumn, QHeaderView::Stretch);
    for (int c = HopsColumn; c < ColumnCount; ++c)
        mTree->header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    mTree->setToolTip(tr("Select a routing policy (or one path) to draw it on the canvas"));
    connect(mTree, &QTreeWidget::itemSelectionChanged, this, &PathsDock::selectionChanged);

    auto *box = new QWidget;
    auto *layout = new QVBoxLayout(box);
    layout->addWidget(mSummary);
    layout->addWidget(mTree, 1);
    setWidget(box);
}

QTreeWidgetItem *PathsDock::pathItem(QTreeWidgetItem *parent, const QList<LinkId> &path) const
{
    auto *item = new QTreeWidgetItem(parent);
    item->setText(PathColumn, describe(*mFabric, mSet.from, path));
    item->setToolTip(PathColumn, item->text(PathColumn));
    item->setText(HopsColumn, QString::number(hopsOf(*mFabric, mSet.from, path)));
    item->setText(BottleneckColumn,
        views::toQString(units::formatGbps(bottleneckOf(*mFabric, path))));
    item->setText(PlaneColumn, planesOf(*mFabric, path));
    item->setData(PathColumn, kLinksRole, QVariant::fromValue(path));
    return item;
}

void PathsDock::showPaths(
    const Fabric &fabric, const views::PathSet &set, const collective::Scenario &settings)
{
    const QSignalBlocker block(mTree);
    mTree->clear();
    mFabric = &fabric;
    mSet = set;
    mSettings = settings;
    mRoutes.clear();
    // The last pair's policy route goes with its rows (it stayed drawn under the new pair).
    clearHighlight();
    if (set.paths.isEmpty()) {
        mSummary->setText(summary());
        return;
    }
    QString problem;
    mRoutes = policyRoutes(fabric, set.from, set.to, settings, &problem);

    auto *equal = new QTreeWidgetItem(mTree);
    // The fabric's own shortest paths; the policies below route around the faults in force.
    equal->setText(PathColumn,
        views::counted(qint64(set.count), tr("1 equal-cost path"), tr("%1 equal-cost paths"))
            + (set.truncated ? tr(" (first %1 listed)").arg(set.paths.size()) : QString())
            + (settings.faults.empty() ? QString()
                                       : tr(" of the healthy fabric (%1 in force)")
                                             .arg(views::counted(qint64(settings.faults.size()),
                                                 tr("1 fault"), tr("%1 faults")))));
    equal->setText(HopsColumn, QString::number(set.hops));
    equal->setText(BottleneckColumn, views::toQString(units::formatGbps(set.bottleneckGbps)));
    for (const QList<LinkId> &path : set.paths)
        pathItem(equal, path);

    auto *policies = new QTreeWidgetItem(mTree);
    policies->setText(PathColumn,
        tr("Routing policies (seed %1, %2)")
            .arg(settings.seed)
            .arg(views::counted(settings.qps, tr("QP"), tr("QPs"))));
    if (!problem.isEmpty()) { // a fault on a node deleted since: every policy refused
        auto *item = new QTreeWidgetItem(policies);
        item->setText(PathColumn, tr("None can route: %1").arg(problem));
        item->setForeground(PathColumn, QBrush(errorColour()));
    }
    for (const PolicyRoute &r : std::as_const(mRoutes)) {
        auto *item = new QTreeWidgetItem(policies);
        if (r.paths.isEmpty()) { // the faults in force cut every path (not "0 paths, inf Tb/s")
            item->setText(PathColumn,
                tr("%1 \u2014 no path left (the faults in force cut it)").arg(r.policy));
            for (const int column : { HopsColumn, BottleneckColumn, ShareColumn, PlaneColumn })
                item->setText(column, QStringLiteral("\u2013"));
            item->setData(PathColumn, Qt::UserRole + 1, r.policy);
            continue;
        }
        item->setText(PathColumn,
            QStringLiteral("%1 \u2014 %2, %3")
                .arg(r.policy, views::counted(r.paths.size(), tr("1 path"), tr("%1 paths")),
                    r.split));
        QList<LinkId> all;
        int hops = 0;
        double bottleneck = std::numeric_limits<double>::infinity();
        for (int i = 0; i < r.paths.size(); ++i) {
            QTreeWidgetItem *child = pathItem(item, r.paths[i]);
            child->setText(ShareColumn, percent(r.shares[i]));
            all << r.paths[i];
            hops = std::max(hops, hopsOf(fabric, set.from, r.paths[i]));
            bottleneck = std::min(bottleneck, bottleneckOf(fabric, r.paths[i]));
        }
        item->setText(HopsColumn, QString::number(hops));
        item->setText(BottleneckColumn, views::toQString(units::formatGbps(bottleneck)));
        item->setText(ShareColumn, percent(1.0));
        item->setText(PlaneColumn, planesOf(fabric, all));
        item->setData(PathColumn, kLinksRole, QVariant::fromValue(all));
        item->setData(PathColumn, Qt::UserRole + 1, r.policy);
    }
    // Presented at 1280x720 the Path column is narrow ("ecmp-pola…"): each row's whole text
    // on hover.
    for (QTreeWidgetItem *top : { equal, policies }) {
        top->setToolTip(PathColumn, top->text(PathColumn));
        for (int i = 0; i < top->childCount(); ++i)
            top->child(i)->setToolTip(PathColumn, top->child(i)->text(PathColumn));
    }
    policies->setExpanded(true);
    // A fabric without planes (all but HPN) has nothing to say there, and on a 1280x720
    // projector the empty column cut the paths to "g0-r0-h…".
    bool anyPlane = false;
    for (const QList<LinkId> &path : set.paths)
        anyPlane = anyPlane || !planesOf(fabric, path).isEmpty();
    mTree->setColumnHidden(PlaneColumn, !anyPlane);
    mSummary->setText(summary());
}

void PathsDock::setSettings(const collective::Scenario &settings)
{
    // The dock's form says "edited" at each keystroke and at each run's start and end; only
    // what the router reads changes a route, and rebuilding the rows lost the path the user had
    // selected. The dock shows every policy, so the scenario's own does not count.
    collective::Scenario samePolicy = settings;
    samePolicy.routing = mSettings.routing;
    if (!mFabric || mSet.from == kNoNode
        || collective::routerOptions(samePolicy) == collective::routerOptions(mSettings))
        return;
    const QTreeWidgetItem *current = mTree->currentItem();
    const QString policy
        = current ? current->data(PathColumn, Qt::UserRole + 1).toString() : QString();
    const QList<LinkId> links
        = current ? current->data(PathColumn, kLinksRole).value<QList<LinkId>>() : QList<LinkId>();
    showPaths(*mFabric, views::PathSet(mSet), settings);
    if (!policy.isEmpty()) {
        selectPolicy(policy);
        return;
    }
    // One of the equal-cost paths (the same links: that set does not change).
    if (!links.isEmpty() && mTree->topLevelItemCount() > 0) {
        QTreeWidgetItem *equal = mTree->topLevelItem(0);
        for (int i = 0; i < equal->childCount(); ++i)
            if (equal->child(i)->data(PathColumn, kLinksRole).value<QList<LinkId>>() == links) {
                mTree->setCurrentItem(equal->child(i));
                break;
            }
    }
}

void PathsDock::clear()
{
    mTree->clear();
    mSet = {};
    mRoutes.clear();
    mFabric = nullptr;
    mSummary->setText(summary());
    clearHighlight();
}

void PathsDock::clearHighlight()
{
    if (!mHighlighted.isEmpty() && mCanvas)
        mCanvas->setHighlightedLinks({}, {}, views::FabricCanvas::HighlightChannel::Path);
    mHighlighted.clear();
}

QString PathsDock::summary() const
{
    if (!mFabric || mSet.from == kNoNode)
        return tr("Select two GPUs and press P (Tools > Show Equal-Cost Paths).");
    const QString from = views::toQString(mFabric->node(mSet.from).name);
    const QString to = views::toQString(mFabric->node(mSet.to).name);
    if (mSet.paths.isEmpty())
        return tr("No path joins %1 and %2.").arg(from, to);
    return tr("%1 \u2192 %2: %3, %4 hops each, bottleneck %5. Select a policy to see its "
              "choice.")
        .arg(from, to,
            views::counted(qint64(mSet.count), tr("1 equal-cost path"), tr("%1 equal-cost paths")))
        .arg(mSet.hops)
        .arg(views::toQString(units::formatGbps(mSet.bottleneckGbps)));
}

bool PathsDock::selectPolicy(const QString &policy)
{
    if (mTree->topLevelItemCount() < 2)
        return false;
    QTreeWidgetItem *policies = mTree->topLevelItem(1);
    for (int i = 0; i < policies->childCount(); ++i)
        if (policies->child(i)->data(PathColumn, Qt::UserRole + 1).toString() == policy) {
            mTree->setCurrentItem(policies->child(i));
            return true;
        }
    return false;
}

void PathsDock::selectionChanged()
{
    const QList<QTreeWidgetItem *> items = mTree->selectedItems();
    mHighlighted = items.isEmpty() ? QList<LinkId>()
                                   : items.front()->data(PathColumn, kLinksRole).value<QList<LinkId>>();
    std::sort(mHighlighted.begin(), mHighlighted.end());
    mHighlighted.erase(std::unique(mHighlighted.begin(), mHighlighted.end()), mHighlighted.end());
    if (mCanvas)
        mCanvas->setHighlightedLinks(mHighlighted, pathColor(),
                                     views::FabricCanvas::HighlightChannel::Path);
}

} // namespace fabric::app
