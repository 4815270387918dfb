// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A paint device that draws nothing and remembers every text painted on it, with where it
// landed and the clip it was painted under, so a test can tell whether a label was elided,
// cut by its box or painted over another one, whatever code drew it (QPainter::drawText,
// QGraphicsScene items, Qt Charts).

#include <QFontMetricsF>
#include <QList>
#include <QPaintDevice>
#include <QPaintEngine>
#include <QPainter>
#include <QRectF>
#include <QString>

#include <cmath>

namespace fabric::testing {

/// One text as painted: device rectangle, and the clip rectangle in device units (null
/// when nothing clipped it).
struct PaintedText
{
    QString text;
    QRectF rect;
    QRectF clip;
    double pixelSize = 0;
    int page = 0;

    /// Part of the text falls outside its clip (cut by its box).
    bool clipped() const { return !clip.isNull() && !clip.adjusted(-1, -1, 1, 1).contains(rect); }
    /// Ends in an ellipsis (Qt Charts elides with three dots): something shortened it.
    bool elided() const
    {
        const QString t = text.trimmed();
        return t.endsWith(QChar(0x2026)) || t.endsWith(QLatin1String("..."));
    }
};

class TextRecorder : public QPaintDevice
{
public:
    explicit TextRecorder(QSize size)
        : mSize(size)
        , mEngine(this)
    {
    }
    ~TextRecorder() override = default;
    QPaintEngine *paintEngine() const override { return &mEngine; }
    const QList<PaintedText> &texts() const { return mTexts; }
    /// The texts painted from now on count as on the next page.
    void newPage() { ++mPage; }

protected:
    int metric(PaintDeviceMetric m) const override
    {
        switch (m) {
        case PdmWidth:
            return mSize.width();
        case PdmHeight:
            return mSize.height();
        case PdmWidthMM:
            return mSize.width() * 254 / 960;
        case PdmHeightMM:
            return mSize.height() * 254 / 960;
        case PdmNumColors:
            return 0x7fffffff;
        case PdmDepth:
            return 32;
        case PdmDpiX:
        case PdmDpiY:
        case PdmPhysicalDpiX:
        case PdmPhysicalDpiY:
            return 96;
        case PdmDevicePixelRatio:
            return 1;
        case PdmDevicePixelRatioScaled:
            return static_cast<int>(devicePixelRatioFScale());
        }
        return 0;
    }

private:
    class Engine : public QPaintEngine
    {
    public:
        explicit Engine(TextRecorder *owner)
            : QPaintEngine(AllFeatures)
            , mOwner(owner)
        {
        }
        bool begin(QPaintDevice *) override { return true; }
        bool end() override { return true; }
        void updateState(const QPaintEngineState &) override { }
        void drawPixmap(const QRectF &, const QPixmap &, const QRectF &) override { }
        void drawPolygon(const QPointF *, int, PolygonDrawMode) override { }
        void drawPath(const QPainterPath &) override { }
        void drawTextItem(const QPointF &p, const QTextItem &item) override
        {
            QPainter *painter = this->painter();
            const QFontMetricsF fm(item.font());
            const QRectF local(
                p.x(), p.y() - item.ascent(), item.width(), item.ascent() + item.descent());
            const QTransform t = painter->combinedTransform();
            PaintedText text;
            text.text = item.text();
            text.rect = t.mapRect(local);
            if (painter->hasClipping())
                text.clip = t.mapRect(painter->clipBoundingRect());
            text.pixelSize = fm.height() * std::sqrt(std::abs(t.determinant()));
            text.page = mOwner->mPage;
            if (!text.text.trimmed().isEmpty())
                mOwner->mTexts.append(text);
        }
        Type type() const override { return User; }

    private:
        TextRecorder *mOwner;
    };

    QSize mSize;
    mutable Engine mEngine;
    QList<PaintedText> mTexts;
    int mPage = 0;
};

/// Pairs of texts on one page whose rectangles overlap by more than @p slack pixels each way.
inline QStringList overlappingTexts(const QList<PaintedText> &texts, double slack = 1)
{
    QStringList out;
    for (qsizetype i = 0; i < texts.size(); ++i)
        for (qsizetype j = i + 1; j < texts.size(); ++j) {
            if (texts[i].page != texts[j].page)
                continue;
            const QRectF a = texts[i].rect.adjusted(slack, slack, -slack, -slack);
            if (a.intersects(texts[j].rect.adjusted(slack, slack, -slack, -slack)))
                out << QStringLiteral("'%1' %2,%3 over '%4' %5,%6")
                           .arg(texts[i].text)
                           .arg(texts[i].rect.x())
                           .arg(texts[i].rect.y())
                           .arg(texts[j].text)
                           .arg(texts[j].rect.x())
                           .arg(texts[j].rect.y());
        }
    return out;
}

} // namespace fabric::testing
