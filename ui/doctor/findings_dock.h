#pragma once

#include <QDockWidget>
#include <memory>
#include <optional>
#include <vector>

#include "core/doctor/finding.h"
#include "core/model/trace.h"

class QTextBrowser;
class QUrl;

namespace syncscope {

class JobTracker;

// The sync doctor's findings for the trace on screen (docs/doctor.md), ranked by what they cost:
// each with its count, the GPU idle it caused and the host time it blocked, why it is a problem
// and how to fix it, its first occurrences (links: a click selects one on the timeline) and a link
// to the course page that shows it. Laid out as text, so it reads in a narrow dock. The diagnosis
// runs in the background; a new trace replaces the one in progress.
class FindingsDock : public QDockWidget {
    Q_OBJECT
public:
    explicit FindingsDock(QWidget* parent = nullptr);
    ~FindingsDock() override;

    void setTrace(std::shared_ptr<const Trace> trace);
    const std::vector<Finding>& findings() const { return findings_; }
    // The dock's text as shown (tests read it), and its HTML with the links.
    QString text() const;
    QString html() const;
    // Follows a link of the text: "event:N" selects event N, "lesson:NAME" opens the lesson.
    void openLink(const QUrl& link);
    // Blocks until the diagnosis in progress has returned (tests only).
    void waitForDone();

signals:
    // An occurrence was clicked: select this event on the timeline.
    void eventChosen(std::uint32_t event);
    // The course page about a finding was asked for: the built-in scenario's name.
    void lessonChosen(const QString& scenario);
    // The diagnosis of the trace on screen is in: `count` findings.
    void findingsReady(int count);

private:
    void show(std::vector<Finding> findings, TimeNs gpu_span_ns);
    void showMessage(const QString& message);

    QTextBrowser* text_ = nullptr;
    JobTracker* jobs_ = nullptr;
    std::shared_ptr<const Trace> trace_;
    std::vector<Finding> findings_;
};

}  // namespace syncscope
