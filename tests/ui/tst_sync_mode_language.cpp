// The mode catalogue and the timeline's drawn labels in the interface's language: under Japanese
// the mode picker lists the Japanese labels and explains the chosen mode in Japanese, and the
// cpu-sync label reads in Japanese; under English both are the catalogue's English.
#include <QComboBox>
#include <QRegularExpression>
#include <QTest>

#include "core/model/sync_mode.h"
#include "tst_timeline_fixtures.h"
#include "ui/editor/sync_mode_picker.h"
#include "ui/i18n/sync_mode_texts.h"
#include "ui/i18n/ui_language.h"
#include "ui/timeline/event_description.h"
#include "ui/timeline/lane_label.h"
#include "ui/timeline/lane_plottable.h"

using namespace syncscope;

namespace {

bool hasJapanese(const QString& text) {
    static const QRegularExpression re(QStringLiteral("[\\x{3040}-\\x{30ff}\\x{4e00}-\\x{9fff}]"));
    return re.match(text).hasMatch();
}

QString english(std::string_view s) {
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

Lane lane(LaneKind kind, const char* name, StreamKind stream = StreamKind::NonBlocking) {
    Lane l;
    l.kind = kind;
    l.name = name;
    l.stream_kind = stream;
    return l;
}

QComboBox* comboOf(SyncModePicker& picker) {
    return picker.findChild<QComboBox*>(QStringLiteral("syncModeCombo"));
}

// Picks `mode` with the keyboard, as a user does: focus the combo and step down to it.
void pickWithKeys(SyncModePicker& picker, SyncMode mode) {
    QComboBox* combo = comboOf(picker);
    combo->setFocus();
    QTest::keyClick(combo, Qt::Key_Home);
    const int target = combo->findData(int(mode));
    for (int i = combo->currentIndex(); i < target; ++i)
        QTest::keyClick(combo, Qt::Key_Down);
    QCOMPARE(combo->currentData().toInt(), int(mode));
}

}  // namespace

class TestSyncModeLanguage : public QObject {
    Q_OBJECT
private slots:
    // English first: a translator, once installed, stays for the rest of the process.
    void englishPickerListsTheCatalogue() {
        SyncModePicker picker;
        QComboBox* combo = comboOf(picker);
        QVERIFY(combo);
        QCOMPARE(combo->count(), kSyncModeCount);
        for (int i = 0; i < combo->count(); ++i) {
            const auto mode = SyncMode(combo->itemData(i).toInt());
            QCOMPARE(combo->itemText(i), english(syncModeInfo(mode).label));
        }
        QVERIFY(!hasJapanese(picker.explanationText()));
        QCOMPARE(LanePlottable::cpuSyncLabel(0),
                 QStringLiteral("torch.cpu.synchronize(): waited for nothing"));
        QVERIFY(LanePlottable::cpuSyncLabel(3).endsWith(QStringLiteral("3 GPU ops still queued")));
        QVERIFY(LanePlottable::cpuSyncLabel(53, 7'480'000)
                    .endsWith(QStringLiteral("53 GPU ops still queued: 7.48 ms more")));
    }

    void englishLaneLabelsAreTheNames() {
        QCOMPARE(LaneLabel::text(lane(LaneKind::HostThread, "host thread"), 0),
                 QStringLiteral("host thread"));
        QCOMPARE(LaneLabel::text(lane(LaneKind::Stream, "side (non-blocking)"), 2),
                 QStringLiteral("side (non-blocking)"));
        QCOMPARE(LaneLabel::text(lane(LaneKind::Stream, ""), 4), QStringLiteral("lane 4"));
        QCOMPARE(LaneLabel::collapsedGroup(QStringLiteral("GPU"), 1),
                 QStringLiteral("▸ GPU (1 lane)"));
    }

