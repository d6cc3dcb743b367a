#include "ui/timeline/theme.h"

#include <algorithm>
#include <cmath>

#include "ui/i18n/ui_language.h"

namespace syncscope {

namespace {

// Pictures for slides are often in Japanese: a theme's fonts fall back to Noto Sans CJK JP for
// kana and kanji in the Japanese interface (DejaVu Sans has none), so exports never show boxes.
QFont themeFont(const QFont& font) {
    return UiLanguage::fontFor(UiLanguage::current(), font);
}

// A qualitative palette that stays tellable apart for the common colour-vision deficiencies
// (Okabe-Ito order first, then Tableau-like fill-ins) — batches are compared side by side.
std::vector<QColor> batchPalette(bool dark) {
    const std::vector<QColor> base{
        QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73),
        QColor(0xCC, 0x79, 0xA7), QColor(0x56, 0xB4, 0xE9), QColor(0xD5, 0x5E, 0x00),
        QColor(0x8C, 0x6D, 0x31), QColor(0x7B, 0x4F, 0xA0), QColor(0x3C, 0x9B, 0x9B),
        QColor(0xB8, 0x5C, 0x5C), QColor(0x6B, 0x8E, 0x23), QColor(0x9E, 0x9E, 0x2E)};
    if (!dark)
        return base;
    std::vector<QColor> lighter;
    for (const auto& c : base)
        lighter.push_back(c.lighter(125));
    return lighter;
}

void setKinds(Theme& t, bool dark) {
    auto set = [&t](EventKind k, QColor c) { t.kind[static_cast<std::size_t>(k)] = c; };
    set(EventKind::ApiCall, dark ? QColor(0x8A, 0x9B, 0xB0) : QColor(0x7F, 0x8C, 0x9D));
    set(EventKind::HostWait, dark ? QColor(0xFF, 0x5C, 0x5C) : QColor(0xD6, 0x27, 0x28));
    set(EventKind::HostWork, dark ? QColor(0xB0, 0x9A, 0x7A) : QColor(0xA6, 0x8B, 0x64));
    set(EventKind::Kernel, dark ? QColor(0x4C, 0xA3, 0xFF) : QColor(0x1F, 0x77, 0xB4));
    set(EventKind::Memcpy, dark ? QColor(0x4C, 0xD1, 0x7F) : QColor(0x2C, 0xA0, 0x2C));
    set(EventKind::Memset, dark ? QColor(0x9F, 0xE0, 0x6A) : QColor(0x8C, 0xB8, 0x3A));
    set(EventKind::EventMarker, dark ? QColor(0xF0, 0xF0, 0xF0) : QColor(0x30, 0x30, 0x30));
    set(EventKind::StreamWait, dark ? QColor(0xFF, 0xA5, 0x3C) : QColor(0xFF, 0x7F, 0x0E));
    set(EventKind::HostCallback, dark ? QColor(0xC5, 0x8C, 0xFF) : QColor(0x94, 0x67, 0xBD));
    set(EventKind::MemoryOp, dark ? QColor(0x3F, 0xD5, 0xD5) : QColor(0x17, 0xBE, 0xCF));
    set(EventKind::Annotation, dark ? QColor(0xD0, 0xC0, 0x60) : QColor(0xBC, 0xBD, 0x22));
    set(EventKind::Error, QColor(0xFF, 0x00, 0x40));
    set(EventKind::Generic, dark ? QColor(0x99, 0x99, 0x99) : QColor(0x8C, 0x8C, 0x8C));
}

void setCommon(Theme& t, bool dark) {
    setKinds(t, dark);
    t.batch = batchPalette(dark);
    t.spinningWait = t.kindColor(EventKind::HostWait);
    t.sleepingWait = dark ? QColor(0xC0, 0x7A, 0xFF) : QColor(0x8E, 0x5C, 0xC8);
    t.flow = {dark ? QColor(0xA0, 0xB0, 0xC0) : QColor(0x55, 0x60, 0x70),   // launch
              dark ? QColor(0xFF, 0xC0, 0x60) : QColor(0xE0, 0x7B, 0x00),   // record
              dark ? QColor(0xFF, 0x70, 0x70) : QColor(0xC0, 0x10, 0x20),   // awaited
              dark ? QColor(0xA0, 0xA0, 0xA0) : QColor(0x80, 0x80, 0x80)};  // generic
    t.memory = {dark ? QColor(0x4C, 0xA3, 0xFF) : QColor(0x1F, 0x77, 0xB4),
                dark ? QColor(0xFF, 0xA5, 0x3C) : QColor(0xFF, 0x7F, 0x0E),
                dark ? QColor(0x4C, 0xD1, 0x7F) : QColor(0x2C, 0xA0, 0x2C),
                dark ? QColor(0xFF, 0x70, 0x70) : QColor(0xD6, 0x27, 0x28),
                dark ? QColor(0xC5, 0x8C, 0xFF) : QColor(0x94, 0x67, 0xBD)};
    // A colour no event kind uses, so the misconception's marker never reads as an event.
    t.cpuSync = dark ? QColor(0xFF, 0x4F, 0xC8) : QColor(0xC0, 0x00, 0x90);
    t.font = themeFont(QFont(QStringLiteral("DejaVu Sans"), 9));
    t.titleFont = themeFont(QFont(QStringLiteral("DejaVu Sans"), 12, QFont::Bold));
}

}  // namespace

