#include "ui/course/course_player.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTextEdit>
#include <algorithm>

namespace syncscope {

namespace {

// Where typing goes, the course does not steal the keys.
bool takesText(QObject* object) {
    if (qobject_cast<QLineEdit*>(object) || qobject_cast<QAbstractSpinBox*>(object))
        return true;
    if (auto* combo = qobject_cast<QComboBox*>(object))
        return combo->isEditable();
    if (auto* edit = qobject_cast<QTextEdit*>(object))
        return !edit->isReadOnly();
    if (auto* edit = qobject_cast<QPlainTextEdit*>(object))
        return !edit->isReadOnly();
    return false;
}

}  // namespace

CoursePlayer::CoursePlayer(QWidget* scope, QObject* parent) : QObject(parent), scope_(scope) {}

CoursePlayer::~CoursePlayer() {
    if (active_)
        qApp->removeEventFilter(this);
}

void CoursePlayer::setCourse(Course course) {
    course_ = std::move(course);
    index_ = 0;
}

const CoursePage* CoursePlayer::page() const {
    if (index_ < 0 || index_ >= count())
        return nullptr;
    return &course_.pages[std::size_t(index_)];
}

bool CoursePlayer::start(int index) {
    if (count() == 0)
        return false;
    if (!active_) {
        // The application sees keys before the focused widget (the timeline pans on arrows).
        qApp->installEventFilter(this);
        active_ = true;
    }
    index_ = std::clamp(index, 0, count() - 1);
    emit pageChanged(index_);
    return true;
}

void CoursePlayer::goTo(int index) {
    if (!active_ || count() == 0)
        return;
    const int clamped = std::clamp(index, 0, count() - 1);
    if (clamped == index_)
        return;
    index_ = clamped;
    emit pageChanged(index_);
}

void CoursePlayer::leave() {
    if (!active_)
        return;
    qApp->removeEventFilter(this);
    active_ = false;
    emit left();
}

CoursePlayer::Move CoursePlayer::moveFor(int key, Qt::KeyboardModifiers modifiers) {
    const bool shift = modifiers & Qt::ShiftModifier;
    if (modifiers & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))
        return Move::None;
    switch (key) {
        case Qt::Key_PageDown:
        case Qt::Key_Right:
            return Move::Next;
        case Qt::Key_PageUp:
        case Qt::Key_Left:
            return Move::Previous;
        case Qt::Key_Space:
            return shift ? Move::Previous : Move::Next;
        case Qt::Key_Home:
            return Move::First;
        case Qt::Key_End:
            return Move::Last;
        case Qt::Key_Escape:
            return Move::Leave;
        case Qt::Key_C:
            return shift ? Move::None : Move::Compare;
        default:
            return Move::None;
    }
}

bool CoursePlayer::inScope(QObject* watched) const {
    auto* widget = qobject_cast<QWidget*>(watched);
    if (!widget || !scope_)
        return false;
    return widget == scope_ || scope_->isAncestorOf(widget);
}

bool CoursePlayer::eventFilter(QObject* watched, QEvent* event) {
    const QEvent::Type type = event->type();
    if (type != QEvent::KeyPress && type != QEvent::ShortcutOverride)
        return false;
    if (!active_ || !inScope(watched) || takesText(watched))
        return false;
    auto* key = static_cast<QKeyEvent*>(event);
    const Move move = moveFor(key->key(), key->modifiers());
    if (move == Move::None)
        return false;
    // Claim the key before any shortcut of the window (Esc cancels a run there); act on the press.
    event->accept();
    if (type == QEvent::ShortcutOverride)
        return true;
    switch (move) {
        case Move::Next:
            next();
            break;
        case Move::Previous:
            previous();
            break;
        case Move::First:
            first();
            break;
        case Move::Last:
            last();
            break;
        case Move::Leave:
            leave();
            break;
        case Move::Compare:
            emit compareRequested();
            break;
        case Move::None:
            break;
    }
    return true;
}

}  // namespace syncscope
