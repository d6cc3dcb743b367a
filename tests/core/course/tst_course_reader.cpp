// The course file: the shipped one is complete and names only real built-ins; bad files get
// errors that name the page and the field.
#include <QDir>
#include <QFileInfo>
#include <QTest>
#include <set>

#include "core/course/course_reader.h"
#include "core/scenario/scenario_reader.h"

using namespace syncscope;

namespace {

// A scenario as a compare page sees it: its work, step for step; its sync calls; its settings.
struct Program {
    std::vector<std::string> work, syncs;
    std::string settings;
};

bool isSyncStep(StepKind k) {
    switch (k) {
        case StepKind::DeviceSync:
        case StepKind::StreamSync:
        case StepKind::EventSync:
        case StepKind::CpuSync:
        case StepKind::StreamWaitEvent:
        case StepKind::WaitStream:
        case StepKind::EventQueryPoll:
        case StepKind::EmptyCache:
        case StepKind::PoolTrim:
            return true;
        default:
            return false;
    }
}

void flatten(const std::vector<Step>& steps, Program& out) {
    for (const Step& step : steps) {
        if (step.kind == StepKind::Repeat) {
            out.work.push_back("repeat " + std::to_string(step.count) + " {");
            flatten(step.body, out);
            out.work.push_back("}");
        } else if (isSyncStep(step.kind)) {
            out.syncs.push_back(std::string(toString(step.kind)));
        } else {
            out.work.push_back(
                std::string(toString(step.kind)) + " s" + std::to_string(step.stream) + " " +
                std::to_string(step.duration_ns) + "ns " + std::to_string(step.bytes) + "B " +
                std::to_string(int(step.direction)) + std::to_string(step.pinned) +
                std::to_string(step.async) + std::to_string(int(step.kernel)));
        }
    }
}

Program programOf(const Scenario& s) {
    Program p;
    flatten(s.program, p);
    p.settings = std::to_string(int(s.schedule)) + " " + std::to_string(int(s.default_stream));
    for (const StreamSpec& stream : s.streams)
        p.settings += " " + std::to_string(int(stream.kind));
    p.settings += " " + std::to_string(s.pool.release_threshold);
    return p;
}

const QString kScenarios = QStringLiteral(SYNCSCOPE_SOURCE_DIR "/resources/scenarios");
const std::string kCourse = SYNCSCOPE_SOURCE_DIR "/resources/course/course.json";

const std::string kPage =
    R"({"scenario":"mode-device","claim":{"ja":"主張","en":"claim"},"truth":"t","look_at":"l"})";

std::string doc(const std::string& pages) {
    return R"({"format":"syncscope-course","version":1,"title":"T","pages":)" + pages + "}";
}

QString errorsOf(const std::string& text) {
    const CourseParseResult result = CourseReader::parse(text);
    return result.ok() ? QStringLiteral("<ok>") : QString::fromStdString(result.errorText());
}

}  // namespace

class TstCourseReader : public QObject {
    Q_OBJECT
private slots:
    void shippedCourseParses() {
        const CourseParseResult result = CourseReader::readFile(kCourse);
        QVERIFY2(result.ok(), result.errorText().c_str());
        QCOMPARE(result.course->pages.size(), std::size_t(30));
        QVERIFY(!result.course->title.empty());
    }

    // The sync-mode pages that state a misconception say so: twelve of them, each with a truth
    // that corrects it (issue 47: they were labelled "In short").
    void mythsAreMarked() {
        const Course course = *CourseReader::readFile(kCourse).course;
        int myths = 0;
        for (const CoursePage& page : course.pages) {
            QVERIFY2(!(page.myth && page.article_claim), page.scenario.c_str());
            myths += page.myth ? 1 : 0;
        }
        QCOMPARE(myths, 12);
        for (const char* name :
             {"copies-pinned-vs-pageable", "mode-legacy-default-stream", "policy-yield"})
            QVERIFY2(std::any_of(course.pages.begin(), course.pages.end(),
                                 [&](const CoursePage& p) { return p.scenario == name && p.myth; }),
                     name);
        for (const char* name : {"mode-device", "policy-spin"})
            QVERIFY2(
                std::none_of(course.pages.begin(), course.pages.end(),
                             [&](const CoursePage& p) { return p.scenario == name && p.myth; }),
                name);
    }