Theme Theme::light() {
    Theme t;
    t.name = QStringLiteral("light");
    setCommon(t, false);
    t.background = QColor(0xFF, 0xFF, 0xFF);
    t.plotBackground = QColor(0xFC, 0xFC, 0xFD);
    t.foreground = QColor(0x20, 0x24, 0x2A);
    t.grid = QColor(0xE2, 0xE5, 0xEA);
    t.laneStripe = QColor(0x20, 0x40, 0x80, 12);  // translucent: the grid shows through
    t.laneSeparator = QColor(0xB8, 0xBE, 0xC8);
    t.selection = QColor(0x00, 0x00, 0x00);
    t.hover = QColor(0x40, 0x40, 0x40, 160);
    t.searchMatch = QColor(0xFF, 0xA0, 0x00);
    t.idleGap = QColor(0xE0, 0x30, 0x30, 70);
    t.folded = QColor(0x6B, 0x73, 0x80);
    t.barText = QColor(0xFF, 0xFF, 0xFF);
    t.completion = QColor(0x10, 0x20, 0x40);
    return t;
}

Theme Theme::dark() {
    Theme t;
    t.name = QStringLiteral("dark");
    setCommon(t, true);
    t.background = QColor(0x1E, 0x20, 0x24);
    t.plotBackground = QColor(0x23, 0x26, 0x2B);
    t.foreground = QColor(0xE6, 0xE8, 0xEB);
    t.grid = QColor(0x38, 0x3C, 0x44);
    t.laneStripe = QColor(0xFF, 0xFF, 0xFF, 10);
    t.laneSeparator = QColor(0x55, 0x5B, 0x66);
    t.selection = QColor(0xFF, 0xFF, 0xFF);
    t.hover = QColor(0xFF, 0xFF, 0xFF, 140);
    t.searchMatch = QColor(0xFF, 0xD0, 0x20);
    t.idleGap = QColor(0xFF, 0x50, 0x50, 60);
    t.folded = QColor(0x8A, 0x92, 0x9E);
    t.barText = QColor(0x10, 0x10, 0x10);
    t.completion = QColor(0xFF, 0xFF, 0xFF);
    return t;
}

Theme Theme::presentation() {
    // Projectors wash out pastel tones and thin lines: white ground, saturated fills, thick bars
    // and outlines, large type.
    Theme t = light();
    t.name = QStringLiteral("presentation");
    t.plotBackground = QColor(0xFF, 0xFF, 0xFF);
    t.foreground = QColor(0x00, 0x00, 0x00);
    t.grid = QColor(0xD0, 0xD0, 0xD0);
    t.laneStripe = QColor(0x00, 0x00, 0x00, 18);
    t.laneSeparator = QColor(0x00, 0x00, 0x00);
    for (auto& c : t.kind)
        c = c.darker(115);
    for (auto& c : t.batch)
        c = c.darker(110);
    t.spinningWait = t.kindColor(EventKind::HostWait);
    t.font = themeFont(QFont(QStringLiteral("DejaVu Sans"), 15, QFont::DemiBold));
    t.titleFont = themeFont(QFont(QStringLiteral("DejaVu Sans"), 20, QFont::Bold));
    t.barFraction = 0.86;
    t.outlineWidth = 2.0;
    t.flowWidth = 3.0;
    t.laneLabelMinPx = 40;
    // 28 px text and a 36 px caption on a 1920x1080 slide.
    t.textHeightShare = 28.0 / 1080.0;
    t.titleHeightShare = 36.0 / 1080.0;
    return t;
}

Theme Theme::forPicture(QSize size) const {
    Theme t = *this;
    auto grow = [&size](QFont& font, double share) {
        if (share <= 0.0)
            return;
        // Points at the 96 dpi exports are painted at.
        const int own = font.pixelSize() > 0
                            ? font.pixelSize()
                            : static_cast<int>(std::lround(font.pointSizeF() * 96.0 / 72.0));
        const int px = static_cast<int>(std::lround(share * size.height()));
        font.setPixelSize(std::max(px, own));
    };
    grow(t.font, textHeightShare);
    grow(t.titleFont, titleHeightShare);
    return t;
}

QColor Theme::batchColor(std::uint32_t batchId) const {
    if (batch.empty() || batchId == kNone)
        return kindColor(EventKind::Kernel);
    return batch[batchId % batch.size()];
}

}  // namespace syncscope