    void japanesePickerListsJapaneseLabels() {
        QString error;
        QVERIFY2(UiLanguage::install(Language::Ja, &error), qPrintable(error));
        SyncModePicker picker;
        QComboBox* combo = comboOf(picker);
        QCOMPARE(combo->count(), kSyncModeCount);
        for (int i = 0; i < combo->count(); ++i) {
            const auto mode = SyncMode(combo->itemData(i).toInt());
            const QString text = combo->itemText(i);
            QCOMPARE(text, syncModeLabel(mode));
            // The API's own name is the label of cpu-synchronize in every language.
            if (mode != SyncMode::CpuSynchronize)
                QVERIFY2(hasJapanese(text), qPrintable(text));
        }
        QCOMPARE(combo->itemText(combo->findData(int(SyncMode::Device))),
                 QStringLiteral("デバイス同期"));

        // Choosing a mode explains it in Japanese: the explanation and who blocks.
        pickWithKeys(picker, SyncMode::Stream);
        QCOMPARE(picker.mode(), SyncMode::Stream);
        const QString shown = picker.explanationText();
        QVERIFY2(shown.contains(QStringLiteral("ストリーム s にすでに積まれた")),
                 qPrintable(shown));
        QVERIFY2(shown.contains(QStringLiteral("ホスト（1 つのストリームについて）")),
                 qPrintable(shown));
        QVERIFY(!shown.contains(QLatin1String("The host thread blocks")));
        // API names stay as they are.
        QVERIFY(shown.contains(QLatin1String("cudaStreamSynchronize(s)")));
    }

    // Names the engines made are drawn in Japanese; names from a file or a scenario stay.
    void japaneseLaneLabelsTranslateOnlyGeneratedNames() {
        QCOMPARE(int(UiLanguage::current()), int(Language::Ja));
        QCOMPARE(LaneLabel::text(lane(LaneKind::HostThread, "host thread"), 0),
                 QStringLiteral("ホストスレッド"));
        QCOMPARE(LaneLabel::text(lane(LaneKind::HostWaits, "host waits"), 1),
                 QStringLiteral("ホストの待機"));
        QCOMPARE(LaneLabel::text(lane(LaneKind::Stream, "side (non-blocking)"), 2),
                 QStringLiteral("side（ノンブロッキング）"));
        QCOMPARE(
            LaneLabel::text(lane(LaneKind::Stream, "main (blocking)", StreamKind::Blocking), 3),
            QStringLiteral("main（ブロッキング）"));
        // A suffix that is not this lane's kind is part of an imported name.
        QCOMPARE(LaneLabel::text(lane(LaneKind::Stream, "main (blocking)"), 3),
                 QStringLiteral("main (blocking)"));
        QCOMPARE(LaneLabel::text(lane(LaneKind::HostThread, "python thread 4711"), 0),
                 QStringLiteral("python thread 4711"));
        QCOMPARE(LaneLabel::text(lane(LaneKind::Stream, "stream 7"), 5),
                 QStringLiteral("stream 7"));
        QCOMPARE(LaneLabel::collapsedGroup(QStringLiteral("GPU"), 3),
                 QStringLiteral("▸ GPU（3 レーン）"));
    }

    // The details pane labels its rows in Japanese and names the wait's mode in Japanese.
    void japaneseDetailsRows() {
        std::uint32_t wait = 0;
        std::uint32_t kernel = 0;
        Trace t = testing::syncWaitTrace(&wait, &kernel);
        t.events[wait].mode = SyncMode::Device;
        t.events[wait].flags |= event_flags::kImplicitSync;
        const EventDescription d = EventDescription::of(t, wait, nullptr);
        QStringList labels;
        QString mode;
        QString notes;
        for (const auto& r : d.rows) {
            labels << r.label;
            if (r.label == QStringLiteral("同期モード"))
                mode = r.value;
            if (r.label == QStringLiteral("備考"))
                notes = r.value;
        }
        QVERIFY2(labels.contains(QStringLiteral("レーン")), qPrintable(labels.join(u',')));
        QVERIFY(!labels.contains(QStringLiteral("Lane")));
        QCOMPARE(mode, QStringLiteral("デバイス同期"));
        QCOMPARE(notes, QStringLiteral("暗黙の同期"));
    }

    void japaneseCpuSyncLabel() {
        QCOMPARE(int(UiLanguage::current()), int(Language::Ja));
        QCOMPARE(LanePlottable::cpuSyncLabel(0),
                 QStringLiteral("torch.cpu.synchronize(): 何も待たなかった"));
        const QString two = LanePlottable::cpuSyncLabel(2);
        QVERIFY2(two.endsWith(QStringLiteral("\nGPU 処理 2 個がまだキューにある")),
                 qPrintable(two));
        QVERIFY(!two.contains(QLatin1String("still queued")));
        const QString left = LanePlottable::cpuSyncLabel(2, 1'500'000);
        QVERIFY2(left.endsWith(QStringLiteral("GPU 処理 2 個がまだキューにある（あと 1.50 ms）")),
                 qPrintable(left));
    }
};

QTEST_MAIN(TestSyncModeLanguage)
#include "tst_sync_mode_language.moc"
