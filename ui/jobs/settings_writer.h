#pragma once

#include <QString>
#include <QVariant>
#include <condition_variable>
#include <mutex>
#include <utility>
#include <vector>

#include "ui/jobs/job_tracker.h"

namespace syncscope {

// Writes QSettings values on a worker thread, in the order given. QSettings saves through
// QSaveFile, which fsyncs; right after a big file was written (a trace saved or exported, a
// download) that fsync waited 0.5 s for the disk, on the GUI thread, in the middle of opening a
// trace (issue 14: no frame over 50 ms during a load). QSettings is reentrant, so a QSettings of
// its own on another thread is safe, even on the same file.
//
// One per process, so that a reader can wait for what a writer queued: flush() before reading a
// key that setValue() may still be writing.
class SettingsWriter final {
public:
    static SettingsWriter& instance();

    SettingsWriter(const SettingsWriter&) = delete;
    SettingsWriter& operator=(const SettingsWriter&) = delete;

    // Queues `key` = `value`; returns at once.
    void setValue(const QString& key, const QVariant& value);
    // Blocks until everything queued so far is written and synced.
    void flush();

private:
    SettingsWriter() = default;
    // Drains the queue on a worker thread, one value after another.
    void drain();

    std::mutex mutex_;
    std::condition_variable idle_;
    std::vector<std::pair<QString, QVariant>> pending_;
    bool writing_ = false;
    // One value after another, in order: a tracker of its own, one job at a time.
    JobTracker writer_{JobTracker::Concurrency::OneAtATime};
};

}  // namespace syncscope
