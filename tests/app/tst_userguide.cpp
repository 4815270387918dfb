// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// Help > User Guide: the guide's pages in a window of their own, pictures fitted to it, links
// between pages followed, and every link and picture of every page leading to a file.

#include "fakeprompts.h"
#include "mainwindow.h"
#include "userguide.h"

#include <QAbstractTextDocumentLayout>
#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QImageReader>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextTable>
#include <QtTest>

using namespace fabric::app;

namespace {

struct Picture
{
    QString name;
    double width;
    bool inTable;
};

/// Every picture of @p doc with the width it is drawn at.
std::vector<Picture> picturesOf(const QTextDocument &doc)
{
    std::vector<Picture> out;
    for (QTextBlock block = doc.begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextImageFormat format = it.fragment().charFormat().toImageFormat();
            if (format.isValid())
                out.push_back({ format.name(), format.width(),
                    QTextCursor(block).currentTable() != nullptr });
        }
    return out;
}

QString fileOf(const QTextBrowser &browser)
{
    return QFileInfo(browser.source().toLocalFile()).fileName();
}

/// The anchors of the headings of the Markdown page @p path, as the guide names them.
QStringList headingAnchorsOf(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QTextDocument doc;
    doc.setMarkdown(QString::fromUtf8(file.readAll()));
    QStringList anchors;
    for (QTextBlock block = doc.begin(); block.isValid(); block = block.next())
        if (block.blockFormat().headingLevel() > 0)
            anchors << UserGuideWindow::headingAnchor(block.text());
    return anchors;
}

/// Shows @p guide on its contents page; false when the window or the page did not come up.
bool showContents(UserGuideWindow &guide)
{
    guide.show();
    return QTest::qWaitForWindowExposed(&guide) && guide.showPage(UserGuideWindow::contentsPage());
}

} // namespace

class TestUserGuide : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void f1OpensTheGuideBesideTheWindow();
    void presentationModeEnlargesTheGuide();
    void picturesFitTheWindow();
    void linksBetweenPagesAreFollowed();
    void aMissingPageIsSaid();
    void findGoesRoundThePage();
    void everyLinkAndPictureOfTheGuideExists();
    void everyMenuCommandIsInTheGuide();
};

void TestUserGuide::f1OpensTheGuideBesideTheWindow()
{
    MainWindow window;
    window.setPrompts(std::make_unique<FakePrompts>());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *action = window.findChild<QAction *>(QStringLiteral("actionUserGuide"));
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(QKeySequence::HelpContents));
    QVERIFY(!window.findChild<UserGuideWindow *>());
    action->trigger();
    auto *guide = window.findChild<UserGuideWindow *>();
    QVERIFY(guide);
    QVERIFY(guide->isVisible());
    QVERIFY(guide->isWindow()); // its own window: the fabric stays in view beside it
    QCOMPARE(fileOf(*guide->browser()), QStringLiteral("user-guide.md"));
    QCOMPARE(
        guide->browser()->document()->begin().text(), QStringLiteral("FabricScope user guide"));
    QCOMPARE(guide->windowTitle(), QStringLiteral("FabricScope user guide — FabricScope Help"));
    // Again: the same window, raised, not a second one.
    action->trigger();
    QCOMPARE(window.findChildren<UserGuideWindow *>().size(), 1);
    // The shortcuts keep a key of their own.
    auto *shortcuts = window.findChild<QAction *>(QStringLiteral("actionShortcuts"));
    QVERIFY(shortcuts && !shortcuts->shortcut().isEmpty());
    QVERIFY(shortcuts->shortcut() != action->shortcut());
    // Ctrl+W closes it, which deletes it; F1 then opens a new one.
    guide->activateWindow();
    QTRY_COMPARE(QApplication::activeWindow(), guide);
    QTest::keyClick(guide, Qt::Key_W, Qt::ControlModifier);
    QTRY_VERIFY(!window.findChild<UserGuideWindow *>());
    action->trigger();
    QVERIFY(window.findChild<UserGuideWindow *>());
    QVERIFY(window.findChild<UserGuideWindow *>()->isVisible());
}

