#include "ui/course/start_page.h"

#include <QDir>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QVBoxLayout>

namespace syncscope {

namespace {

QPushButton* bigButton(const QString& text, const QString& tip, QWidget* parent) {
    auto* button = new QPushButton(text, parent);
    button->setToolTip(tip);
    button->setMinimumHeight(button->sizeHint().height() * 2);
    QFont f = button->font();
    f.setPointSizeF(f.pointSizeF() * 1.25);
    button->setFont(f);
    return button;
}

}  // namespace

StartPage::StartPage(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("startPage"));
    auto* title = new QLabel(tr("syncscope"), this);
    QFont big = title->font();
    big.setPointSizeF(big.pointSizeF() * 2.6);
    big.setBold(true);
    title->setFont(big);
    auto* subtitle = new QLabel(
        tr("See GPU synchronization: when kernels run, when the host waits, and for what."), this);
    subtitle->setWordWrap(true);
    QFont sub = subtitle->font();
    sub.setPointSizeF(sub.pointSizeF() * 1.3);
    subtitle->setFont(sub);

    course_ = bigButton(tr("Start the course"),
                        tr("The article's seven claims, then the sync modes, one page each: the "
                           "claim, the truth, and the run that shows it"),
                        this);
    course_->setObjectName(QStringLiteral("startCourse"));
    course_->setDefault(true);
    open_trace_ = bigButton(tr("Open a trace…"),
                            tr("A syncscope trace, a PyTorch profiler trace or an Nsight Systems "
                               "SQLite export"),
                            this);
    open_trace_->setObjectName(QStringLiteral("startOpenTrace"));
    open_scenario_ =
        bigButton(tr("Open a scenario…"), tr("A *.syncscope.json scenario file"), this);
    open_scenario_->setObjectName(QStringLiteral("startOpenScenario"));
    record_ = bigButton(tr("Record a program…"),
                        tr("Run a program of yours (python3 train.py…) and see its syncs"), this);
    record_->setObjectName(QStringLiteral("startRecord"));
    connect(course_, &QPushButton::clicked, this, &StartPage::courseRequested);
    connect(open_trace_, &QPushButton::clicked, this, &StartPage::openTraceRequested);
    connect(open_scenario_, &QPushButton::clicked, this, &StartPage::openScenarioRequested);
    connect(record_, &QPushButton::clicked, this, &StartPage::recordRequested);

    auto* course_text = new QLabel(
        tr("For a class: each page states a claim (the article's Japanese original and in "
           "English), runs the scenario that tests it, and says what to look at. Page Down, "
           "Space or a presentation clicker turns the page; F11 goes full screen in large "
           "type."),
        this);
    course_text->setWordWrap(true);

    recent_ = new QListWidget(this);
    recent_->setObjectName(QStringLiteral("startRecent"));
    connect(recent_, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        emit recentRequested(item->data(Qt::UserRole).toString());
    });
    connect(recent_, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        emit recentRequested(item->data(Qt::UserRole).toString());
    });

    // One column: the central area between the docks is narrow, and a class reads top down.
    auto* opens = new QHBoxLayout;
    opens->addWidget(open_trace_);
    opens->addWidget(open_scenario_);
    opens->addWidget(record_);

    auto* recent_title = new QLabel(tr("Recent files"), this);
    QFont bold = recent_title->font();
    bold.setBold(true);
    recent_title->setFont(bold);
    recent_->setMaximumHeight(recent_->sizeHintForRow(0) > 0 ? recent_->sizeHintForRow(0) * 9
                                                             : 200);

    auto* inner = new QWidget(this);
    inner->setMaximumWidth(760);
    auto* column = new QVBoxLayout(inner);
    column->setContentsMargins(0, 0, 0, 0);
    column->addWidget(title);
    column->addWidget(subtitle);
    column->addSpacing(20);
    column->addWidget(course_);
    column->addWidget(course_text);
    column->addSpacing(16);
    column->addLayout(opens);
    column->addSpacing(16);
    column->addWidget(recent_title);
    column->addWidget(recent_);
    column->addStretch(1);

    auto* outer = new QHBoxLayout(this);
    outer->setContentsMargins(32, 32, 32, 24);
    outer->addStretch(1);
    outer->addWidget(inner, 8);
    outer->addStretch(1);
    setRecentFiles({});
}

void StartPage::setRecentFiles(const QStringList& paths) {
    recent_->clear();
    for (const QString& path : paths) {
        auto* item = new QListWidgetItem(QFileInfo(path).fileName(), recent_);
        item->setToolTip(QDir::toNativeSeparators(path));
        item->setData(Qt::UserRole, path);
    }
    if (paths.isEmpty()) {
        auto* item = new QListWidgetItem(tr("No files opened yet"), recent_);
        item->setFlags(Qt::NoItemFlags);
    }
}

QStringList StartPage::recentFiles() const {
    QStringList out;
    for (int i = 0; i < recent_->count(); ++i) {
        const QString path = recent_->item(i)->data(Qt::UserRole).toString();
        if (!path.isEmpty())
            out << path;
    }
    return out;
}

}  // namespace syncscope
