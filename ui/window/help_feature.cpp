#include "ui/window/help_feature.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QMenu>
#include <QMessageBox>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "core/model/sync_mode.h"
#include "ui/editor/sync_mode_picker.h"
#include "ui/i18n/sync_mode_texts.h"
#include "ui/window/course_feature.h"
#include "ui/window/handout_export.h"
#include "ui/window/main_window.h"

namespace syncscope {

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

}  // namespace

HelpFeature::HelpFeature(MainWindow& window, QMenu* menu) : QObject(&window), window_(window) {
    menu->addAction(window.courseFeature()->courseAction());
    menu->addAction(window.courseFeature()->handouts()->action());
    connect(menu->addAction(tr("&Sync Modes…")), &QAction::triggered, this,
            &HelpFeature::showSyncModes);
    QAction* about = menu->addAction(tr("&About syncscope"));
    about->setMenuRole(QAction::AboutRole);
    connect(about, &QAction::triggered, this, &HelpFeature::showAbout);
}

void HelpFeature::showSyncModes() {
    QDialog dialog(&window_);
    dialog.setWindowTitle(tr("Sync modes"));
    auto* browser = new QTextBrowser(&dialog);
    QString html =
        tr("<h2>The sync-mode catalogue</h2><p>Each mode: what it calls, its PyTorch "
           "equivalent, who blocks and what it waits for.</p>");
    for (const SyncModeInfo& info : syncModeCatalogue())
        html += QStringLiteral("<h3>%1 <small>(%2)</small></h3>%3")
                    .arg(syncModeText(info.label).toHtmlEscaped(), qs(info.id),
                         SyncModePicker::describe(info));
    browser->setHtml(html);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, &dialog);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addWidget(browser);
    layout->addWidget(buttons);
    dialog.resize(720, 760);
    dialog.exec();
}

void HelpFeature::showAbout() {
    QMessageBox::about(&window_, tr("About syncscope"),
                       tr("<h3>syncscope %1</h3><p>See GPU synchronization: batches of kernels on "
                          "CUDA streams, run on a real GPU (recorded with CUPTI) or on a faithful "
                          "simulator, shown on one time axis with every host wait and what it "
                          "waited for.</p>")
                           .arg(QApplication::applicationVersion()));
}

}  // namespace syncscope
