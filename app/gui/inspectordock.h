// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "model/ids.h"

#include <QDockWidget>
#include <QPointer>

#include <vector>

class QLabel;
class QScrollArea;

namespace fabric::app {

class Document;
class PropertyForm;

/**
 * Edits every property of the selected nodes and links. A multi-selection is edited in bulk:
 * one change gives all selected items the value, as one undo step. Values are checked with
 * validate() first; a refused value shows why under the form and changes nothing.
 */
class InspectorDock : public QDockWidget
{
    Q_OBJECT
public:
    explicit InspectorDock(QWidget *parent = nullptr);

    void setDocument(Document *document);
    void setSelection(std::vector<NodeId> nodes, std::vector<LinkId> links);

    PropertyForm *nodeForm() const { return mNodeForm; }
    PropertyForm *linkForm() const { return mLinkForm; }
    /// Why the last edit was refused; empty after an accepted one.
    QString errorText() const;
    /// Whether the refusal's message is in view (tests).
    bool errorInView() const;

private:
    void refresh();
    void editNodes(int index, const QVariant &value);
    void editLinks(int index, const QVariant &value);
    void showError(const QString &message);

    QPointer<Document> mDocument;
    std::vector<NodeId> mNodes;
    std::vector<LinkId> mLinks;
    QLabel *mHeading;
    PropertyForm *mNodeForm;
    PropertyForm *mLinkForm;
    QLabel *mError;
    QScrollArea *mScroll = nullptr;
};

} // namespace fabric::app
