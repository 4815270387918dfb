// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "ocspanel.h"

#include "common/plural.h"
#include "common/qtstrings.h"

#include <QHeaderView>

#include <map>

namespace fabric::views {

namespace {
constexpr int kLinksRole = Qt::UserRole + 1;
}

OcsPanel::OcsPanel(QWidget *parent)
    : QTreeWidget(parent)
{
    setColumnCount(3);
    setHeaderLabels({tr("OCS / circuit"), tr("Ports"), tr("Chips joined")});
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    connect(this, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (!item)
            return;
        QList<LinkId> links;
        for (const QVariant &v : item->data(0, kLinksRole).toList())
            links.append(v.toInt());
        if (!links.isEmpty())
            Q_EMIT circuitSelected(links);
    });
}

void OcsPanel::setFabric(const Fabric *fabric)
{
    mFabric = fabric;
    refresh();
}

void OcsPanel::refresh()
{
    clear();
    if (!mFabric)
        return;
    QList<QTreeWidgetItem *> top;
    mFabric->forEachNode([&](const Node &n) {
        if (n.kind != NodeKind::Ocs)
            return;
        std::map<int, LinkId> byPort;
        for (LinkId l : mFabric->linksOf(n.id)) {
            byPort[mFabric->link(l).portAt(n.id)] = l;
        }
        auto *item = new QTreeWidgetItem;
        item->setText(0, toQString(n.name));
        item->setText(1, tr("%1 of %2 used").arg(byPort.size()).arg(n.ports > 0 ? n.ports : static_cast<int>(byPort.size())));
        item->setText(2, counted(qint64(n.circuits.size()), tr("1 circuit"), tr("%1 circuits")));
        auto chip = [&](int port) -> QString {
            const auto it = byPort.find(port);
            return it == byPort.end() ? tr("(nothing plugged)")
                                      : toQString(mFabric->node(mFabric->link(it->second).other(n.id)).name);
        };
        for (const auto &[p, q] : n.circuits) {
            auto *c = new QTreeWidgetItem(item);
            c->setText(0, tr("circuit"));
            c->setText(1, QStringLiteral("%1 ↔ %2").arg(p).arg(q));
            c->setText(2, QStringLiteral("%1 ↔ %2").arg(chip(p), chip(q)));
            QVariantList links;
            for (int port : {p, q})
                if (const auto it = byPort.find(port); it != byPort.end())
                    links.append(it->second);
            c->setData(0, kLinksRole, links);
        }
        top.append(item);
    });
    addTopLevelItems(top);
}

} // namespace fabric::views
