// syncscope: the window, or with --export a headless picture of a run.
#include <QCommandLineParser>
#include <QIcon>
#include <QTextStream>
#include <QTimer>
#include <cstdio>
#include <cstring>
#include <exception>
#include <optional>

#include "app/gui/export_cli_options.h"
#include "app/gui/headless_compare.h"
#include "app/gui/headless_export.h"
#include "app/gui/headless_handout.h"
#include "app/gui/headless_replay.h"
#include "core/io/process_guard.h"
#include "ui/compare/compare_window.h"
#include "ui/i18n/ui_language.h"
#include "ui/run/run_panel.h"
#include "ui/window/guarded_application.h"
#include "ui/window/main_window.h"
#include "ui/window/settings_location.h"

namespace {

// Decided before QApplication exists, since the platform plugin is chosen in its constructor:
// exporting and printing help need no display, so without one use the offscreen platform
// instead of failing. Returns false when the window itself was asked for but there is no display.
bool choosePlatform(int argc, char** argv) {
    bool headless_ok = false;
    for (int i = 1; i < argc; ++i) {
        const char* a = argv[i];
        if (std::strcmp(a, "--export") == 0 || std::strncmp(a, "--export=", 9) == 0 ||
            std::strcmp(a, "--replay-frames") == 0 ||
            std::strncmp(a, "--replay-frames=", 16) == 0 ||
            std::strcmp(a, "--course-export") == 0 ||
            std::strncmp(a, "--course-export=", 16) == 0 || std::strcmp(a, "--help") == 0 ||
            std::strcmp(a, "-h") == 0 || std::strcmp(a, "--help-all") == 0 ||
            std::strcmp(a, "--version") == 0 || std::strcmp(a, "-v") == 0)
            headless_ok = true;
    }
    const bool no_display = qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") &&
                            qEnvironmentVariableIsEmpty("DISPLAY") &&
                            qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
    if (!no_display)
        return true;
    if (headless_ok) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
        return true;
    }
    return false;
}

