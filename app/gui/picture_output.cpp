#include "app/gui/picture_output.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryFile>
#include <string>
#include <vector>

#include "core/io/output_target.h"
#include "core/model/terminal_text.h"
#include "ui/export/image_exporter.h"

namespace syncscope {

QString forTerminal(const QString& text) {
    return QString::fromStdString(escapeForTerminal(text.toStdString(), LineBreaks::Keep));
}

QSize PictureOutput::parseSize(const QString& text) {
    const QStringList parts = text.toLower().split(QLatin1Char('x'));
    if (parts.size() != 2)
        return {};
    bool ok_w = false, ok_h = false;
    const int w = parts[0].trimmed().toInt(&ok_w);
    const int h = parts[1].trimmed().toInt(&ok_h);
    if (!ok_w || !ok_h || w < 100 || h < 100 || w > 16000 || h > 16000)
        return {};
    return {w, h};
}

std::optional<Theme> PictureOutput::themeByName(const QString& name) {
    if (name == QLatin1String("light"))
        return Theme::light();
    if (name == QLatin1String("dark"))
        return Theme::dark();
    if (name == QLatin1String("presentation"))
        return Theme::presentation();
    return std::nullopt;
}

ExportOptions PictureOutput::optionsFor(const Request& request, const Theme& theme) {
    ExportOptions options;
    options.path = request.output;
    options.size = request.size;
    options.theme = theme;
    options.scale = request.scale;
    options.showFlows = request.arrows;
    options.memory = request.memory;
    options.callouts = request.callouts;
    options.findings = request.findings;
    return options;
}

QString PictureOutput::problem(const QString& output, const QStringList& inputs) {
    if (output.isEmpty())
        return QStringLiteral("--export needs a file name (OUT.png, .jpg, .svg or .pdf)");
    QString error;
    if (!ImageExporter::formatFor(output, &error))
        return forTerminal(QDir::toNativeSeparators(output)) + QStringLiteral(": ") + error;
    // A FIFO or device as the output, or the output being an input, is refused without running
    // anything.
    const std::string path = QFile::encodeName(output).toStdString();
    std::string target_error;
    if (OutputTarget::resolve(path, target_error)) {
        std::vector<std::string> named;
        for (const QString& input : inputs)
            if (!input.isEmpty())
                named.push_back(QFile::encodeName(input).toStdString());
        target_error = OutputTarget::refuseInputs(path, named);
    }
    if (!target_error.empty())
        return forTerminal(QString::fromStdString(target_error));
    return {};
}

bool PictureOutput::refuse(const QString& output, const QStringList& inputs, QTextStream& err) {
    const QString why = problem(output, inputs);
    if (why.isEmpty())
        return false;
    err << "syncscope: " << why << Qt::endl;
    return true;
}

}  // namespace syncscope
