#pragma once

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QString>
#include <QTextStream>
#include <optional>
#include <utility>

#include "app/gui/headless_export.h"

namespace syncscope {

// The picture options of `syncscope --export`: --arrows, --range START_US:END_US, --scale N,
// --memory, --no-callouts and --focus. Kept apart from main() so the parser there only registers
// and reads them.
class ExportCliOptions {
public:
    static constexpr double kMinScale = 0.5;
    static constexpr double kMaxScale = 4.0;

    // Adds the options to `parser`.
    explicit ExportCliOptions(QCommandLineParser& parser);

    // Copies the options into `request`; false, with a message naming the option and the value on
    // `err`, when a value is malformed.
    bool read(const QCommandLineParser& parser, HeadlessExport::Request& request,
              QTextStream& err) const;

    // "120:480.5" -> {120, 480.5} µs; nullopt and `error` (naming --range and the value) when
    // malformed or START >= END.
    static std::optional<std::pair<double, double>> parseRange(const QString& text, QString* error);
    // "2" -> 2.0; nullopt and `error` (naming --scale) outside [kMinScale, kMaxScale].
    static std::optional<double> parseScale(const QString& text, QString* error);

private:
    QCommandLineOption arrows_;
    QCommandLineOption range_;
    QCommandLineOption scale_;
    QCommandLineOption memory_;
    QCommandLineOption no_callouts_;
    QCommandLineOption focus_;
    QCommandLineOption findings_;
};

}  // namespace syncscope
