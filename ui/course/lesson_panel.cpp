#include "ui/course/lesson_panel.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/i18n/ui_language.h"

namespace syncscope {

namespace {

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

QLabel* wrappingLabel(QWidget* parent, const char* name) {
    auto* label = new QLabel(parent);
    label->setObjectName(QString::fromLatin1(name));
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Keys belong to the course, not to a label's text selection.
    label->setFocusPolicy(Qt::NoFocus);
    return label;
}

}  // namespace

LessonPanel::LessonPanel(QWidget* parent) : QFrame(parent) {
    setObjectName(QStringLiteral("lessonPanel"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);

    indicator_ = wrappingLabel(this, "lessonIndicator");
    indicator_->setWordWrap(false);
    section_ = wrappingLabel(this, "lessonSection");
    claim_ja_ = wrappingLabel(this, "lessonClaimJa");
    claim_en_ = wrappingLabel(this, "lessonClaimEn");
    truth_ = wrappingLabel(this, "lessonTruth");
    look_at_ = wrappingLabel(this, "lessonLookAt");
    compare_ = wrappingLabel(this, "lessonCompare");

    previous_ = new QPushButton(tr("◀ Previous"), this);
    next_ = new QPushButton(tr("Next ▶"), this);
    leave_ = new QPushButton(tr("Leave (Esc)"), this);
    compare_button_ = new QPushButton(tr("Compare (C)"), this);
    compare_button_->setObjectName(QStringLiteral("lessonCompareButton"));
    compare_button_->setToolTip(tr("This run and the one it compares with, on one time axis"));
    connect(compare_button_, &QPushButton::clicked, this, &LessonPanel::compareRequested);
    for (QPushButton* b : {previous_, next_, leave_, compare_button_})
        b->setFocusPolicy(Qt::NoFocus);
    previous_->setToolTip(tr("Page Up, Left, Shift+Space"));
    next_->setToolTip(tr("Page Down, Right, Space"));
    connect(previous_, &QPushButton::clicked, this, &LessonPanel::previousRequested);
    connect(next_, &QPushButton::clicked, this, &LessonPanel::nextRequested);
    connect(leave_, &QPushButton::clicked, this, &LessonPanel::leaveRequested);

    auto* top = new QHBoxLayout;
    top_ = top;
    top->addWidget(indicator_);
    top->addWidget(section_, 1);
    top->addWidget(compare_button_);
    top->addWidget(previous_);
    top->addWidget(next_);
    top->addWidget(leave_);

    auto* grid = new QGridLayout;
    grid_ = grid;
    grid->setColumnStretch(1, 1);
    grid->setHorizontalSpacing(12);
    const std::pair<const char*, QLabel*> rows[] = {{QT_TR_NOOP("Claim"), claim_ja_},
                                                    {"", claim_en_},
                                                    {QT_TR_NOOP("Truth"), truth_},
                                                    {QT_TR_NOOP("Look at"), look_at_},
                                                    {"", compare_}};
    int row = 0;
    for (const auto& [caption, label] : rows) {
        auto* head = new QLabel(*caption ? tr(caption) : QString(), this);
        head->setAlignment(Qt::AlignRight | Qt::AlignTop);
        heads_.push_back(head);
        grid->addWidget(head, row, 0);
        grid->addWidget(label, row, 1);
        rows_.push_back(label);
        ++row;
    }

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 8);
    layout->setSpacing(4);
    layout->addLayout(top);
    layout->addLayout(grid);
    applyFonts(1.0);
    if (parent != nullptr)
        parent->installEventFilter(this);
}

bool LessonPanel::event(QEvent* event) {
    // Laid out on the course's page (the window's central stage), whose height bounds its own.
    if (event->type() == QEvent::ParentAboutToChange && parentWidget() != nullptr)
        parentWidget()->removeEventFilter(this);
    if (event->type() == QEvent::ParentChange && parentWidget() != nullptr)
        parentWidget()->installEventFilter(this);
    return QFrame::event(event);
}

bool LessonPanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == parentWidget() && event->type() == QEvent::Resize)
        fitHeight();
    return QFrame::eventFilter(watched, event);
}

void LessonPanel::setPage(const CoursePage& page, int index, int count, const QString& title,
                          const QString& compareTitle) {
    indicator_->setText(QStringLiteral("%1 / %2").arg(index + 1).arg(count));
    section_->setText(
        page.article_claim
            ? tr("The article's claim %1 of 7 · %2").arg(*page.article_claim).arg(title)
            : tr("Sync modes · %1").arg(title));
    // An article's claim is quoted as the article states it and in English. A sync-mode page's
    // statement is true: it is no "claim" and no quotation, right after seven false ones.
    // A misconception is labelled as one, never as the page's summary; a sync-mode page's
    // statement is said once, in the class's language.
    const Language language = UiLanguage::current();
    if (page.article_claim) {
        heads_.front()->setText(tr("Claim"));
        claim_ja_->setText(QStringLiteral("「%1」").arg(qs(page.claim.ja)));
        claim_en_->setText(QStringLiteral("“%1”").arg(qs(page.claim.en)));
        claim_en_->show();
    } else {
        heads_.front()->setText(page.myth ? tr("Myth") : tr("In short"));
        claim_ja_->setText(qs(page.claim.in(language)));
        claim_en_->clear();
        claim_en_->hide();
    }
    // What is true, and where to see it, in the class's language.
    truth_->setText(qs(page.truth.in(language)));
    look_at_->setText(qs(page.look_at.in(language)));
    if (page.compare) {
        const QString name = qs(*page.compare);
        compare_->setText(tr("compare with: %1 (builtin:%2) — press C")
                              .arg(compareTitle.isEmpty() ? name : compareTitle, name));
        compare_->show();
        compare_button_->show();
    } else {
        compare_button_->hide();
        compare_->clear();
        compare_->hide();
    }
    // A row without text is no row: its empty head would still take a line of the grid that
    // heightFor does not count, and the panel's last lines were cut off by that much.
    for (std::size_t row = 0; row < rows_.size(); ++row)
        heads_[row]->setVisible(!rows_[row]->isHidden());
    previous_->setEnabled(index > 0);
    next_->setEnabled(index + 1 < count);
    fitHeight();
}

