#include "ui/run/run_panel.h"

#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <algorithm>

namespace syncscope {

RunPanel::RunPanel(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("runPanel"));
    // A group like the editor's above it, so the pane reads as one column of sections.
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(6, 0, 6, 6);
    auto* group = new QGroupBox(tr("Run"), this);
    outer->addWidget(group);
    auto* form = new QFormLayout(group);

    engine_ = new QComboBox(this);
    engine_->setObjectName(QStringLiteral("engineCombo"));
    engine_->addItem(tr("Auto (CUDA when available)"), QStringLiteral("auto"));
    engine_->addItem(tr("CUDA"), QStringLiteral("cuda"));
    engine_->addItem(tr("Simulator"), QStringLiteral("sim"));
    engine_status_ = new QLabel(this);
    engine_status_->setObjectName(QStringLiteral("engineStatus"));
    engine_status_->setWordWrap(true);
    engine_status_->setText(tr("Checking for a CUDA device…"));
    connect(engine_, &QComboBox::currentIndexChanged, this, [this] {
        // The status line depends on the choice ("Simulator (CUDA device: …)").
        setCudaAvailability(cuda_available_, cuda_text_);
        emit engineChanged(engineId());
    });
    form->addRow(tr("Engine"), engine_);
    form->addRow(QString(), engine_status_);

    run_ = new QPushButton(tr("Run"), this);
    run_->setObjectName(QStringLiteral("runButton"));
    run_->setToolTip(tr("Run the scenario (Ctrl+R, F5)"));
    run_->setDefault(true);
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setObjectName(QStringLiteral("cancelButton"));
    cancel_->setToolTip(tr("Stop the run and keep what ran so far (Esc)"));
    connect(run_, &QPushButton::clicked, this, &RunPanel::runRequested);
    connect(cancel_, &QPushButton::clicked, this, &RunPanel::cancelRequested);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(run_, 1);
    buttons->addWidget(cancel_);
    form->addRow(buttons);

    progress_ = new QProgressBar(this);
    progress_->setObjectName(QStringLiteral("runProgress"));
    progress_->setRange(0, 1000);
    progress_->setValue(0);
    progress_->setTextVisible(true);
    progress_->setFormat(tr("idle"));
    form->addRow(progress_);
    updateButtons();
}

QString RunPanel::engineId() const {
    return engine_->currentData().toString();
}

void RunPanel::setEngineId(const QString& id) {
    const int index = engine_->findData(id);
    if (index >= 0)
        engine_->setCurrentIndex(index);
}

void RunPanel::setCudaAvailability(bool available, const QString& text) {
    cuda_available_ = available;
    cuda_text_ = text;
    const QString id = engineId();
    // The panel is narrow: the reason's first clause ("no usable CUDA device"), the driver's
    // whole story in the tooltip and the status bar's.
    const qsizetype clause = text.indexOf(QLatin1String(": "));
    const QString reason = available || clause < 0 ? text : text.left(clause);
    QString line;
    if (available)
        line = id == QLatin1String("sim") ? tr("Simulator (CUDA device: %1)").arg(text)
                                          : tr("CUDA device: %1").arg(text);
    else if (text.isEmpty())
        line = tr("Checking for a CUDA device…");
    else if (id == QLatin1String("cuda"))
        line = tr("<b>CUDA unavailable:</b> %1").arg(reason.toHtmlEscaped());
    else
        line = tr("Simulator (CUDA unavailable: %1)").arg(reason.toHtmlEscaped());
    engine_status_->setText(line);
    engine_status_->setToolTip(text);
}

QString RunPanel::engineStatusText() const {
    return engine_status_->text();
}

QString RunPanel::engineStatusToolTip() const {
    return engine_status_->toolTip();
}

void RunPanel::setRunnable(bool runnable) {
    runnable_ = runnable;
    updateButtons();
}

void RunPanel::setRunning(bool running) {
    running_ = running;
    updateButtons();
    if (running) {
        progress_->setValue(0);
        progress_->setFormat(tr("starting…"));
    } else {
        progress_->setFormat(tr("idle"));
    }
}

void RunPanel::setFinished(const QString& text) {
    running_ = false;
    updateButtons();
    progress_->setFormat(text);
}

void RunPanel::setProgress(double fraction, const QString& phase) {
    progress_->setValue(int(std::clamp(fraction, 0.0, 1.0) * 1000));
    progress_->setFormat(phase.isEmpty() ? QStringLiteral("%p%")
                                         : phase + QStringLiteral(" — %p%"));
}

QString RunPanel::progressText() const {
    return progress_->text();
}

bool RunPanel::canRun() const {
    return run_->isEnabled();
}

bool RunPanel::canCancel() const {
    return cancel_->isEnabled();
}

void RunPanel::updateButtons() {
    run_->setEnabled(runnable_ && !running_);
    cancel_->setEnabled(running_);
}

}  // namespace syncscope
