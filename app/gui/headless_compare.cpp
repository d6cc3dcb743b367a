#include "app/gui/headless_compare.h"

#include <QDir>
#include <QFileInfo>

#include "app/gui/picture_output.h"
#include "ui/compare/compare_exporter.h"
#include "ui/compare/trace_source.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/export/image_exporter.h"

namespace syncscope {

bool HeadlessCompare::checkSource(const QString& option, const QString& source, QString* error) {
    auto fail = [&](const QString& why) {
        *error = QStringLiteral("%1 %2: %3").arg(option, source, why);
        return false;
    };
    if (source.trimmed().isEmpty())
        return fail(QStringLiteral("expected builtin:NAME, a scenario file or a trace file"));
    if (source.startsWith(QLatin1String("builtin:"))) {
        const QString name = source.mid(8);
        if (!BuiltinScenarios::names().contains(name))
            return fail(QStringLiteral("no built-in scenario of that name (one of: %1)")
                            .arg(BuiltinScenarios::names().join(QStringLiteral(", "))));
        return true;
    }
    const QFileInfo info(source);
    if (!info.exists())
        return fail(
            QStringLiteral("no such file (expected builtin:NAME, a scenario file or a "
                           "trace file)"));
    if (!info.isFile())
        return fail(QStringLiteral("not a regular file"));
    return true;
}

int HeadlessCompare::run(const PictureOutput::Request& request, QTextStream& out,
                         QTextStream& err) {
    const std::optional<Theme> theme = PictureOutput::themeByName(request.theme);
    if (!theme) {
        err << "syncscope: unknown theme '" << forTerminal(request.theme)
            << "' (expected light, dark or presentation)" << Qt::endl;
        return 2;
    }
    if (PictureOutput::refuse(request.output, {}, err))
        return 2;
    const QString a_source = request.scenario.isEmpty() ? request.trace : request.scenario;
    QString error;
    if (!checkSource(QStringLiteral("--scenario"), a_source, &error) ||
        !checkSource(QStringLiteral("--compare"), request.compare, &error)) {
        err << "syncscope: " << forTerminal(error) << Qt::endl;
        return 2;
    }
    if (request.range_us || request.focus) {
        err << "syncscope: --range and --focus choose one run's window; they do not apply with "
               "--compare"
            << Qt::endl;
        return 2;
    }
    if (PictureOutput::refuse(request.output, {a_source, request.compare}, err))
        return 2;

    CancelToken never;
    std::shared_ptr<const Trace> sides[2];
    const QString sources[2] = {a_source, request.compare};
    for (int i = 0; i < 2; ++i) {
        TraceSource::Result r = TraceSource::load(sources[i], request.engine, never);
        if (!r.note.isEmpty() && i == 0)
            err << "syncscope: " << forTerminal(r.note) << Qt::endl;
        if (!r.ok()) {
            err << "syncscope: " << (i == 0 ? "--scenario " : "--compare ")
                << forTerminal(sources[i]) << ": " << forTerminal(r.error) << Qt::endl;
            return r.bad_input ? 2 : 1;
        }
        sides[i] = std::move(r.trace);
    }

    ExportOptions options = PictureOutput::optionsFor(request, *theme);
    if (!exportComparisonImage(sides[0], sides[1], options, &error)) {
        err << "syncscope: " << forTerminal(error) << Qt::endl;
        return 1;
    }
    out << "syncscope: wrote " << QDir::toNativeSeparators(request.output) << " ("
        << request.size.width() << "x" << request.size.height() << ", " << a_source << " vs "
        << request.compare << ")" << Qt::endl;
    return 0;
}

}  // namespace syncscope
