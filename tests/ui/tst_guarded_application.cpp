// GuardedApplication in the window: an exception that escapes an event handler abandons that
// action and tells the user once, and the application goes on delivering events.
#include <QMessageBox>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <new>
#include <stdexcept>

#include "ui/window/guarded_application.h"

using namespace syncscope;

namespace {

// Throws from its event handler, as an analysis that runs out of memory would.
class Thrower : public QObject {
public:
    bool out_of_memory = true;
    bool event(QEvent* e) override {
        if (e->type() == QEvent::User) {
            if (out_of_memory)
                throw std::bad_alloc();
            throw std::runtime_error("broken invariant");
        }
        return QObject::event(e);
    }
};

// Closes the notice box as soon as it is shown, from a timer (the box runs its own event loop);
// returns its text.
QString closeNoticeWhenShown() {
    QString text;
    QTimer poll;
    poll.setInterval(10);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        for (QWidget* w : QApplication::topLevelWidgets()) {
            auto* box = qobject_cast<QMessageBox*>(w);
            if (box && box->objectName() == QLatin1String("exceptionNotice") && box->isVisible()) {
                text = box->text();
                box->accept();
            }
        }
    });
    poll.start();
    for (int i = 0; i < 500 && text.isEmpty(); ++i)
        QTest::qWait(10);
    return text;
}

}  // namespace

class TestGuardedApplication : public QObject {
    Q_OBJECT
private slots:
    void anEscapedOutOfMemoryIsReportedAndSurvived();
    void anInternalErrorSaysWhat();
};

void TestGuardedApplication::anEscapedOutOfMemoryIsReportedAndSurvived() {
    auto* app = qobject_cast<GuardedApplication*>(qApp);
    QVERIFY(app);
    Thrower thrower;
    QSignalSpy messages(app, &GuardedApplication::exceptionCaught);
    const int before = app->exceptionsCaught();
    QCoreApplication::postEvent(&thrower, new QEvent(QEvent::User));
    QCoreApplication::postEvent(&thrower, new QEvent(QEvent::User));
    bool later = false;
    QTimer::singleShot(0, this, [&] { later = true; });
    const QString shown = closeNoticeWhenShown();
    QVERIFY2(shown.contains(QStringLiteral("ran out of memory")), qPrintable(shown));
    QVERIFY(shown.contains(QStringLiteral("still open")));
    QCOMPARE(app->exceptionsCaught(), before + 2);
    QCOMPARE(messages.size(), 2);
    // Events after the failed ones are still delivered.
    QTRY_VERIFY(later);
    // Both failures came while one notice was pending: it was shown once.
    QTest::qWait(50);
    for (QWidget* w : QApplication::topLevelWidgets())
        QVERIFY(!(qobject_cast<QMessageBox*>(w) && w->isVisible()));
}

void TestGuardedApplication::anInternalErrorSaysWhat() {
    Thrower thrower;
    thrower.out_of_memory = false;
    QCoreApplication::postEvent(&thrower, new QEvent(QEvent::User));
    const QString shown = closeNoticeWhenShown();
    QVERIFY2(shown.contains(QStringLiteral("internal error")) &&
                 shown.contains(QStringLiteral("broken invariant")),
             qPrintable(shown));
}

int main(int argc, char** argv) {
    GuardedApplication app(argc, argv);
    TestGuardedApplication test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_guarded_application.moc"
