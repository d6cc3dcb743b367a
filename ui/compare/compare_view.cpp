#include "ui/compare/compare_view.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>

#include "core/compare/trace_alignment.h"
#include "ui/compare/comparison_table_widget.h"
#include "ui/compare/timeline_sync.h"
#include "ui/i18n/device_name_text.h"
#include "ui/i18n/ui_language.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope {

CompareView::CompareView(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(2);
    title_a_ = new QLabel(this);
    title_a_->setObjectName(QStringLiteral("titleA"));
    title_b_ = new QLabel(this);
    title_b_->setObjectName(QStringLiteral("titleB"));
    view_a_ = new TimelineView(this);
    view_a_->setObjectName(QStringLiteral("timelineA"));
    view_b_ = new TimelineView(this);
    view_b_->setObjectName(QStringLiteral("timelineB"));
    table_ = new ComparisonTableWidget(this);
    table_->setObjectName(QStringLiteral("differenceTable"));
    layout->addWidget(title_a_);
    layout->addWidget(view_a_, 1);
    layout->addWidget(title_b_);
    layout->addWidget(view_b_, 1);
    layout->addWidget(table_);
    sync_ = new TimelineSync(view_a_, view_b_, this);
    base_padding_ = view_a_->plot()->yAxis->padding();
    for (TimelineView* view : {view_a_, view_b_})
        connect(view->plot(), &QCustomPlot::afterReplot, this, &CompareView::evenOutMargins);
    setTheme(theme_);
}

void CompareView::alignAxes() {
    for (TimelineView* view : {view_a_, view_b_})
        view->plot()->replot(QCustomPlot::rpImmediateRefresh);  // lays the margins out
    evenOutMargins();
}

// The label columns differ (lane names, and the rows scrolled into view change them at every
// layout): pad the narrower one so both time axes start at the same pixel. Runs after every
// layout of either plot; once both agree it changes nothing, so it settles.
void CompareView::evenOutMargins() {
    TimelineView* views[2] = {view_a_, view_b_};
    int natural[2] = {0, 0};
    for (int i = 0; i < 2; ++i) {
        auto* plot = views[i]->plot();
        natural[i] = plot->axisRect()->margins().left() - (plot->yAxis->padding() - base_padding_);
    }
    const int most = std::max(natural[0], natural[1]);
    for (int i = 0; i < 2; ++i) {
        auto* plot = views[i]->plot();
        const int padding = base_padding_ + most - natural[i];
        if (plot->yAxis->padding() == padding)
            continue;
        plot->yAxis->setPadding(padding);
        plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

void CompareView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    alignAxes();
}

QString CompareView::title(const QString& letter, const Trace& trace) {
    QString text = letter + QStringLiteral(": ") +
                   QString::fromStdString(traceDisplayName(trace, UiLanguage::current()));
    QString engine = QString::fromStdString(trace.device.engine);
    const QString device = deviceNameText(trace.device.name);
    if (!device.isEmpty())
        engine = engine.isEmpty()
                     ? device
                     : QCoreApplication::translate("CompareView", "%1 on %2").arg(engine, device);
    if (!engine.isEmpty())
        text += QStringLiteral(" — ") + engine;
    return text;
}

void CompareView::setTraces(std::shared_ptr<const Trace> a, std::shared_ptr<const Trace> b) {
    if (!a || !b)
        return;
    table_->setTable(buildComparisonTable(*a, *b, UiLanguage::current()));
    title_a_->setText(title(QStringLiteral("A"), *a));
    title_b_->setText(title(QStringLiteral("B"), *b));
    const TimeNs delta = TraceAlignment::begin(*a) - TraceAlignment::begin(*b);
    if (delta != 0)
        b = std::make_shared<const Trace>(TraceAlignment::shifted(*b, delta));
    view_a_->setTrace(std::move(a));
    view_b_->setTrace(std::move(b));
    zoomToFit();
    alignAxes();
}

void CompareView::zoomToFit() {
    const auto* ma = view_a_->model();
    const auto* mb = view_b_->model();
    if (!ma || !mb)
        return;
    const double lo = static_cast<double>(std::min(ma->beginNs(), mb->beginNs()));
    const double hi = static_cast<double>(std::max(ma->endNs(), mb->endNs()));
    const double pad = std::max(1.0, (hi - lo) * 0.01);
    // A's axis; the sync carries the range to B.
    view_a_->plot()->xAxis->setRange(lo - pad, hi + pad);
    view_a_->plot()->replot(QCustomPlot::rpQueuedReplot);
}

void CompareView::setTheme(const Theme& theme) {
    theme_ = theme;
    view_a_->setTheme(theme);
    view_b_->setTheme(theme);
    table_->setTheme(theme);
    QPalette pal = palette();
    pal.setColor(QPalette::Window, theme.background);
    pal.setColor(QPalette::WindowText, theme.foreground);
    setPalette(pal);
    setAutoFillBackground(true);
    for (QLabel* label : {title_a_, title_b_}) {
        label->setFont(theme.titleFont);
        label->setPalette(pal);
    }
    alignAxes();
}

const ComparisonTable& CompareView::table() const {
    return table_->table();
}

QString CompareView::titleA() const {
    return title_a_->text();
}

QString CompareView::titleB() const {
    return title_b_->text();
}

}  // namespace syncscope
