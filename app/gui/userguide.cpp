// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "userguide.h"

#include "datafolder.h"
#include "prompts.h"

#include <QAction>
#include <QCache>
#include <QDesktopServices>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QImage>
#include <QImageReader>
#include <QLineEdit>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextTable>
#include <QToolBar>
#include <QUrlQuery>
#include <QVBoxLayout>

#include <vector>

namespace fabric::app {
namespace {

/// A picture shrunk to WxH is asked for as "NAME?fit=WxH": the browser decodes NAME and scales
/// it smoothly (the document's own scaling when it draws is nearest-pixel: text in a shrunk
/// chart broke up).
constexpr QLatin1String kFitKey("fit");

/// Shrunk pictures kept between pages, in KiB: the guide's 33 screenshots at a reading width.
constexpr int kFittedCacheKiB = 96 * 1024;

class GuideBrowser : public QTextBrowser
{
public:
    explicit GuideBrowser(QWidget *parent)
        : QTextBrowser(parent)
        , mFitted(kFittedCacheKiB)
    {
    }

    QVariant loadResource(int type, const QUrl &name) override
    {
        const QString fit = QUrlQuery(name).queryItemValue(kFitKey);
        if (type != QTextDocument::ImageResource || fit.isEmpty())
            return QTextBrowser::loadResource(type, name);
        // Each page is a new document that asks for its pictures again: decoding and scaling
        // the guide's 50 megapixels of screenshots each time would freeze the window for 6 to
        // 9 s on going Back to it.
        if (const QImage *kept = mFitted.object(name))
            return *kept;
        const QStringList wh = fit.split(QLatin1Char('x'));
        const QSize size = wh.size() == 2 ? QSize(wh[0].toInt(), wh[1].toInt()) : QSize();
        const QVariant whole = QTextBrowser::loadResource(type, name.adjusted(QUrl::RemoveQuery));
        QImage image = whole.value<QImage>();
        if (image.isNull())
            image = QImage::fromData(whole.toByteArray());
        if (image.isNull() || size.isEmpty())
            return whole;
        ++mDecoded;
        auto *fitted
            = new QImage(image.scaled(size, Qt::IgnoreAspectRatio, Qt::SmoothTransformation));
        const QImage shown = *fitted;
        mFitted.insert(name, fitted, int(std::max<qsizetype>(1, fitted->sizeInBytes() / 1024)));
        return shown;
    }

    int decoded() const { return mDecoded; }

private:
    QCache<QUrl, QImage> mFitted; ///< "NAME?fit=WxH" -> the picture at that size
    int mDecoded = 0;
};

/// Code blocks wrap at the window's width: in presentation mode's larger text a long command
/// line widened the page, which then scrolled sideways.
void wrapCodeBlocks(QTextDocument *doc)
{
    QTextCursor cursor(doc);
    QTextBlockFormat wraps;
    wraps.setNonBreakableLines(false);
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
        if (!block.blockFormat().nonBreakableLines())
            continue;
        cursor.setPosition(block.position());
        cursor.mergeBlockFormat(wraps);
    }
}

} // namespace

UserGuideWindow::UserGuideWindow(QWidget *parent)
    : QWidget(parent, Qt::Window)
{
    setObjectName(QStringLiteral("userGuide"));
    setAttribute(Qt::WA_DeleteOnClose);
    mBrowser = new GuideBrowser(this);
    mBrowser->setObjectName(QStringLiteral("userGuideBrowser"));
    mBrowser->setOpenLinks(false);
    mBrowser->viewport()->installEventFilter(this);
    auto *bar = new QToolBar(this);
    QAction *back = bar->addAction(tr("Back"), mBrowser, &QTextBrowser::backward);
    back->setShortcut(QKeySequence::Back);
    back->setEnabled(false);
    QAction *forward = bar->addAction(tr("Forward"), mBrowser, &QTextBrowser::forward);
    forward->setShortcut(QKeySequence::Forward);
    forward->setEnabled(false);
    QAction *contents = bar->addAction(tr("Contents"), this, [this] { showPage(contentsPage()); });
    contents->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Home));
    connect(mBrowser, &QTextBrowser::backwardAvailable, back, &QAction::setEnabled);
    connect(mBrowser, &QTextBrowser::forwardAvailable, forward, &QAction::setEnabled);
    connect(mBrowser, &QTextBrowser::anchorClicked, this, &UserGuideWindow::follow);
    // source() is not yet the new page while this signal is delivered: keep its URL.
    connect(mBrowser, &QTextBrowser::sourceChanged, this, [this](const QUrl &page) {
        mPage = page;
        mBrowser->document()->setUndoRedoEnabled(false);
        wrapCodeBlocks(mBrowser->document());
        fitPictures();
        anchorHeadings();
        if (page.hasFragment())
            mBrowser->scrollToAnchor(page.fragment());
        // A Markdown page's title is its first heading.
        const QString title = mBrowser->document()->begin().text();
        setWindowTitle(
            title.isEmpty() ? tr("FabricScope Help") : tr("%1 — FabricScope Help").arg(title));
    });
    addFindField(bar);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(bar);
    layout->addWidget(mBrowser);
    setWindowTitle(tr("FabricScope Help"));
    // Reading width, as tall as the screen allows.
    QSize room = screenRoom(parent);
    if (!room.isValid())
        room = QSize(1000, 800);
    resize(std::min(1000, room.width()), std::min(900, room.height()));
}

