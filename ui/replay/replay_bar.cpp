#include "ui/replay/replay_bar.h"

#include <QAction>
#include <QLabel>

#include "core/analysis/time_format.h"
#include "ui/replay/replay_controller.h"

namespace syncscope {

ReplayBar::ReplayBar(ReplayController* controller, QWidget* parent)
    : QToolBar(tr("Replay"), parent), controller_(controller) {
    setObjectName(QStringLiteral("replayBar"));
    replay_ = addAction(tr("Replay"));
    replay_->setCheckable(true);
    replay_->setToolTip(
        tr("Play the run back slowly: events appear as they start and grow until "
           "they complete"));
    play_ = addAction(tr("Play"));
    play_->setToolTip(tr("Play or pause the replay (Space on the timeline)"));
    back_ = addAction(tr("◀ Sync"));
    back_->setToolTip(
        tr("Back to the previous sync moment (a host wait or sync call begins or "
           "ends)"));
    forward_ = addAction(tr("Sync ▶"));
    forward_->setToolTip(tr("On to the next sync moment"));
    addSeparator();
    slower_ = addAction(tr("Slower"));
    faster_ = addAction(tr("Faster"));
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("replayStatus"));
    status_->setContentsMargins(8, 0, 8, 0);
    addWidget(status_);

    connect(replay_, &QAction::toggled, this, [this](bool on) {
        if (on)
            controller_->start();
        else
            controller_->stop();
    });
    connect(play_, &QAction::triggered, controller, &ReplayController::togglePlaying);
    connect(back_, &QAction::triggered, controller, &ReplayController::stepBack);
    connect(forward_, &QAction::triggered, controller, &ReplayController::stepForward);
    connect(slower_, &QAction::triggered, controller, &ReplayController::slower);
    connect(faster_, &QAction::triggered, controller, &ReplayController::faster);
    connect(controller, &ReplayController::changed, this, &ReplayBar::refresh);
    refresh();
}

QString ReplayBar::statusText() const {
    return status_->text();
}

void ReplayBar::refresh() {
    if (!controller_)
        return;
    const bool active = controller_->active();
    const auto& clock = controller_->clock();
    {
        const QSignalBlocker block(replay_);
        replay_->setChecked(active);
    }
    play_->setText(active && clock.playing() ? tr("Pause") : tr("Play"));
    back_->setEnabled(active);
    slower_->setEnabled(clock.speed() > ReplayClock::kSpeeds.front());
    faster_->setEnabled(clock.speed() < ReplayClock::kSpeeds.back());
    const QString speed = ReplayController::speedText(clock.speed());
    if (!active) {
        status_->setText(tr("speed %1").arg(speed));
        return;
    }
    status_->setText(tr("now %1 of %2 at %3")
                         .arg(QString::fromStdString(formatDuration(clock.now() - clock.begin())),
                              QString::fromStdString(formatDuration(clock.end() - clock.begin())),
                              speed));
}

}  // namespace syncscope
