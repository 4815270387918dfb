// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A window holding a text field and, under it, the widget under test, shown and active with the
// focus in the field: a Tab from there reaches the widget as a keyboard user's Tab would.

#include <QColor>
#include <QImage>
#include <QLineEdit>
#include <QTest>
#include <QVBoxLayout>
#include <QWidget>

namespace fabric::testing {

class TabFixture
{
public:
    TabFixture()
        : before(new QLineEdit(&window))
        , mLayout(new QVBoxLayout(&window))
    {
        mLayout->addWidget(before);
    }

    /// Puts @p widget, made with the window as its parent, under the field.
    void add(QWidget *widget) { mLayout->addWidget(widget); }

    /// Shows the window at @p size, active, with the focus in the field; false when it is not.
    bool show(QSize size)
    {
        window.resize(size);
        window.show();
        if (!QTest::qWaitForWindowExposed(&window))
            return false;
        window.activateWindow();
        before->setFocus();
        return QTest::qWaitFor([this] { return before->hasFocus(); });
    }

    /// The top-left pixel of @p widget as shown: the highlight when its focus frame is drawn.
    static QColor corner(QWidget *widget) { return widget->grab().toImage().pixelColor(0, 0); }

    QWidget window;
    QLineEdit *before;

private:
    QVBoxLayout *mLayout;
};

} // namespace fabric::testing