// Everything but the last line of defence, which main() keeps around it.
int runApplication(int argc, char** argv) {
    if (!choosePlatform(argc, argv)) {
        std::fprintf(
            stderr,
            "syncscope: no display (DISPLAY and WAYLAND_DISPLAY are unset). Start it from a "
            "desktop session, or export a picture without one:\n  syncscope --scenario "
            "builtin:mode-event --export out.png\n");
        return 2;
    }
    syncscope::GuardedApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("syncscope"));
    QApplication::setApplicationName(QStringLiteral("syncscope"));
    QApplication::setApplicationVersion(QStringLiteral(SYNCSCOPE_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/syncscope.svg")));
    // Wayland compositors match the window to the installed .desktop file by this name.
    QGuiApplication::setDesktopFileName(QStringLiteral("org.syncscope.Syncscope"));
    // Before anything reads a setting: a FIFO as syncscope.conf would hang the first QSettings.
    if (const QString warning = syncscope::SettingsLocation::guard(); !warning.isEmpty())
        std::fprintf(stderr, "syncscope: %s\n",
                     syncscope::forTerminal(warning).toLocal8Bit().constData());

    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "See GPU synchronization. Without --export, opens the window (with FILE: a scenario or "
        "trace to open; with several FILEs: the per-rank traces of one distributed step, as one "
        "timeline)."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption scenario_option(
        QStringLiteral("scenario"), QStringLiteral("Scenario to run: a file or builtin:NAME."),
        QStringLiteral("FILE|builtin:NAME"));
    const QCommandLineOption engine_option(QStringLiteral("engine"),
                                           QStringLiteral("Engine: sim, cuda or auto (default)."),
                                           QStringLiteral("ENGINE"), QStringLiteral("auto"));
    const QCommandLineOption export_option(
        QStringLiteral("export"),
        QStringLiteral("Run, write the timeline to OUT (.png, .jpg, .svg, .pdf) and exit."),
        QStringLiteral("OUT"));
    const QCommandLineOption size_option(QStringLiteral("size"),
                                         QStringLiteral("Picture size (default 1600x900)."),
                                         QStringLiteral("WxH"), QStringLiteral("1600x900"));
    const QCommandLineOption theme_option(QStringLiteral("theme"),
                                          QStringLiteral("light (default), dark or presentation."),
                                          QStringLiteral("THEME"), QStringLiteral("light"));
    const QCommandLineOption course_option(
        QStringLiteral("course"),
        QStringLiteral("Open the course (at page N when a number N follows, 1 = first page)."));
    const QCommandLineOption full_screen_option(
        QStringLiteral("full-screen"),
        QStringLiteral("Start full screen in the presentation theme (F11 goes back)."));
    const QCommandLineOption compare_option(
        QStringLiteral("compare"),
        QStringLiteral("Compare the --scenario (or FILE) with B: builtin:NAME, a scenario file or "
                       "a trace file. Opens the compare view, or with --export writes it."),
        QStringLiteral("B"));
    const QCommandLineOption replay_frames_option(
        QStringLiteral("replay-frames"),
        QStringLiteral("Write the run's replay as numbered PNG frames into DIR and exit."),
        QStringLiteral("DIR"));
    const QCommandLineOption fps_option(
        QStringLiteral("fps"),
        QStringLiteral("With --replay-frames: frames a second (default 10)."), QStringLiteral("N"),
        QStringLiteral("10"));
    const QCommandLineOption replay_speed_option(
        QStringLiteral("replay-speed"),
        QStringLiteral("With --replay-frames: GPU time a second of replay (default 1ms)."),
        QStringLiteral("SPEED"), QStringLiteral("1ms"));
    const QCommandLineOption course_export_option(
        QStringLiteral("course-export"),
        QStringLiteral("Write the course as handouts into DIR and exit: each page (claim, truth, "
                       "the run with its callouts, where to look, the code) as page-NN.png, and "
                       "all of them as course.pdf (A4) for printing. With --lang and --size "
                       "(default 1600x1131); runs on the simulator unless --engine says."),
        QStringLiteral("DIR"));
    const QCommandLineOption lang_option(
        QStringLiteral("lang"),
        QStringLiteral("Interface and picture language: ja or en (default: the one chosen in "
                       "View > Language, else the system's)."),
        QStringLiteral("LANG"));
    parser.addOptions({scenario_option, engine_option, export_option, size_option, theme_option,
                       compare_option, replay_frames_option, fps_option, replay_speed_option,
                       course_option, full_screen_option, course_export_option, lang_option});
    const syncscope::ExportCliOptions export_picture_options(parser);
    parser.addPositionalArgument(QStringLiteral("FILE"),
                                 QStringLiteral("A scenario or trace file to open (or export); "
                                                "with --course, the page to open."),
                                 QStringLiteral("[FILE…|PAGE]"));
    parser.process(app);
    // A picture or a replay written without a window: an escaped exception ends the process
    // with its message (the window instead survives it, keeping the open documents).
    app.setExitOnException(parser.isSet(export_option) || parser.isSet(replay_frames_option) ||
                           parser.isSet(course_export_option));
    syncscope::ProcessGuard::testHook("main");

    QTextStream out(stdout);
    QTextStream err(stderr);
    // Before any window or picture is made: widgets take their texts when they are built.
    syncscope::Language language = syncscope::UiLanguage::preferred();
    if (parser.isSet(lang_option)) {
        const auto chosen = syncscope::UiLanguage::parse(parser.value(lang_option));
        if (!chosen) {
            err << "syncscope: unknown --lang '" << parser.value(lang_option)
                << "' (expected ja or en)" << Qt::endl;
            return 2;
        }
        language = *chosen;
    }
    if (QString error; !syncscope::UiLanguage::install(language, &error))
        err << "syncscope: " << error << "; the interface stays English" << Qt::endl;

    if (parser.isSet(course_export_option))
        return syncscope::HeadlessHandout::run(
            {parser.value(course_export_option),
             parser.isSet(size_option) ? std::optional(parser.value(size_option)) : std::nullopt,
             parser.isSet(engine_option) ? std::optional(parser.value(engine_option))
                                         : std::nullopt,
             !parser.positionalArguments().isEmpty() || parser.isSet(scenario_option) ||
                 parser.isSet(export_option) || parser.isSet(compare_option) ||
                 parser.isSet(replay_frames_option) || parser.isSet(course_option)},
            out, err);

    QStringList files = parser.positionalArguments();
    std::optional<int> course_page;
    if (parser.isSet(course_option)) {
        course_page = 0;
        if (!files.isEmpty()) {
            bool number = false;
            const int page = files.first().toInt(&number);
            if (!number || page < 1) {
                err << "syncscope: --course takes a page number from 1 (got '" << files.first()
                    << "')" << Qt::endl;
                return 2;
            }
            course_page = page - 1;
            files.removeFirst();
        }
    }
    // Several FILEs are the per-rank traces of one distributed step, opened as one timeline.
    const bool ranks = files.size() > 1;
    if (ranks && (course_page || parser.isSet(scenario_option) || parser.isSet(export_option) ||
                  parser.isSet(compare_option) || parser.isSet(replay_frames_option))) {
        err << "syncscope: several FILEs (the ranks of one step) open only in the window; "
               "merge them first for --export, --compare, --replay-frames or --course: "
               "syncscope-cli import A B C --out T.json"
            << Qt::endl;
        return 2;
    }
    const QString engine = parser.value(engine_option);
    if (engine != QLatin1String("auto") && engine != QLatin1String("sim") &&
        engine != QLatin1String("cuda")) {
        err << "syncscope: unknown engine '" << engine << "' (expected sim, cuda or auto)"
            << Qt::endl;
        return 2;
    }

    if (parser.isSet(export_option) && parser.isSet(replay_frames_option)) {
        err << "syncscope: --export and --replay-frames both write pictures; give one of them"
            << Qt::endl;
        return 2;
    }
    if (parser.isSet(compare_option) && parser.isSet(replay_frames_option)) {
        err << "syncscope: --replay-frames replays one run; it does not go with --compare"
            << Qt::endl;
        return 2;
    }
    syncscope::HeadlessExport::Request request;
    request.scenario = parser.value(scenario_option);
    // A FILE is a scenario or a trace: what reads it tells (its head is read once, there).
    if (request.scenario.isEmpty() && !files.isEmpty())
        request.trace = files.first();
    request.compare = parser.value(compare_option);
    if (parser.isSet(compare_option)) {
        QString error;
        if (request.scenario.isEmpty() && request.trace.isEmpty()) {
            err << "syncscope: --compare B needs a run to compare with B: --scenario "
                   "FILE|builtin:NAME (or a FILE)"
                << Qt::endl;
            return 2;
        }
        if (!syncscope::HeadlessCompare::checkSource(QStringLiteral("--compare"), request.compare,
                                                     &error)) {
            err << "syncscope: " << error << Qt::endl;
            return 2;
        }
    }

    if (parser.isSet(replay_frames_option)) {
        syncscope::HeadlessReplay::Request replay;
        replay.run = request;
        if (request.scenario.isEmpty() && request.trace.isEmpty()) {
            err << "syncscope: --replay-frames needs --scenario FILE|builtin:NAME (or a trace "
                   "FILE)"
                << Qt::endl;
            return 2;
        }
        replay.run.engine = engine;
        replay.run.size = syncscope::PictureOutput::parseSize(parser.value(size_option));
        if (!replay.run.size.isValid()) {
            err << "syncscope: bad --size '" << parser.value(size_option)
                << "' (expected WxH, e.g. 1600x900, each 100..16000)" << Qt::endl;
            return 2;
        }
        replay.run.theme = parser.value(theme_option);
        if (!export_picture_options.read(parser, replay.run, err))
            return 2;
        replay.directory = parser.value(replay_frames_option);
        replay.fps = parser.value(fps_option);
        replay.speed = parser.value(replay_speed_option);
        return syncscope::HeadlessReplay::run(replay, out, err);
    }

    if (parser.isSet(export_option)) {
        if (request.scenario.isEmpty() && request.trace.isEmpty()) {
            err << "syncscope: --export needs --scenario FILE|builtin:NAME (or a trace FILE)"
                << Qt::endl;
            return 2;
        }
        request.engine = engine;
        request.output = parser.value(export_option);
        request.size = syncscope::PictureOutput::parseSize(parser.value(size_option));
        if (!request.size.isValid()) {
            err << "syncscope: bad --size '" << parser.value(size_option)
                << "' (expected WxH, e.g. 1600x900, each 100..16000)" << Qt::endl;
            return 2;
        }
        request.theme = parser.value(theme_option);
        if (!export_picture_options.read(parser, request, err))
            return 2;
        return request.compare.isEmpty() ? syncscope::HeadlessExport::run(request, out, err)
                                         : syncscope::HeadlessCompare::run(request, out, err);
    }

    if (parser.isSet(compare_option)) {
        syncscope::CompareWindow window;
        if (parser.isSet(theme_option)) {
            const auto theme = syncscope::PictureOutput::themeByName(parser.value(theme_option));
            if (theme)
                window.setTheme(*theme);
        }
        window.show();
        if (parser.isSet(full_screen_option))
            window.setFullScreen(true);
        const QString a = request.scenario.isEmpty() ? request.trace : request.scenario;
        window.compare(a, request.compare, engine);
        QTimer::singleShot(0, &app, [] { syncscope::ProcessGuard::testHook("event"); });
        return app.exec();
    }

    syncscope::MainWindow window;
    if (parser.isSet(theme_option))
        window.setThemeByName(parser.value(theme_option));
    window.show();
    if (parser.isSet(full_screen_option))
        window.setPresentationFullScreen(true);
    if (parser.isSet(scenario_option))
        window.runPanel()->setEngineId(engine);
    QTimer::singleShot(0, &app, [] { syncscope::ProcessGuard::testHook("event"); });
    if (ranks) {
        window.openPaths(files);
        return app.exec();
    }
    window.openFromCommandLine(parser.value(scenario_option),
                               files.isEmpty() ? QString() : files.first(), course_page);
    return app.exec();
}

}  // namespace

int main(int argc, char** argv) {
    // Ctrl+C or a kill during an export or a save must not leave the temporary file behind, and
    // no exception may end the process with an abort (out of memory is exit 2 with a message).
    syncscope::ProcessGuard::install("syncscope");
    try {
        return runApplication(argc, argv);
    } catch (...) {
        return syncscope::ProcessGuard::report(std::current_exception());
    }
}
