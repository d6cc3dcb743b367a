#include "ui/course/handout_page.h"

#include <QFontDatabase>
#include <QFontMetrics>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "core/analysis/focus_resolver.h"
#include "ui/code/code_line_text.h"
#include "ui/export/image_exporter.h"
#include "ui/i18n/ui_language.h"
#include "ui/timeline/theme.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope {

namespace {

constexpr int kMargin = 48;
constexpr int kGap = 14;
constexpr double kTimelineTextPt = 9.5;  // the least size the timeline's text prints at
// The run gets at least this share of the page: it is what the page is about.
constexpr double kMinTimelineShare = 0.42;
// The code no more than this: a long program is cut with "… N more lines".
constexpr double kMaxCodeShare = 0.26;

QString qs(const std::string& s) {
    return QString::fromStdString(s);
}

QFont sized(const QFont& base, double points, bool bold) {
    QFont f = base;
    f.setPointSizeF(points);
    f.setBold(bold);
    return f;
}

int wrappedHeight(const QFont& font, int width, const QString& text) {
    return QFontMetrics(font)
        .boundingRect(QRect(0, 0, width, 100000), Qt::TextWordWrap, text)
        .height();
}

}  // namespace

HandoutPage::HandoutPage(Content content, QSize size) : content_(std::move(content)), size_(size) {
    layOut();
}

HandoutPage::~HandoutPage() = default;

QString HandoutPage::sectionText() const {
    const CoursePage& page = content_.page;
    return page.article_claim
               ? QCoreApplication::translate("syncscope::LessonPanel",
                                             "The article's claim %1 of 7 · %2")
                     .arg(*page.article_claim)
                     .arg(content_.title)
               : QCoreApplication::translate("syncscope::LessonPanel", "Sync modes · %1")
                     .arg(content_.title);
}

QString HandoutPage::footerText() const {
    return tr("syncscope course · page %1 of %2 · to run it: syncscope --course %1")
        .arg(content_.index + 1)
        .arg(content_.count);
}

QStringList HandoutPage::blockTexts() const {
    QStringList out;
    for (const auto* blocks : {&top_, &bottom_})
        for (const Block& b : *blocks)
            out << (b.head.isEmpty() ? b.text : b.head + QStringLiteral(": ") + b.text);
    return out;
}

