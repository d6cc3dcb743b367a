// The course as handouts (issue 38): `syncscope --course-export DIR` writes every page as a PNG
// and all of them as one PDF, in either language; each page keeps the run big and the code and
// texts off it.
#include <QAction>
#include <QApplication>
#include <QFile>
#include <QFileInfo>
#include <QFontMetrics>
#include <QImage>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QWidget>
#include <memory>

#include "core/engine/engine_factory.h"
#include "headless_test_utils.h"
#include "tests/ui/japanese_scan.h"
#include "ui/course/course_handout.h"
#include "ui/course/course_library.h"
#include "ui/course/handout_page.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/i18n/ui_language.h"
#include "ui/timeline/callout_layer.h"
#include "ui/timeline/legend_entries.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/handout_export.h"

using namespace syncscope;
using namespace syncscope::testing;

namespace {

class Quiet final : public EngineObserver {};

std::shared_ptr<const Trace> runOf(const std::string& name) {
    const auto scenario =
        BuiltinScenarios::load(QStringLiteral("builtin:") + QString::fromStdString(name), nullptr);
    if (!scenario)
        return nullptr;
    Quiet quiet;
    CancelToken never;
    RunResult result = chooseEngine("sim").engine->run(*scenario, quiet, never);
    return result.status == RunStatus::Ok ? std::make_shared<const Trace>(std::move(result.trace))
                                          : nullptr;
}

// Pages in a PDF as Qt writes it: one "/Type /Page" object each ("/Pages" is the tree).
int pdfPages(const QByteArray& pdf) {
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![a-zA-Z])"));
    int n = 0;
    for (auto it = page.globalMatch(QString::fromLatin1(pdf)); it.hasNext(); it.next())
        ++n;
    return n;
}

}  // namespace

class TestCourseHandout : public QObject {
    Q_OBJECT
private slots:
    void cleanup() { UiLanguage::install(Language::En, nullptr); }

    void everyPageKeepsTheRunBigAndTheRestOffIt() {
        QString error;
        const auto course = CourseLibrary::load(&error);
        QVERIFY2(course, qPrintable(error));
        const QSize size(1600, 1131);
        for (std::size_t k = 0; k < course->pages.size(); ++k) {
            const CoursePage& page = course->pages[k];
            HandoutPage::Content content{page,      int(k),    int(course->pages.size()),
                                         QString(), QString(), runOf(page.scenario)};
            QVERIFY2(content.trace, page.scenario.c_str());
            const HandoutPage handout(std::move(content), size);
            const QRect all(QPoint(0, 0), size);
            const QRect run = handout.timelineRect();
            QVERIFY2(all.contains(run), page.scenario.c_str());
            QVERIFY2(run.height() >= size.height() * 2 / 5, page.scenario.c_str());
            QVERIFY2(handout.codeLinesShown() > 0, page.scenario.c_str());
            QVERIFY2(all.contains(handout.codeRect()), page.scenario.c_str());
            QVERIFY2(!handout.codeRect().intersects(run), page.scenario.c_str());
            QVERIFY2(handout.codeRect().top() > run.bottom(), page.scenario.c_str());
            QVERIFY(handout.footerText().contains(QStringLiteral("--course %1").arg(k + 1)));
            // Printed on A4 (297 mm across), the timeline's text is 9 pt or more (it was about
            // 6), and its lanes are no taller than two and a half lines of it.
            const QFont font = handout.timeline().theme().font;
            const double px = font.pixelSize() > 0 ? font.pixelSize() : font.pointSizeF() * 96 / 72;
            const double printed_pt = px * (297.0 / 25.4 * 72.0) / size.width();
            QVERIFY2(printed_pt >= 9.0, qPrintable(QStringLiteral("%1: %2 pt")
                                                       .arg(QString::fromStdString(page.scenario))
                                                       .arg(printed_pt)));
            QVERIFY2(handout.timeline().rowHeightPx() <= 2.5 * QFontMetrics(font).height() + 0.5,
                     page.scenario.c_str());
        }
    }

    void aLongProgramIsCutAndCounted() {
        QString error;
        const auto course = CourseLibrary::load(&error);
        QVERIFY2(course, qPrintable(error));
        const CoursePage& page = course->pages.front();
        // A short page leaves room for few lines: the rest are counted, not drawn over the run.
        HandoutPage::Content content{page, 0, 1, QString(), QString(), runOf(page.scenario)};
        const HandoutPage handout(std::move(content), QSize(1600, 700));
        QVERIFY(handout.codeLineCount() > handout.codeLinesShown());
        QVERIFY(handout.codeRect().top() > handout.timelineRect().bottom());
    }

