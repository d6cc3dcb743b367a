#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QToolButton;

namespace syncscope {

// The find bar over the timeline: a query field, a regex toggle, "3 / 120" and previous/next.
// Enter or F3 asks for the next match, Shift+Enter or Shift+F3 for the previous one, Esc closes.
// It only reports what the user asked; TimelineView does the searching and the jumping.
class SearchBar : public QWidget {
    Q_OBJECT
public:
    explicit SearchBar(QWidget* parent = nullptr);

    QString text() const;
    bool regex() const;
    void setRegex(bool regex);
    // "3 / 120", "no matches" or an error (shown in the error colour).
    void setStatus(const QString& text, bool error);
    QString status() const;
    QLineEdit* field() const { return field_; }
    // Shows the bar with the field focused and its text selected, ready to type over.
    void open();

signals:
    void queryChanged(const QString& text, bool regex);
    void nextRequested();
    void previousRequested();
    void closeRequested();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QLineEdit* field_ = nullptr;
    QToolButton* regex_ = nullptr;
    QLabel* status_ = nullptr;
};

}  // namespace syncscope
