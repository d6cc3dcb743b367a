#include "ui/compare/compare_exporter.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QPainter>
#include <algorithm>

#include "ui/compare/compare_view.h"
#include "ui/compare/comparison_table_painter.h"
#include "ui/export/image_exporter.h"
#include "ui/timeline/legend_strip.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope {

CompareExporter::CompareExporter(CompareView& view) : view_(view) {}

std::vector<LegendEntry> CompareExporter::legendEntries(int width) const {
    std::vector<LegendEntry> entries = view_.viewA()->legendEntries(width);
    for (const LegendEntry& e : view_.viewB()->legendEntries(width)) {
        const bool known = std::any_of(entries.begin(), entries.end(), [&](const LegendEntry& k) {
            return k.style == e.style && k.label == e.label && k.color == e.color;
        });
        if (!known)
            entries.push_back(e);
    }
    // The legend's own order (host, GPU, markers, idle, flows) follows the style.
    std::stable_sort(entries.begin(), entries.end(),
                     [](const LegendEntry& x, const LegendEntry& y) { return x.style < y.style; });
    return entries;
}

CompareExporter::Layout CompareExporter::layout(const ExportOptions& o) const {
    const int w = o.size.width();
    const int h = o.size.height();
    const int table_h =
        std::min(h / 3, ComparisonTablePainter::heightFor(view_.table(), view_.theme()));
    const int legend_h =
        o.legend ? std::min(h / 6, LegendStrip::heightFor(legendEntries(w), view_.theme(), w)) : 0;
    // The legend beside the table where that is shorter than one above the other: the two runs
    // get the height (on a slide each run has half of what is left, and a lesson's callouts need
    // room above its lanes).
    const int table_w = w * 62 / 100;
    const int side_w = w - table_w;
    const int side_h =
        o.legend ? LegendStrip::heightFor(legendEntries(side_w), view_.theme(), side_w) : 0;
    if (legend_h > 0 && std::max(table_h, side_h) < table_h + legend_h &&
        side_h <= std::max(table_h, h / 4)) {
        const int bottom = std::max(table_h, side_h);
        const int half = std::max(1, (h - bottom) / 2);
        return {QRect(0, 0, w, half), QRect(0, half, w, half),
                QRect(table_w, 2 * half, side_w, h - 2 * half),
                QRect(0, 2 * half, table_w, h - 2 * half)};
    }
    const int half = std::max(1, (h - table_h - legend_h) / 2);
    return {QRect(0, 0, w, half), QRect(0, half, w, half), QRect(0, 2 * half, w, legend_h),
            QRect(0, 2 * half + legend_h, w, h - 2 * half - legend_h)};
}

void CompareExporter::paint(QPainter* painter, const ExportOptions& o, bool vector) const {
    const Layout l = layout(o);
    auto half = [&](TimelineView* view, const QRect& rect, const QString& title, bool legend) {
        ExportOptions part = o;
        part.size = rect.size();
        part.caption = true;
        part.captionText = title;
        part.legend = legend;
        painter->save();
        painter->translate(rect.topLeft());
        ImageExporter(*view).paint(painter, part, vector);
        painter->restore();
    };
    half(view_.viewA(), l.a, view_.titleA(), false);
    half(view_.viewB(), l.b, view_.titleB(), false);
    if (l.legend.height() > 0)
        LegendStrip::paintEntries(painter, l.legend, legendEntries(l.legend.width()),
                                  view_.theme());
    // A rule between the halves, so the second caption does not read as the first plot's axis.
    painter->setPen(QPen(view_.theme().laneSeparator, 2.0));
    painter->drawLine(QPointF(0, l.b.top()), QPointF(l.b.right() + 1, l.b.top()));
    ComparisonTablePainter::paint(painter, l.table, view_.table(), view_.theme());
}

void CompareExporter::settle(const ExportOptions& o) const {
    // The parts' heights follow the legend, and the legend what each half shows at the size it
    // was last laid out at: the first picture of a fresh view came out different from the second
    // (another legend row, a callout with no room). A pass or two at the picture's own sizes
    // reaches the layout that stays.
    const auto same = [](const Layout& x, const Layout& y) {
        return x.a == y.a && x.b == y.b && x.legend == y.legend && x.table == y.table;
    };
    for (int pass = 0; pass < 3; ++pass) {
        const Layout before = layout(o);
        QImage scratch(1, 1, QImage::Format_ARGB32_Premultiplied);
        QCPPainter painter(&scratch);  // what ImageExporter draws with
        paint(&painter, o, false);
        painter.end();
        if (same(before, layout(o)))
            return;
    }
}

QImage CompareExporter::renderImage(const ExportOptions& o, QString* error) const {
    settle(o);
    return ImageExporter::renderPicture(
        o, view_.theme().background, [&](QPainter* p, bool vector) { paint(p, o, vector); }, error);
}

bool CompareExporter::exportTo(const ExportOptions& o, QString* error) const {
    settle(o);
    return ImageExporter::exportPicture(
        o, view_.theme().background, [&](QPainter* p, bool vector) { paint(p, o, vector); }, error);
}

bool exportComparisonImage(std::shared_ptr<const Trace> a, std::shared_ptr<const Trace> b,
                           const ExportOptions& options, QString* error) {
    if (!qobject_cast<QApplication*>(QCoreApplication::instance())) {
        if (error)
            *error = QStringLiteral(
                "image export needs a QApplication (on a server, set QT_QPA_PLATFORM=offscreen)");
        return false;
    }
    if (!a || !b) {
        if (error)
            *error = QStringLiteral("two traces are needed for a comparison");
        return false;
    }
    CompareView view;
    prepareCompareView(view, std::move(a), std::move(b), options);
    return CompareExporter(view).exportTo(options, error);
}

void prepareCompareView(CompareView& view, std::shared_ptr<const Trace> a,
                        std::shared_ptr<const Trace> b, const ExportOptions& options) {
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.resize(options.size);
    if (options.theme)
        view.setTheme(options.theme->forPicture(options.size));
    for (TimelineView* t : {view.viewA(), view.viewB()}) {
        t->setShowFlows(options.showFlows);
        t->setMemoryPlotForced(options.memory);
        t->setShowCallouts(options.callouts);
    }
    view.setTraces(std::move(a), std::move(b));
}

}  // namespace syncscope
