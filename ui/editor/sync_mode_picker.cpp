#include "ui/editor/sync_mode_picker.h"

#include <QComboBox>
#include <QLabel>
#include <QVBoxLayout>

#include "ui/i18n/sync_mode_texts.h"

namespace syncscope {

SyncModePicker::SyncModePicker(QWidget* parent) : QWidget(parent) {
    combo_ = new QComboBox(this);
    combo_->setObjectName(QStringLiteral("syncModeCombo"));
    for (const SyncModeInfo& info : syncModeCatalogue())
        combo_->addItem(syncModeText(info.label), int(info.mode));
    explanation_ = new QLabel(this);
    explanation_->setObjectName(QStringLiteral("syncModeExplanation"));
    explanation_->setWordWrap(true);
    explanation_->setTextFormat(Qt::RichText);
    explanation_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    explanation_->setFrameShape(QFrame::StyledPanel);
    explanation_->setMargin(6);
    explanation_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    explanation_->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(combo_);
    layout->addWidget(explanation_);

    combo_->setCurrentIndex(combo_->findData(int(current_)));
    showExplanation();
    connect(combo_, &QComboBox::activated, this, [this](int index) {
        const auto picked = SyncMode(combo_->itemData(index).toInt());
        if (picked == current_)
            return;
        const SyncMode before = current_;
        current_ = picked;
        showExplanation();
        emit modeChosen(before, picked);
    });
}

SyncMode SyncModePicker::mode() const {
    return current_;
}

void SyncModePicker::setMode(SyncMode mode) {
    current_ = mode;
    combo_->setCurrentIndex(combo_->findData(int(mode)));
    showExplanation();
}

QString SyncModePicker::explanationText() const {
    return explanation_->text();
}

QString SyncModePicker::describe(const SyncModeInfo& info) {
    return QStringLiteral(
               "<p>%1</p>"
               "<table cellspacing='0' cellpadding='1'>"
               "<tr><td><b>%2</b>&nbsp;</td><td><code>%3</code></td></tr>"
               "<tr><td><b>%4</b>&nbsp;</td><td><code>%5</code></td></tr>"
               "<tr><td><b>%6</b>&nbsp;</td><td>%7</td></tr>"
               "<tr><td><b>%8</b>&nbsp;</td><td>%9</td></tr></table>")
        .arg(syncModeText(info.explanation).toHtmlEscaped(), tr("CUDA"),
             syncModeText(info.cuda_call).toHtmlEscaped(), tr("PyTorch"),
             syncModeText(info.pytorch).toHtmlEscaped(), tr("Blocks"),
             syncModeText(info.who_blocks).toHtmlEscaped(), tr("Waits for"),
             syncModeText(info.waits_for).toHtmlEscaped());
}

void SyncModePicker::showExplanation() {
    const SyncModeInfo& info = syncModeInfo(current_);
    explanation_->setText(describe(info));
    combo_->setToolTip(syncModeText(info.explanation));
}

}  // namespace syncscope
