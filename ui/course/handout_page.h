#pragma once

#include <QCoreApplication>
#include <QRect>
#include <QSize>
#include <QString>
#include <QStringList>
#include <memory>

#include "core/code/scenario_code.h"
#include "core/course/course.h"
#include "core/model/trace.h"

class QPainter;

namespace syncscope {

class TimelineView;

// One course page as a printed handout, in the interface's language on a light page for paper:
// the claim (as the article states it and in English) and the truth, the page's run with its
// callouts over the span the lesson is about, where to look, and the run's program as PyTorch and
// CUDA code. The window's lesson panel and code view say the same; this lays it out for a page.
class HandoutPage {
    Q_DECLARE_TR_FUNCTIONS(HandoutPage)
public:
    struct Content {
        CoursePage page;
        int index = 0;  // from 0
        int count = 1;
        QString title;                       // the page's scenario, in the interface's language
        QString compareTitle;                // the scenario it compares with, when it does
        std::shared_ptr<const Trace> trace;  // the page's run (its scenario set)
    };

    HandoutPage(Content content, QSize size);
    ~HandoutPage();
    HandoutPage(const HandoutPage&) = delete;
    HandoutPage& operator=(const HandoutPage&) = delete;

    // Draws the page with its top left at the painter's origin, size() big (logical pixels).
    void paint(QPainter* painter, bool vector) const;
    QSize size() const { return size_; }

    // Where paint() puts what, for tests: the run, and the code (empty when no line fits).
    QRect timelineRect() const { return timeline_; }
    QRect codeRect() const { return code_; }
    int codeLinesShown() const { return code_lines_shown_; }
    int codeLineCount() const { return int(code_lines_.size()); }
    // The run's timeline as the page draws it (for tests: its theme, its rows).
    const TimelineView& timeline() const { return *view_; }
    // The texts as printed.
    QString sectionText() const;
    QString footerText() const;
    // The statement, truth and where-to-look blocks, each "head: text" ("Myth: …").
    QStringList blockTexts() const;

private:
    struct Block {
        QString head;  // "Truth"; empty continues the block above
        QString text;
        QFont font;
        QRect rect;  // laid out
    };
    void layOut();
    void paintCode(QPainter* painter) const;

    Content content_;
    QSize size_;
    std::vector<Block> top_;     // claim and truth
    std::vector<Block> bottom_;  // look at, compare
    QRect header_, timeline_, code_, footer_;
    QFont small_, code_font_, code_head_font_;
    int head_width_ = 0;
    int code_line_height_ = 0;
    int code_lines_shown_ = 0;
    std::vector<CodeLine> code_lines_;  // the scenario as code, written once at layout
    std::unique_ptr<TimelineView> view_;
};

}  // namespace syncscope
