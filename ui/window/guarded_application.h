#pragma once

#include <QApplication>
#include <QString>

namespace syncscope {

// The window's process as the last line of defence (ProcessGuard): an exception that escapes an
// event handler (an analysis of a huge trace that runs out of memory) is caught here, where Qt
// delivers events, instead of ending the process with an abort.
//
// Headless (an export): the process ends with ProcessGuard's message and status, and the file
// being written is removed. The window: the action is abandoned, the window stays with every
// document open, and a message says what happened, so that nothing unsaved is lost.
class GuardedApplication final : public QApplication {
    Q_OBJECT
public:
    GuardedApplication(int& argc, char** argv);

    void setExitOnException(bool exit) { exit_on_exception_ = exit; }
    bool notify(QObject* receiver, QEvent* event) override;
    int exceptionsCaught() const { return caught_; }

signals:
    // In the window, after an exception was caught; `message` is what the user is told.
    void exceptionCaught(const QString& message);

private:
    void tellTheUser(bool out_of_memory, const QString& what);

    bool exit_on_exception_ = false;
    bool telling_ = false;
    int caught_ = 0;
};

}  // namespace syncscope