void LessonPanel::resizeEvent(QResizeEvent* event) {
    QFrame::resizeEvent(event);
    fitHeight();
}

int LessonPanel::heightFor(int width) const {
    // Measured row by row, each as tall as its text wrapped at the width it is laid out at (the
    // layout's own height-for-width is not ready before the panel is shown): the buttons' row,
    // then each shown row of the grid.
    const QMargins margins = layout()->contentsMargins();
    int head_width = 0;
    for (const QLabel* head : heads_)
        head_width = std::max(head_width, head->sizeHint().width());
    const int text_width = std::max(
        80, width - margins.left() - margins.right() - head_width - grid_->horizontalSpacing());
    // A few pixels short of the column, so a line the measure just fits is counted as wrapping.
    auto textHeight = [&](const QLabel* label, int w) {
        const QFontMetrics fm(label->font());
        return fm.boundingRect(QRect(0, 0, std::max(40, w - 6), 100000), Qt::TextWordWrap,
                               label->text())
                   .height() +
               2;
    };
    int top = std::max(indicator_->sizeHint().height(), next_->sizeHint().height());
    int buttons = 0;
    for (const QPushButton* b : {compare_button_, previous_, next_, leave_})
        if (!b->isHidden())
            buttons += b->sizeHint().width() + top_->spacing();
    top = std::max(
        top, textHeight(section_, width - margins.left() - margins.right() -
                                      indicator_->sizeHint().width() - buttons - top_->spacing()));
    int height = margins.top() + margins.bottom() + top;
    for (std::size_t row = 0; row < rows_.size(); ++row) {
        const QLabel* label = rows_[row];
        if (label->isHidden() || label->text().isEmpty())
            continue;
        height += layout()->spacing() + grid_->verticalSpacing() +
                  std::max(heads_[row]->sizeHint().height(), textHeight(label, text_width));
    }
    return height;
}

void LessonPanel::fitHeight() {
    if (fitting_)
        return;
    fitting_ = true;
    // Read from the back of a room: presentation fonts are 1.6 times the window's. On a short
    // projector (1024×768) they would leave the timeline a strip: the panel keeps to a share of
    // the page, its fonts stepping down until it fits, never below the window's own.
    const QWidget* page = parentWidget();
    const int room = page != nullptr && page->height() > 0 ? page->height() * 2 / 5 : 0;
    const double largest = presentation_ ? 1.6 : 1.0;
    for (const double scale : {1.6, 1.45, 1.3, 1.15, 1.0}) {
        if (scale > largest)
            continue;
        if (scale != scale_)
            applyFonts(scale);
        if (room <= 0 || heightFor(width()) <= room)
            break;
    }
    // As tall as its text at this width, no taller: the timeline takes the rest.
    const int height = heightFor(width());
    if (height > 0 && (height != minimumHeight() || height != maximumHeight()))
        setFixedHeight(height);
    fitting_ = false;
}

void LessonPanel::setPresentation(bool on) {
    if (on == presentation_)
        return;
    presentation_ = on;
    applyFonts(on ? 1.6 : 1.0);
    fitHeight();
}

void LessonPanel::applyFonts(double scale) {
    // The claim is the biggest thing on the page.
    scale_ = scale;
    QFont base = font();
    const double size = base.pointSizeF() > 0 ? base.pointSizeF() : 9.0;
    const auto sized = [&](double factor, bool bold) {
        QFont f = base;
        f.setPointSizeF(size * factor * scale);
        f.setBold(bold);
        return f;
    };
    indicator_->setFont(sized(1.3, true));
    section_->setFont(sized(1.1, false));
    claim_ja_->setFont(sized(1.35, true));
    claim_en_->setFont(sized(1.2, false));
    truth_->setFont(sized(1.2, true));
    look_at_->setFont(sized(1.1, false));
    compare_->setFont(sized(1.0, false));
    for (QLabel* head : heads_)
        head->setFont(sized(1.0, true));
}

QString LessonPanel::indicatorText() const {
    return indicator_->text();
}
QString LessonPanel::claimJaText() const {
    return claim_ja_->text();
}
QString LessonPanel::claimEnText() const {
    return claim_en_->text();
}
QString LessonPanel::claimHeadText() const {
    return heads_.front()->text();
}
QString LessonPanel::truthText() const {
    return truth_->text();
}
QString LessonPanel::lookAtText() const {
    return look_at_->text();
}
QString LessonPanel::compareText() const {
    return compare_->text();
}

}  // namespace syncscope
