#include "ui/files/open_progress.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

namespace syncscope {

OpenProgress::OpenProgress(DocumentOpener* opener, QWidget* parent)
    : QWidget(parent),
      opener_(opener),
      label_(new QLabel(this)),
      bar_(new QProgressBar(this)),
      cancel_(new QToolButton(this)) {
    auto* box = new QHBoxLayout(this);
    box->setContentsMargins(0, 0, 0, 0);
    box->addWidget(label_);
    box->addWidget(bar_);
    box->addWidget(cancel_);
    bar_->setMaximumWidth(160);
    bar_->setTextVisible(false);
    cancel_->setText(tr("Cancel"));
    cancel_->setToolTip(tr("Stop opening this file; the timeline keeps what it shows"));
    connect(opener_, &DocumentOpener::progressChanged, this, &OpenProgress::showStage);
    // Shown as soon as a load starts (its first report comes from the worker, a moment later).
    connect(opener_, &DocumentOpener::loadingChanged, this, [this](bool loading) {
        if (loading)
            showStage(DocumentOpener::Stage::Reading, -1.0);
        else
            hide();
    });
    connect(cancel_, &QToolButton::clicked, this, [this] {
        opener_->cancel();
        emit cancelled(name_);
    });
    hide();
}

QString OpenProgress::text() const {
    return label_->text();
}

void OpenProgress::showStage(DocumentOpener::Stage stage, double fraction) {
    label_->setText(stage == DocumentOpener::Stage::Reading
                        ? tr("Reading %1…").arg(name_)
                        : tr("Indexing %1 for the timeline…").arg(name_));
    // A stage that cannot tell how far it is shows a busy bar.
    if (fraction < 0) {
        bar_->setRange(0, 0);
    } else {
        bar_->setRange(0, 1000);
        bar_->setValue(static_cast<int>(fraction * 1000));
    }
    setVisible(true);
}

}  // namespace syncscope
