// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "generators/registry.h"
#include "propertyform.h"
#include "scrollable.h"
#include "templategallery.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QGraphicsView>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QVBoxLayout>

#include <QScrollBar>
#include <QSpinBox>
#include <QtTest>
#include <algorithm>
#include <memory>

using namespace fabric;
using namespace fabric::app;

/// The "New from template" gallery: forms from the generators' specs, live summary, inline
/// errors, and the regenerate mode.
class TestGallery : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void formsFollowTheParamSpecs();
    void summaryFollowsTheValues();
    void badCombinationsAreExplainedInline();
    void shortFormsDoNotScroll();
    void regenerateModeIsPrefilled();
    void keyboardFocusLandsOnTheFields();
    void fieldsSayWhatTheyTakeWithoutAMouse();
    void regenerateTypesOverTheFirstValue();
};

namespace {

int indexOfKey(const gen::FamilyInfo &family, const std::string &key)
{
    for (std::size_t i = 0; i < family.params.size(); ++i)
        if (family.params[i].key == key)
            return int(i);
    return -1;
}

/// Types a value into an editor as a user would, and presses Enter.
void typeInto(QWidget *editor, const QString &text)
{
    auto *spin = qobject_cast<QAbstractSpinBox *>(editor);
    QVERIFY(spin);
    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, text);
    QTest::keyClick(spin, Qt::Key_Return);
}

} // namespace

void TestGallery::formsFollowTheParamSpecs()
{
    TemplateGallery gallery;
    QCOMPARE(gen::families().size(), std::size_t(5));
    for (const gen::FamilyInfo &family : gen::families()) {
        QVERIFY(gallery.selectFamily(family.name));
        PropertyForm *form = gallery.form();
        QCOMPARE(std::size_t(form->count()), family.params.size());
        for (std::size_t i = 0; i < family.params.size(); ++i) {
            const gen::ParamSpec &p = family.params[i];
            QWidget *editor = form->editor(int(i));
            switch (p.type) {
            case gen::ParamSpec::Type::Int: {
                auto *spin = qobject_cast<QSpinBox *>(editor);
                QVERIFY2(spin, p.key.c_str());
                // Down to 0 where the family refuses 0, so that a typed 0 is explained
                // (badCombinationsAreExplainedInline) rather than put back without a word.
                QCOMPARE(spin->minimum(), int(std::min(p.min, 0.0)));
                QCOMPARE(spin->maximum(), int(p.max));
                QCOMPARE(spin->value(), p.defaultValue.get<int>());
                // A 0 that means a choice says which; elsewhere 0 is a number.
                if (p.min == 0 && !p.zeroMeans.empty())
                    QCOMPARE(spin->specialValueText(), QString::fromStdString(p.zeroMeans));
                else
                    QVERIFY2(spin->specialValueText().isEmpty(), p.key.c_str());
                break;
            }
            case gen::ParamSpec::Type::Double:
                QVERIFY2(qobject_cast<QDoubleSpinBox *>(editor), p.key.c_str());
                break;
            case gen::ParamSpec::Type::Bool:
                QVERIFY2(qobject_cast<QCheckBox *>(editor), p.key.c_str());
                break;
            case gen::ParamSpec::Type::Choice:
                QCOMPARE(qobject_cast<QComboBox *>(editor)->count(), int(p.choices.size()));
                break;
            }
        }
    }
    QVERIFY(!gallery.selectFamily("no-such-family"));

    // The fat-tree's default, 0 GPUs, builds the full size, and the form says so.
    QVERIFY(gallery.selectFamily("ib-fat-tree"));
    const int gpus = indexOfKey(*gen::findFamily("ib-fat-tree"), "gpus");
    auto *spin = qobject_cast<QSpinBox *>(gallery.form()->editor(gpus));
    QVERIFY(spin);
    QCOMPARE(spin->text(), QStringLiteral("full size"));

    // Rates and latencies read as people write them: "400.000 Gb/s" had three zeros too many.
    QVERIFY(gallery.selectFamily("tpu-torus"));
    const gen::FamilyInfo &tpu = *gen::findFamily("tpu-torus");
    for (const gen::ParamSpec &p : tpu.params) {
        auto *rate = qobject_cast<QDoubleSpinBox *>(gallery.form()->editor(indexOfKey(tpu, p.key)));
        if (!rate)
            continue;
        static const QRegularExpression trailingZero(QStringLiteral("\\.[0-9]*0( |$)"));
        QVERIFY2(!rate->text().contains(trailingZero), qPrintable(rate->text()));
        if (p.key == "ici_gbps")
            QCOMPARE(rate->text(), QStringLiteral("400 Gb/s"));
    }
    // and keep what is typed: half a nanosecond stays 0.5.
    auto *latency = qobject_cast<QDoubleSpinBox *>(
        gallery.form()->editor(indexOfKey(tpu, "cable_latency_ns")));
    QVERIFY(latency);
    latency->setValue(0.5);
    QCOMPARE(latency->text(), QStringLiteral("0.5 ns"));
    QCOMPARE(latency->valueFromText(latency->text()), 0.5);
}

