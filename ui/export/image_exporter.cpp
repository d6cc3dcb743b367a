#include "ui/export/image_exporter.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QBuffer>
#include <QClipboard>
#include <QFileInfo>
#include <QFontMetrics>
#include <QPageSize>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <algorithm>
#include <cmath>
#include <set>

#include "core/analysis/gpu_activity.h"
#include "core/doctor/sync_doctor.h"
#include "core/io/atomic_file.h"
#include "core/io/output_target.h"
#include "ui/doctor/finding_callouts.h"
#include "ui/i18n/device_name_text.h"
#include "ui/i18n/sync_mode_texts.h"
#include "ui/i18n/ui_language.h"
#include "ui/timeline/callout_layer.h"
#include "ui/timeline/flow_layer.h"
#include "ui/timeline/legend_strip.h"
#include "ui/timeline/timeline_model.h"
#include "ui/timeline/timeline_view.h"

namespace syncscope {

namespace {

// The most flow arrows a picture draws at once (the window keeps to FlowLayer::kDefaultMaxVisible).
constexpr std::size_t kPictureMaxFlows = 2000;

constexpr int kMinSide = 64;
constexpr int kMaxSide = 16384;
constexpr double kDpi = 96.0;  // logical pixels: what the on-screen view uses at scale 1

QString modesOf(const Trace& trace) {
    // Waits tell what the run demonstrates; API calls cover modes that never block (cpu-sync).
    std::set<SyncMode> modes;
    for (const auto& e : trace.events)
        if (e.mode != SyncMode::None &&
            (e.kind == EventKind::HostWait || e.kind == EventKind::StreamWait ||
             e.kind == EventKind::ApiCall))
            modes.insert(e.mode);
    QStringList labels;
    for (auto m : modes) {
        if (labels.size() == 3) {
            labels << QStringLiteral("…");
            break;
        }
        labels << syncModeLabel(m);
    }
    return labels.isEmpty() ? QCoreApplication::translate("ImageExporter", "none")
                            : labels.join(QStringLiteral(", "));
}

// The caption on one line, or broken at its " — " separators onto more (three at most) when the
// large type of a slide does not fit: the scenario and the sync modes first, then the engine and
// the date, each whole where a line can hold it. Only what a third line cannot hold is elided.
QStringList captionLines(const QString& text, const QFontMetrics& fm, int width) {
    constexpr int kMaxLines = 3;
    if (fm.horizontalAdvance(text) <= width)
        return {text};
    const QString sep = QStringLiteral(" — ");
    const QStringList parts = text.split(sep);
    QStringList lines;
    qsizetype k = 0;
    while (k < parts.size() && lines.size() < kMaxLines - 1) {
        QString line = parts[k++];
        while (k < parts.size() && fm.horizontalAdvance(line + sep + parts[k]) <= width)
            line += sep + parts[k++];
        lines << fm.elidedText(line, Qt::ElideRight, width);
    }
    if (k < parts.size())
        lines << fm.elidedText(parts.mid(k).join(sep), Qt::ElideRight, width);
    return lines;
}

}  // namespace

ImageExporter::ImageExporter(TimelineView& view) : view_(view) {}

std::optional<ImageExporter::Format> ImageExporter::formatFor(const QString& pathOrFormat,
                                                              QString* error) {
    QString s = pathOrFormat.toLower();
    if (s.contains(QLatin1Char('.')) || s.contains(QLatin1Char('/')))
        s = QFileInfo(s).suffix();
    if (s == QLatin1String("png"))
        return Format::Png;
    if (s == QLatin1String("jpg") || s == QLatin1String("jpeg"))
        return Format::Jpeg;
    if (s == QLatin1String("svg"))
        return Format::Svg;
    if (s == QLatin1String("pdf"))
        return Format::Pdf;
    if (error)
        *error = QStringLiteral("unknown image format \"%1\" for %2 (use .png, .jpg, .svg or .pdf)")
                     .arg(s, pathOrFormat);
    return std::nullopt;
}

QString ImageExporter::defaultCaption(const Trace& trace, const QDateTime& date) {
    QString what = QString::fromStdString(traceTitle(trace, UiLanguage::current()));
    if (what.isEmpty())  // a file: its name is enough, the folders are this machine's business
        what = QFileInfo(QString::fromStdString(trace.source)).fileName();
    if (what.isEmpty())
        what = QStringLiteral("trace");
    QString engine = QString::fromStdString(trace.device.engine);
    const QString device = deviceNameText(trace.device.name);
    if (!device.isEmpty())
        engine = engine.isEmpty()
                     ? device
                     : QCoreApplication::translate("ImageExporter", "%1 on %2").arg(engine, device);
    QStringList parts{what,
                      QCoreApplication::translate("ImageExporter", "sync: %1").arg(modesOf(trace))};
    if (!engine.isEmpty())
        parts << engine;
    const QDateTime when = date.isValid() ? date : QDateTime::currentDateTimeUtc();
    parts << when.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
    return parts.join(QStringLiteral(" — "));
}

bool ImageExporter::checkSize(const ExportOptions& o, QString* error) {
    const QSize px = (QSizeF(o.size) * o.scale).toSize();
    const bool ok = o.size.width() >= kMinSide && o.size.height() >= kMinSide && o.scale >= 0.25 &&
                    o.scale <= 8.0 && px.width() <= kMaxSide && px.height() <= kMaxSide;
    if (!ok && error)
        *error =
            QStringLiteral("image size %1x%2 at scale %3 is out of range (%4 to %5 pixels a side)")
                .arg(o.size.width())
                .arg(o.size.height())
                .arg(o.scale)
                .arg(kMinSide)
                .arg(kMaxSide);
    return ok;
}

void ImageExporter::paint(QPainter* painter, const ExportOptions& o, bool vector) const {
    const Theme& t = view_.theme();
    const int w = o.size.width();
    const int h = o.size.height();
    painter->fillRect(QRect(0, 0, w, h), t.background);
    int top = 0;
    const auto trace = view_.trace();
    if (o.caption) {
        const QString text = !o.captionText.isEmpty() ? o.captionText
                             : trace                  ? defaultCaption(*trace, o.date)
                                                      : QString();
        if (!text.isEmpty()) {
            const QFontMetrics fm(t.titleFont);
            const QStringList lines = captionLines(text, fm, w - 24);
            const int captionH = fm.height() * static_cast<int>(lines.size()) + 16;
            painter->setFont(t.titleFont);
            painter->setPen(t.foreground);
            painter->drawText(QRect(12, 0, w - 24, captionH), Qt::AlignVCenter | Qt::AlignLeft,
                              lines.join(QLatin1Char('\n')));
            top = captionH;
        }
    }
    // The legend lists what the picture shows (its range, its lanes), like the window's strip.
    const auto entries = o.legend ? view_.legendEntries(w) : std::vector<LegendEntry>{};
    const int legendH = LegendStrip::heightFor(entries, t, w);
    const int plotH = std::max(32, h - top - legendH);
    auto* plot = view_.plot();
    auto* qcp = static_cast<QCPPainter*>(painter);
    painter->save();
    painter->translate(0, top);
    painter->setClipRect(QRect(0, 0, w, plotH));
    if (vector)
        qcp->setMode(QCPPainter::pmVectorized);
    plot->toPainter(qcp, w, plotH);
    painter->restore();
    // toPainter laid the plot out for the picture; the live widget needs its own layout back.
    plot->replot(QCustomPlot::rpQueuedReplot);
    if (legendH > 0)
        LegendStrip::paintEntries(painter, QRect(0, top + plotH, w, legendH), entries, t);
}

QImage ImageExporter::renderImage(const ExportOptions& o, QString* error) const {
    return renderPicture(
        o, view_.theme().background, [&](QPainter* p, bool vector) { paint(p, o, vector); }, error);
}

QImage ImageExporter::renderPicture(const ExportOptions& o, const QColor& background,
                                    const PaintFunction& paint, QString* error) {
    if (!checkSize(o, error))
        return {};
    const QSize px = (QSizeF(o.size) * o.scale).toSize();
    QImage image(px, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull()) {
        if (error)
            *error = QStringLiteral("not enough memory for a %1x%2 image")
                         .arg(px.width())
                         .arg(px.height());
        return {};
    }
    // 96 dpi whatever the scale: fonts (in points) come out at their on-screen size in logical
    // pixels, and the painter's scale turns logical pixels into `scale` device pixels.
    const int dpm = static_cast<int>(std::lround(kDpi / 0.0254));
    image.setDotsPerMeterX(dpm);
    image.setDotsPerMeterY(dpm);
    image.fill(background);
    QCPPainter painter(&image);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.scale(o.scale, o.scale);
    paint(&painter, false);
    painter.end();
    return image;
}

bool ImageExporter::copyToClipboard(const ExportOptions& options, QString* error) const {
    const QImage image = renderImage(options, error);
    if (image.isNull())
        return false;
    auto* clipboard = QGuiApplication::clipboard();
    if (!clipboard) {
        if (error)
            *error = QStringLiteral("no clipboard on this platform");
        return false;
    }
    clipboard->setImage(image);
    return true;
}

bool ImageExporter::exportTo(const ExportOptions& o, QString* error) const {
    return exportPicture(
        o, view_.theme().background, [&](QPainter* p, bool vector) { paint(p, o, vector); }, error);
}

bool ImageExporter::exportPicture(const ExportOptions& o, const QColor& background,
                                  const PaintFunction& paint, QString* error) {
    const auto format = formatFor(o.format.isEmpty() ? o.path : o.format, error);
    if (!format)
        return false;
    if (o.path.isEmpty()) {
        if (error)
            *error = QStringLiteral("no file name given for the export");
        return false;
    }
    if (!checkSize(o, error))
        return false;
    auto fail = [&](const QString& why) {
        if (error)
            *error = QStringLiteral("could not write %1: %2").arg(o.path, why);
        return false;
    };
    // Refused targets (a FIFO, a device, a directory) are refused before any rendering.
    std::string target_error;
    if (!OutputTarget::resolve(QFile::encodeName(o.path).toStdString(), target_error))
        return fail(QString::fromStdString(target_error));
    // Qt's writers report few of their device's errors, so they write into memory, where nothing
    // fails but memory; the bytes then go to disk through the one atomic writer, which checks
    // every write, fsync and close before it replaces the file (a full disk keeps the old file).
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    switch (*format) {
        case Format::Png:
        case Format::Jpeg: {
            QImage image = renderPicture(o, background, paint, error);
            if (image.isNull())
                return false;
            const bool saved = *format == Format::Png
                                   ? image.save(&buffer, "PNG")
                                   : image.convertToFormat(QImage::Format_RGB32)
                                         .save(&buffer, "JPEG", std::clamp(o.jpegQuality, 1, 100));
            if (!saved)
                return fail(*format == Format::Png ? QStringLiteral("PNG encoding failed")
                                                   : QStringLiteral("JPEG encoding failed"));
            break;
        }
        case Format::Svg: {
            QSvgGenerator svg;
            svg.setOutputDevice(&buffer);
            svg.setSize(o.size);
            svg.setViewBox(QRect(QPoint(0, 0), o.size));
            svg.setResolution(static_cast<int>(kDpi));
            svg.setTitle(QStringLiteral("syncscope timeline"));
            QCPPainter painter;
            if (!painter.begin(&svg))
                return fail(QStringLiteral("cannot start the SVG painter"));
            paint(&painter, true);
            if (!painter.end())
                return fail(QStringLiteral("the SVG could not be completed"));
            break;
        }
        case Format::Pdf: {
            QPdfWriter pdf(&buffer);
            pdf.setResolution(static_cast<int>(kDpi));
            pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
            // One logical pixel is one device unit: the page is the picture's size at 96 dpi.
            pdf.setPageSize(
                QPageSize(QSizeF(o.size.width() * 72.0 / kDpi, o.size.height() * 72.0 / kDpi),
                          QPageSize::Point, QString(), QPageSize::ExactMatch));
            pdf.setTitle(QStringLiteral("syncscope timeline"));
            pdf.setCreator(QStringLiteral("syncscope"));
            QCPPainter painter;
            if (!painter.begin(&pdf))
                return fail(QStringLiteral("cannot start the PDF painter"));
            paint(&painter, true);
            if (!painter.end())
                return fail(QStringLiteral("the PDF could not be completed"));
            break;
        }
    }
    buffer.close();
    return writeBytes(o.path, buffer.data(), error);
}

bool ImageExporter::exportPdfPages(const QString& path, QSize size, const QPageSize& paper,
                                   int pages, const PagePaintFunction& paintPage, QString* error) {
    auto fail = [&](const QString& why) {
        if (error)
            *error = QStringLiteral("could not write %1: %2").arg(path, why);
        return false;
    };
    if (size.width() < kMinSide || size.height() < kMinSide || pages < 1)
        return fail(QStringLiteral("nothing to print"));
    std::string target_error;
    if (!OutputTarget::resolve(QFile::encodeName(path).toStdString(), target_error))
        return fail(QString::fromStdString(target_error));
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&buffer);
    pdf.setResolution(static_cast<int>(kDpi));
    pdf.setPageSize(paper);
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    pdf.setTitle(QStringLiteral("syncscope"));
    pdf.setCreator(QStringLiteral("syncscope"));
    QCPPainter painter;
    if (!painter.begin(&pdf))
        return fail(QStringLiteral("cannot start the PDF painter"));
    // The pictures keep their layout (fonts in points at 96 dpi, as on screen) and are scaled as
    // a whole onto the paper.
    const double fit =
        std::min(double(pdf.width()) / size.width(), double(pdf.height()) / size.height());
    for (int k = 0; k < pages; ++k) {
        if (k > 0 && !pdf.newPage())
            return fail(QStringLiteral("cannot start page %1").arg(k + 1));
        painter.save();
        painter.translate((pdf.width() - size.width() * fit) / 2.0,
                          (pdf.height() - size.height() * fit) / 2.0);
        painter.scale(fit, fit);
        painter.setClipRect(QRect(QPoint(0, 0), size));
        painter.setMode(QCPPainter::pmVectorized);
        paintPage(&painter, k);
        painter.restore();
    }
    if (!painter.end())
        return fail(QStringLiteral("the PDF could not be completed"));
    buffer.close();
    return writeBytes(path, buffer.data(), error);
}