void HandoutPage::layOut() {
    const Theme theme = Theme::light();
    const QFont base = theme.font;
    small_ = sized(base, 10, false);
    code_font_ = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    code_font_.setPointSizeF(10);
    code_head_font_ = sized(base, 10, true);
    const QFont head = sized(base, 12, true);
    head_width_ = 0;
    const QString claim_head =
        content_.page.article_claim ? QCoreApplication::translate("syncscope::LessonPanel", "Claim")
        : content_.page.myth        ? QCoreApplication::translate("syncscope::LessonPanel", "Myth")
                             : QCoreApplication::translate("syncscope::LessonPanel", "In short");
    const QString truth_head = QCoreApplication::translate("syncscope::LessonPanel", "Truth");
    const QString look_head = QCoreApplication::translate("syncscope::LessonPanel", "Look at");
    for (const QString& h : {claim_head, truth_head, look_head})
        head_width_ = std::max(head_width_, QFontMetrics(head).horizontalAdvance(h));
    head_width_ += 16;

    const CoursePage& page = content_.page;
    const Language language = UiLanguage::current();
    // An article's claim is quoted as the article states it, and in English; a sync-mode page's
    // statement (a summary or a myth) once, in the handout's language.
    if (page.article_claim)
        top_ = {
            {claim_head,
             QStringLiteral("「%1」").arg(qs(page.claim.ja)),
             sized(base, 17, true),
             {}},
            {QString(), QStringLiteral("“%1”").arg(qs(page.claim.en)), sized(base, 14, false), {}}};
    else
        top_ = {{claim_head, qs(page.claim.in(language)), sized(base, 17, true), {}}};
    top_.push_back({truth_head, qs(page.truth.in(language)), sized(base, 14, true), {}});
    bottom_ = {{look_head, qs(page.look_at.in(language)), sized(base, 13, false), {}}};
    if (page.compare)
        bottom_.push_back(
            {QString(),
             tr("Compared in class with: %1 (builtin:%2)")
                 .arg(content_.compareTitle.isEmpty() ? qs(*page.compare) : content_.compareTitle,
                      qs(*page.compare)),
             sized(base, 11, false),
             {}});

    const int left = kMargin;
    const int width = size_.width() - 2 * kMargin;
    const int text_width = width - head_width_;
    const int header_h = QFontMetrics(sized(base, 12, true)).height() + 6;
    header_ = QRect(left, kMargin / 2, width, header_h);
    int y = header_.bottom() + kGap;
    for (Block& b : top_) {
        const int h = wrappedHeight(b.font, text_width, b.text);
        b.rect = QRect(left + head_width_, y, text_width, h);
        y += h + 6;
    }
    const int timeline_top = y + kGap - 6;

    footer_ = QRect(left, size_.height() - kMargin / 2 - QFontMetrics(small_).height(), width,
                    QFontMetrics(small_).height());
    int bottom_h = 0;
    for (const Block& b : bottom_)
        bottom_h += wrappedHeight(b.font, text_width, b.text) + 6;

    // The code: as many lines as its share allows, the rest counted.
    code_lines_.clear();
    if (content_.trace && content_.trace->scenario)
        code_lines_ = ScenarioCode::generate(*content_.trace->scenario);
    const std::vector<CodeLine>& lines = code_lines_;
    code_line_height_ = QFontMetrics(code_font_).height() + 3;
    const int code_head_h = QFontMetrics(code_head_font_).height() + 6;
    const int room = footer_.top() - kGap - timeline_top - bottom_h - kGap;
    const int min_timeline = int(size_.height() * kMinTimelineShare);
    const int code_room = std::min(int(size_.height() * kMaxCodeShare), room - min_timeline - kGap);
    const int rows = lines.empty() ? 0 : std::max(0, (code_room - code_head_h) / code_line_height_);
    const int used = std::min(rows, int(lines.size()));
    // A cut program gives its last row to "… N more lines".
    code_lines_shown_ = used < int(lines.size()) ? std::max(0, used - 1) : used;
    const int code_h = used > 0 ? code_head_h + code_line_height_ * used : 0;

    const int code_top = footer_.top() - kGap - code_h;
    code_ = code_h > 0 ? QRect(left, code_top, width, code_h) : QRect();
    int bottom_y = (code_h > 0 ? code_top - kGap : footer_.top() - kGap) - bottom_h;
    timeline_ = QRect(left, timeline_top, width, std::max(120, bottom_y - kGap - timeline_top));
    for (Block& b : bottom_) {
        const int h = wrappedHeight(b.font, text_width, b.text);
        b.rect = QRect(left + head_width_, bottom_y, text_width, h);
        bottom_y += h + 6;
    }

    // The run as the export draws it, over the span the lesson's claims are about.
    view_ = std::make_unique<TimelineView>();
    view_->setAttribute(Qt::WA_DontShowOnScreen);
    view_->resize(timeline_.size());
    // Printed, the page's width is an A4 page's (297 mm across, 210 mm upright): the timeline's
    // text gets the pixels that print at 9.5 pt at least, and its lanes no more height than two
    // and a half lines of it.
    Theme printed = theme.forPicture(timeline_.size());
    const double page_pt = (size_.width() >= size_.height() ? 297.0 : 210.0) / 25.4 * 72.0;
    const int text_px = static_cast<int>(std::ceil(kTimelineTextPt * size_.width() / page_pt));
    const int own_px = printed.font.pixelSize() > 0
                           ? printed.font.pixelSize()
                           : static_cast<int>(std::lround(printed.font.pointSizeF() * 96.0 / 72.0));
    printed.font.setPixelSize(std::max(own_px, text_px));
    view_->setTheme(printed);
    view_->setMaxRowHeight(2.5 * QFontMetrics(printed.font).height());
    view_->setShowCallouts(true);
    if (content_.trace) {
        const auto focus = FocusResolver::resolve(*content_.trace);
        view_->setTrace(content_.trace);
        if (focus)
            view_->zoomToRange(focus->first, focus->second);
    }
}

