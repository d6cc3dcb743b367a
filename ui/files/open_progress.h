#pragma once

#include <QString>
#include <QWidget>

#include "ui/files/document_opener.h"

class QLabel;
class QProgressBar;
class QToolButton;

namespace syncscope {

// The status bar's view of a file being opened: what the load is doing (reading, then indexing
// for the timeline), how far it is when the format tells, and a button that cancels it. Hidden
// while nothing loads; the timeline keeps the previous trace until the new one is ready.
class OpenProgress final : public QWidget {
    Q_OBJECT
public:
    OpenProgress(DocumentOpener* opener, QWidget* parent = nullptr);

    // The file whose load starts now (its name is what the label shows).
    void setFile(const QString& name) { name_ = name; }
    QString text() const;
    QProgressBar* bar() const { return bar_; }
    QToolButton* cancelButton() const { return cancel_; }

signals:
    // The user cancelled opening `name`.
    void cancelled(const QString& name);

private:
    void showStage(DocumentOpener::Stage stage, double fraction);

    DocumentOpener* opener_;
    QString name_;
    QLabel* label_;
    QProgressBar* bar_;
    QToolButton* cancel_;
};

}  // namespace syncscope
