#pragma once

#include <QPointer>
#include <QToolBar>

class QAction;
class QLabel;

namespace syncscope {

class ReplayController;

// The replay's controls: Replay on/off, play/pause, previous/next sync moment, slower/faster, and
// where the replay stands ("now 1.20 ms of 4.00 ms at 1 ms/s").
class ReplayBar final : public QToolBar {
    Q_OBJECT
public:
    explicit ReplayBar(ReplayController* controller, QWidget* parent = nullptr);

    QAction* replayAction() const { return replay_; }
    QAction* playAction() const { return play_; }
    QAction* backAction() const { return back_; }
    QAction* forwardAction() const { return forward_; }
    QAction* slowerAction() const { return slower_; }
    QAction* fasterAction() const { return faster_; }
    QString statusText() const;

private:
    void refresh();

    QPointer<ReplayController> controller_;
    QAction* replay_ = nullptr;
    QAction* play_ = nullptr;
    QAction* back_ = nullptr;
    QAction* forward_ = nullptr;
    QAction* slower_ = nullptr;
    QAction* faster_ = nullptr;
    QLabel* status_ = nullptr;
};

}  // namespace syncscope