void TestGallery::summaryFollowsTheValues()
{
    {
        // One of a count reads "1 GPU", not "1 GPUs" (the dragonfly's GPUs per host).
        TemplateGallery dragonfly;
        QVERIFY(dragonfly.selectFamily("dragonfly"));
        const gen::FamilyInfo &info = *gen::findFamily("dragonfly");
        auto *perHost
            = qobject_cast<QSpinBox *>(dragonfly.form()->editor(indexOfKey(info, "gpus_per_host")));
        QVERIFY(perHost);
        QCOMPARE(perHost->value(), 1);
        QCOMPARE(perHost->text(), QStringLiteral("1 GPU"));
        perHost->setValue(2);
        QCOMPARE(perHost->text(), QStringLiteral("2 GPUs"));
    }

    TemplateGallery gallery;
    gallery.show();
    QVERIFY(gallery.selectFamily("ib-fat-tree"));
    const gen::FamilyInfo &family = *gen::findFamily("ib-fat-tree");
    typeInto(gallery.form()->editor(indexOfKey(family, "gpus")), QStringLiteral("64"));
    QVERIFY(QTest::qWaitFor([&] { return gallery.isSummaryReady(); }, 60000));
    QVERIFY2(gallery.summaryText().startsWith(QLatin1String("64 GPUs")),
        qPrintable(gallery.summaryText()));
    QVERIFY(gallery.summaryText().contains(QLatin1String("Bisection")));
    // The leaves' ratio, and nothing about the spines, which have nothing above them (it read
    // "Oversubscription at tier 3 (spine): no uplinks"). The tier is named as on the canvas.
    QVERIFY2(
        gallery.summaryText().contains(QLatin1String("Oversubscription at tier 2, Leaf / ToR: ")),
        qPrintable(gallery.summaryText()));
    QVERIFY2(
        !gallery.summaryText().contains(QLatin1String("Spine")), qPrintable(gallery.summaryText()));
    QVERIFY(gallery.okButton()->isEnabled());
    const Fabric fabric = gallery.takeFabric();
    QCOMPARE(fabric.endpoints().size(), std::size_t(64));
    QCOMPARE(fabric.generator().family, std::string("ib-fat-tree"));

    typeInto(gallery.form()->editor(indexOfKey(family, "gpus")), QStringLiteral("128"));
    QVERIFY(!gallery.isSummaryReady()); // stale until the worker is done
    QVERIFY(QTest::qWaitFor([&] { return gallery.isSummaryReady(); }, 60000));
    QVERIFY(gallery.summaryText().startsWith(QLatin1String("128 GPUs")));
    // It follows typing, before Enter or leaving the field: it kept the old figures until Tab.
    auto *gpus
        = qobject_cast<QAbstractSpinBox *>(gallery.form()->editor(indexOfKey(family, "gpus")));
    gpus->setFocus();
    gpus->selectAll();
    QTest::keyClicks(gpus, QStringLiteral("256"));
    QVERIFY(gpus->hasFocus());
    QVERIFY2(QTest::qWaitFor(
                 [&] {
                     return gallery.isSummaryReady()
                         && gallery.summaryText().startsWith(QLatin1String("256 GPUs"));
                 },
                 60000),
        qPrintable(gallery.summaryText()));

    // A torus has chips and optical circuit switches, no packet switch.
    QVERIFY(gallery.selectFamily("tpu-torus"));
    QVERIFY(QTest::qWaitFor([&] { return gallery.isSummaryReady(); }, 60000));
    QVERIFY2(gallery.summaryText().startsWith(
                 QLatin1String("4,096 chips, 48 optical circuit switches, 15,360 links")),
        qPrintable(gallery.summaryText()));
}

