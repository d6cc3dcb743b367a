// View > Language: saving the choice and restarting the window in it.
#include <QCoreApplication>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QStatusBar>

#include "ui/course/course_player.h"
#include "ui/i18n/language_menu.h"
#include "ui/i18n/ui_language.h"
#include "ui/window/main_window.h"

namespace syncscope {

// Qt's widgets take their texts when they are built, so a new language needs a new window. The
// choice is saved first; restarting now goes through close(), which asks about unsaved edits (and
// can be cancelled), then starts syncscope again on the same course page or file.
void MainWindow::changeLanguage(Language language) {
    UiLanguage::savePreferred(language);
    if (language == UiLanguage::current())
        return;
    const QString name = UiLanguage::nativeName(language);
    if (!interactive_) {
        statusBar()->showMessage(tr("The interface will be in %1 from the next start.").arg(name));
        return;
    }
    QMessageBox box(QMessageBox::Question, tr("Language"),
                    tr("syncscope shows %1 after a restart. Restart now?").arg(name),
                    QMessageBox::NoButton, this);
    QPushButton* now = box.addButton(tr("Restart Now"), QMessageBox::AcceptRole);
    box.addButton(tr("Later"), QMessageBox::RejectRole);
    box.setDefaultButton(now);
    box.exec();
    if (box.clickedButton() != now) {
        statusBar()->showMessage(tr("The interface will be in %1 from the next start.").arg(name));
        return;
    }
    QStringList arguments{QStringLiteral("--lang"), UiLanguage::code(language)};
    if (course_ && course_->isActive())
        arguments << QStringLiteral("--course") << QString::number(course_->index() + 1);
    else if (!scenario_path_.isEmpty())
        arguments << scenario_path_;
    else if (document_path_.startsWith(QLatin1String("builtin:")))
        arguments << QStringLiteral("--scenario") << document_path_;
    else if (!document_path_.isEmpty())
        arguments << document_path_;
    if (!close())
        return;  // the user kept the window for unsaved edits
    if (!QProcess::startDetached(QCoreApplication::applicationFilePath(), arguments))
        QMessageBox::warning(
            nullptr, tr("Language"),
            tr("Could not start syncscope again; start it yourself to see %1.").arg(name));
}

}  // namespace syncscope
