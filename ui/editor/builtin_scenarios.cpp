#include "ui/editor/builtin_scenarios.h"

#include <QDir>
#include <QFile>
#include <algorithm>

#include "core/scenario/scenario_reader.h"
#include "ui/i18n/ui_language.h"

namespace syncscope {

namespace {

const QString kPrefix = QStringLiteral("builtin:");

}  // namespace

QStringList BuiltinScenarios::names() {
    QStringList out;
    const QStringList files = QDir(QStringLiteral(":/scenarios"))
                                  .entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QString& file : files)
        out << file.chopped(5);
    return out;
}

QString BuiltinScenarios::resourcePath(const QString& name) {
    QString bare = name.startsWith(kPrefix) ? name.mid(kPrefix.size()) : name;
    if (bare.endsWith(QLatin1String(".json")))
        bare.chop(5);
    return QStringLiteral(":/scenarios/%1.json").arg(bare);
}

std::optional<Scenario> BuiltinScenarios::load(const QString& name, QString* error) {
    QFile file(resourcePath(name));
    if (!file.open(QIODevice::ReadOnly)) {
        if (error)
            *error = QObject::tr("there is no built-in scenario '%1' (known: %2)")
                         .arg(name, names().join(QStringLiteral(", ")));
        return std::nullopt;
    }
    const QByteArray text = file.readAll();
    ScenarioParseResult parsed =
        ScenarioReader::parse(std::string_view(text.constData(), std::size_t(text.size())));
    if (!parsed.ok()) {
        if (error)
            *error = QObject::tr("built-in scenario '%1' is invalid: %2")
                         .arg(name, QString::fromStdString(parsed.errorText()));
        return std::nullopt;
    }
    return std::move(parsed.scenario);
}

QList<BuiltinScenario> BuiltinScenarios::list() {
    QList<BuiltinScenario> out;
    for (const QString& name : names()) {
        const std::optional<Scenario> scenario = load(name, nullptr);
        if (!scenario)
            continue;
        const Language language = UiLanguage::current();
        out.append({name, QString::fromStdString(scenario->title.in(language)),
                    QString::fromStdString(scenario->explanation.in(language))});
    }
    return out;
}

}  // namespace syncscope
