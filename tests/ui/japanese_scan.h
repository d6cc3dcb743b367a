#pragma once
// What a Japanese screen must not show: an English phrase that has a Japanese translation (the
// interface's .ts file, the lessons' texts). Shared by the course window's and the handouts'
// scans (issue 47, item 7).
#include <QFile>
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <QXmlStreamReader>
#include <map>
#include <optional>
#include <vector>

#include "ui/course/course_library.h"
#include "ui/editor/builtin_scenarios.h"

namespace syncscope::test {

// An English phrase as the dictionary keys it: no accelerator mark, no trailing ':' or '…'.
inline QString phraseKey(QString text) {
    text.remove(QRegularExpression(QStringLiteral("&(?=[^&])")));
    text = text.trimmed();
    while (!text.isEmpty() && (text.endsWith(QLatin1Char(':')) || text.endsWith(QChar(0x2026)) ||
                               text.endsWith(QLatin1Char('.'))))
        text.chop(1);
    return text.trimmed();
}

// Every English text that has a Japanese one: the interface's (the .ts file, finished entries
// without placeholders) and the lessons' (the built-ins' titles, explanations, step labels and
// callouts, and the course's texts), each with its Japanese.
inline std::map<QString, QString> translatedEnglish() {
    std::map<QString, QString> out;
    const auto add = [&](const QString& en, const QString& ja) {
        const QString key = phraseKey(en);
        if (key.size() >= 3 && !ja.isEmpty() && phraseKey(ja) != key &&
            !key.contains(QLatin1Char('%')))
            out.emplace(key, ja);
    };
    QFile ts(QStringLiteral(SYNCSCOPE_SOURCE_DIR "/resources/translations/syncscope_ja.ts"));
    if (ts.open(QIODevice::ReadOnly)) {
        QXmlStreamReader xml(&ts);
        QString source;
        while (!xml.atEnd()) {
            if (xml.readNext() != QXmlStreamReader::StartElement)
                continue;
            if (xml.name() == QLatin1String("source")) {
                source = xml.readElementText(QXmlStreamReader::SkipChildElements);
            } else if (xml.name() == QLatin1String("translation")) {
                const bool unfinished =
                    xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
                const QString ja = xml.readElementText(QXmlStreamReader::SkipChildElements);
                if (!unfinished)
                    add(source, ja);
            }
        }
    }
    const auto lesson = [&](const LessonText& t) {
        add(QString::fromStdString(t.en), QString::fromStdString(t.ja));
    };
    for (const QString& name : BuiltinScenarios::names()) {
        const auto scenario = BuiltinScenarios::load(name, nullptr);
        if (!scenario)
            continue;
        lesson(scenario->title);
        lesson(scenario->explanation);
        for (const Callout& c : scenario->callouts)
            lesson(c.text);
        const auto steps = [&](const auto& self, const std::vector<Step>& program) -> void {
            for (const Step& step : program) {
                lesson(step.label);
                self(self, step.body);
            }
        };
        steps(steps, scenario->program);
    }
    const std::optional<Course> course = CourseLibrary::load(nullptr);
    for (const CoursePage& page : course ? course->pages : std::vector<CoursePage>{}) {
        lesson(page.truth);
        lesson(page.look_at);
    }
    return out;
}

// The runs of Latin text in `shown` (what a Japanese screen shows) that are English phrases with
// a Japanese translation, as "'phrase' (ja: …)".
inline QStringList untranslated(const QString& shown,
                                const std::map<QString, QString>& dictionary) {
    QStringList out;
    QStringList runs{shown};
    // Split where the text leaves Latin script: a Japanese sentence quoting an English label
    // ('host is already here' in 「…」) leaves the label a run of its own.
    runs << shown.split(
        QRegularExpression(QStringLiteral("[^\\x{0000}-\\x{024F}\\x{2026}\\x{2019}]+")),
        Qt::SkipEmptyParts);
    for (const QString& run : runs) {
        const auto hit = dictionary.find(phraseKey(run));
        if (hit != dictionary.end())
            out << QStringLiteral("'%1' (ja: %2)").arg(hit->first, hit->second);
    }
    out.removeDuplicates();
    return out;
}

}  // namespace syncscope::test
