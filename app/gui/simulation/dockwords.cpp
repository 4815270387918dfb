// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "dockwords.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>

namespace fabric::app {
namespace {

/// The dock's row label for a command-line option of the scenario, or an empty string.
QString rowOf(const QString &option)
{
    static const QHash<QString, const char *> rows = {
        { QStringLiteral("collective"), QT_TRANSLATE_NOOP("SimulationDock", "Collective") },
        { QStringLiteral("algorithm"), QT_TRANSLATE_NOOP("SimulationDock", "Algorithm") },
        { QStringLiteral("bytes"), QT_TRANSLATE_NOOP("SimulationDock", "Size") },
        { QStringLiteral("ranks"), QT_TRANSLATE_NOOP("SimulationDock", "Ranks") },
        { QStringLiteral("placement"), QT_TRANSLATE_NOOP("SimulationDock", "Placement") },
        { QStringLiteral("routing"), QT_TRANSLATE_NOOP("SimulationDock", "Routing") },
        { QStringLiteral("qps"), QT_TRANSLATE_NOOP("SimulationDock", "QPs") },
        { QStringLiteral("seed"), QT_TRANSLATE_NOOP("SimulationDock", "Seed") },
        { QStringLiteral("fidelity"), QT_TRANSLATE_NOOP("SimulationDock", "Fidelity") },
        { QStringLiteral("max-memory"), QT_TRANSLATE_NOOP("SimulationDock", "Memory limit") },
        // A traffic file's run shows its file in the Collective box.
        { QStringLiteral("traffic"), QT_TRANSLATE_NOOP("SimulationDock", "Collective") },
    };
    const auto found = rows.constFind(option);
    return found == rows.constEnd() ? QString()
                                    : QCoreApplication::translate("SimulationDock", *found);
}

} // namespace

QString inDockWords(const QString &message)
{
    // "(--max-memory)" alone in parentheses points at a field; elsewhere "--ranks" is the field
    // itself ("--ranks: ...", "use --algorithm torus").
    static const QRegularExpression option(QStringLiteral("(\\()?--([a-z][a-z-]*)(\\))?"));
    QString out;
    qsizetype from = 0;
    for (auto it = option.globalMatch(message); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const QString row = rowOf(m.captured(2));
        if (row.isEmpty())
            continue;
        out += message.mid(from, m.capturedStart() - from);
        const bool pointer = m.hasCaptured(1) && m.hasCaptured(3);
        if (pointer)
            out += QCoreApplication::translate("SimulationDock", "(the %1 field)").arg(row);
        else
            out += m.captured(1) + row + m.captured(3);
        from = m.capturedEnd();
    }
    return out + message.mid(from);
}

} // namespace fabric::app
