#pragma once

#include <QByteArray>
#include <QObject>
#include <QString>

#include "ui/i18n/ui_language.h"

class QAction;
class QActionGroup;

namespace syncscope {

class LanguageMenu;
class MainWindow;

// How the window looks (docs/architecture.md section 5): the theme (the panes follow the
// timeline's), flows, legend, callouts, zoom to fit, full-screen presentation, and the language
// (View ▸ Language restarts the window in it).
class ViewFeature final : public QObject {
    Q_OBJECT
public:
    explicit ViewFeature(MainWindow& window);

    QActionGroup* themes() const { return themes_; }
    QAction* showFlowsAction() const { return show_flows_; }
    QAction* showLegendAction() const { return show_legend_; }
    QAction* showCalloutsAction() const { return show_callouts_; }
    QAction* zoomFitAction() const { return zoom_fit_; }
    QAction* fullScreenAction() const { return full_screen_; }
    LanguageMenu* languageMenu() const { return language_menu_; }

    QString themeName() const { return theme_name_; }
    void setThemeByName(const QString& name);
    // F11: full screen in the presentation theme, and back to the window and theme before.
    void setPresentationFullScreen(bool on);
    bool presentationFullScreen() const { return full_screen_on_; }
    // Whether the course opens the Code dock: not where the screen (full screen) or the window is
    // too short for it and the lanes both.
    bool roomForCode() const;
    // The view's part of the settings; full screen's theme and docks are for the room, not the
    // next start.
    void readSettings();
    void writeSettings() const;

private:
    void changeLanguage(Language language);

    MainWindow& window_;
    QActionGroup* themes_ = nullptr;
    QAction* show_flows_ = nullptr;
    QAction* show_legend_ = nullptr;
    QAction* show_callouts_ = nullptr;
    QAction* zoom_fit_ = nullptr;
    QAction* full_screen_ = nullptr;
    LanguageMenu* language_menu_ = nullptr;
    QString theme_name_ = QStringLiteral("light");
    // Below this height the course leaves the Code dock closed: the lanes come first.
    static constexpr int kRoomForCode = 900;
    bool full_screen_on_ = false;
    bool status_before_full_screen_ = true;
    bool was_maximized_ = false;
    QString theme_before_full_screen_;
    QByteArray docks_before_full_screen_;
};

}  // namespace syncscope
