#include "ui/record/record_request.h"

#include <wordexp.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>

#include "core/record/capture_window.h"

namespace syncscope {

namespace {

// The context lupdate gives the member functions' texts (RecordRequest is no QObject).
QString tr(const char* text) {
    return QCoreApplication::translate("syncscope::RecordRequest", text);
}

}  // namespace

QStringList RecordRequest::program(QString* error) const {
    // Split as a shell would (quotes, backslashes, $VARIABLES, globs), with libc's wordexp and
    // without command substitution: the dialog runs no shell.
    const QByteArray line = command.trimmed().toLocal8Bit();
    if (line.isEmpty()) {
        *error = tr("Command: type the program to record, e.g. python3 train.py");
        return {};
    }
    wordexp_t words{};
    const int status = wordexp(line.constData(), &words, WRDE_NOCMD);
    QStringList argv;
    if (status == 0) {
        for (std::size_t i = 0; i < words.we_wordc; ++i)
            argv << QString::fromLocal8Bit(words.we_wordv[i]);
        wordfree(&words);
    }
    switch (status) {
        case 0:
            if (argv.isEmpty())
                *error = tr("Command: type the program to record, e.g. python3 train.py");
            return argv;
        case WRDE_BADCHAR:
            *error = tr("Command: | & ; < > ( ) { } need a shell; record sh -c '…' to use them");
            return {};
        case WRDE_CMDSUB:
            *error = tr("Command: $(…) and `…` are not run here; record sh -c '…' to use them");
            return {};
        case WRDE_SYNTAX:
            *error = tr("Command: a quote is not closed");
            return {};
        default:
            wordfree(&words);
            *error = tr("Command: cannot be read as a command line");
            return {};
    }
}

QString RecordRequest::problem() const {
    QString error;
    if (program(&error).isEmpty())
        return error;
    if (!working_dir.isEmpty() && !QFileInfo(working_dir).isDir())
        return tr("Working folder: %1 is not a folder").arg(QDir::toNativeSeparators(working_dir));
    if (CaptureOptions capture;
        !capture_range.isEmpty() && !capture.parseRange(capture_range.toStdString()).empty())
        return tr("Capture range: give nvtx:NAME or cudaProfilerApi");
    if (delay_s < 0 || duration_s < 0)
        return tr("Delay and duration cannot be negative");
    if (out.isEmpty())
        return tr("Save to: name the trace file");
    const QFileInfo target(out);
    if (target.isDir())
        return tr("Save to: %1 is a folder").arg(QDir::toNativeSeparators(out));
    if (!target.absoluteDir().exists())
        return tr("Save to: the folder %1 does not exist")
            .arg(QDir::toNativeSeparators(target.absolutePath()));
    QStringList unused;
    return parseEnvironment(environment.join(QLatin1Char('\n')), &unused);
}

QStringList RecordRequest::cliArguments(const QString& record_dir) const {
    QStringList args{QStringLiteral("record"),       QStringLiteral("--quiet"),
                     QStringLiteral("--out"),        out,
                     QStringLiteral("--record-dir"), record_dir};
    if (!python_hook)
        args << QStringLiteral("--no-python-hook");
    if (delay_s > 0)
        args << QStringLiteral("--delay") << QString::number(delay_s);
    if (duration_s > 0)
        args << QStringLiteral("--duration") << QString::number(duration_s);
    if (!capture_range.isEmpty())
        args << QStringLiteral("--capture-range") << capture_range;
    QString ignored;
    args << QStringLiteral("--") << program(&ignored);
    return args;
}

QJsonObject RecordRequest::toJson() const {
    return {{QStringLiteral("command"), command},
            {QStringLiteral("working_dir"), working_dir},
            {QStringLiteral("environment"), QJsonArray::fromStringList(environment)},
            {QStringLiteral("python_hook"), python_hook},
            {QStringLiteral("delay_s"), delay_s},
            {QStringLiteral("duration_s"), duration_s},
            {QStringLiteral("capture_range"), capture_range}};
}

RecordRequest RecordRequest::fromJson(const QJsonObject& object) {
    RecordRequest r;
    r.command = object.value(QStringLiteral("command")).toString();
    r.working_dir = object.value(QStringLiteral("working_dir")).toString();
    for (const QJsonValue& v : object.value(QStringLiteral("environment")).toArray())
        r.environment << v.toString();
    r.python_hook = object.value(QStringLiteral("python_hook")).toBool(true);
    r.delay_s = std::max(0.0, object.value(QStringLiteral("delay_s")).toDouble());
    r.duration_s = std::max(0.0, object.value(QStringLiteral("duration_s")).toDouble());
    r.capture_range = object.value(QStringLiteral("capture_range")).toString();
    return r;
}

bool RecordRequest::sameCommand(const RecordRequest& other) const {
    return command.trimmed() == other.command.trimmed() && working_dir == other.working_dir &&
           environment == other.environment;
}

QString parseEnvironment(const QString& text, QStringList* out) {
    static const QRegularExpression name(QStringLiteral("^[A-Za-z_][A-Za-z0-9_]*$"));
    out->clear();
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString line = lines[i].trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const qsizetype eq = line.indexOf(QLatin1Char('='));
        const QString key = eq < 0 ? line : line.left(eq).trimmed();
        if (eq < 0)
            return QCoreApplication::translate("syncscope::RecordRequest",
                                               "Environment, line %1: “%2” is not NAME=VALUE")
                .arg(i + 1)
                .arg(line);
        if (!name.match(key).hasMatch())
            return QCoreApplication::translate("syncscope::RecordRequest",
                                               "Environment, line %1: “%2” is not a variable name")
                .arg(i + 1)
                .arg(key);
        // Spaces around = are the user's layout, not part of the name or the value.
        *out << key + QLatin1Char('=') + line.mid(eq + 1).trimmed();
    }
    return {};
}

}  // namespace syncscope
