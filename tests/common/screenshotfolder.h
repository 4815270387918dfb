// SPDX-FileCopyrightText: 2026 FabricScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Where the tests that render docs/screenshots put their pictures: the folder
// FABRICSCOPE_SCREENSHOTS names (to refresh the docs), else a temporary folder. Either way the
// pictures are rendered and checked on every run, so a broken picture fails a test instead of
// being skipped.

#include "exportchecks.h"

#include <QDir>
#include <QImage>
#include <QString>
#include <QTemporaryDir>

namespace fabric::testing {

class ScreenshotFolder
{
public:
    ScreenshotFolder()
        : mPath(qEnvironmentVariable("FABRICSCOPE_SCREENSHOTS"))
    {
        if (mPath.isEmpty())
            mPath = mTemporary.path();
        QDir().mkpath(mPath);
    }

    QString file(const QString &name) const { return QDir(mPath).filePath(name); }

    /// Saves @p image as @p name; "" when it was written and reads back as a picture with some
    /// detail, else what is wrong.
    QString save(const QImage &image, const QString &name) const
    {
        if (image.isNull() || !image.save(file(name)))
            return name + QStringLiteral(": not written");
        return check(name, image.size());
    }

    /// "" when the picture @p name was written at @p size with some detail in it.
    QString check(const QString &name, const QSize &size) const
    {
        const QImage back(file(name));
        if (back.isNull())
            return name + QStringLiteral(": does not read back");
        if (size.isValid() && back.size() != size)
            return name + QStringLiteral(": wrong size");
        if (colourCount(back) <= 16)
            return name + QStringLiteral(": (nearly) blank");
        return {};
    }

private:
    QTemporaryDir mTemporary;
    QString mPath;
};

} // namespace fabric::testing