    // The article's seven claims come first, in order; claim 1 is torch.cpu.synchronize.
    void articleClaimsComeFirst() {
        const Course course = *CourseReader::readFile(kCourse).course;
        for (int i = 0; i < CourseReader::kArticleClaims; ++i)
            QCOMPARE(course.pages[std::size_t(i)].article_claim, std::optional<int>(i + 1));
        for (std::size_t i = CourseReader::kArticleClaims; i < course.pages.size(); ++i)
            QVERIFY(!course.pages[i].article_claim);
        QCOMPARE(course.pages[0].scenario, std::string("mode-cpu-synchronize"));
        QCOMPARE(course.pages[0].compare, std::optional<std::string>("cuda-synchronize-swapped"));
        QVERIFY(course.pages[0].claim.ja.find("torch.cpu.synchronize") != std::string::npos);
    }

    void everyPageNamesABuiltin() {
        const Course course = *CourseReader::readFile(kCourse).course;
        for (const CoursePage& page : course.pages) {
            const QString file = kScenarios + "/" + QString::fromStdString(page.scenario) + ".json";
            QVERIFY2(QFileInfo::exists(file), qPrintable(file));
            if (page.compare) {
                const QString other =
                    kScenarios + "/" + QString::fromStdString(*page.compare) + ".json";
                QVERIFY2(QFileInfo::exists(other), qPrintable(other));
            }
        }
    }

    // Every built-in is reachable from the course: a page of its own, or what a page compares
    // with (claim 1's torch.cuda.synchronize() twin).
    void everyBuiltinIsInTheCourse() {
        const Course course = *CourseReader::readFile(kCourse).course;
        std::set<std::string> inCourse;
        for (const CoursePage& page : course.pages) {
            inCourse.insert(page.scenario);
            if (page.compare)
                inCourse.insert(*page.compare);
        }
        const QStringList files =
            QDir(kScenarios).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QVERIFY(files.size() >= 20);
        int claims = 0;
        for (const QString& f : files) {
            claims += f.startsWith(QLatin1String("claim-")) ? 1 : 0;
            QVERIFY2(inCourse.count(f.chopped(5).toStdString()), qPrintable(f));
        }
        QCOMPARE(claims, CourseReader::kArticleClaims - 1);  // claim 1 is mode-cpu-synchronize
    }

    // Claim 1's comparison isolates the call: the same program with only torch.cpu.synchronize()
    // swapped for torch.cuda.synchronize(), so the compare table's differences are the call's.
    // Issue 38 item 3: pressing C compares the page's program with the same program in which
    // only the sync call (or the one setting the page is about) differs, so the table isolates
    // it. The work (kernels, copies, allocations, host work, their streams and sizes) is the
    // same step for step; the sync calls or the setting differ.
    void everyComparePageComparesTheSameProgram() {
        const Course course = *CourseReader::readFile(kCourse).course;
        const auto read = [](const std::string& name) {
            return ScenarioReader::readFile(
                (kScenarios + "/" + QString::fromStdString(name) + ".json").toStdString());
        };
        int pages = 0;
        for (const CoursePage& page : course.pages) {
            if (!page.compare)
                continue;
            ++pages;
            const ScenarioParseResult a = read(page.scenario);
            const ScenarioParseResult b = read(*page.compare);
            QVERIFY2(a.ok() && b.ok(), page.scenario.c_str());
            const Program pa = programOf(*a.scenario);
            const Program pb = programOf(*b.scenario);
            QVERIFY2(pa.work == pb.work,
                     qPrintable(QStringLiteral("%1 vs %2: the work differs")
                                    .arg(QString::fromStdString(page.scenario),
                                         QString::fromStdString(*page.compare))));
            QCOMPARE(a.scenario->streams.size(), b.scenario->streams.size());
            QVERIFY2(pa.syncs != pb.syncs || pa.settings != pb.settings,
                     qPrintable(QStringLiteral("%1 vs %2: nothing was swapped")
                                    .arg(QString::fromStdString(page.scenario),
                                         QString::fromStdString(*page.compare))));
        }
        QVERIFY(pages >= 17);
        // Claim 1: exactly torch.cpu.synchronize() for torch.cuda.synchronize().
        const ScenarioParseResult one = read(course.pages.front().scenario);
        const ScenarioParseResult twin = read(*course.pages.front().compare);
        QCOMPARE(programOf(*one.scenario).syncs,
                 (std::vector<std::string>{"cpu_sync", "device_sync"}));
        QCOMPARE(programOf(*twin.scenario).syncs,
                 (std::vector<std::string>{"device_sync", "device_sync"}));
    }