void HandoutPage::paint(QPainter* painter, bool vector) const {
    const Theme theme = Theme::light();
    painter->save();
    painter->fillRect(QRect(QPoint(0, 0), size_), theme.background);
    painter->setPen(theme.foreground);
    const QFont number_font = sized(theme.font, 12, true);
    const QString number = QStringLiteral("%1 / %2").arg(content_.index + 1).arg(content_.count);
    painter->setFont(number_font);
    painter->drawText(header_, Qt::AlignLeft | Qt::AlignVCenter, number);
    const int indent = QFontMetrics(number_font).horizontalAdvance(number) + 16;
    painter->setFont(sized(theme.font, 12, false));
    painter->drawText(header_.adjusted(indent, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetrics(painter->font())
                          .elidedText(sectionText(), Qt::ElideRight, header_.width() - indent));
    painter->setPen(theme.grid);
    painter->drawLine(header_.bottomLeft() + QPoint(0, 4), header_.bottomRight() + QPoint(0, 4));

    const QFont head = sized(theme.font, 12, true);
    const auto paintBlocks = [&](const std::vector<Block>& blocks) {
        for (const Block& b : blocks) {
            if (!b.head.isEmpty()) {
                painter->setPen(theme.foreground);
                painter->setFont(head);
                painter->drawText(QRect(b.rect.left() - head_width_, b.rect.top(), head_width_ - 16,
                                        b.rect.height()),
                                  Qt::AlignRight | Qt::AlignTop, b.head);
            }
            painter->setPen(theme.foreground);
            painter->setFont(b.font);
            painter->drawText(b.rect, Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, b.text);
        }
    };
    paintBlocks(top_);

    if (content_.trace) {
        ExportOptions options;
        options.size = timeline_.size();
        options.date = QDateTime();
        painter->save();
        painter->translate(timeline_.topLeft());
        ImageExporter(*view_).paint(painter, options, vector);
        painter->restore();
        painter->setPen(theme.grid);
        painter->drawRect(timeline_.adjusted(0, 0, -1, -1));
    }
    paintBlocks(bottom_);
    paintCode(painter);

    painter->setPen(theme.foreground);
    painter->setFont(small_);
    painter->drawText(footer_, Qt::AlignLeft | Qt::AlignVCenter, footerText());
    painter->restore();
}

void HandoutPage::paintCode(QPainter* painter) const {
    if (code_.isEmpty())
        return;
    const Theme theme = Theme::light();
    const std::vector<CodeLine>& lines = code_lines_;
    const int column = code_.width() / 2;
    const int head_h = QFontMetrics(code_head_font_).height() + 6;
    painter->fillRect(QRect(code_.topLeft(), QSize(code_.width(), head_h)), theme.laneStripe);
    painter->setPen(theme.foreground);
    painter->setFont(code_head_font_);
    painter->drawText(QRect(code_.left() + 6, code_.top(), column - 12, head_h),
                      Qt::AlignLeft | Qt::AlignVCenter,
                      QCoreApplication::translate("syncscope::CodeView", "PyTorch"));
    painter->drawText(QRect(code_.left() + column + 6, code_.top(), column - 12, head_h),
                      Qt::AlignLeft | Qt::AlignVCenter,
                      QCoreApplication::translate("syncscope::CodeView", "CUDA runtime"));
    painter->setFont(code_font_);
    const QFontMetrics fm(code_font_);
    int y = code_.top() + head_h;
    for (int row = 0; row < code_lines_shown_; ++row) {
        const CodeLine& line = lines[std::size_t(row)];
        // Setup lines stand for no event: printed, but quieter, as in the window.
        painter->setPen(line.steps.empty() ? theme.grid.darker(160) : theme.foreground);
        const QString py = codeLineText(line.pytorch, line.pytorch_notes);
        const QString cuda = codeLineText(line.cuda, line.cuda_notes);
        painter->drawText(QRect(code_.left() + 6, y, column - 12, code_line_height_),
                          Qt::AlignLeft | Qt::AlignVCenter,
                          fm.elidedText(py, Qt::ElideRight, column - 12));
        painter->drawText(QRect(code_.left() + column + 6, y, column - 12, code_line_height_),
                          Qt::AlignLeft | Qt::AlignVCenter,
                          fm.elidedText(cuda, Qt::ElideRight, column - 12));
        y += code_line_height_;
    }
    if (code_lines_shown_ < int(lines.size())) {
        painter->setPen(theme.foreground);
        painter->drawText(QRect(code_.left() + 6, y, code_.width() - 12, code_line_height_),
                          Qt::AlignLeft | Qt::AlignVCenter,
                          tr("… %n more line(s): syncscope shows the whole program in its Code "
                             "panel",
                             nullptr, int(lines.size()) - code_lines_shown_));
    }
    painter->setPen(theme.grid);
    painter->drawRect(code_.adjusted(0, 0, -1, -1));
}

}  // namespace syncscope
