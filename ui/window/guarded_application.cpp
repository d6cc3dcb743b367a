#include "ui/window/guarded_application.h"

#include <QMessageBox>
#include <QTimer>
#include <exception>
#include <new>
#include <stdexcept>

#include "core/io/process_guard.h"

namespace syncscope {

GuardedApplication::GuardedApplication(int& argc, char** argv) : QApplication(argc, argv) {}

bool GuardedApplication::notify(QObject* receiver, QEvent* event) {
    try {
        return QApplication::notify(receiver, event);
    } catch (...) {
        const std::exception_ptr error = std::current_exception();
        if (exit_on_exception_)
            ProcessGuard::exitFor(error);
        ProcessGuard::report(error);  // on stderr too, for a bug report
        ++caught_;
        bool out_of_memory = false;
        QString what;
        try {
            std::rethrow_exception(error);
        } catch (const std::bad_alloc&) {
            out_of_memory = true;
        } catch (const std::length_error&) {
            out_of_memory = true;
        } catch (const std::exception& e) {
            what = QString::fromLocal8Bit(e.what());
        } catch (...) {
            what = tr("an unknown exception");
        }
        tellTheUser(out_of_memory, what);
        return false;
    }
}

void GuardedApplication::tellTheUser(bool out_of_memory, const QString& what) {
    const QString message =
        out_of_memory
            ? tr("syncscope ran out of memory and abandoned the last action. Your documents are "
                 "still open: save what you need, close large traces, and try again.")
            : tr("An internal error stopped the last action: %1. Your documents are still open: "
                 "save what you need. Please report this, with what you did.")
                  .arg(what);
    emit exceptionCaught(message);
    // Later, from the event loop: not inside the handler that failed, and one box at a time
    // however many events fail meanwhile.
    if (telling_)
        return;
    telling_ = true;
    QTimer::singleShot(0, this, [this, out_of_memory, message] {
        QMessageBox box(QMessageBox::Warning,
                        out_of_memory ? tr("Out of memory") : tr("Internal error"), message,
                        QMessageBox::Ok, activeWindow());
        box.setObjectName(QStringLiteral("exceptionNotice"));
        box.exec();
        telling_ = false;
    });
}

}  // namespace syncscope
