#pragma once

#include <QObject>

class QMenu;

namespace syncscope {

class MainWindow;

// The Help menu (docs/architecture.md section 5): the course, the sync-mode catalogue and About.
class HelpFeature final : public QObject {
    Q_OBJECT
public:
    HelpFeature(MainWindow& window, QMenu* menu);

private:
    void showSyncModes();
    void showAbout();

    MainWindow& window_;
};

}  // namespace syncscope
