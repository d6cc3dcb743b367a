#pragma once

#include <QList>
#include <QString>
#include <optional>

#include "core/model/scenario.h"

namespace syncscope {

// One scenario of resources/scenarios, compiled into the program (":/scenarios/NAME.json").
struct BuiltinScenario {
    QString name;  // file name without .json: "mode-event"
    QString title;
    QString explanation;
};

// The built-in scenarios; `builtin:NAME` on the command line names one.
class BuiltinScenarios {
public:
    // Every scenario that parses, sorted by name. Ones that do not parse are left out (a test
    // checks that none are).
    static QList<BuiltinScenario> list();
    static QStringList names();
    static QString resourcePath(const QString& name);
    // Loads `name` (with or without a "builtin:" prefix); nullopt with `error` set when unknown
    // or invalid.
    static std::optional<Scenario> load(const QString& name, QString* error);
};

}  // namespace syncscope
