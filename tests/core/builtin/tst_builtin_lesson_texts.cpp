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

    // The checker above would pass anything if it could not see a missing translation.
    void checkerSeesWhatIsMissing() {
        QCOMPARE(problem(LessonText("English")), QStringLiteral("no Japanese"));
        QVERIFY(!problem(LessonText("same", "same")).isEmpty());
        QVERIFY(problem(LessonText("Wait", "待つ")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TstBuiltinLessonTexts)
#include "tst_builtin_lesson_texts.moc"
