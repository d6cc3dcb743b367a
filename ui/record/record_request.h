#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace syncscope {

// What File ▸ Record Program… records: a command line, where and with what environment it runs,
// and the options of `syncscope-cli record` (docs/recorder.md).
struct RecordRequest {
    QString command;          // as typed: `python3 train.py --epochs 1` (quoted as a shell would)
    QString working_dir;      // empty: the window's own working folder
    QStringList environment;  // NAME=VALUE, on top of the window's environment
    bool python_hook = true;
    double delay_s = 0;
    double duration_s = 0;  // 0: to the program's end
    QString capture_range;  // "", "nvtx:NAME" or "cudaProfilerApi"
    QString out;            // where the trace is written

    // The program and its arguments; empty, with `error` saying why, when the command is empty
    // or its quotes do not close.
    QStringList program(QString* error) const;
    // "" when the request can be recorded, else what is wrong, naming the field.
    QString problem() const;
    // The arguments of `syncscope-cli record` that record this, its raw recordings in `record_dir`.
    QStringList cliArguments(const QString& record_dir) const;

    // Recent commands are kept as JSON (QSettings).
    QJsonObject toJson() const;
    static RecordRequest fromJson(const QJsonObject& object);
    // The same program in the same folder with the same environment (one recent entry).
    bool sameCommand(const RecordRequest& other) const;
};

// Parses the dialog's environment text, one NAME=VALUE a line (blank lines and lines starting
// with # are skipped). "" and the assignments in `out`, or what is wrong and on which line.
QString parseEnvironment(const QString& text, QStringList* out);

}  // namespace syncscope