    void minimalCourse() {
        const CourseParseResult r = CourseReader::parse(doc("[" + kPage + "]"));
        QVERIFY2(r.ok(), r.errorText().c_str());
        const CoursePage& page = r.course->pages.at(0);
        QCOMPARE(page.scenario, std::string("mode-device"));
        QCOMPARE(page.claim.ja, std::string("主張"));
        QCOMPARE(page.claim.en, std::string("claim"));
        QCOMPARE(page.truth, LessonText("t"));  // a plain string: English only
        QCOMPARE(page.look_at, LessonText("l"));
        QVERIFY(!page.compare && !page.article_claim);
    }

    // Truth, look-at line and title also come as {"en", "ja"}; the page picks its language and
    // falls back to English where the Japanese is left out.
    void bilingualTexts() {
        const CourseParseResult r = CourseReader::parse(
            R"({"format":"syncscope-course","version":1,"title":{"en":"T","ja":"題"},"pages":[)"
            R"({"scenario":"mode-device","claim":{"ja":"主張","en":"claim"},)"
            R"("truth":{"en":"true","ja":"真実"},"look_at":{"en":"look"}}]})");
        QVERIFY2(r.ok(), r.errorText().c_str());
        QCOMPARE(r.course->title, LessonText("T", "題"));
        const CoursePage& page = r.course->pages.at(0);
        QCOMPARE(page.truth.in(Language::Ja), std::string("真実"));
        QCOMPARE(page.truth.in(Language::En), std::string("true"));
        QCOMPARE(page.look_at.in(Language::Ja), std::string("look"));
    }

