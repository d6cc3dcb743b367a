#pragma once

#include <QList>

#include "ui/record/record_request.h"

namespace syncscope {

// The commands File ▸ Record Program… recorded, newest first, with their folders, environments
// and options, kept in QSettings (written off the GUI thread, as the recent files are).
class RecentCommands final {
public:
    static constexpr int kMaxEntries = 10;

    RecentCommands();

    // Moves `request`'s command to the front (one entry per command, folder and environment).
    void add(const RecordRequest& request);
    void clear();
    const QList<RecordRequest>& entries() const { return entries_; }

private:
    void save() const;

    QList<RecordRequest> entries_;
};

}  // namespace syncscope