void TestGallery::badCombinationsAreExplainedInline()
{
    TemplateGallery gallery;
    gallery.show();
    QVERIFY(gallery.selectFamily("tpu-torus"));
    const gen::FamilyInfo &family = *gen::findFamily("tpu-torus");
    PropertyForm *form = gallery.form();
    for (const char *key : { "x", "y", "z" })
        typeInto(form->editor(indexOfKey(family, key)), QStringLiteral("4"));
    // A twisted torus needs a k x k x 2k shape: 4x4x4 is refused before generating anything.
    auto *twisted = qobject_cast<QCheckBox *>(form->editor(indexOfKey(family, "twisted")));
    QVERIFY(twisted);
    twisted->click();
    // Refused at once (OK is off), explained once the user pauses: shown at each keystroke,
    // the red flashed at "1" on the way to typing 1024.
    QVERIFY(!gallery.okButton()->isEnabled());
    QVERIFY(gallery.errorText().isEmpty());
    QTRY_VERIFY2(
        gallery.errorText().contains(QLatin1String("twisted")), qPrintable(gallery.errorText()));
    QVERIFY(!gallery.okButton()->isEnabled());
    QVERIFY(!gallery.isSummaryReady());

    typeInto(form->editor(indexOfKey(family, "z")), QStringLiteral("8"));
    QVERIFY(gallery.errorText().isEmpty());
    QVERIFY(gallery.okButton()->isEnabled());
    QVERIFY(QTest::qWaitFor([&] { return gallery.isSummaryReady(); }, 60000));
    QVERIFY2(gallery.summaryText().startsWith(QLatin1String("128 chips")),
        qPrintable(gallery.summaryText()));

    // The error names the parameter as the form labels it, with the key the CLI takes.
    QVERIFY(gallery.selectFamily("ib-fat-tree"));
    const gen::FamilyInfo &fatTree = *gen::findFamily("ib-fat-tree");
    typeInto(gallery.form()->editor(indexOfKey(fatTree, "gpus")), QStringLiteral("1"));
    QTRY_VERIFY2(gallery.errorText().startsWith(QLatin1String("GPUs (gpus): must be")),
        qPrintable(gallery.errorText()));

    // A limit on a product names every factor so, and writes its numbers for people: it read
    // "groups x routers_per_group x endpoints_per_router: this would build 100010000 ...".
    QVERIFY(gallery.selectFamily("dragonfly"));
    const gen::FamilyInfo &dragonfly = *gen::findFamily("dragonfly");
    for (const char *key :
        { "routers_per_group", "endpoints_per_router", "global_links_per_router" })
        typeInto(gallery.form()->editor(indexOfKey(dragonfly, key)), QStringLiteral("100"));
    QTRY_COMPARE(gallery.errorText(),
        QStringLiteral("Groups g (groups) x Routers per group a (routers_per_group) x Endpoints "
                       "per router p (endpoints_per_router): this would build 100,010,000 "
                       "endpoints, above the maximum of 200,000"));

    // A 0 where the family takes 1 and up, typed and left with Tab: the spin box put the old
    // value back without a word. It is kept and refused in words, as a 0 Gb/s link is.
    QWidget *routers = gallery.form()->editor(indexOfKey(dragonfly, "routers_per_group"));
    routers->setFocus();
    qobject_cast<QAbstractSpinBox *>(routers)->selectAll();
    QTest::keyClicks(routers, QStringLiteral("0"));
    QTest::keyClick(routers, Qt::Key_Tab);
    QCOMPARE(qobject_cast<QSpinBox *>(routers)->value(), 0);
    QTRY_COMPARE(gallery.errorText(),
        QStringLiteral("Routers per group a (routers_per_group): must be an integer from 1 to "
                       "128, got 0"));
    QVERIFY(!gallery.okButton()->isEnabled());
}

void TestGallery::shortFormsDoNotScroll()
{
    // One scroll area round all the forms took HPN's twelve rows' height for every family: a
    // TPU form that fits scrolled into blank space.
    TemplateGallery gallery;
    gallery.resize(820, 560);
    gallery.show();
    QVERIFY(QTest::qWaitForWindowExposed(&gallery));
    QVERIFY(gallery.selectFamily("tpu-torus"));
    auto *scroll = qobject_cast<QScrollArea *>(gallery.form()->parentWidget()->parentWidget());
    QVERIFY(scroll);
    QTRY_VERIFY(scroll->viewport()->height() >= gallery.form()->sizeHint().height());
    QCOMPARE(scroll->verticalScrollBar()->maximum(), 0);
    // HPN's, taller than the room, scrolls rather than squeezing its rows.
    QVERIFY(gallery.selectFamily("hpn"));
    gallery.resize(820, 400);
    auto *hpn = qobject_cast<QScrollArea *>(gallery.form()->parentWidget()->parentWidget());
    QVERIFY(hpn);
    QTRY_VERIFY(hpn->verticalScrollBar()->maximum() > 0);
    QVERIFY(gallery.form()->height() >= gallery.form()->minimumSizeHint().height());
}

