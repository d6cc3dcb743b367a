// A scenario's title, explanation and claim texts: a plain string (English only) or
// {"en": "...", "ja": "..."}; read with errors that name the field, and written back in the form
// they came in.
#include <QTest>

#include "core/scenario/scenario_reader.h"
#include "core/scenario/scenario_writer.h"
#include "tests/support/scenario_difference.h"

using namespace syncscope;

namespace {

// A kernel "k" and a device sync "sync" that waits for it, with the given title, explanation and
// claim text (JSON values; an empty one leaves the field out).
std::string scenarioWith(const std::string& title, const std::string& explanation,
                         const std::string& text) {
    std::string out = R"({"format": "syncscope-scenario", "version": 1, "title": )" + title;
    if (!explanation.empty())
        out += R"(, "explanation": )" + explanation;
    out +=
        ", \"streams\": [{\"name\": \"s1\"}],\n"
        "  \"steps\": [{\"op\": \"kernel\", \"stream\": \"s1\", \"kind\": \"spin\", "
        "\"duration_us\": 40, \"id\": \"k\"},\n"
        "            {\"op\": \"device_sync\", \"id\": \"sync\"}],\n"
        "  \"expect\": [{\"claim\": \"returns-after-end\", \"call\": \"sync\", \"gpu\": \"k\"";
    if (!text.empty())
        out += R"(, "text": )" + text;
    return out + "}]}";
}

QString errorsOf(const std::string& text) {
    const ScenarioParseResult r = ScenarioReader::parse(text);
    return r.ok() ? QStringLiteral("<ok>") : QString::fromStdString(r.errorText());
}

}  // namespace

class TestLessonTexts : public QObject {
    Q_OBJECT
private slots:
    void plainStringsAreEnglish() {
        const auto r =
            ScenarioReader::parse(scenarioWith("\"Title\"", "\"Explained\"", "\"waits\""));
        QVERIFY2(r.ok(), r.errorText().c_str());
        QCOMPARE(r.scenario->title, LessonText("Title"));
        QCOMPARE(r.scenario->explanation, LessonText("Explained"));
        QCOMPARE(r.scenario->expect.at(0).text, LessonText("waits"));
        // Japanese asked for, English shown: nothing was translated.
        QCOMPARE(r.scenario->title.in(Language::Ja), std::string("Title"));
    }

    void objectsCarryBothLanguages() {
        const auto r = ScenarioReader::parse(scenarioWith(R"({"en": "Title", "ja": "題名"})",
                                                          R"({"ja": "説明", "en": "Explained"})",
                                                          R"({"en": "waits", "ja": "待つ"})"));
        QVERIFY2(r.ok(), r.errorText().c_str());
        const Scenario& s = *r.scenario;
        QCOMPARE(s.title.in(Language::Ja), std::string("題名"));
        QCOMPARE(s.title.in(Language::En), std::string("Title"));
        QCOMPARE(s.explanation, LessonText("Explained", "説明"));
        QCOMPARE(s.expect.at(0).text, LessonText("waits", "待つ"));
    }

    void englishOnlyObject() {
        const auto r = ScenarioReader::parse(scenarioWith(R"({"en": "Title"})", "", ""));
        QVERIFY2(r.ok(), r.errorText().c_str());
        QCOMPARE(r.scenario->title.in(Language::Ja), std::string("Title"));
        QVERIFY(r.scenario->explanation.empty());
        QVERIFY(r.scenario->expect.at(0).text.empty());
    }

    void errorsNameTheField_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        const auto row = [](const char* name, const std::string& text, const char* error) {
            QTest::newRow(name) << QString::fromStdString(text) << QString::fromUtf8(error);
        };
        row("title a number", scenarioWith("3", "", ""),
            "title: must be a string (English only) or an object {\"en\": \"...\", \"ja\": "
            "\"...\"}, not a number");
        row("title empty", scenarioWith("\" \"", "", ""), "title: must not be empty");
        row("title without en", scenarioWith(R"({"ja": "題名"})", "", ""), "title.en: is required");
        row("title en empty", scenarioWith(R"({"en": "", "ja": "題名"})", "", ""),
            "title.en: must not be empty");
        row("explanation ja a number", scenarioWith("\"t\"", R"({"en": "e", "ja": 5})", ""),
            "explanation.ja: must be a string, not a number");
        row("explanation unknown language", scenarioWith("\"t\"", R"({"en": "e", "fr": "x"})", ""),
            "explanation.fr: unknown language (allowed: en, ja)");
        row("explanation an array", scenarioWith("\"t\"", "[]", ""),
            "explanation: must be a string (English only) or an object");
        row("claim text empty ja", scenarioWith("\"t\"", "", R"({"en": "w", "ja": ""})"),
            "expect[0].text.ja: must not be empty (leave it out to show the English text)");
        row("claim text too long",
            scenarioWith("\"t\"", "",
                         "{\"en\": \"w\", \"ja\": \"" + std::string(1001, 'x') + "\"}"),
            "expect[0].text.ja: is longer than 1000 bytes");
        row("claim text a bool", scenarioWith("\"t\"", "", "true"),
            "expect[0].text: must be a string (English only) or an object");
    }

    void errorsNameTheField() {
        QFETCH(QString, text);
        QFETCH(QString, error);
        const QString errors = errorsOf(text.toStdString());
        QVERIFY2(errors.contains(error),
                 qPrintable(errors + QStringLiteral("\n  wanted: ") + error));
    }

    // Written back as read: an English-only text stays a plain string, a translated one an
    // object, and reading the file again gives the same scenario and the same file.
    void writerKeepsBothForms() {
        for (const bool translated : {false, true}) {
            const auto r = ScenarioReader::parse(
                translated ? scenarioWith("{\"en\": \"Title \\\"q\\\"\", \"ja\": \"題名\\n二行\"}",
                                          R"({"en": "Explained", "ja": "説明"})",
                                          R"({"en": "waits", "ja": "待つ"})")
                           : scenarioWith("\"Title\"", "\"Explained\"", "\"waits\""));
            QVERIFY2(r.ok(), r.errorText().c_str());
            const std::string text = ScenarioWriter::toJson(*r.scenario);
            QCOMPARE(text.find("\"title\": {\"en\"") != std::string::npos, translated);
            QCOMPARE(text.find("\"text\": {\"en\"") != std::string::npos, translated);
            if (!translated)
                QVERIFY2(text.find("\"title\": \"Title\"") != std::string::npos, text.c_str());
            const auto back = ScenarioReader::parse(text);
            QVERIFY2(back.ok(), (back.errorText() + "\n" + text).c_str());
            QCOMPARE(QString::fromStdString(test::scenarioDifference(*r.scenario, *back.scenario)),
                     QString());
            QCOMPARE(ScenarioWriter::toJson(*back.scenario), text);
        }
    }
};

QTEST_GUILESS_MAIN(TestLessonTexts)
#include "tst_lesson_texts.moc"
