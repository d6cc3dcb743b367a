#include "ui/timeline/search_bar.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace syncscope {

SearchBar::SearchBar(QWidget* parent) : QWidget(parent) {
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    auto* label = new QLabel(tr("Find:"), this);
    field_ = new QLineEdit(this);
    field_->setObjectName(QStringLiteral("searchField"));
    field_->setPlaceholderText(tr("event name"));
    field_->setClearButtonEnabled(true);
    field_->installEventFilter(this);
    label->setBuddy(field_);
    regex_ = new QToolButton(this);
    regex_->setObjectName(QStringLiteral("searchRegex"));
    regex_->setText(QStringLiteral(".*"));
    regex_->setCheckable(true);
    regex_->setToolTip(tr("Regular expression"));
    status_ = new QLabel(this);
    status_->setObjectName(QStringLiteral("searchStatus"));
    status_->setMinimumWidth(
        status_->fontMetrics().horizontalAdvance(QStringLiteral("88888 / 88888")));
    auto* prev = new QToolButton(this);
    prev->setText(QStringLiteral("▲"));
    prev->setToolTip(tr("Previous match (Shift+Enter, Shift+F3)"));
    auto* next = new QToolButton(this);
    next->setText(QStringLiteral("▼"));
    next->setToolTip(tr("Next match (Enter, F3)"));
    auto* close = new QToolButton(this);
    close->setText(QStringLiteral("✕"));
    close->setToolTip(tr("Close (Esc)"));
    layout->addWidget(label);
    layout->addWidget(field_, 1);
    layout->addWidget(regex_);
    layout->addWidget(status_);
    layout->addWidget(prev);
    layout->addWidget(next);
    layout->addWidget(close);
    connect(field_, &QLineEdit::textChanged, this,
            [this](const QString& t) { emit queryChanged(t, regex()); });
    connect(regex_, &QToolButton::toggled, this, [this] { emit queryChanged(text(), regex()); });
    connect(prev, &QToolButton::clicked, this, &SearchBar::previousRequested);
    connect(next, &QToolButton::clicked, this, &SearchBar::nextRequested);
    connect(close, &QToolButton::clicked, this, &SearchBar::closeRequested);
}

QString SearchBar::text() const {
    return field_->text();
}

bool SearchBar::regex() const {
    return regex_->isChecked();
}

void SearchBar::setRegex(bool regex) {
    regex_->setChecked(regex);
}

void SearchBar::setStatus(const QString& text, bool error) {
    status_->setText(text);
    QPalette pal = status_->palette();
    pal.setColor(QPalette::WindowText,
                 error ? QColor(0xC0, 0x20, 0x20) : palette().color(QPalette::WindowText));
    status_->setPalette(pal);
}

QString SearchBar::status() const {
    return status_->text();
}

void SearchBar::open() {
    show();
    field_->setFocus(Qt::ShortcutFocusReason);
    field_->selectAll();
}

bool SearchBar::eventFilter(QObject* watched, QEvent* event) {
    if (watched != field_)
        return QWidget::eventFilter(watched, event);
    const bool override = event->type() == QEvent::ShortcutOverride;
    if (!override && event->type() != QEvent::KeyPress)
        return QWidget::eventFilter(watched, event);
    auto* key = static_cast<QKeyEvent*>(event);
    const bool shift = key->modifiers() & Qt::ShiftModifier;
    switch (key->key()) {
        case Qt::Key_Return:
        case Qt::Key_Enter:
        case Qt::Key_F3:
        case Qt::Key_Escape:
            // Ours while typing: the window's Esc (cancel run) and F3 must not take them.
            if (override) {
                event->accept();
                return true;
            }
            if (key->key() == Qt::Key_Escape)
                emit closeRequested();
            else if (shift)
                emit previousRequested();
            else
                emit nextRequested();
            return true;
        default:
            return QWidget::eventFilter(watched, event);
    }
}

}  // namespace syncscope