void TestUserGuide::presentationModeEnlargesTheGuide()
{
    // Open before presentation mode or opened during it, the guide's text grows with the
    // window's: it kept the small size, the one text on the projector nobody could read.
    MainWindow window;
    window.setPrompts(std::make_unique<FakePrompts>());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.findChild<QAction *>(QStringLiteral("actionUserGuide"))->trigger();
    auto *guide = window.findChild<UserGuideWindow *>();
    QVERIFY(guide);
    const double normal = guide->browser()->font().pointSizeF();
    auto *presentation = window.findChild<QAction *>(QStringLiteral("actionPresentation"));
    QVERIFY(presentation);
    presentation->trigger();
    QTRY_VERIFY(guide->browser()->font().pointSizeF() > 1.2 * normal);
    // Code blocks wrap: the larger text's long command lines widened the page, which scrolled
    // sideways.
    QTRY_COMPARE(guide->browser()->horizontalScrollBar()->maximum(), 0);
    presentation->trigger();
    QTRY_COMPARE(guide->browser()->font().pointSizeF(), normal);
}

void TestUserGuide::picturesFitTheWindow()
{
    // In Help > User Guide's order: the page first, then the window shown.
    UserGuideWindow guide;
    QVERIFY(guide.showPage(UserGuideWindow::contentsPage()));
    guide.resize(900, 700);
    guide.show();
    QVERIFY(QTest::qWaitForWindowExposed(&guide));
    auto check = [&] {
        const double room = guide.browser()->viewport()->width();
        const std::vector<Picture> pictures = picturesOf(*guide.browser()->document());
        QVERIFY2(pictures.size() >= 20, qPrintable(QString::number(pictures.size())));
        int inTables = 0;
        for (const Picture &p : pictures) {
            // The guide's pictures are 1280 to 1920 pixels wide: each is shrunk, a picture in
            // the gallery's two columns to under half the room.
            QVERIFY2(p.width > 0 && p.width <= (p.inTable ? room / 2 : room),
                qPrintable(QStringLiteral("%1 at %2 in %3").arg(p.name).arg(p.width).arg(room)));
            inTables += p.inTable;
        }
        QVERIFY(inTables >= 2);
        // What is drawn is the picture scaled to that width (smoothly, once), not the whole
        // picture shrunk as it is painted.
        const QVariant first = guide.browser()->document()->resource(
            QTextDocument::ImageResource, QUrl(pictures.front().name));
        QCOMPARE(first.value<QImage>().width(), qRound(pictures.front().width));
        // Nothing but code runs past the right edge: no picture needs the horizontal scroll.
    };
    check();
    guide.resize(600, 700);
    QCoreApplication::processEvents();
    check();
    guide.resize(1400, 700);
    QCoreApplication::processEvents();
    check();
    // Shown again at the same width, a page's pictures come from memory: decoded and shrunk
    // anew each time, going Back to the guide froze the window for 6 to 9 seconds.
    const int decoded = guide.picturesDecoded();
    QVERIFY(decoded >= 20);
    QVERIFY(guide.showPage(QStringLiteral("formats.md")));
    QVERIFY(guide.showPage(UserGuideWindow::contentsPage()));
    QCoreApplication::processEvents();
    check();
    QCOMPARE(guide.picturesDecoded(), decoded);
}

