// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QSize>
#include <QUrl>
#include <QWidget>

class QLineEdit;
class QToolBar;
class QTextBrowser;

namespace fabric::app {

/**
 * Help > User Guide: the Markdown pages of docs/ (installed as share/fabricscope/guide) in a
 * window of its own, so the guide stays open beside the fabric it explains. Pictures shrink to
 * the window's width (a picture in a table to its column's share); links between pages are
 * followed in the window, with Back, Forward and Contents; web links and other files (a JSON
 * schema, a folder of pictures) open in the desktop's own programs. Ctrl+F finds text in the
 * page (Enter or F3 the next, Shift+F3 the one before, round the end). A link to a section
 * ("simulation.md#spare-cubes-and-ocs-rerouting") opens its page at that heading.
 */
class UserGuideWindow : public QWidget
{
    Q_OBJECT
public:
    explicit UserGuideWindow(QWidget *parent = nullptr);

    /// The folder of the guide's pages, found as dataFolder() finds installed data; empty when
    /// the guide is not installed.
    static QString guideFolder();
    /// The page the guide opens on.
    static QString contentsPage() { return QStringLiteral("user-guide.md"); }
    /// The anchor a link names a heading by, as GitHub makes it ("Spare cubes and OCS
    /// rerouting": "spare-cubes-and-ocs-rerouting").
    static QString headingAnchor(const QString &heading);

    /// Opens @p page of the guide's folder. Returns false, and says so in the window, when the
    /// guide or the page is missing.
    bool showPage(const QString &page);
    QTextBrowser *browser() const { return mBrowser; }
    /// Selects the next (or previous) @p text in the page from the cursor, round the end.
    /// Returns false, and tints the find field, when the page has none.
    bool findText(const QString &text, bool backwards = false);
    /// How many pictures were decoded and shrunk to their width so far (a page shown again at
    /// the same width decodes none).
    int picturesDecoded() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// The find field at the right of @p bar, and its keys (Ctrl+F, F3, Shift+F3), and Ctrl+W
    /// to close the window.
    void addFindField(QToolBar *bar);
    void follow(const QUrl &link);
    void fitPictures();
    /// Names every heading of the page by its headingAnchor(), which Qt's Markdown does not.
    void anchorHeadings();
    /// The size on disk of the picture @p name (relative to the page).
    QSize naturalSize(const QString &name);

    QTextBrowser *mBrowser = nullptr;
    QLineEdit *mFind = nullptr;
    QUrl mPage; ///< The page shown, which the pictures' names are relative to.
    QHash<QUrl, QSize> mNaturalSizes; ///< Picture -> its size on disk.
};

} // namespace fabric::app
