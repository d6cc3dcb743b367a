#include "ui/record/recent_commands.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSettings>

#include "ui/jobs/settings_writer.h"

namespace syncscope {

namespace {
const char* const kKey = "record/recentCommands";
}

RecentCommands::RecentCommands() {
    SettingsWriter::instance().flush();
    // A hand-edited or damaged value reads as no entries, never as a crash.
    const QJsonDocument doc = QJsonDocument::fromJson(QSettings().value(kKey).toByteArray());
    for (const QJsonValue& v : doc.array()) {
        if (!v.isObject())
            continue;
        RecordRequest r = RecordRequest::fromJson(v.toObject());
        if (!r.command.trimmed().isEmpty() && entries_.size() < kMaxEntries)
            entries_ << r;
    }
}

void RecentCommands::add(const RecordRequest& request) {
    entries_.removeIf([&](const RecordRequest& r) { return r.sameCommand(request); });
    RecordRequest kept = request;
    kept.out.clear();  // each recording gets a file of its own
    entries_.prepend(kept);
    while (entries_.size() > kMaxEntries)
        entries_.removeLast();
    save();
}

void RecentCommands::clear() {
    entries_.clear();
    save();
}

void RecentCommands::save() const {
    QJsonArray array;
    for (const RecordRequest& r : entries_)
        array.append(r.toJson());
    SettingsWriter::instance().setValue(QString::fromLatin1(kKey),
                                        QJsonDocument(array).toJson(QJsonDocument::Compact));
}

}  // namespace syncscope