void TestUserGuide::linksBetweenPagesAreFollowed()
{
    UserGuideWindow guide;
    QVERIFY(showContents(guide));
    QTextBrowser *browser = guide.browser();
    // A click on a link to another page (what QTextBrowser emits for it).
    Q_EMIT browser->anchorClicked(QUrl(QStringLiteral("lessons.md")));
    QCOMPARE(fileOf(*browser), QStringLiteral("lessons.md"));
    QVERIFY(browser->document()->begin().text().contains(QStringLiteral("Lessons")));
    QVERIFY(guide.windowTitle().startsWith(browser->document()->begin().text()));
    // A link with a section goes to that page, scrolled to the section's heading.
    Q_EMIT browser->anchorClicked(
        QUrl(QStringLiteral("simulation.md#spare-cubes-and-ocs-rerouting")));
    QCOMPARE(fileOf(*browser), QStringLiteral("simulation.md"));
    QTextBlock heading = browser->document()->begin();
    while (heading.isValid() && heading.text() != QStringLiteral("Spare cubes and OCS rerouting"))
        heading = heading.next();
    QVERIFY(heading.isValid() && heading.blockFormat().headingLevel() > 0);
    const double headingTop
        = browser->document()->documentLayout()->blockBoundingRect(heading).top();
    QVERIFY(headingTop > 1000); // far down the page
    QTRY_VERIFY2(std::abs(browser->verticalScrollBar()->value() - headingTop) < 20,
        qPrintable(QStringLiteral("%1 against %2")
                       .arg(browser->verticalScrollBar()->value())
                       .arg(headingTop)));
    // A section of the page shown ("#limits" in format.md).
    Q_EMIT browser->anchorClicked(QUrl(QStringLiteral("format.md")));
    QCOMPARE(browser->verticalScrollBar()->value(), 0);
    Q_EMIT browser->anchorClicked(QUrl(QStringLiteral("#limits")));
    QCOMPARE(fileOf(*browser), QStringLiteral("format.md"));
    QTRY_VERIFY(browser->verticalScrollBar()->value() > 1000);
    browser->backward();
    browser->backward();
    QCOMPARE(fileOf(*browser), QStringLiteral("simulation.md"));
    browser->backward();
    QCOMPARE(fileOf(*browser), QStringLiteral("lessons.md"));
    browser->backward();
    QCOMPARE(fileOf(*browser), QStringLiteral("user-guide.md"));
    browser->forward();
    QCOMPARE(fileOf(*browser), QStringLiteral("lessons.md"));
}

void TestUserGuide::aMissingPageIsSaid()
{
    UserGuideWindow guide;
    QVERIFY(!guide.showPage(QStringLiteral("no-such-page.md")));
    const QString shown = guide.browser()->toPlainText();
    QVERIFY2(shown.contains(QStringLiteral("no-such-page.md")), qPrintable(shown));
    QVERIFY2(shown.contains(UserGuideWindow::guideFolder()), qPrintable(shown));
}

void TestUserGuide::findGoesRoundThePage()
{
    UserGuideWindow guide;
    QVERIFY(showContents(guide));
    QTextBrowser *browser = guide.browser();
    // Ctrl+F puts the focus in the find field; Enter finds the first "presentation mode" (in
    // any case).
    QTest::keyClick(&guide, Qt::Key_F, Qt::ControlModifier);
    auto *field = guide.findChild<QLineEdit *>(QStringLiteral("userGuideFind"));
    QVERIFY(field);
    QTRY_VERIFY(field->hasFocus());
    QTest::keyClicks(field, QStringLiteral("Presentation Mode"));
    QTest::keyClick(field, Qt::Key_Return);
    const int first = browser->textCursor().selectionStart();
    QVERIFY(browser->textCursor().selectedText().compare(
                QStringLiteral("presentation mode"), Qt::CaseInsensitive)
        == 0);
    // F3 finds the next one further down; finding on from the last comes back to the first.
    QTest::keyClick(field, Qt::Key_F3);
    const int second = browser->textCursor().selectionStart();
    QVERIFY(second > first);
    int guard = 0;
    while (browser->textCursor().selectionStart() != first && ++guard < 100)
        QVERIFY(guide.findText(QStringLiteral("Presentation Mode")));
    QVERIFY(guard < 100);
    QVERIFY(guard > 2); // the guide says "presentation mode" many times
    // Shift+F3 goes back, round the start to the last one.
    QTest::keyClick(field, Qt::Key_F3, Qt::ShiftModifier);
    QVERIFY(browser->textCursor().selectionStart() > second);
    // Text the page does not have: said by the field's colour, the selection and the place in
    // the page kept (the page went back to its top, the reader lost).
    const int found = browser->textCursor().selectionStart();
    const int scrolled = browser->verticalScrollBar()->value();
    QVERIFY(scrolled > 0);
    QVERIFY(!guide.findText(QStringLiteral("no such words in the guide")));
    QVERIFY(!field->styleSheet().isEmpty());
    QCOMPARE(browser->textCursor().selectionStart(), found);
    QCOMPARE(browser->verticalScrollBar()->value(), scrolled);
    QTest::keyClicks(field, QStringLiteral("x"));
    QVERIFY(field->styleSheet().isEmpty());
    // Escape leaves a search first (the page stays open), then closes the window.
    guide.show();
    QVERIFY(QTest::qWaitForWindowExposed(&guide));
    guide.activateWindow();
    QTRY_VERIFY(field->hasFocus());
    QTest::keyClick(field, Qt::Key_Escape);
    QVERIFY(field->text().isEmpty());
    QVERIFY(guide.isVisible());
    QTRY_VERIFY(browser->hasFocus());
    QTest::keyClick(browser, Qt::Key_Escape);
    QTRY_VERIFY(!guide.isVisible());
}

