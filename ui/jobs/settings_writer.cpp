#include "ui/jobs/settings_writer.h"

#include <QCoreApplication>
#include <QSettings>

namespace syncscope {

SettingsWriter& SettingsWriter::instance() {
    static SettingsWriter writer;
    // What the window wrote as it closed is written while the application still exists: a
    // write of a big settings file could otherwise still be running in QSettings after
    // QCoreApplication was gone (from the static destructor, which waits for it).
    static const bool flushed_at_exit = [] {
        qAddPostRoutine([] { SettingsWriter::instance().flush(); });
        return true;
    }();
    (void)flushed_at_exit;
    return writer;
}

void SettingsWriter::setValue(const QString& key, const QVariant& value) {
    std::lock_guard lock(mutex_);
    pending_.emplace_back(key, value);
    if (writing_)
        return;  // the running drain picks it up
    writing_ = true;
    writer_.detach([this] { drain(); });
}

void SettingsWriter::drain() {
    std::unique_lock lock(mutex_);
    while (!pending_.empty()) {
        auto batch = std::exchange(pending_, {});
        lock.unlock();
        {
            QSettings settings;
            for (const auto& [key, value] : batch)
                settings.setValue(key, value);
        }  // the destructor syncs
        lock.lock();
    }
    writing_ = false;
    idle_.notify_all();
}

void SettingsWriter::flush() {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [this] { return !writing_; });
}

}  // namespace syncscope
