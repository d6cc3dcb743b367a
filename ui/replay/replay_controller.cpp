#include "ui/replay/replay_controller.h"

#include <qcustomplot.h>

#include <QKeyEvent>

#include "core/analysis/time_format.h"
#include "ui/replay/replay_overlay.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope {

ReplayController::ReplayController(TimelineView* view)
    : QObject(view), view_(view), overlay_(new ReplayOverlay(view)) {
    timer_.setInterval(33);  // ~30 frames a second: smooth, and cheap next to a replot
    connect(&timer_, &QTimer::timeout, this, &ReplayController::tick);
    // Qt drops a destroyed filter from the list by itself, so no removal in a destructor (which
    // runs while the view is already tearing its children down).
    view->plot()->installEventFilter(this);
}

bool ReplayController::start() {
    if (!view_ || !view_->model() || !view_->trace())
        return false;
    const auto* model = view_->model();
    const TimeNs speed = active_ ? clock_.speed() : ReplayClock::kDefaultSpeed;
    clock_ = ReplayClock(model->beginNs(), model->endNs(), syncMoments(*view_->trace()));
    clock_.setSpeed(speed);
    active_ = true;
    show();
    syncTimer();
    return true;
}

void ReplayController::stop() {
    if (!active_)
        return;
    active_ = false;
    clock_.pause();
    syncTimer();
    overlay_->setNow(std::nullopt);
    emit changed();
}

void ReplayController::play() {
    if (!active_ && !start())
        return;
    clock_.play();
    show();
    syncTimer();
}

void ReplayController::pause() {
    clock_.pause();
    syncTimer();
    emit changed();
}

void ReplayController::togglePlaying() {
    if (active_ && clock_.playing())
        pause();
    else
        play();
}

bool ReplayController::stepForward() {
    if (!active_ && !start())
        return false;
    const bool moved = clock_.stepForward();
    syncTimer();
    show();
    return moved;
}

bool ReplayController::stepBack() {
    if (!active_)
        return false;
    const bool moved = clock_.stepBack();
    syncTimer();
    show();
    return moved;
}

bool ReplayController::faster() {
    const bool ok = clock_.faster();
    emit changed();
    return ok;
}

bool ReplayController::slower() {
    const bool ok = clock_.slower();
    emit changed();
    return ok;
}

bool ReplayController::setSpeed(TimeNs ns_per_second) {
    const bool ok = clock_.setSpeed(ns_per_second);
    emit changed();
    return ok;
}

void ReplayController::seek(TimeNs t) {
    if (!active_ && !start())
        return;
    clock_.seek(t);
    show();
}

void ReplayController::advanceBy(double wall_seconds) {
    if (!active_)
        return;
    clock_.advance(wall_seconds);
    if (!clock_.playing())
        syncTimer();
    show();
}

QString ReplayController::speedText(TimeNs ns_per_second) {
    // The 1-2-5 steps read best as whole numbers: "1 ms/s", not "1.00 ms/s".
    struct Unit {
        TimeNs ns;
        const char* name;
    };
    for (const Unit u :
         {Unit{1'000'000'000, "s"}, Unit{1'000'000, "ms"}, Unit{1'000, "µs"}, Unit{1, "ns"}})
        if (ns_per_second >= u.ns && ns_per_second % u.ns == 0)
            return QStringLiteral("%1 %2/s")
                .arg(ns_per_second / u.ns)
                .arg(QString::fromUtf8(u.name));
    return QString::fromStdString(formatDuration(ns_per_second)) + QStringLiteral("/s");
}

void ReplayController::tick() {
    const double seconds = static_cast<double>(wall_.restart()) / 1000.0;
    advanceBy(seconds);
}

void ReplayController::syncTimer() {
    const bool run = active_ && clock_.playing();
    if (run && !timer_.isActive()) {
        wall_.start();
        timer_.start();
    } else if (!run) {
        timer_.stop();
    }
}

void ReplayController::show() {
    if (!view_ || !active_)
        return;
    const TimeNs now = clock_.now();
    overlay_->setNow(now);
    // The now line leads: when it runs off a zoomed-in view, the view pages after it.
    const auto [lo, hi] = view_->visibleRange();
    if (clock_.playing() && static_cast<double>(now) > hi) {
        const double span = hi - lo;
        view_->plot()->xAxis->setRange(static_cast<double>(now) - span * 0.1,
                                       static_cast<double>(now) + span * 0.9);
        view_->plot()->replot(QCustomPlot::rpQueuedReplot);
    }
    emit changed();
}

bool ReplayController::eventFilter(QObject* watched, QEvent* event) {
    if (active_ && event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_Space && key->modifiers() == Qt::NoModifier) {
            togglePlaying();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

}  // namespace syncscope
