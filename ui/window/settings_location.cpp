#include "ui/window/settings_location.h"

#include <sys/stat.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <memory>

namespace syncscope {

namespace {

// Why `path` cannot be a settings file, or empty when it is absent or a regular file.
QString problemWith(const QString& path) {
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0 || S_ISREG(st.st_mode))
        return {};
    if (S_ISDIR(st.st_mode))
        return QStringLiteral("a directory");
    if (S_ISFIFO(st.st_mode))
        return QStringLiteral("a pipe (FIFO)");
    if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode))
        return QStringLiteral("a device");
    if (S_ISSOCK(st.st_mode))
        return QStringLiteral("a socket");
    return QStringLiteral("not a plain file");
}

}  // namespace

QString SettingsLocation::guard() {
    const QString organization = QCoreApplication::organizationName();
    const QString application = QCoreApplication::applicationName();
    // The files QSettings (native format, both scopes) reads on Linux: the application's and the
    // organization-wide fallback, in the user's config folder and in each system one.
    QStringList folders = QStandardPaths::standardLocations(QStandardPaths::GenericConfigLocation);
    for (const QString& folder : folders) {
        const QStringList files{QDir(folder).filePath(organization + QLatin1Char('/') +
                                                      application + QStringLiteral(".conf")),
                                QDir(folder).filePath(organization + QStringLiteral(".conf"))};
        for (const QString& file : files) {
            const QString problem = problemWith(file);
            if (problem.isEmpty())
                continue;
            // Held for the process's life; removed with everything in it at exit.
            static std::unique_ptr<QTemporaryDir> private_folder;
            private_folder = std::make_unique<QTemporaryDir>();
            QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope,
                               private_folder->path());
            QSettings::setPath(QSettings::NativeFormat, QSettings::SystemScope,
                               private_folder->path());
            return QStringLiteral(
                       "the settings file %1 is %2, not a regular file; it is ignored, "
                       "and settings are not saved this session")
                .arg(QDir::toNativeSeparators(file), problem);
        }
    }
    return {};
}

}  // namespace syncscope