void UserGuideWindow::addFindField(QToolBar *bar)
{
    auto *spacer = new QWidget(bar);
    spacer->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    bar->addWidget(spacer);
    mFind = new QLineEdit(bar);
    mFind->setObjectName(QStringLiteral("userGuideFind"));
    mFind->setPlaceholderText(tr("Find in page (Ctrl+F)"));
    mFind->setClearButtonEnabled(true);
    mFind->setMaximumWidth(260);
    bar->addWidget(mFind);
    connect(mFind, &QLineEdit::returnPressed, this, [this] { findText(mFind->text()); });
    connect(mFind, &QLineEdit::textEdited, this, [this] { mFind->setStyleSheet({}); });
    auto *find = new QAction(tr("Find"), this);
    find->setShortcut(QKeySequence::Find);
    connect(find, &QAction::triggered, this, [this] {
        mFind->setFocus();
        mFind->selectAll();
    });
    auto *next = new QAction(tr("Find Next"), this);
    next->setShortcut(QKeySequence::FindNext);
    connect(next, &QAction::triggered, this, [this] { findText(mFind->text()); });
    auto *previous = new QAction(tr("Find Previous"), this);
    previous->setShortcut(QKeySequence::FindPrevious);
    connect(previous, &QAction::triggered, this, [this] { findText(mFind->text(), true); });
    auto *close = new QAction(tr("Close"), this);
    close->setShortcuts(QKeySequence::Close); // Ctrl+W as well as Ctrl+F4
    connect(close, &QAction::triggered, this, &QWidget::close);
    // Escape closes a help window, as everywhere; a search being typed is left first, as in a
    // browser's find bar, so a reader who meant to clear it keeps the page.
    auto *escape = new QAction(tr("Close or Leave Find"), this);
    escape->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(escape, &QAction::triggered, this, [this] {
        if (mFind->hasFocus() && !mFind->text().isEmpty()) {
            mFind->clear();
            mFind->setStyleSheet({});
            mBrowser->setFocus();
        } else {
            QWidget::close();
        }
    });
    addActions({ find, next, previous, close, escape });
}

int UserGuideWindow::picturesDecoded() const
{
    return static_cast<const GuideBrowser *>(mBrowser)->decoded();
}

QString UserGuideWindow::guideFolder()
{
    return dataFolder(QStringLiteral("fabricscope/guide"));
}

bool UserGuideWindow::showPage(const QString &page)
{
    const QString folder = guideFolder();
    if (folder.isEmpty()) {
        mBrowser->setMarkdown(tr("# The user guide is not installed\n\nFabricScope looked for "
                                 "`share/fabricscope/guide` beside the program and in the XDG data "
                                 "folders. Reinstall the package, or read the guide in the "
                                 "source's `docs/` folder."));
        return false;
    }
    const QString path = QDir(folder).filePath(page);
    if (!QFileInfo(path).isFile()) {
        mBrowser->setMarkdown(
            tr("# No such page\n\nThe user guide in `%1` has no page `%2`.").arg(folder, page));
        return false;
    }
    mBrowser->setSource(QUrl::fromLocalFile(path));
    return true;
}

bool UserGuideWindow::findText(const QString &text, bool backwards)
{
    if (text.isEmpty())
        return false;
    const QTextDocument::FindFlags flags
        = backwards ? QTextDocument::FindBackward : QTextDocument::FindFlags();
    bool found = mBrowser->find(text, flags);
    if (!found) { // round the end
        const QTextCursor where = mBrowser->textCursor();
        const int scrolled = mBrowser->verticalScrollBar()->value();
        QTextCursor cursor = where;
        cursor.movePosition(backwards ? QTextCursor::End : QTextCursor::Start);
        mBrowser->setTextCursor(cursor);
        found = mBrowser->find(text, flags);
        // Nowhere in the page: the reader stays where they were, not at the top of the guide.
        if (!found) {
            mBrowser->setTextCursor(where);
            mBrowser->verticalScrollBar()->setValue(scrolled);
        }
    }
    mFind->setStyleSheet(found ? QString() : QStringLiteral("QLineEdit { background: #f8d7d4; }"));
    return found;
}

