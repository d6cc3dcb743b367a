#pragma once

#include <QFrame>
#include <vector>

#include "core/course/course.h"

class QLabel;
class QPushButton;

class QGridLayout;
class QHBoxLayout;

namespace syncscope {

// The words of a lesson page, above its timeline: the page number, the claim (the article's
// Japanese and in English), the truth, and where to look. The buttons do what the keys do.
class LessonPanel final : public QFrame {
    Q_OBJECT
public:
    explicit LessonPanel(QWidget* parent = nullptr);

    // `title`: the scenario's title; `compareTitle`: the compared scenario's, when the page has
    // one.
    void setPage(const CoursePage& page, int index, int count, const QString& title,
                 const QString& compareTitle);
    // Large type for a projector (the presentation theme).
    void setPresentation(bool on);
    bool presentation() const { return presentation_; }

    QString indicatorText() const;
    QString claimJaText() const;
    QString claimEnText() const;
    // "Claim", "Myth" or "In short": what the first line is.
    QString claimHeadText() const;
    QString truthText() const;
    QString lookAtText() const;
    QString compareText() const;  // empty when the page compares with nothing

signals:
    void previousRequested();
    void nextRequested();
    void leaveRequested();
    void compareRequested();

protected:
    void resizeEvent(QResizeEvent* event) override;
    // The page it shares with the timeline: its height bounds the panel's (fitHeight).
    bool eventFilter(QObject* watched, QEvent* event) override;
    bool event(QEvent* event) override;

private:
    void applyFonts(double scale);
    // Wrapped lines need the height they wrap to; a layout squeezed by the timeline below would
    // otherwise cut the claim off.
    void fitHeight();
    int heightFor(int width) const;

    QLabel* indicator_ = nullptr;
    QLabel* section_ = nullptr;
    QLabel* claim_ja_ = nullptr;
    QLabel* claim_en_ = nullptr;
    QLabel* truth_ = nullptr;
    QLabel* look_at_ = nullptr;
    QLabel* compare_ = nullptr;
    std::vector<QLabel*> heads_;  // "Claim", "Truth", "Look at"
    QPushButton* previous_ = nullptr;
    QPushButton* next_ = nullptr;
    QPushButton* leave_ = nullptr;
    QPushButton* compare_button_ = nullptr;
    QHBoxLayout* top_ = nullptr;
    QGridLayout* grid_ = nullptr;
    std::vector<QLabel*> rows_;  // the grid's texts, by row
    bool presentation_ = false;
    double scale_ = 1.0;  // of the fonts: presentation's 1.6, less where the page is short
    bool fitting_ = false;
};

}  // namespace syncscope