    void theTextsFollowTheLanguage() {
        QString error;
        QVERIFY2(UiLanguage::install(Language::Ja, &error), qPrintable(error));
        const auto course = CourseLibrary::load(&error);
        QVERIFY2(course, qPrintable(error));
        const CoursePage& claim = course->pages.front();
        const HandoutPage first({claim, 0, 30, QStringLiteral("t"), QString(), nullptr},
                                QSize(1600, 1131));
        QVERIFY2(first.sectionText().startsWith(QStringLiteral("記事の主張 1")),
                 qPrintable(first.sectionText()));
        const auto mode = std::find_if(course->pages.begin(), course->pages.end(),
                                       [](const CoursePage& p) { return !p.article_claim; });
        QVERIFY(mode != course->pages.end());
        const HandoutPage modes({*mode, 7, 30, QStringLiteral("t"), QString(), nullptr},
                                QSize(1600, 1131));
        QVERIFY2(modes.sectionText().startsWith(QStringLiteral("同期モード")),
                 qPrintable(modes.sectionText()));
        // A misconception is a myth, said once in the handout's language (the English handout
        // printed the Japanese sentence first, in large bold, headed "In short").
        const auto myth = std::find_if(course->pages.begin(), course->pages.end(),
                                       [](const CoursePage& p) { return p.myth; });
        QVERIFY(myth != course->pages.end());
        const HandoutPage ja({*myth, 17, 30, QStringLiteral("t"), QString(), nullptr},
                             QSize(1600, 1131));
        QCOMPARE(ja.blockTexts().front(),
                 QStringLiteral("誤解: ") + QString::fromStdString(myth->claim.ja));
        QVERIFY2(UiLanguage::install(Language::En, &error), qPrintable(error));
        const HandoutPage en({*myth, 17, 30, QStringLiteral("t"), QString(), nullptr},
                             QSize(1600, 1131));
        QCOMPARE(en.blockTexts().front(),
                 QStringLiteral("Myth: ") + QString::fromStdString(myth->claim.en));
        for (const QString& block : en.blockTexts())
            QVERIFY2(!block.contains(QString::fromStdString(myth->claim.ja)), qPrintable(block));
    }

    // A Japanese handout prints no English phrase that has a translation: its heads, texts,
    // footer, and its run's callouts, event names and legend (issue 47, item 7).
    void japaneseHandoutsAreJapanese() {
        QString error;
        QVERIFY2(UiLanguage::install(Language::Ja, &error), qPrintable(error));
        const auto dictionary = test::translatedEnglish();
        const auto course = CourseLibrary::load(&error);
        QVERIFY2(course, qPrintable(error));
        QStringList english;
        for (std::size_t k = 0; k < course->pages.size(); ++k) {
            const CoursePage& page = course->pages[k];
            const auto trace = runOf(page.scenario);
            QVERIFY2(trace, page.scenario.c_str());
            const HandoutPage handout(
                {page, int(k), int(course->pages.size()), QString(), QString(), trace},
                QSize(1600, 1131));
            QStringList shown = handout.blockTexts();
            shown << handout.sectionText() << handout.footerText();
            const TimelineView& view = handout.timeline();
            for (const auto& placed : view.callouts()->layout())
                shown << placed.text;
            for (const LegendEntry& e : view.legendEntries())
                shown << e.label;
            for (const TraceEvent& e : trace->events)
                shown << view.model()->labels().nameOf(*trace, e);
            for (const QString& text : shown)
                for (const QString& hit : test::untranslated(text, dictionary))
                    english << QStringLiteral("page %1: %2").arg(k + 1).arg(hit);
        }
        english.removeDuplicates();
        QVERIFY2(english.isEmpty(), qPrintable(english.join(QLatin1Char('\n'))));
    }

