#pragma once

#include <QImage>
#include <QString>
#include <memory>

#include "core/model/trace.h"
#include "ui/export/export_options.h"
#include "ui/timeline/legend_entries.h"

class QPainter;

namespace syncscope {

class CompareView;

// The whole compare view as one picture: run A's timeline titled with its name, run B's under it,
// one legend for both, and the difference table at the bottom. Same formats and the same safe
// writer as ImageExporter (PNG, JPEG, SVG, PDF).
class CompareExporter {
public:
    explicit CompareExporter(CompareView& view);

    bool exportTo(const ExportOptions& options, QString* error) const;
    QImage renderImage(const ExportOptions& options, QString* error = nullptr) const;
    // Where each part lies in a picture of `options.size` (for tests): half A, half B, the table.
    struct Layout {
        QRect a, b, legend, table;
    };
    Layout layout(const ExportOptions& options) const;

private:
    // The styles either half draws, once each: a spinning wait only A has is still explained.
    std::vector<LegendEntry> legendEntries(int width) const;
    // Lays the halves out at their parts' sizes until the layout they lead to stops changing.
    void settle(const ExportOptions& options) const;
    void paint(QPainter* painter, const ExportOptions& options, bool vector) const;

    CompareView& view_;
};

// Headless: an offscreen compare view of `a` and `b` written to options.path (`syncscope
// --compare B --export OUT`). Needs a QApplication.
bool exportComparisonImage(std::shared_ptr<const Trace> a, std::shared_ptr<const Trace> b,
                           const ExportOptions& options, QString* error);
// The offscreen compare view that export draws: its size, theme, and what each half shows.
void prepareCompareView(CompareView& view, std::shared_ptr<const Trace> a,
                        std::shared_ptr<const Trace> b, const ExportOptions& options);

}  // namespace syncscope
