#pragma once

#include <QImage>
#include <QString>
#include <functional>
#include <memory>
#include <optional>

#include "core/model/trace.h"
#include "ui/export/export_options.h"

class QPainter;
class QPageSize;

namespace syncscope {

class TimelineView;

// The current view (timeline + memory) as a picture for slides and papers: PNG, JPEG, SVG or PDF
// with a caption and a legend, or onto the clipboard. Files are rendered into memory, then written
// through AtomicFile, so a failure (a full disk included) never leaves a truncated file nor touches
// an existing one (hotspot #637: no empty exports), and only regular files are replaced; every
// failure comes back as a sentence naming the file.
class ImageExporter {
public:
    enum class Format { Png, Jpeg, Svg, Pdf };

    explicit ImageExporter(TimelineView& view);

    // The format for a path (by suffix) or an explicit name; nullopt and an error when unknown.
    static std::optional<Format> formatFor(const QString& pathOrFormat, QString* error);
    // "example.syncscope.json — sync: Stream synchronize — sim on NVIDIA H200 (simulated) —
    // 2026-11-30 04:00 UTC"
    static QString defaultCaption(const Trace& trace, const QDateTime& date);

    bool exportTo(const ExportOptions& options, QString* error) const;
    // The picture as pixels (size * scale); a null image and an error when the size is unusable.
    QImage renderImage(const ExportOptions& options, QString* error = nullptr) const;
    bool copyToClipboard(const ExportOptions& options, QString* error) const;
    // Paints the view's picture (caption, plot, legend) with its top left at the painter's origin,
    // options.size big: for pictures made of several views (the compare view).
    void paint(QPainter* painter, const ExportOptions& options, bool vector) const;

    // The writers behind exportTo and renderImage, for any picture: `paint` draws it in logical
    // pixels (vector: for SVG and PDF) over `background`.
    using PaintFunction = std::function<void(QPainter*, bool vector)>;
    static bool exportPicture(const ExportOptions& options, const QColor& background,
                              const PaintFunction& paint, QString* error);
    static QImage renderPicture(const ExportOptions& options, const QColor& background,
                                const PaintFunction& paint, QString* error = nullptr);
    // Several pictures as the pages of one PDF for printing (a course's handouts): `paintPage`
    // draws page k in logical pixels of `size`, which is fitted onto `paper` and centred. Written
    // as exportPicture writes: in memory first, then atomically.
    using PagePaintFunction = std::function<void(QPainter*, int page)>;
    static bool exportPdfPages(const QString& path, QSize size, const QPageSize& paper, int pages,
                               const PagePaintFunction& paintPage, QString* error);

private:
    static bool checkSize(const ExportOptions& options, QString* error);
    // Through the one atomic writer, which checks every write, fsync and close.
    static bool writeBytes(const QString& path, const QByteArray& bytes, QString* error);

    TimelineView& view_;
};

// The offscreen view `syncscope --export` draws `trace` with: its size, theme, arrows, memory
// plot, callouts (and the doctor's findings), range.
void prepareExportView(TimelineView& view, std::shared_ptr<const Trace> trace,
                       const ExportOptions& options);

// Headless: lay out an offscreen TimelineView for `trace` and write the picture without showing a
// window (`syncscope --export`). Needs a QApplication (QT_QPA_PLATFORM=offscreen on servers).
bool exportTraceImage(std::shared_ptr<const Trace> trace, const ExportOptions& options,
                      QString* error);

}  // namespace syncscope
