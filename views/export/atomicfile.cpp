// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "atomicfile.h"

#include "io/atomicwrite.h"
#include "model/error.h"

#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QObject>

#include <ostream>

namespace fabric::views {

bool writeFileAtomically(const QString &fileName, const QByteArray &data, QString *error)
{
    try {
        io::saveAtomically(QFile::encodeName(fileName).toStdString(), [&](std::ostream &out) {
            out.write(data.constData(), data.size());
        });
        return true;
    } catch (const UserError &e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
}

bool writeRendered(const QString &fileName, const std::function<bool(QIODevice &)> &render,
                   QString *error)
{
    QByteArray data;
    QBuffer buffer(&data);
    buffer.open(QIODevice::WriteOnly);
    if (!render(buffer)) {
        if (error)
            *error = QObject::tr("%1: cannot render the picture").arg(fileName);
        return false;
    }
    buffer.close();
    return writeFileAtomically(fileName, data, error);
}

bool writePng(const QString &fileName, const QImage &image, QString *error)
{
    return writeRendered(
        fileName, [&](QIODevice &device) { return image.save(&device, "PNG"); }, error);
}

} // namespace fabric::views
