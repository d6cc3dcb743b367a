#pragma once

#include <QMainWindow>
#include <memory>

#include "core/model/trace.h"

class QAction;
class QLabel;
class QScreen;

namespace syncscope {

class CompareView;
class JobTracker;
struct Theme;

// A window of its own for the compare view (File ▸ Compare With…, `syncscope --scenario A
// --compare B`): loads or runs each side on a job thread, then shows them stacked.
class CompareWindow final : public QMainWindow {
    Q_OBJECT
public:
    explicit CompareWindow(QWidget* parent = nullptr);
    ~CompareWindow() override;

    // Each side is builtin:NAME, a scenario file (run on `engine`) or a trace file. A side given
    // as a trace skips the load.
    void compare(const QString& a, const QString& b, const QString& engine);
    void compare(std::shared_ptr<const Trace> a, const QString& b, const QString& engine);
    void setTheme(const Theme& theme);
    CompareView* view() const { return view_; }
    // Sized to the screen it opens on: the default 1400×1000 where that fits, else the screen's
    // free area less a margin, so B's time axis and the table of differences stay on screen.
    void fitToScreen(const QScreen* screen);
    // F11 (View ▸ Full Screen) toggles; Esc also leaves full screen.
    void setFullScreen(bool on);
    QAction* fullScreenAction() const { return full_screen_; }
    // Dialogs are shown unless this is off; tests turn it off.
    void setInteractive(bool interactive) { interactive_ = interactive; }
    QString statusText() const;

signals:
    void compared();
    void failed(const QString& error);

private:
    void start(std::shared_ptr<const Trace> a, const QString& a_source, const QString& b_source,
               const QString& engine);
    void exportPicture();

    void keyPressEvent(QKeyEvent* event) override;

    CompareView* view_ = nullptr;
    QAction* full_screen_ = nullptr;
    JobTracker* jobs_ = nullptr;
    QLabel* status_ = nullptr;
    bool interactive_ = true;
};

}  // namespace syncscope
