#include "ui/files/recent_files.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

#include "ui/jobs/settings_writer.h"

namespace syncscope {

namespace {
const char* const kKey = "recentFiles";
}

RecentFiles::RecentFiles(QMenu* menu, QObject* parent) : QObject(parent), menu_(menu) {
    // What another window queued is on disk before this one reads it.
    SettingsWriter::instance().flush();
    files_ = QSettings().value(kKey).toStringList();
    while (files_.size() > kMaxEntries)
        files_.removeLast();
    rebuildMenu();
}

RecentFiles::~RecentFiles() {
    // Nothing queued is lost when the window closes, nor written after the application is gone.
    SettingsWriter::instance().flush();
}

void RecentFiles::add(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files_.removeAll(absolute);
    files_.prepend(absolute);
    while (files_.size() > kMaxEntries)
        files_.removeLast();
    save();
    rebuildMenu();
}

void RecentFiles::remove(const QString& path) {
    files_.removeAll(QFileInfo(path).absoluteFilePath());
    save();
    rebuildMenu();
}

void RecentFiles::save() const {
    // Opening a file must not wait for the disk: the write and its fsync run on a worker.
    SettingsWriter::instance().setValue(QString::fromLatin1(kKey), files_);
}

void RecentFiles::rebuildMenu() {
    menu_->clear();
    int n = 1;
    for (const QString& file : std::as_const(files_)) {
        const QString label = n < 10
                                  ? QStringLiteral("&%1  %2").arg(n).arg(QFileInfo(file).fileName())
                                  : QFileInfo(file).fileName();
        QAction* action = menu_->addAction(label);
        action->setToolTip(QDir::toNativeSeparators(file));
        action->setStatusTip(QDir::toNativeSeparators(file));
        connect(action, &QAction::triggered, this, [this, file] { emit openRequested(file); });
        ++n;
    }
    if (files_.isEmpty()) {
        menu_->addAction(tr("(none)"))->setEnabled(false);
        return;
    }
    menu_->addSeparator();
    connect(menu_->addAction(tr("Clear list")), &QAction::triggered, this, [this] {
        files_.clear();
        save();
        rebuildMenu();
    });
}

}  // namespace syncscope
