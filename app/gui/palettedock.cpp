// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "palettedock.h"

#include "properties.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QListWidget>
#include <QMimeData>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <tuple>

namespace fabric::app {
namespace {

struct Entry
{
    const char *label;
    NodeKind kind;
    SwitchRole role;
};

const Entry kEntries[] = {
    { QT_TRANSLATE_NOOP("Palette", "GPU"), NodeKind::Gpu, SwitchRole::None },
    { QT_TRANSLATE_NOOP("Palette", "Host (NVLink domain)"), NodeKind::Host, SwitchRole::None },
    { QT_TRANSLATE_NOOP("Palette", "Leaf / ToR switch"), NodeKind::Switch, SwitchRole::Leaf },
    { QT_TRANSLATE_NOOP("Palette", "Spine / aggregation switch"), NodeKind::Switch,
        SwitchRole::Spine },
    { QT_TRANSLATE_NOOP("Palette", "Core switch"), NodeKind::Switch, SwitchRole::Core },
    { QT_TRANSLATE_NOOP("Palette", "Dragonfly router"), NodeKind::Switch, SwitchRole::Router },
    { QT_TRANSLATE_NOOP("Palette", "Optical circuit switch"), NodeKind::Ocs, SwitchRole::None },
};

QString payload(NodeKind kind, SwitchRole role)
{
    return QStringLiteral("%1/%2").arg(
        QString::fromUtf8(toString(kind).data()), QString::fromUtf8(toString(role).data()));
}

/// A list whose drags carry the palette MIME type.
class PaletteList : public QListWidget
{
public:
    using QListWidget::QListWidget;

protected:
    QStringList mimeTypes() const override { return { PaletteDock::mimeType() }; }
    QMimeData *mimeData(const QList<QListWidgetItem *> &items) const override
    {
        if (items.isEmpty())
            return nullptr;
        auto *mime = new QMimeData;
        mime->setData(PaletteDock::mimeType(), items.front()->data(Qt::UserRole).toByteArray());
        return mime;
    }
};

} // namespace

QString PaletteDock::mimeType()
{
    return QStringLiteral("application/x-fabricscope-node");
}

std::optional<Node> PaletteDock::nodeFromMime(const QMimeData *mime)
{
    if (!mime || !mime->hasFormat(mimeType()))
        return std::nullopt;
    const QStringList parts = QString::fromUtf8(mime->data(mimeType())).split(QLatin1Char('/'));
    if (parts.size() != 2)
        return std::nullopt;
    const auto kind = nodeKindFromString(parts[0].toStdString());
    const auto role = switchRoleFromString(parts[1].toStdString());
    if (!kind || !role)
        return std::nullopt;
    Node n;
    n.kind = *kind;
    n.role = *role;
    return n;
}

PaletteDock::PaletteDock(QWidget *parent)
    : QDockWidget(tr("Palette"), parent)
    , mList(new PaletteList)
    , mCapacity(new QDoubleSpinBox)
    , mLatency(new QDoubleSpinBox)
    , mMedium(new QComboBox)
{
    setObjectName(QStringLiteral("paletteDock"));
    for (const Entry &e : kEntries) {
        auto *item = new QListWidgetItem(tr(e.label), mList);
        item->setData(Qt::UserRole, payload(e.kind, e.role).toUtf8());
        item->setToolTip(tr("Double-click to add at the centre of the view, or drag onto the "
                            "canvas"));
    }
    // As tall as its entries, so the history below gets the rest of the column.
    mList->setFixedHeight(
        mList->sizeHintForRow(0) * mList->count() + 2 * mList->frameWidth() + 4);
    mList->setDragEnabled(true);
    mList->setDragDropMode(QAbstractItemView::DragOnly);
    connect(mList, &QListWidget::itemActivated, this,
        [this](QListWidgetItem *item) { Q_EMIT addRequested(entry(mList->row(item))); });

    const PropertySpec &capacity = propertySpec(LinkProperty::CapacityGbps);
    mCapacity->setDecimals(3);
    mCapacity->setRange(capacity.min, capacity.max);
    mCapacity->setSuffix(QStringLiteral(" Gb/s"));
    mCapacity->setValue(400);
    const PropertySpec &latency = propertySpec(LinkProperty::LatencyNs);
    mLatency->setDecimals(1);
    mLatency->setRange(latency.min, latency.max);
    mLatency->setSuffix(QStringLiteral(" ns"));
    mLatency->setValue(50);
    mMedium->addItems(propertySpec(LinkProperty::Medium).choices);
    mMedium->setCurrentText(QString::fromUtf8(toString(Medium::InfiniBand).data()));

    auto *defaults = new QGroupBox(tr("New links"));
    auto *form = new QFormLayout(defaults);
    form->addRow(tr("Capacity"), mCapacity);
    form->addRow(tr("Latency"), mLatency);
    form->addRow(tr("Medium"), mMedium);

    auto *box = new QWidget;
    auto *layout = new QVBoxLayout(box);
    layout->addWidget(mList);
    layout->addWidget(defaults);
    layout->addStretch();
    setWidget(box);
}

int PaletteDock::entryCount() const
{
    return mList->count();
}

Node PaletteDock::entry(int row) const
{
    Node n;
    n.kind = kEntries[row].kind;
    n.role = kEntries[row].role;
    return n;
}

Link PaletteDock::linkTemplate() const
{
    Link l;
    l.capacityGbps = mCapacity->value();
    l.latencyNs = mLatency->value();
    l.medium = mediumFromString(mMedium->currentText().toStdString()).value_or(Medium::Ethernet);
    return l;
}

} // namespace fabric::app

namespace fabric::app {

void PaletteDock::adoptDefaults(const Fabric &fabric)
{
    // NVLink joins GPUs to their host; what a user draws by hand is the fabric's own kind.
    std::map<std::tuple<Medium, double, double>, std::size_t> kinds;
    fabric.forEachLink([&](const Link &l) {
        if (l.medium != Medium::NvLink)
            ++kinds[{ l.medium, l.capacityGbps, l.latencyNs }];
    });
    if (kinds.empty())
        return;
    const auto common = std::max_element(kinds.begin(), kinds.end(),
        [](const auto &a, const auto &b) { return a.second < b.second; });
    const auto &[medium, capacity, latency] = common->first;
    mMedium->setCurrentText(QString::fromUtf8(toString(medium).data()));
    mCapacity->setValue(capacity);
    mLatency->setValue(latency);
}

} // namespace fabric::app
