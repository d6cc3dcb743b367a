#pragma once

#include <QWidget>

class QListWidget;
class QPushButton;
class QTextBrowser;
class QLineEdit;

namespace syncscope {

// The built-in scenarios as a browsable list: titles above, the selected one's explanation below.
// Double-click (or Enter) loads and runs it.
class ScenarioLibrary final : public QWidget {
    Q_OBJECT
public:
    explicit ScenarioLibrary(QWidget* parent = nullptr);

    int count() const;
    // The current scenario, empty when the filter hides every one (never a hidden one).
    QString selectedName() const;
    void select(const QString& name);
    QString explanationText() const;

signals:
    // The user asked to open `name` (builtin:NAME) and run it.
    void scenarioActivated(const QString& name);

private:
    void showSelected();
    void filter(const QString& text);

    QLineEdit* search_;
    QListWidget* list_;
    QTextBrowser* explanation_;
    QPushButton* open_;
};

}  // namespace syncscope