bool ImageExporter::writeBytes(const QString& path, const QByteArray& bytes, QString* error) {
    auto fail = [&](const QString& why) {
        if (error)
            *error = QStringLiteral("could not write %1: %2").arg(path, why);
        return false;
    };
    if (bytes.isEmpty())
        return fail(QStringLiteral("the picture came out empty"));
    std::string write_error;
    if (!AtomicFile::write(QFile::encodeName(path).toStdString(),
                           std::string_view(bytes.constData(), std::size_t(bytes.size())),
                           write_error))
        return fail(QString::fromStdString(write_error));
    return true;
}

void prepareExportView(TimelineView& view, std::shared_ptr<const Trace> trace,
                       const ExportOptions& options) {
    view.setAttribute(Qt::WA_DontShowOnScreen);
    view.resize(options.size);
    if (options.theme)
        view.setTheme(options.theme->forPicture(options.size));
    view.setColorByBatch(options.colorByBatch);
    view.setShowFlows(options.showFlows);
    // Arrows asked for by name (--arrows) are drawn up to the picture's own limit, where the
    // window, which a user zooms, keeps to a readable few.
    if (options.showFlows)
        view.flows()->setMaxVisible(kPictureMaxFlows);
    view.setMemoryPlotForced(options.memory);
    view.setShowCallouts(options.callouts || options.findings);
    if (options.findings && trace) {
        // "this line cost 18 % of the GPU", on the slide (docs/doctor.md).
        const std::vector<Finding> findings = SyncDoctor::diagnose(*trace);
        view.callouts()->setExtraCallouts(
            findingCallouts(*trace, findings, GpuActivity(*trace).spanNs()));
    }
    view.setTrace(std::move(trace));
    if (options.range)
        view.zoomToRange(options.range->first, options.range->second);
}

bool exportTraceImage(std::shared_ptr<const Trace> trace, const ExportOptions& options,
                      QString* error) {
    if (!qobject_cast<QApplication*>(QCoreApplication::instance())) {
        if (error)
            *error = QStringLiteral(
                "image export needs a QApplication (on a server, set QT_QPA_PLATFORM=offscreen)");
        return false;
    }
    if (!trace) {
        if (error)
            *error = QStringLiteral("no trace to export");
        return false;
    }
    TimelineView view;
    prepareExportView(view, std::move(trace), options);
    return ImageExporter(view).exportTo(options, error);
}

}  // namespace syncscope
