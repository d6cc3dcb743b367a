// A Japanese class sees Japanese lessons: every built-in scenario's title, explanation and claim
// texts, and every course page's truth and look-at line, come in English and in Japanese.
#include <QDir>
#include <QTest>
#include <algorithm>

#include "core/course/course_reader.h"
#include "core/scenario/scenario_reader.h"

using namespace syncscope;

namespace {

const QString kScenarios = QStringLiteral(SYNCSCOPE_SOURCE_DIR "/resources/scenarios");

// Why `text` is not a finished pair of English and Japanese, or empty when it is: both set, and
// the Japanese is Japanese (kana or kanji), not the English left in place.
QString problem(const LessonText& text) {
    if (text.en.empty())
        return QStringLiteral("no English");
    if (text.ja.empty())
        return QStringLiteral("no Japanese");
    const QString ja = QString::fromStdString(text.ja);
    const bool japanese = std::any_of(ja.begin(), ja.end(), [](QChar c) {
        return (c.unicode() >= 0x3040 && c.unicode() <= 0x30FF) ||  // hiragana, katakana
               (c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF);    // kanji
    });
    if (!japanese || text.ja == text.en)
        return QStringLiteral("the Japanese is not Japanese: ") + ja;
    return {};
}

void check(QStringList& missing, const QString& where, const LessonText& text) {
    if (const QString p = problem(text); !p.isEmpty())
        missing << where + QStringLiteral(": ") + p;
}

}  // namespace

class TstBuiltinLessonTexts : public QObject {
    Q_OBJECT
private slots:
    void everyScenarioIsBilingual() {
        const QStringList files =
            QDir(kScenarios).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 30);
        QStringList missing;
        for (const QString& f : files) {
            const auto parsed = ScenarioReader::readFile((kScenarios + "/" + f).toStdString());
            QVERIFY2(parsed.ok(), parsed.errorText().c_str());
            const Scenario& s = *parsed.scenario;
            check(missing, f + QStringLiteral(" title"), s.title);
            check(missing, f + QStringLiteral(" explanation"), s.explanation);
            for (std::size_t i = 0; i < s.expect.size(); ++i) {
                if (!s.expect[i].text.empty())  // a claim without words shows only the check
                    check(missing, f + QStringLiteral(" expect[%1].text").arg(i), s.expect[i].text);
            }
        }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
    }

    void everyCoursePageIsBilingual() {
        const CourseParseResult result =
            CourseReader::readFile(SYNCSCOPE_SOURCE_DIR "/resources/course/course.json");
        QVERIFY2(result.ok(), result.errorText().c_str());
        QStringList missing;
        check(missing, QStringLiteral("title"), result.course->title);
        for (const CoursePage& page : result.course->pages) {
            const QString name = QString::fromStdString(page.scenario);
            check(missing, name + QStringLiteral(" claim"), page.claim);
            check(missing, name + QStringLiteral(" truth"), page.truth);
            check(missing, name + QStringLiteral(" look_at"), page.look_at);
        }
        QVERIFY2(missing.isEmpty(), qPrintable(missing.join(QLatin1Char('\n'))));
    }

    // A Japanese page quotes the timeline's labels as the Japanese timeline shows them (page 3's
    // look-at line quoted 'host is already here' while the timeline said ホストはもうここにいる),
    // and a Japanese callout the same.
    void japaneseTextsQuoteTheJapaneseLabels() {
        const CourseParseResult course =
            CourseReader::readFile(SYNCSCOPE_SOURCE_DIR "/resources/course/course.json");
        QVERIFY2(course.ok(), course.errorText().c_str());
        QStringList english;
        for (const CoursePage& page : course.course->pages) {
            const auto parsed = ScenarioReader::readFile(
                (kScenarios + "/" + QString::fromStdString(page.scenario) + ".json").toStdString());
            QVERIFY2(parsed.ok(), parsed.errorText().c_str());
            std::vector<LessonText> labels;
            const auto collect = [&](const auto& self, const std::vector<Step>& steps) -> void {
                for (const Step& step : steps) {
                    if (!step.label.ja.empty() && step.label.ja != step.label.en)
                        labels.push_back(step.label);
                    self(self, step.body);
                }
            };
            collect(collect, parsed.scenario->program);
            std::vector<std::pair<QString, std::string>> texts{
                {QStringLiteral("truth"), page.truth.ja},
                {QStringLiteral("look_at"), page.look_at.ja}};
            for (std::size_t i = 0; i < parsed.scenario->callouts.size(); ++i)
                texts.emplace_back(QStringLiteral("callout %1").arg(i),
                                   parsed.scenario->callouts[i].text.ja);
            for (const auto& [field, ja] : texts)
                for (const LessonText& label : labels)
                    if (!ja.empty() && ja.find(label.en) != std::string::npos)
                        english << QStringLiteral("%1 %2 quotes '%3', shown as '%4'")
                                       .arg(QString::fromStdString(page.scenario), field,
                                            QString::fromStdString(label.en),
                                            QString::fromStdString(label.ja));
        }
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QLatin1Char('\n'))));
    }

    // The checker above would pass anything if it could not see a missing translation.
    void checkerSeesWhatIsMissing() {
        QCOMPARE(problem(LessonText("English")), QStringLiteral("no Japanese"));
        QVERIFY(!problem(LessonText("same", "same")).isEmpty());
        QVERIFY(problem(LessonText("Wait", "待つ")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstBuiltinLessonTexts)
#include "tst_builtin_lesson_texts.moc"
