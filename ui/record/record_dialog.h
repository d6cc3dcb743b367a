#pragma once

#include <QDialog>

#include "ui/record/recent_commands.h"
#include "ui/record/record_request.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QWidget;

namespace syncscope {

// File ▸ Record Program…: the command to record (recent ones offered), its working folder and
// environment, the recorder's options and where the trace goes. Without a usable GPU it says why
// and offers to open a trace recorded elsewhere instead; Record is then off.
class RecordDialog final : public QDialog {
    Q_OBJECT
public:
    explicit RecordDialog(const RecentCommands& recent, QWidget* parent = nullptr);

    // Whether this machine can record, and if not why (the CUDA engine's probe); `reason` empty
    // with `available` false: not known yet (Record stays on).
    void setAvailability(bool available, const QString& reason);
    RecordRequest request() const;
    void setRequest(const RecordRequest& request);
    // What stops Record, shown under the fields ("" when nothing does).
    QString errorText() const;
    bool bannerShown() const;
    bool recordEnabled() const;

    void accept() override;

    // A file in the recordings folder named after the program and the time.
    static QString defaultOutPath(const QString& command);
    // Where recordings go unless the user says otherwise (made on the first recording).
    static QString recordingsFolder();

signals:
    void openTraceRequested();

private:
    void fillFromRecent(int index);
    void commandEdited();
    void browseFolder();
    void browseOut();
    void updateRecordButton();

    QList<RecordRequest> recent_;
    QWidget* banner_ = nullptr;
    QLabel* banner_text_ = nullptr;
    QComboBox* command_ = nullptr;
    QLineEdit* folder_ = nullptr;
    QPlainTextEdit* environment_ = nullptr;
    QCheckBox* python_hook_ = nullptr;
    QDoubleSpinBox* delay_ = nullptr;
    QDoubleSpinBox* duration_ = nullptr;
    QLineEdit* capture_range_ = nullptr;
    QLineEdit* out_ = nullptr;
    QLabel* error_ = nullptr;
    QPushButton* record_ = nullptr;
    bool available_ = true;
    bool out_edited_ = false;  // the user chose the file: a new command does not rename it
};

}  // namespace syncscope
