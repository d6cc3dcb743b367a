#include "app/gui/headless_replay.h"

#include <QDir>
#include <QFileInfo>
#include <cmath>

#include "ui/compare/trace_source.h"
#include "ui/replay/replay_frame_writer.h"

namespace syncscope {

std::optional<double> HeadlessReplay::parseFps(const QString& text, QString* error) {
    bool ok = false;
    const double fps = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(fps) || fps <= 0.0 || fps > ReplayFrameWriter::kMaxFps) {
        if (error)
            *error = QStringLiteral(
                         "bad --fps '%1' (expected frames a second, above 0 and at "
                         "most %2, e.g. 10)")
                         .arg(text)
                         .arg(ReplayFrameWriter::kMaxFps);
        return std::nullopt;
    }
    return fps;
}

std::optional<TimeNs> HeadlessReplay::parseSpeed(const QString& text, QString* error) {
    auto fail = [&]() -> std::optional<TimeNs> {
        if (error)
            *error = QStringLiteral(
                         "bad --replay-speed '%1' (expected GPU time a second of "
                         "replay, e.g. 1ms, 250us, 2s)")
                         .arg(text);
        return std::nullopt;
    };
    QString s = text.trimmed().toLower();
    if (s.endsWith(QLatin1String("/s")))
        s.chop(2);
    struct Unit {
        const char* suffix;
        double ns;
    };
    // Longest suffixes first: "ms" before "s".
    for (const Unit u :
         {Unit{"ns", 1.0}, Unit{"us", 1e3}, Unit{"µs", 1e3}, Unit{"ms", 1e6}, Unit{"s", 1e9}}) {
        const QString suffix = QString::fromUtf8(u.suffix);
        if (!s.endsWith(suffix))
            continue;
        bool ok = false;
        const double v = s.chopped(suffix.size()).trimmed().toDouble(&ok);
        if (!ok || !std::isfinite(v) || v <= 0.0)
            return fail();
        const double ns = v * u.ns;
        if (ns < 1.0 || ns > 1e12)
            return fail();
        return static_cast<TimeNs>(std::llround(ns));
    }
    return fail();
}

int HeadlessReplay::run(const Request& request, QTextStream& out, QTextStream& err) {
    QString error;
    const auto theme = PictureOutput::themeByName(request.run.theme);
    if (!theme) {
        err << "syncscope: unknown theme '" << forTerminal(request.run.theme)
            << "' (expected light, dark or presentation)" << Qt::endl;
        return 2;
    }
    const auto fps = parseFps(request.fps, &error);
    const auto speed = fps ? parseSpeed(request.speed, &error) : std::nullopt;
    if (!fps || !speed) {
        err << "syncscope: " << error << Qt::endl;
        return 2;
    }
    if (request.directory.isEmpty()) {
        err << "syncscope: --replay-frames needs a directory" << Qt::endl;
        return 2;
    }
    const QFileInfo dir(request.directory);
    if (dir.exists() && !dir.isDir()) {
        err << "syncscope: --replay-frames " << QDir::toNativeSeparators(request.directory)
            << ": not a directory" << Qt::endl;
        return 2;
    }
    const QString source =
        request.run.scenario.isEmpty() ? request.run.trace : request.run.scenario;
    CancelToken never;
    TraceSource::Result loaded = TraceSource::load(source, request.run.engine, never);
    if (!loaded.note.isEmpty())
        err << "syncscope: " << loaded.note << Qt::endl;
    if (!loaded.ok()) {
        err << "syncscope: " << loaded.error << Qt::endl;
        return loaded.bad_input ? 2 : 1;
    }
    ReplayFrameWriter::Options options;
    options.directory = request.directory;
    options.fps = *fps;
    options.speed = *speed;
    options.size = request.run.size;
    options.scale = request.run.scale;
    options.theme = theme;
    int frames = 0;
    if (!ReplayFrameWriter::write(loaded.trace, options, &error, &frames)) {
        err << "syncscope: --replay-frames: " << error << Qt::endl;
        // Nothing written: the directory or the frame count was wrong, not the machine.
        return frames == 0 ? 2 : 1;
    }
    out << "syncscope: wrote " << frames << " frames to "
        << QDir::toNativeSeparators(request.directory) << " (" << ReplayFrameWriter::frameName(0)
        << " … " << ReplayFrameWriter::frameName(frames - 1) << ")" << Qt::endl;
    return 0;
}

}  // namespace syncscope