    // As a trainer runs it: both languages, every page, one PDF that has them all.
    void theCommandWritesEveryPageAndOnePdf_data() {
        QTest::addColumn<QString>("lang");
        QTest::newRow("en") << QStringLiteral("en");
        QTest::newRow("ja") << QStringLiteral("ja");
    }
    void theCommandWritesEveryPageAndOnePdf() {
        QFETCH(QString, lang);
        QString error;
        const auto course = CourseLibrary::load(&error);
        QVERIFY2(course, qPrintable(error));
        const int count = int(course->pages.size());
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("handouts"));
        const Outcome o =
            runSyncscope({QStringLiteral("--course-export"), out, QStringLiteral("--lang"), lang,
                          QStringLiteral("--size"), QStringLiteral("800x566")});
        QVERIFY2(o.exit_code == 0, qPrintable(o.err));
        QVERIFY(o.out.contains(QStringLiteral("page %1 of %1").arg(count)));
        for (int k = 0; k < count; ++k) {
            const QImage page(out + QLatin1Char('/') + CourseHandout::pageFileName(k));
            QVERIFY2(page.size() == QSize(800, 566), qPrintable(CourseHandout::pageFileName(k)));
        }
        QFile pdf(out + QLatin1Char('/') + CourseHandout::pdfFileName());
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        const QByteArray bytes = pdf.readAll();
        QVERIFY(bytes.startsWith("%PDF-"));
        QVERIFY(bytes.trimmed().endsWith("%%EOF"));
        QCOMPARE(pdfPages(bytes), count);
    }

    // Help ▸ Course Handouts…: the same files, written while the window's event loop keeps
    // turning (the runs on a worker, one page drawn per turn); Cancel stops it.
    void theWindowWritesThemWithoutBlocking() {
        QWidget window;
        HandoutExport handouts(&window);
        QSignalSpy finished(&handouts, &HandoutExport::finished);
        int ticks = 0;
        QTimer ticker;
        connect(&ticker, &QTimer::timeout, [&] { ++ticks; });
        ticker.start(5);
        QTemporaryDir dir;
        handouts.exportTo(dir.path());
        QVERIFY(handouts.busy());
        QVERIFY(!handouts.action()->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 120000);
        QVERIFY2(finished.front().at(0).toBool(), qPrintable(finished.front().at(1).toString()));
        QVERIFY(handouts.action()->isEnabled());
        QString error;
        const int count = int(CourseLibrary::load(&error)->pages.size());
        for (int k = 0; k < count; ++k)
            QVERIFY(QFile::exists(dir.filePath(CourseHandout::pageFileName(k))));
        QVERIFY(QFile::exists(dir.filePath(CourseHandout::pdfFileName())));
        // At least a turn of the event loop per page written.
        QVERIFY2(ticks >= count, qPrintable(QString::number(ticks)));

        QTemporaryDir other;
        finished.clear();
        handouts.exportTo(other.path());
        handouts.cancel();
        QCOMPARE(finished.size(), 1);
        QVERIFY(!finished.front().at(0).toBool());
        QVERIFY(!handouts.busy());
        QTest::qWait(200);
        QVERIFY(!QFile::exists(other.filePath(CourseHandout::pdfFileName())));
    }

    // Closing the window while the pages' runs are in flight: the runs are cancelled and waited
    // for before what they read goes (HandoutExport destroys its job tracker first); nothing is
    // written afterwards.
    void closingWhileRunningIsSafe() {
        QTemporaryDir dir;
        auto window = std::make_unique<QWidget>();
        auto* handouts = new HandoutExport(window.get());
        handouts->exportTo(dir.path());
        QVERIFY(handouts->busy());
        window.reset();
        QVERIFY(!QFile::exists(dir.filePath(CourseHandout::pdfFileName())));
    }

    void badRequestsSayWhatIsWrong() {
        QTemporaryDir dir;
        const QString file = dir.filePath(QStringLiteral("a-file"));
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("keep me");
        f.close();
        Outcome o = runSyncscope({QStringLiteral("--course-export"), file});
        QCOMPARE(o.exit_code, 1);
        QVERIFY2(o.err.contains(QStringLiteral("is not a folder")), qPrintable(o.err));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("keep me"));

        o = runSyncscope({QStringLiteral("--course-export"), dir.path(), QStringLiteral("--size"),
                          QStringLiteral("12x4")});
        QCOMPARE(o.exit_code, 2);
        QVERIFY2(o.err.contains(QStringLiteral("bad --size")), qPrintable(o.err));

        o = runSyncscope({QStringLiteral("--course-export"), dir.path(),
                          QStringLiteral("--scenario"), QStringLiteral("builtin:mode-event")});
        QCOMPARE(o.exit_code, 2);
        QVERIFY2(o.err.contains(QStringLiteral("takes no FILE")), qPrintable(o.err));

        // An empty --size is no size (it silently meant the default).
        o = runSyncscope(
            {QStringLiteral("--course-export"), dir.path(), QStringLiteral("--size"), QString()});
        QCOMPARE(o.exit_code, 2);
        QVERIFY2(o.err.contains(QStringLiteral("bad --size ''")), qPrintable(o.err));

        // Values the user gave come back escaped: no escape sequence reaches the terminal.
        o = runSyncscope({QStringLiteral("--course-export"), dir.path(), QStringLiteral("--engine"),
                          QStringLiteral("x\x1b[2Jy")});
        QCOMPARE(o.exit_code, 2);
        QVERIFY2(!o.err.contains(QChar(0x1b)), qPrintable(o.err));
        QVERIFY2(o.err.contains(QStringLiteral("x\\x1b[2Jy")), qPrintable(o.err));

        // A failure leaves no folder it made behind (--engine cuda without a GPU did).
        if (!chooseEngine("cuda").engine) {
            const QString fresh = dir.filePath(QStringLiteral("new/handouts"));
            o = runSyncscope({QStringLiteral("--course-export"), fresh, QStringLiteral("--engine"),
                              QStringLiteral("cuda")});
            QCOMPARE(o.exit_code, 1);
            QVERIFY(!QFileInfo::exists(fresh));
            QVERIFY(!QFileInfo::exists(dir.filePath(QStringLiteral("new"))));
        }
    }
};

QTEST_MAIN(TestCourseHandout)
#include "tst_course_handout.moc"
