#include "ui/replay/replay_frame_writer.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <cmath>

#include "core/analysis/time_format.h"
#include "core/compare/comparison_table.h"
#include "ui/export/image_exporter.h"
#include "ui/i18n/ui_language.h"
#include "ui/replay/replay_controller.h"
#include "ui/replay/replay_overlay.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope {

QString ReplayFrameWriter::frameName(int index) {
    return QStringLiteral("frame_%1.png").arg(index, 5, 10, QLatin1Char('0'));
}

bool ReplayFrameWriter::write(std::shared_ptr<const Trace> trace, const Options& o, QString* error,
                              int* frames) {
    auto fail = [&](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    if (frames)
        *frames = 0;
    if (!qobject_cast<QApplication*>(QCoreApplication::instance()))
        return fail(
            QStringLiteral("replay frames need a QApplication (on a server, set "
                           "QT_QPA_PLATFORM=offscreen)"));
    if (!trace)
        return fail(QStringLiteral("no trace to replay"));
    if (!(o.fps > 0.0) || o.fps > kMaxFps)
        return fail(QStringLiteral("the frame rate must be above 0 and at most %1 (got %2)")
                        .arg(kMaxFps)
                        .arg(o.fps));
    if (o.directory.isEmpty())
        return fail(QStringLiteral("no directory given for the replay frames"));
    const QFileInfo dir_info(o.directory);
    if (dir_info.exists() && !dir_info.isDir())
        return fail(
            QStringLiteral("%1 is not a directory").arg(QDir::toNativeSeparators(o.directory)));
    if (!dir_info.exists() && !QDir().mkpath(o.directory))
        return fail(QStringLiteral("cannot create the directory %1")
                        .arg(QDir::toNativeSeparators(o.directory)));
    if (!QFileInfo(o.directory).isWritable())
        return fail(QStringLiteral("the directory %1 is not writable")
                        .arg(QDir::toNativeSeparators(o.directory)));

    TimelineView view;
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.resize(o.size);
    if (o.theme)
        view.setTheme(o.theme->forPicture(o.size));
    view.setTrace(trace);
    ReplayOverlay overlay(&view);
    ReplayClock clock(view.model()->beginNs(), view.model()->endNs(), syncMoments(*trace));
    clock.setSpeed(o.speed);
    std::string times_error;
    // A sync that returns within a frame (torch.cpu.synchronize()) would never be seen: the
    // replay stops at each sync moment for a while.
    const std::vector<TimeNs> times = clock.frameTimes(o.fps, &times_error, kHoldSeconds);
    // Lay the picture out once before the first frame, so where the first "now" label fits is
    // measured on the picture's own axes.
    view.plot()->toPixmap(o.size.width(), o.size.height());
    if (times.empty())
        return fail(QString::fromStdString(times_error));

    const QString title =
        o.title.isEmpty() ? QString::fromStdString(traceDisplayName(*trace, UiLanguage::current()))
                          : o.title;
    const QString total = QString::fromStdString(formatDuration(clock.end() - clock.begin()));
    const QString speed = ReplayController::speedText(o.speed);
    ExportOptions options;
    options.size = o.size;
    options.scale = o.scale;
    options.format = QStringLiteral("png");
    const QDir dir(o.directory);
    for (std::size_t k = 0; k < times.size(); ++k) {
        overlay.setNow(times[k]);
        options.path = dir.filePath(frameName(static_cast<int>(k)));
        options.captionText =
            QCoreApplication::translate("ReplayFrameWriter", "%1 — replay %2 of %3 at %4")
                .arg(title, QString::fromStdString(formatDuration(times[k] - clock.begin())), total,
                     speed);
        if (!ImageExporter(view).exportTo(options, error))
            return false;
        if (frames)
            *frames = static_cast<int>(k + 1);
    }
    return true;
}

}  // namespace syncscope
