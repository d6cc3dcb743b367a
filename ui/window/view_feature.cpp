#include "ui/window/view_feature.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QMessageBox>
#include <QPalette>
#include <QProcess>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>

#include "ui/course/course_player.h"
#include "ui/i18n/language_menu.h"
#include "ui/timeline/theme.h"
#include "ui/timeline/timeline_view.h"
#include "ui/window/course_feature.h"
#include "ui/window/files_feature.h"
#include "ui/window/main_window.h"

namespace syncscope {

namespace {

Theme themeNamed(const QString& name) {
    if (name == QLatin1String("dark"))
        return Theme::dark();
    if (name == QLatin1String("presentation"))
        return Theme::presentation();
    return Theme::light();
}

QAction* toggle(const QString& text, const QKeySequence& key, const QString& tip, QObject* parent) {
    auto* action = new QAction(text, parent);
    action->setCheckable(true);
    action->setChecked(true);
    action->setShortcut(key);
    action->setStatusTip(tip);
    return action;
}

}  // namespace

ViewFeature::ViewFeature(MainWindow& window) : QObject(&window), window_(window) {
    TimelineView* timeline = window.timeline();
    show_flows_ = toggle(tr("Show &Flows"), QKeySequence(Qt::CTRL | Qt::Key_L),
                         tr("Arrows from launches to kernels, records to waits, waits to the "
                            "work they waited for"),
                         this);
    connect(show_flows_, &QAction::toggled, timeline, &TimelineView::setShowFlows);
    show_legend_ = toggle(tr("Show &Legend"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L),
                          tr("A strip under the timeline naming the colours and shapes on "
                             "screen"),
                          this);
    connect(show_legend_, &QAction::toggled, timeline, &TimelineView::setLegendVisible);
    show_callouts_ = toggle(tr("&Callouts"), QKeySequence(Qt::CTRL | Qt::Key_K),
                            tr("The scenario's notes on the timeline, at the moment each "
                               "lesson happens"),
                            this);
    connect(show_callouts_, &QAction::toggled, timeline, &TimelineView::setShowCallouts);

    zoom_fit_ = new QAction(tr("Zoom to &Fit"), this);
    zoom_fit_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(zoom_fit_, &QAction::triggered, timeline, &TimelineView::zoomToFit);

    full_screen_ = new QAction(tr("&Full Screen Presentation"), this);
    full_screen_->setCheckable(true);
    full_screen_->setShortcut(QKeySequence(Qt::Key_F11));
    full_screen_->setStatusTip(tr("Full screen in the presentation theme; F11 again goes back"));
    connect(full_screen_, &QAction::toggled, this, &ViewFeature::setPresentationFullScreen);
    window.addAction(full_screen_);

    themes_ = new QActionGroup(this);
    themes_->setExclusive(true);
    const std::pair<QString, QString> themes[] = {
        {QStringLiteral("light"), tr("&Light")},
        {QStringLiteral("dark"), tr("&Dark")},
        {QStringLiteral("presentation"), tr("&Presentation")}};
    for (const auto& [id, label] : themes) {
        QAction* action = themes_->addAction(label);
        action->setCheckable(true);
        action->setData(id);
        connect(action, &QAction::triggered, this, [this, id = id] { setThemeByName(id); });
    }
    language_menu_ = new LanguageMenu(&window);
    connect(language_menu_, &LanguageMenu::languageChosen, this, &ViewFeature::changeLanguage);
}

void ViewFeature::readSettings() {
    QSettings settings;
    setThemeByName(
        settings.value(QStringLiteral("view/theme"), QStringLiteral("light")).toString());
    show_flows_->setChecked(settings.value(QStringLiteral("view/flows"), true).toBool());
    window_.timeline()->setShowFlows(show_flows_->isChecked());
    show_legend_->setChecked(settings.value(QStringLiteral("view/legend"), true).toBool());
    window_.timeline()->setLegendVisible(show_legend_->isChecked());
}

void ViewFeature::writeSettings() const {
    QSettings settings;
    settings.setValue(QStringLiteral("window/state"),
                      full_screen_on_ ? docks_before_full_screen_ : window_.saveState());
    settings.setValue(QStringLiteral("view/theme"),
                      full_screen_on_ ? theme_before_full_screen_ : theme_name_);
    settings.setValue(QStringLiteral("view/flows"), show_flows_->isChecked());
    settings.setValue(QStringLiteral("view/legend"), show_legend_->isChecked());
}

void ViewFeature::setThemeByName(const QString& name) {
    const QString known = (name == QLatin1String("dark") || name == QLatin1String("presentation"))
                              ? name
                              : QStringLiteral("light");
    theme_name_ = known;
    const Theme theme = themeNamed(known);
    window_.timeline()->setTheme(theme);
    // The panes follow the timeline: a dark timeline beside light panes glares in a dark room.
    QPalette palette = QApplication::style()->standardPalette();
    if (known == QLatin1String("dark")) {
        palette.setColor(QPalette::Window, theme.background);
        palette.setColor(QPalette::WindowText, theme.foreground);
        palette.setColor(QPalette::Base, theme.plotBackground);
        palette.setColor(QPalette::AlternateBase, theme.laneStripe);
        palette.setColor(QPalette::Text, theme.foreground);
        palette.setColor(QPalette::Button, theme.background.lighter(130));
        palette.setColor(QPalette::ButtonText, theme.foreground);
        palette.setColor(QPalette::ToolTipBase, theme.plotBackground);
        palette.setColor(QPalette::ToolTipText, theme.foreground);
        palette.setColor(QPalette::PlaceholderText, theme.grid.lighter(160));
        palette.setColor(QPalette::Highlight, theme.selection.darker(150));
        palette.setColor(QPalette::HighlightedText, Qt::white);
        palette.setColor(QPalette::Disabled, QPalette::Text, theme.grid.lighter(130));
        palette.setColor(QPalette::Disabled, QPalette::ButtonText, theme.grid.lighter(130));
        palette.setColor(QPalette::Disabled, QPalette::WindowText, theme.grid.lighter(130));
    }
    window_.setPalette(palette);
    window_.courseFeature()->setPresentation(known == QLatin1String("presentation"));
    for (QAction* action : themes_->actions())
        action->setChecked(action->data().toString() == known);
}

void ViewFeature::setPresentationFullScreen(bool on) {
    if (on == full_screen_on_)
        return;
    full_screen_on_ = on;
    {
        const QSignalBlocker blocker(full_screen_);
        full_screen_->setChecked(on);
    }
    if (on) {
        theme_before_full_screen_ = theme_name_;
        was_maximized_ = window_.isMaximized();
        // The room sees the lesson, the timeline and the code; the editing panes come back on F11.
        docks_before_full_screen_ = window_.saveState();
        // On a small projector (1366×768) the lanes need every row the room can spare: the
        // replay bar and the status bar go, and the Code dock too below 900 px (Ctrl+Shift+P
        // brings it back). restoreState() brings the bars and docks back on F11.
        QDockWidget* code = window_.courseFeature()->codeDock();
        for (QDockWidget* dock : window_.findChildren<QDockWidget*>())
            if (dock != code || !roomForCode())
                dock->hide();
        for (QToolBar* bar : window_.findChildren<QToolBar*>())
            bar->hide();
        status_before_full_screen_ = window_.statusBar()->isVisible();
        window_.statusBar()->hide();
        setThemeByName(QStringLiteral("presentation"));
        window_.showFullScreen();
    } else {
        setThemeByName(theme_before_full_screen_);
        window_.restoreState(docks_before_full_screen_);
        window_.statusBar()->setVisible(status_before_full_screen_);
        if (was_maximized_)
            window_.showMaximized();
        else
            window_.showNormal();
    }
}

bool ViewFeature::roomForCode() const {
    // Under 900 px (a 1366×768 screen, full or in a window) the lesson and the code together
    // would leave the lanes under half the height: about 200 px of a 1366×768 window.
    const QScreen* screen = window_.screen();
    const int height = full_screen_on_ && screen ? screen->geometry().height() : window_.height();
    return height >= kRoomForCode;
}

// Qt's widgets take their texts when they are built, so a new language needs a new window. The
// choice is saved first; restarting now goes through close(), which asks about unsaved edits (and
// can be cancelled), then starts syncscope again on the same course page or file.
void ViewFeature::changeLanguage(Language language) {
    UiLanguage::savePreferred(language);
    if (language == UiLanguage::current())
        return;
    const QString name = UiLanguage::nativeName(language);
    QStatusBar* bar = window_.statusBar();
    if (!window_.interactive()) {
        bar->showMessage(tr("The interface will be in %1 from the next start.").arg(name));
        return;
    }
    QMessageBox box(QMessageBox::Question, tr("Language"),
                    tr("syncscope shows %1 after a restart. Restart now?").arg(name),
                    QMessageBox::NoButton, &window_);
    QPushButton* now = box.addButton(tr("Restart Now"), QMessageBox::AcceptRole);
    box.addButton(tr("Later"), QMessageBox::RejectRole);
    box.setDefaultButton(now);
    box.exec();
    if (box.clickedButton() != now) {
        bar->showMessage(tr("The interface will be in %1 from the next start.").arg(name));
        return;
    }
    const CoursePlayer* course = window_.course();
    const QString scenario_path = window_.files()->scenarioPath();
    const QString document_path = window_.files()->documentPath();
    QStringList arguments{QStringLiteral("--lang"), UiLanguage::code(language)};
    if (course && course->isActive())
        arguments << QStringLiteral("--course") << QString::number(course->index() + 1);
    else if (!scenario_path.isEmpty())
        arguments << scenario_path;
    else if (document_path.startsWith(QLatin1String("builtin:")))
        arguments << QStringLiteral("--scenario") << document_path;
    else if (!document_path.isEmpty())
        arguments << document_path;
    if (!window_.close())
        return;  // the user kept the window for unsaved edits
    if (!QProcess::startDetached(QCoreApplication::applicationFilePath(), arguments))
        QMessageBox::warning(
            nullptr, tr("Language"),
            tr("Could not start syncscope again; start it yourself to see %1.").arg(name));
}

}  // namespace syncscope