void TestUserGuide::everyLinkAndPictureOfTheGuideExists()
{
    const QDir folder(UserGuideWindow::guideFolder());
    QVERIFY2(folder.exists(), qPrintable(folder.path()));
    const QStringList pages = folder.entryList({ QStringLiteral("*.md") }, QDir::Files);
    QVERIFY(pages.size() >= 10);
    int links = 0, pictures = 0;
    for (const QString &page : pages) {
        QFile file(folder.filePath(page));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString markdown = QString::fromUtf8(file.readAll());
        QTextDocument doc;
        doc.setMarkdown(markdown);
        int picturesOfPage = 0;
        const QUrl base = QUrl::fromLocalFile(folder.filePath(page));
        for (QTextBlock block = doc.begin(); block.isValid(); block = block.next())
            for (auto it = block.begin(); !it.atEnd(); ++it) {
                const QTextCharFormat format = it.fragment().charFormat();
                QString target;
                if (format.isImageFormat()) {
                    target = format.toImageFormat().name();
                    const QUrl url = base.resolved(QUrl(target));
                    QVERIFY2(QImageReader(url.toLocalFile()).size().isValid(),
                        qPrintable(QStringLiteral("%1: picture %2").arg(page, target)));
                    ++pictures;
                    ++picturesOfPage;
                    continue;
                }
                if (!format.isAnchor())
                    continue;
                const QUrl link(format.anchorHref());
                if (!link.scheme().isEmpty() || link.path().isEmpty())
                    continue; // the web, or a section of this page
                const QUrl url = base.resolved(link);
                QVERIFY2(QFileInfo::exists(url.toLocalFile()),
                    qPrintable(QStringLiteral("%1: link %2").arg(page, link.toString())));
                // A section is a heading of its page.
                if (link.hasFragment())
                    QVERIFY2(headingAnchorsOf(url.toLocalFile()).contains(link.fragment()),
                        qPrintable(
                            QStringLiteral("%1: no section for %2").arg(page, link.toString())));
                ++links;
            }
        // Qt draws a picture once per line of its description: a description must be one line.
        QVERIFY2(picturesOfPage == int(markdown.count(QStringLiteral("!["))),
            qPrintable(QStringLiteral("%1: %2 pictures drawn for %3 in the text")
                           .arg(page)
                           .arg(picturesOfPage)
                           .arg(markdown.count(QStringLiteral("![")))));
    }
    QVERIFY2(links >= 30 && pictures >= 30,
        qPrintable(QStringLiteral("%1 links, %2 pictures").arg(links).arg(pictures)));
}

void TestUserGuide::everyMenuCommandIsInTheGuide()
{
    // The user guide names every command of the menus, so none is there for a user to find by
    // chance (the Simulation menu's exports were described nowhere).
    QFile file(QDir(UserGuideWindow::guideFolder()).filePath(UserGuideWindow::contentsPage()));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString guide = QString::fromUtf8(file.readAll());
    MainWindow window;
    window.setPrompts(std::make_unique<FakePrompts>());
    QStringList missing;
    int commands = 0;
    for (QAction *top : window.menuBar()->actions()) {
        QMenu *menu = top->menu();
        if (!menu)
            continue;
        const QString menuName = top->text().remove(QLatin1Char('&'));
        for (QAction *a : menu->actions()) {
            if (a->isSeparator() || a->text().isEmpty())
                continue;
            QString name = a->text().remove(QLatin1Char('&'));
            name.remove(QStringLiteral("...")).remove(QChar(0x2026));
            ++commands;
            // Named as it is in the menu, or as the second of a pair ("Edit > Undo / Redo").
            const QRegularExpression named(
                QRegularExpression::escape(menuName + QStringLiteral(" > "))
                + QStringLiteral("([^|\n]* / )?") + QRegularExpression::escape(name));
            if (!guide.contains(named))
                missing << menuName + QStringLiteral(" > ") + name;
        }
    }
    QVERIFY(commands > 30);
    QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QStringLiteral("; "))));
}

QTEST_MAIN(TestUserGuide)
#include "tst_userguide.moc"