void UserGuideWindow::follow(const QUrl &link)
{
    // A page of the guide, or a section of one (of this one: "#limits").
    const QUrl target = mBrowser->source().resolved(link);
    if (target.isLocalFile() && target.path().endsWith(QLatin1String(".md"))
        && QFileInfo(target.toLocalFile()).isFile()) {
        mBrowser->setSource(target);
        return;
    }
    QDesktopServices::openUrl(target);
}

bool UserGuideWindow::eventFilter(QObject *watched, QEvent *event)
{
    // The viewport's own size: the window's resize comes before its layout sizes the browser.
    if (watched == mBrowser->viewport() && event->type() == QEvent::Resize)
        fitPictures();
    return QWidget::eventFilter(watched, event);
}

QString UserGuideWindow::headingAnchor(const QString &heading)
{
    QString anchor;
    for (const QChar c : heading.trimmed()) {
        if (c.isLetterOrNumber() || c == QLatin1Char('_'))
            anchor += c.toLower();
        else if (c == QLatin1Char(' ') || c == QLatin1Char('-'))
            anchor += QLatin1Char('-');
    }
    return anchor;
}

void UserGuideWindow::anchorHeadings()
{
    QTextDocument *doc = mBrowser->document();
    QTextCursor cursor(doc);
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
        if (block.blockFormat().headingLevel() == 0 || block.text().isEmpty())
            continue;
        QTextCharFormat named;
        named.setAnchor(true);
        named.setAnchorNames({ headingAnchor(block.text()) });
        cursor.setPosition(block.position());
        cursor.setPosition(block.position() + block.length() - 1, QTextCursor::KeepAnchor);
        cursor.mergeCharFormat(named);
    }
}

QSize UserGuideWindow::naturalSize(const QString &name)
{
    const QUrl url = mPage.resolved(QUrl(name));
    auto it = mNaturalSizes.find(url);
    if (it == mNaturalSizes.end())
        it = mNaturalSizes.insert(
            url, url.isLocalFile() ? QImageReader(url.toLocalFile()).size() : QSize());
    return *it;
}

void UserGuideWindow::fitPictures()
{
    QTextDocument *doc = mBrowser->document();
    const double margin
        = 2 * doc->documentMargin() + mBrowser->verticalScrollBar()->sizeHint().width();
    const double width = std::max(100.0, mBrowser->viewport()->width() - margin);
    struct Fit
    {
        int position, length;
        QTextImageFormat format;
    };
    std::vector<Fit> fits; // applied after the walk: a format change splits fragments
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            QTextImageFormat format = fragment.charFormat().toImageFormat();
            if (!format.isValid())
                continue;
            const QString name = QUrl(format.name()).adjusted(QUrl::RemoveQuery).toString();
            const QSize natural = naturalSize(name);
            if (natural.isEmpty())
                continue;
            // A picture in a table shares the width with the table's other columns. Widths
            // step by 16 px, so resizing the window decodes a picture again only now and then.
            const QTextTable *table = QTextCursor(block).currentTable();
            const double room = table ? width / table->columns() - 16 : width;
            QSize fitted = natural;
            QString fittedName = name;
            if (room < natural.width()) {
                fitted.setWidth(std::max(16, static_cast<int>(room) / 16 * 16));
                fitted.setHeight(std::max(
                    1, qRound(double(natural.height()) * fitted.width() / natural.width())));
                fittedName = QStringLiteral("%1?%2=%3x%4")
                                 .arg(name, kFitKey)
                                 .arg(fitted.width())
                                 .arg(fitted.height());
            }
            if (format.name() == fittedName && format.width() == fitted.width())
                continue;
            format.setName(fittedName);
            format.setWidth(fitted.width());
            format.setHeight(fitted.height());
            fits.push_back({ fragment.position(), fragment.length(), format });
        }
    }
    QTextCursor cursor(doc);
    for (const Fit &fit : fits) {
        cursor.setPosition(fit.position);
        cursor.setPosition(fit.position + fit.length, QTextCursor::KeepAnchor);
        cursor.setCharFormat(fit.format);
    }
}

} // namespace fabric::app
