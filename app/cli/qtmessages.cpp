// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "qtmessages.h"

#include <QString>

#include <cstdio>

namespace fabric::cli {
namespace {

void verboseHandler(QtMsgType, const QMessageLogContext &, const QString &message)
{
    std::fprintf(stderr, "qt: %s\n", qPrintable(message));
}

void quietHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type == QtFatalMsg)
        verboseHandler(type, context, message);
}

QtMessageHandler handlerFor(bool verbose)
{
    return verbose ? verboseHandler : quietHandler;
}

} // namespace

QtMessageRoute::QtMessageRoute(bool verbose)
    : mPrevious(qInstallMessageHandler(handlerFor(verbose)))
{}

QtMessageRoute::~QtMessageRoute()
{
    qInstallMessageHandler(mPrevious);
}

void routeQtMessagesUntilExit(bool verbose)
{
    qInstallMessageHandler(handlerFor(verbose));
}

} // namespace fabric::cli
