#include "app/gui/export_cli_options.h"

#include <cmath>

namespace syncscope {

namespace {

std::optional<double> number(const QString& text) {
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v))
        return std::nullopt;
    return v;
}

}  // namespace

ExportCliOptions::ExportCliOptions(QCommandLineParser& parser)
    : arrows_(QStringLiteral("arrows"),
              QStringLiteral("With --export: draw the launch, record and awaited flows.")),
      range_(QStringLiteral("range"),
             QStringLiteral("With --export: only this time window, in µs as the time axis shows "
                            "it (e.g. 120:480.5)."),
             QStringLiteral("START_US:END_US")),
      scale_(QStringLiteral("scale"),
             QStringLiteral("With --export: device-pixel ratio, %1 to %2 (2 for sharp slides).")
                 .arg(kMinScale)
                 .arg(kMaxScale),
             QStringLiteral("N"), QStringLiteral("1")),
      memory_(QStringLiteral("memory"),
              QStringLiteral("With --export: show the memory plot even when the run has no memory "
                             "activity.")),
      no_callouts_(QStringLiteral("no-callouts"),
                   QStringLiteral("With --export: leave out the scenario's callouts.")),
      focus_(QStringLiteral("focus"),
             QStringLiteral("With --export: only the scenario's focus window (not with "
                            "--range).")),
      findings_(QStringLiteral("findings"),
                QStringLiteral("With --export: the sync doctor's three costliest findings as "
                               "callouts at their first occurrence (docs/doctor.md).")) {
    parser.addOptions({arrows_, range_, scale_, memory_, no_callouts_, focus_, findings_});
}

std::optional<std::pair<double, double>> ExportCliOptions::parseRange(const QString& text,
                                                                      QString* error) {
    auto fail = [&](const QString& why) {
        if (error)
            *error = QStringLiteral("bad --range '%1': %2").arg(text, why);
        return std::nullopt;
    };
    const QStringList parts = text.split(QLatin1Char(':'));
    if (parts.size() != 2)
        return fail(QStringLiteral("expected START_US:END_US, e.g. 120:480.5"));
    const auto start = number(parts[0]);
    if (!start)
        return fail(QStringLiteral("START '%1' is not a number").arg(parts[0]));
    const auto end = number(parts[1]);
    if (!end)
        return fail(QStringLiteral("END '%1' is not a number").arg(parts[1]));
    if (*start >= *end)
        return fail(QStringLiteral("START (%1 µs) must be before END (%2 µs)")
                        .arg(*start, 0, 'g', 12)
                        .arg(*end, 0, 'g', 12));
    return std::make_pair(*start, *end);
}

std::optional<double> ExportCliOptions::parseScale(const QString& text, QString* error) {
    const auto v = number(text);
    if (!v || *v < kMinScale || *v > kMaxScale) {
        if (error)
            *error = QStringLiteral("bad --scale '%1' (expected a number from %2 to %3, e.g. 2)")
                         .arg(text)
                         .arg(kMinScale)
                         .arg(kMaxScale);
        return std::nullopt;
    }
    return v;
}

bool ExportCliOptions::read(const QCommandLineParser& parser, HeadlessExport::Request& request,
                            QTextStream& err) const {
    QString error;
    request.callouts = !parser.isSet(no_callouts_);
    request.focus = parser.isSet(focus_);
    request.findings = parser.isSet(findings_);
    if (parser.isSet(range_)) {
        request.range_us = parseRange(parser.value(range_), &error);
        if (!request.range_us) {
            err << "syncscope: " << error << Qt::endl;
            return false;
        }
    }
    const auto scale = parseScale(parser.value(scale_), &error);
    if (!scale) {
        err << "syncscope: " << error << Qt::endl;
        return false;
    }
    request.scale = *scale;
    request.arrows = parser.isSet(arrows_);
    request.memory = parser.isSet(memory_);
    return true;
}

}  // namespace syncscope
