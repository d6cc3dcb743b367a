#pragma once

#include <QStringList>
#include <QWidget>

class QListWidget;
class QPushButton;

namespace syncscope {

// What the window shows when it opens with nothing to show: the course, the files opened last,
// and the two open dialogs, instead of an empty plot.
class StartPage final : public QWidget {
    Q_OBJECT
public:
    explicit StartPage(QWidget* parent = nullptr);

    void setRecentFiles(const QStringList& paths);
    QStringList recentFiles() const;

    QPushButton* courseButton() const { return course_; }
    QPushButton* openTraceButton() const { return open_trace_; }
    QPushButton* openScenarioButton() const { return open_scenario_; }
    QPushButton* recordButton() const { return record_; }
    QListWidget* recentList() const { return recent_; }

signals:
    void courseRequested();
    void openTraceRequested();
    void openScenarioRequested();
    void recordRequested();
    void recentRequested(const QString& path);

private:
    QPushButton* course_ = nullptr;
    QPushButton* open_trace_ = nullptr;
    QPushButton* open_scenario_ = nullptr;
    QPushButton* record_ = nullptr;
    QListWidget* recent_ = nullptr;
};

}  // namespace syncscope
