#pragma once

#include <QString>
#include <QWidget>

#include "core/model/ids.h"

class QFormLayout;
class QLabel;
class QPushButton;

namespace syncscope {

struct Trace;

// What the Scenario dock shows while a trace that no scenario produced is on screen (a PyTorch
// profiler or Nsight Systems import, or the ranks of one step): the file, the tool that recorded
// it, the device, how many events and lanes it holds and the time it spans. The batch editor's
// defaults would say nothing true about such a trace; this page says what is there, and leads back
// to the editor.
class ImportedTracePage final : public QWidget {
    Q_OBJECT
public:
    explicit ImportedTracePage(QWidget* parent = nullptr);

    // `path`: the file it was opened from (may be empty); `span_ns`: from its first event's start
    // to its last event's end, negative when it has no events.
    void setTrace(const Trace& trace, const QString& path, TimeNs span_ns);

    // What the page shows, one "label: value" per line after the heading (tests read it).
    QString factsText() const;
    QPushButton* editButton() const { return edit_; }
    QPushButton* libraryButton() const { return library_; }

signals:
    // "Edit a Scenario": back to the editor, with what it held.
    void editScenarioRequested();
    void libraryRequested();

private:
    void addRow(const QString& label, const QString& value, const QString& tip = {});

    QLabel* heading_;
    QLabel* file_;
    QFormLayout* form_;
    QPushButton* edit_;
    QPushButton* library_;
};

}  // namespace syncscope