    void badInput_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("error");
        const auto row = [](const char* name, const std::string& text, const char* error) {
            QTest::newRow(name) << QString::fromStdString(text) << QString::fromUtf8(error);
        };
        row("syntax", "{\n  \"format\": ,", "line 2, column 13");
        row("not an object", "[]", "(file): must be a JSON object, not an array");
        row("format", R"({"format":"x","version":1,"title":"T","pages":[)" + kPage + "]}",
            "format: must be \"syncscope-course\"");
        row("version",
            R"({"format":"syncscope-course","version":2,"title":"T","pages":[)" + kPage + "]}",
            "version: must be 1, not 2");
        row("no pages", R"({"format":"syncscope-course","version":1,"title":"T"})",
            "pages: is required");
        row("empty pages", doc("[]"),
            "pages: must be a non-empty array of pages, not an empty one");
        row("page not object", doc("[3]"), "pages[0]: must be an object, not a number");
        row("missing ja",
            doc(R"([{"scenario":"mode-device","claim":{"en":"c"},"truth":"t","look_at":"l"}])"),
            "pages[0] (mode-device).claim.ja: is required");
        row("empty truth",
            doc(R"([{"scenario":"mode-device","claim":{"ja":"j","en":"c"},"truth":" ","look_at":"l"}])"),
            "pages[0] (mode-device).truth: must not be empty");
        row("look_at type",
            doc(R"([{"scenario":"mode-device","claim":{"ja":"j","en":"c"},"truth":"t","look_at":5}])"),
            "pages[0] (mode-device).look_at: must be a string (English only) or an object "
            "{\"en\": \"...\", \"ja\": \"...\"}, not a number");
        const std::string claim = R"({"scenario":"mode-device","claim":{"ja":"j","en":"c"},)";
        row("truth ja not a string",
            doc("[" + claim + R"("truth":{"en":"t","ja":1},"look_at":"l"}])"),
            "pages[0] (mode-device).truth.ja: must be a string, not a number");
        row("truth without en", doc("[" + claim + R"("truth":{"ja":"真"},"look_at":"l"}])"),
            "pages[0] (mode-device).truth.en: is required");
        row("look_at unknown language",
            doc("[" + claim + R"("truth":"t","look_at":{"en":"l","de":"x"}}])"),
            "pages[0] (mode-device).look_at.de: unknown language (allowed: en, ja)");
        row("look_at empty ja", doc("[" + claim + R"("truth":"t","look_at":{"en":"l","ja":""}}])"),
            "pages[0] (mode-device).look_at.ja: must not be empty (leave it out to show the "
            "English text)");
        row("truth too long",
            doc("[" + claim + "\"truth\":{\"en\":\"t\",\"ja\":\"" + std::string(601, 'x') +
                "\"},\"look_at\":\"l\"}]"),
            "pages[0] (mode-device).truth.ja: is longer than 600 bytes");
        row("claim a plain string",
            doc(R"([{"scenario":"mode-device","claim":"c","truth":"t","look_at":"l"}])"),
            "pages[0] (mode-device).claim: must be an object");
        row("title not a text",
            R"({"format":"syncscope-course","version":1,"title":[],"pages":[)" + kPage + "]}",
            "title: must be a string (English only) or an object");
        row("unknown field",
            doc(R"([{"scenario":"mode-device","claim":{"ja":"j","en":"c"},"truth":"t","look_at":"l","note":1}])"),
            "pages[0] (mode-device).note: is not a field here");
        row("scenario with .json",
            doc(R"([{"scenario":"mode-device.json","claim":{"ja":"j","en":"c"},"truth":"t","look_at":"l"}])"),
            "pages[0].scenario: 'mode-device.json' is not a built-in scenario name");
        row("no scenario", doc(R"([{"claim":{"ja":"j","en":"c"},"truth":"t","look_at":"l"}])"),
            "pages[0].scenario: is required");
        row("compare itself",
            doc(R"([{"scenario":"mode-device","claim":{"ja":"j","en":"c"},"truth":"t","look_at":"l","compare":"mode-device"}])"),
            "pages[0] (mode-device).compare: names the page's own scenario");
        row("article claim 9",
            doc(R"([{"scenario":"mode-device","claim":{"ja":"j","en":"c"},"truth":"t","look_at":"l","article_claim":9}])"),
            "pages[0] (mode-device).article_claim: must be a whole number from 1 to 7, not 9");
        row("myth not a boolean",
            doc(R"([{"scenario":"mode-device","claim":{"ja":"j","en":"c"},"truth":"t","look_at":"l","myth":"yes"}])"),
            "pages[0] (mode-device).myth: must be true or false, not a string");
        row("duplicate", doc("[" + kPage + "," + kPage + "]"),
            "pages[1] (mode-device).scenario: is already the scenario of an earlier page");
        row("second page named",
            doc("[" + kPage +
                R"(,{"scenario":"mode-event","claim":{"ja":"j","en":"c"},"truth":"t"}])"),
            "pages[1] (mode-event).look_at: is required");
    }

    void badInput() {
        QFETCH(QString, text);
        QFETCH(QString, error);
        const QString errors = errorsOf(text.toStdString());
        QVERIFY2(errors.contains(error),
                 qPrintable(errors + QStringLiteral("\n  wanted: ") + error));
    }

    void missingFileIsNamed() {
        const CourseParseResult r = CourseReader::readFile("/nonexistent/course.json");
        QVERIFY(!r.ok());
        QVERIFY(QString::fromStdString(r.errorText()).contains("/nonexistent/course.json"));
    }

    void oversizedTextIsRefused() {
        const std::string big(CourseReader::kMaxFileBytes + 1, ' ');
        QVERIFY(errorsOf(big).contains("at most"));
    }
};

QTEST_MAIN(TstCourseReader)
#include "tst_course_reader.moc"
