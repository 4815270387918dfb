// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "palettedock.h"

#include "canvas/fabriccanvas.h"
#include "properties.h"
#include "propertyform.h"
#include "scrollable.h"
#include "wheelguard.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QIcon>
#include <QListWidget>
#include <QMimeData>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QScrollArea>
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

/// The icons' size in the list, drawn at twice the resolution for high-density screens.
constexpr int kIconSize = 22;

QColor switchColour(SwitchRole role)
{
    switch (role) {
    case SwitchRole::Leaf:
        return QColor(208, 226, 242);
    case SwitchRole::Spine:
        return QColor(176, 204, 230);
    case SwitchRole::Core:
        return QColor(130, 170, 210);
    case SwitchRole::Router:
        return QColor(190, 214, 190);
    case SwitchRole::None:
        break;
    }
    return QColor(200, 200, 200);
}

QString roleLetter(SwitchRole role)
{
    switch (role) {
    case SwitchRole::Leaf:
        return QStringLiteral("L");
    case SwitchRole::Spine:
        return QStringLiteral("S");
    case SwitchRole::Core:
        return QStringLiteral("C");
    case SwitchRole::Router:
        return QStringLiteral("R");
    case SwitchRole::None:
        break;
    }
    return {};
}

void drawIcon(QPainter &p, const Node &node)
{
    const QColor ink(60, 60, 60);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(ink, 1.5));
    switch (node.kind) {
    case NodeKind::Gpu: {
        // A chip: an orange die with pins on every side.
        for (int i = 0; i < 4; ++i) {
            const double t = 10 + i * 4;
            p.drawLine(QPointF(t, 3), QPointF(t, 7));
            p.drawLine(QPointF(t, 25), QPointF(t, 29));
            p.drawLine(QPointF(3, t), QPointF(7, t));
            p.drawLine(QPointF(25, t), QPointF(29, t));
        }
        p.setBrush(QColor(230, 159, 0));
        p.drawRoundedRect(QRectF(7, 7, 18, 18), 2, 2);
        break;
    }
    case NodeKind::Host:
        // A host box holding its GPUs.
        p.setBrush(QColor(246, 240, 220));
        p.drawRoundedRect(QRectF(2, 8, 28, 16), 2, 2);
        p.setBrush(QColor(230, 159, 0));
        for (int i = 0; i < 4; ++i)
            p.drawRect(QRectF(5 + i * 6.2, 13, 4.5, 6));
        break;
    case NodeKind::Switch: {
        // A switch: a box with its ports, the role's letter on it.
        p.setBrush(switchColour(node.role));
        p.drawRoundedRect(QRectF(2, 8, 28, 16), 3, 3);
        for (int i = 0; i < 5; ++i)
            p.drawLine(QPointF(6 + i * 5, 8), QPointF(6 + i * 5, 4));
        QFont f = p.font();
        f.setPixelSize(11);
        f.setBold(true);
        p.setFont(f);
        p.drawText(QRectF(2, 8, 28, 16), Qt::AlignCenter, roleLetter(node.role));
        break;
    }
    case NodeKind::Ocs: {
        // An optical circuit switch: a ring with crossed light paths.
        p.setBrush(QColor(225, 215, 240));
        p.drawEllipse(QRectF(3, 3, 26, 26));
        p.setPen(QPen(QColor(120, 70, 170), 2));
        p.drawLine(QPointF(8, 11), QPointF(24, 21));
        p.drawLine(QPointF(8, 21), QPointF(24, 11));
        break;
    }
    }
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
        mime->setData(PaletteDock::mimeType(), items.front()->data(Qt::UserRole).toString().toUtf8());
        return mime;
    }
};

} // namespace

QString PaletteDock::mimeType()
{
    return QLatin1String(views::kPaletteItemMimeType);
}

QString PaletteDock::itemKey(const Node &node)
{
    const QString kind = QString::fromUtf8(toString(node.kind).data());
    if (node.kind != NodeKind::Switch || node.role == SwitchRole::None)
        return kind;
    return kind + QLatin1Char(':') + QString::fromUtf8(toString(node.role).data());
}

std::optional<Node> PaletteDock::nodeFromKey(const QString &key)
{
    for (const Entry &e : kEntries) {
        Node n;
        n.kind = e.kind;
        n.role = e.role;
        if (itemKey(n) == key)
            return n;
    }
    return std::nullopt;
}

std::optional<Node> PaletteDock::nodeFromMime(const QMimeData *mime)
{
    if (!mime || !mime->hasFormat(mimeType()))
        return std::nullopt;
    return nodeFromKey(QString::fromUtf8(mime->data(mimeType())).trimmed());
}

QIcon PaletteDock::icon(const Node &node)
{
    QPixmap pixmap(2 * kIconSize, 2 * kIconSize);
    pixmap.fill(Qt::transparent);
    {
        QPainter p(&pixmap);
        // drawIcon draws in a 32 x 32 box.
        p.scale(2.0 * kIconSize / 32, 2.0 * kIconSize / 32);
        drawIcon(p, node);
    }
    pixmap.setDevicePixelRatio(2);
    return QIcon(pixmap);
}

PaletteDock::PaletteDock(QWidget *parent)
    : QDockWidget(tr("Palette"), parent)
    , mList(new PaletteList)
    , mCapacity(new TrimmedDoubleSpinBox)
    , mLatency(new TrimmedDoubleSpinBox)
    , mMedium(new QComboBox)
{
    setObjectName(QStringLiteral("paletteDock"));
    mList->setIconSize(QSize(kIconSize, kIconSize));
    for (const Entry &e : kEntries) {
        Node n;
        n.kind = e.kind;
        n.role = e.role;
        auto *item = new QListWidgetItem(icon(n), tr(e.label), mList);
        item->setData(Qt::UserRole, itemKey(n));
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
    setWidget(scrollable(box));
    // Scrolling the dock over a field changed the new links' medium or capacity.
    guardWheel(box);
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
