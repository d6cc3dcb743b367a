// A course page in the class's language: under Japanese the lesson panel shows the page's Japanese
// truth and look-at line and the Japanese scenario titles, and the timeline the Japanese callouts;
// under English the English ones. Pages are turned with keys, as in the course itself.
#include <QAbstractButton>
#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QXmlStreamReader>
#include <algorithm>
#include <map>

#include "core/scenario/scenario_reader.h"
#include "tests/ui/japanese_scan.h"
#include "tests/ui/window_test_utils.h"
#include "ui/course/course_library.h"
#include "ui/course/course_player.h"
#include "ui/course/lesson_panel.h"
#include "ui/editor/builtin_scenarios.h"
#include "ui/i18n/ui_language.h"
#include "ui/run/run_panel.h"
#include "ui/run/run_summary.h"
#include "ui/timeline/callout_layer.h"
#include "ui/timeline/legend_entries.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/main_window.h"

using namespace syncscope;

namespace {

constexpr int kRunTimeoutMs = 60000;

QString titleOf(const std::string& builtin, Language language) {
    const auto scenario = BuiltinScenarios::load(QString::fromStdString(builtin), nullptr);
    return scenario ? QString::fromStdString(scenario->title.in(language)) : QString();
}

// The lesson panel shows page `index` of `course` in `language`, and the timeline its run's
// callouts in that language.
void verifyPage(MainWindow& window, const Course& course, int index, Language language) {
    const CoursePage& page = course.pages.at(std::size_t(index));
    const LessonPanel* lesson = window.lessonPanel();
    QCOMPARE(window.course()->index(), index);
    QCOMPARE(lesson->truthText(), QString::fromStdString(page.truth.in(language)));
    QCOMPARE(lesson->lookAtText(), QString::fromStdString(page.look_at.in(language)));
    if (page.article_claim) {
        // The article's claim is quoted in both languages whatever the interface's.
        QVERIFY(lesson->claimJaText().contains(QString::fromStdString(page.claim.ja)));
        QVERIFY(lesson->claimEnText().contains(QString::fromStdString(page.claim.en)));
        QCOMPARE(lesson->claimHeadText(), LessonPanel::tr("Claim"));
    } else {
        // A sync-mode page's statement once, in the class's language; a misconception is a
        // myth, never "in short".
        QCOMPARE(lesson->claimJaText(), QString::fromStdString(page.claim.in(language)));
        QVERIFY(lesson->claimEnText().isEmpty());
        QCOMPARE(lesson->claimHeadText(),
                 page.myth ? LessonPanel::tr("Myth") : LessonPanel::tr("In short"));
    }
    if (page.compare)
        QVERIFY2(lesson->compareText().contains(titleOf(*page.compare, language)),
                 qPrintable(lesson->compareText()));
    const CalloutLayer* callouts = window.timeline()->callouts();
    QCOMPARE(int(callouts->language()), int(language));
    const auto trace = window.timeline()->trace();
    QVERIFY(trace && trace->scenario);
    QTRY_VERIFY(!callouts->layout().empty());  // laid out on the queued replot
    for (const auto& placed : callouts->layout()) {
        const bool known =
            std::any_of(trace->scenario->callouts.begin(), trace->scenario->callouts.end(),
                        [&](const Callout& c) {
                            return QString::fromStdString(c.text.in(language)) == placed.text;
                        });
        QVERIFY2(known, qPrintable(placed.text));
    }
}

// What the window shows on a Japanese course page that is in English although it has a
// translation: the lesson panel (not the English quote of the article's claim), the callouts,
// the events' names, the legend, the run summary and every visible label, button, menu item,
// dock title, group title and table header.
QStringList englishOnScreen(MainWindow& window, const std::map<QString, QString>& dictionary) {
    std::vector<std::pair<QString, QString>> shown;  // (where, text)
    const LessonPanel* lesson = window.lessonPanel();
    for (const auto& [where, text] : {std::pair{QStringLiteral("claim"), lesson->claimJaText()},
                                      std::pair{QStringLiteral("truth"), lesson->truthText()},
                                      std::pair{QStringLiteral("look at"), lesson->lookAtText()},
                                      std::pair{QStringLiteral("compare"), lesson->compareText()},
                                      std::pair{QStringLiteral("page"), lesson->indicatorText()}})
        shown.emplace_back(where, text);
    for (const auto& placed : window.timeline()->callouts()->layout())
        shown.emplace_back(QStringLiteral("callout"), placed.text);
    const TimelineModel* model = window.timeline()->model();
    const auto trace = window.timeline()->trace();
    for (const TraceEvent& e : trace->events)
        shown.emplace_back(QStringLiteral("event"), model->labels().nameOf(*trace, e));
    for (const LegendEntry& e : window.timeline()->legendEntries())
        shown.emplace_back(QStringLiteral("legend"), e.label);
    shown.emplace_back(QStringLiteral("run summary"), window.summary()->summaryText());
    for (const QLabel* label : window.findChildren<QLabel*>())
        if (label->isVisible())
            shown.emplace_back(QStringLiteral("label"), label->text());
    for (const QAbstractButton* button : window.findChildren<QAbstractButton*>())
        if (button->isVisible())
            shown.emplace_back(QStringLiteral("button"), button->text());
    for (const QMenu* menu : window.findChildren<QMenu*>())
        for (const QAction* action : menu->actions())
            shown.emplace_back(QStringLiteral("menu ") + menu->title(), action->text());
    for (const QDockWidget* dock : window.findChildren<QDockWidget*>())
        shown.emplace_back(QStringLiteral("dock"), dock->windowTitle());
    for (const QGroupBox* group : window.findChildren<QGroupBox*>())
        if (group->isVisible())
            shown.emplace_back(QStringLiteral("group"), group->title());
    for (const QTableView* table : window.findChildren<QTableView*>()) {
        if (!table->isVisible() || !table->model())
            continue;
        for (const auto orientation : {Qt::Horizontal, Qt::Vertical}) {
            const int count = orientation == Qt::Horizontal ? table->model()->columnCount()
                                                            : table->model()->rowCount();
            for (int i = 0; i < count; ++i)
                shown.emplace_back(QStringLiteral("table header"),
                                   table->model()->headerData(i, orientation).toString());
        }
    }
    QStringList out;
    for (const auto& [where, text] : shown)
        for (const QString& hit : test::untranslated(text, dictionary))
            out << where + QStringLiteral(": ") + hit;
    out.removeDuplicates();
    return out;
}

// Walks `pages` pages (all when -1) forward with the keys a clicker sends, in turn.
void walkPages(Language language, int pages) {
    const Course course = *CourseLibrary::load(nullptr);
    const int count = pages < 0 ? int(course.pages.size()) : pages;
    MainWindow window;
    window.setInteractive(false);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy shown(&window, &MainWindow::runShown);
    QVERIFY(window.startCourse(0));
    QTRY_COMPARE_WITH_TIMEOUT(shown.size(), 1, kRunTimeoutMs);
    // Under Japanese, no English phrase that has a translation is left on screen.
    const std::map<QString, QString> dictionary =
        language == Language::Ja ? test::translatedEnglish() : std::map<QString, QString>{};
    QStringList english;
    const auto scan = [&](int page) {
        if (language != Language::Ja)
            return;
        for (const QString& hit : englishOnScreen(window, dictionary))
            english << QStringLiteral("page %1 %2").arg(page + 1).arg(hit);
    };
    verifyPage(window, course, 0, language);
    scan(0);
    const Qt::Key forward[] = {Qt::Key_PageDown, Qt::Key_Space, Qt::Key_PageDown};
    for (int i = 1; i < count; ++i) {
        QWidget* target = window.focusWidget() ? window.focusWidget() : &window;
        QTest::keyClick(target, forward[i % 3]);
        QTRY_COMPARE_WITH_TIMEOUT(shown.size(), i + 1, kRunTimeoutMs);
        verifyPage(window, course, i, language);
        scan(i);
    }
    english.removeDuplicates();
    QVERIFY2(english.isEmpty(), qPrintable(english.join(QLatin1Char('\n'))));
    // The scan knows the interface's phrases and the lessons'.
    if (language == Language::Ja) {
        QVERIFY(dictionary.count(QStringLiteral("Event details")) == 1);
        QVERIFY(dictionary.count(
                    test::phraseKey(QString::fromStdString(course.pages[0].truth.en))) == 1);
    }
}

}  // namespace

class TestCourseLanguage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolateWindowTest(); }

    // English first: a translator, once installed, stays for the rest of the process.
    void englishPagesAreEnglish() {
        QCOMPARE(int(UiLanguage::current()), int(Language::En));
        walkPages(Language::En, 3);
        const Course course = *CourseLibrary::load(nullptr);
        QVERIFY(course.pages[0].truth.en.find("torch.cpu.synchronize()") == 0);
    }

    void japanesePagesAreJapanese() {
        QString error;
        QVERIFY2(UiLanguage::install(Language::Ja, &error), qPrintable(error));
        const Course course = *CourseLibrary::load(nullptr);
        // The test means something only where the texts differ.
        QVERIFY(course.pages[0].truth.ja != course.pages[0].truth.en);
        QVERIFY(course.pages[0].look_at.ja != course.pages[0].look_at.en);
        // Every page, with the keyboard only, shows its Japanese texts.
        walkPages(Language::Ja, -1);
    }
};

QTEST_MAIN(TestCourseLanguage)
#include "tst_course_language.moc"
