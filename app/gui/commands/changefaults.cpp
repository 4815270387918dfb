// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "changefaults.h"

#include "common/qtstrings.h"
#include "document.h"

#include <QCoreApplication>

#include <algorithm>
#include <utility>

namespace fabric::app {

bool sameElement(const Fault &a, const Fault &b)
{
    Fault x = a, y = b;
    x.kept = y.kept = 0.0;
    return x == y;
}

const Fault *faultOn(const std::vector<Fault> &faults, const Fault &element)
{
    const auto it = std::find_if(faults.begin(), faults.end(),
        [&](const Fault &f) { return sameElement(f, element); });
    return it == faults.end() ? nullptr : &*it;
}

ChangeFaults::ChangeFaults(
    Document *document, std::vector<Fault> after, const QString &text, QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , mDocument(document)
    , mBefore(document->scenarios().faults)
    , mAfter(std::move(after))
{
}

ChangeFaults *ChangeFaults::inject(Document *document, const Fault &fault)
{
    std::vector<Fault> after = document->scenarios().faults;
    std::erase_if(after, [&](const Fault &f) { return sameElement(f, fault); });
    after.push_back(fault);
    const QString text = fault.failed()
        ? QCoreApplication::translate("ChangeFaults", "Fail %1")
        : QCoreApplication::translate("ChangeFaults", "Degrade %1");
    return new ChangeFaults(document, std::move(after), text.arg(views::toQString(toString(fault))));
}

ChangeFaults *ChangeFaults::restore(Document *document, const std::vector<Fault> &faults)
{
    std::vector<Fault> after = document->scenarios().faults;
    std::erase_if(after, [&](const Fault &f) { return faultOn(faults, f) != nullptr; });
    const QString what = faults.size() == 1
        ? views::toQString(toString(faults.front()))
        : QCoreApplication::translate("ChangeFaults", "%n faults", nullptr, int(faults.size()));
    return new ChangeFaults(document, std::move(after),
        QCoreApplication::translate("ChangeFaults", "Restore %1").arg(what));
}

ChangeFaults *ChangeFaults::restoreAll(Document *document)
{
    return new ChangeFaults(
        document, {}, QCoreApplication::translate("ChangeFaults", "Restore all faults"));
}

void ChangeFaults::apply(const std::vector<Fault> &faults)
{
    ScenarioList list = mDocument->scenarios();
    list.faults = faults;
    mDocument->setScenarios(list);
}

void ChangeFaults::undo()
{
    apply(mBefore);
}

void ChangeFaults::redo()
{
    apply(mAfter);
}

} // namespace fabric::app