void TestGallery::regenerateModeIsPrefilled()
{
    TemplateGallery gallery;
    gallery.setFixedFamily("dragonfly", nlohmann::json { { "routers_per_group", 2 } });
    QCOMPARE(gallery.family(), std::string("dragonfly"));
    const gen::FamilyInfo &family = *gen::findFamily("dragonfly");
    QCOMPARE(gallery.form()->value(indexOfKey(family, "routers_per_group")).toInt(), 2);
    QVERIFY(gallery.windowTitle().contains(QLatin1String("Regenerate")));
}

void TestGallery::keyboardFocusLandsOnTheFields()
{
    // Each form's scroll area took a Tab stop that showed no focus: Regenerate opened with
    // nothing focused, and Tab from the family list landed nowhere visible.
    const auto inForm = [](TemplateGallery &g) {
        QWidget *focus = QApplication::focusWidget();
        return focus && g.form()->isAncestorOf(focus);
    };
    TemplateGallery regenerate;
    regenerate.setFixedFamily("dragonfly", nlohmann::json { { "routers_per_group", 2 } });
    regenerate.show();
    regenerate.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&regenerate));
    QTRY_VERIFY(inForm(regenerate));
    regenerate.close();

    TemplateGallery gallery;
    gallery.show();
    gallery.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&gallery));
    auto *families = gallery.findChild<QListWidget *>();
    QVERIFY(families);
    families->setFocus();
    QTRY_VERIFY(families->hasFocus());
    QTest::keyClick(families, Qt::Key_Tab);
    QTRY_VERIFY(inForm(gallery));

    // Beside a view (a chart), the area stays a stop: the view keeps Page Down to itself, and
    // nothing else would scroll past a tall chart.
    const auto areaWith = [](QWidget *inside) {
        auto *content = new QWidget;
        auto *layout = new QVBoxLayout(content);
        layout->addWidget(new QLineEdit);
        if (inside)
            layout->addWidget(inside);
        return std::unique_ptr<QScrollArea>(scrollable(content));
    };
    QCOMPARE(areaWith(nullptr)->focusPolicy(), Qt::NoFocus);
    QVERIFY(areaWith(new QGraphicsView)->focusPolicy() & Qt::TabFocus);
}

void TestGallery::fieldsSayWhatTheyTakeWithoutAMouse()
{
    // A field's description and range were in its tooltip only: a keyboard user typing 100000
    // spare cubes saw the field stop at 10, with nothing to say why.
    TemplateGallery gallery;
    gallery.show();
    gallery.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&gallery));
    QVERIFY(gallery.selectFamily("ib-fat-tree"));
    auto *families = gallery.findChild<QListWidget *>();
    QVERIFY(families);
    families->setFocus();
    QTRY_VERIFY(families->hasFocus());
    QCOMPARE(gallery.fieldHelpText(), QString());
    QTest::keyClick(families, Qt::Key_Tab);
    QTRY_VERIFY(gallery.fieldHelpText().contains(QLatin1String("<b>Tiers</b> (tiers)")));
    QVERIFY(gallery.fieldHelpText().contains(QLatin1String("An integer from 2 to 3.")));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    const QString radix = gallery.fieldHelpText();
    QVERIFY2(radix.contains(QLatin1String("Ports per switch")), qPrintable(radix));
    QVERIFY(radix.contains(QLatin1String("An even number from 4 to 128.")));
    // The mouse's tooltip says as much.
    const gen::FamilyInfo &family = *gen::findFamily("ib-fat-tree");
    QVERIFY(gallery.form()
                ->editor(indexOfKey(family, "radix"))
                ->toolTip()
                .endsWith(QLatin1String("An even number from 4 to 128.")));
    // Back on the list, no field is described.
    families->setFocus(Qt::BacktabFocusReason);
    QTRY_COMPARE(gallery.fieldHelpText(), QString());
}

void TestGallery::regenerateTypesOverTheFirstValue()
{
    // Regenerate opened with the caret before Tiers' "2": typing "3" made "32", past the
    // maximum, so the field refused it and kept 2.
    QWidget window;
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    TemplateGallery regenerate(&window);
    regenerate.setFixedFamily("ib-fat-tree", nlohmann::json { { "tiers", 2 } });
    regenerate.show();
    regenerate.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&regenerate));
    const gen::FamilyInfo &family = *gen::findFamily("ib-fat-tree");
    QWidget *tiers = regenerate.form()->editor(indexOfKey(family, "tiers"));
    QTRY_VERIFY(tiers->hasFocus());
    QTest::keyClicks(tiers, QStringLiteral("3"));
    QCOMPARE(regenerate.form()->value(indexOfKey(family, "tiers")).toInt(), 3);
    QVERIFY(regenerate.fieldHelpText().contains(QLatin1String("(tiers)")));
}

QTEST_MAIN(TestGallery)
#include "tst_gallery.moc"
