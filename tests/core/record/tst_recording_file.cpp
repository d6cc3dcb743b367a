// The recording file: what the injection library writes is what the CLI reads, and a file cut
// short or made up is read as far as it is whole or refused with where and why.
#include <QTemporaryDir>
#include <QtTest>
#include <filesystem>
#include <fstream>

#include "core/record/recording_format.h"
#include "core/record/recording_reader.h"
#include "core/record/recording_set.h"
#include "core/record/recording_writer.h"
#include "tests/core/record/recording_fixtures.h"
#include "tests/support/memory_limit.h"

using namespace syncscope;

namespace {

std::string fileBytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// `r` written into `dir` as <pid>.ssrec; its path, or "" when it could not be written.
std::string write(const QTemporaryDir& dir, const ProcessRecording& r, bool end = true,
                  std::uint64_t max_bytes = 0) {
    const std::string path =
        dir.filePath(QStringLiteral("%1.ssrec").arg(r.process.pid)).toStdString();
    return test::writeRecording(path, r, end, max_bytes).empty() ? path : std::string();
}

}  // namespace

class TestRecordingFile : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::limitAddressSpace(); }

    // A string longer than the reader takes is cut by the writer, so the file still reads: a
    // 1.2 MB command line was written whole, the recording refused, and record said "no CUDA
    // call".
    void aLongStringIsCutWhereTheReaderTakesIt() {
        QTemporaryDir dir;
        ProcessRecording r = test::stepRecording();
        r.process.command.assign(1'200'000, 'x');
        r.process.command.append("é");
        const std::string path = write(dir, r);
        QVERIFY(!path.empty());
        ProcessRecording back;
        QCOMPARE(RecordingReader::read(path, back), std::string());
        QVERIFY(back.process.command.size() <= recording_format::kMaxString);
        QVERIFY(back.process.command.ends_with("…"));
        QCOMPARE(back.records.gpu.size(), r.records.gpu.size());
    }

    // A batch larger than the reader's largest chunk is written in several chunks: every record
    // comes back.
    void aLargeBatchIsWrittenInChunksTheReaderTakes() {
        QTemporaryDir dir;
        ProcessRecording r = test::stepRecording();
        const std::size_t markers = recording_format::kMaxChunk / (1u << 20) + 6;
        for (std::size_t i = 0; i < markers; ++i)
            r.records.markers.push_back(test::marker(MarkerRecord::Instantaneous, test::kT0 + i,
                                                     std::uint32_t(100 + i),
                                                     std::string((1u << 20) - 64, 'm').c_str()));
        const std::string path = write(dir, r);
        QVERIFY(!path.empty());
        ProcessRecording back;
        QCOMPARE(RecordingReader::read(path, back), std::string());
        QCOMPARE(back.records.markers.size(), r.records.markers.size());
    }

    // One file whose chunk claims 4 GiB (a sparse file as large) is refused at once, and only
    // that process is left out: the run's others make the trace. It took the run down ("out of
    // memory", exit 2) after 40 s and 4.2 GB.
    void aHugeChunkLeavesOnlyItsProcessOut() {
        QTemporaryDir dir;
        QVERIFY(!write(dir, test::stepRecording(100, 0)).empty());
        const std::string bad = write(dir, test::stepRecording(200, 1));
        QVERIFY(!bad.empty());
        {
            std::ofstream out(bad, std::ios::binary | std::ios::app);
            std::string header;
            const std::uint32_t tag = recording_format::Records;
            const std::uint64_t length = 4ull << 30;
            header.append(reinterpret_cast<const char*>(&tag), 4);  // little-endian machine
            header.append(reinterpret_cast<const char*>(&length), 8);
            out << header;
        }
        std::filesystem::resize_file(bad, std::filesystem::file_size(bad) + (4ull << 30) + 16);
        const ImportResult run = RecordingSet::load(dir.path().toStdString());
        QVERIFY2(run.ok(), run.error.c_str());
        QCOMPARE(run.trace->rank, kNone);  // one process left: shown as it is
        QVERIFY(std::any_of(run.warnings.begin(), run.warnings.end(), [&](const std::string& w) {
            return w.find(bad) != std::string::npos && w.find("left out") != std::string::npos;
        }));
    }

    void everyFieldComesBack() {
        QTemporaryDir dir;
        const ProcessRecording r = test::stepRecording();
        const std::string path = write(dir, r);
        ProcessRecording back;
        QCOMPARE(QString::fromStdString(RecordingReader::read(path, back)), QString());
        QVERIFY(back.ended);
        QCOMPARE(back.end.reason, std::string("exit"));
        QCOMPARE(back.process.pid, r.process.pid);
        QCOMPARE(back.process.start_ns, r.process.start_ns);
        QCOMPARE(back.process.command, r.process.command);
        QCOMPARE(back.devices.size(), std::size_t(1));
        QCOMPARE(back.devices[0].name, std::string("NVIDIA H200"));
        QCOMPARE(back.devices[0].sm_count, 132u);
        QCOMPARE(back.runtime_names, r.runtime_names);
        QCOMPARE(back.driver_names, r.driver_names);
        QCOMPARE(back.records.api.size(), r.records.api.size());
        QCOMPARE(back.records.api[1].end, r.records.api[1].end);
        QCOMPARE(back.records.driver.size(), std::size_t(1));
        QCOMPARE(back.records.gpu.size(), std::size_t(2));
        QCOMPARE(back.records.gpu[0].name, std::string("_Z11spin_kernell"));
        QVERIFY(back.records.gpu[0].kind == GpuOpRecord::Kind::Kernel);
        QVERIFY(back.records.gpu[1].kind == GpuOpRecord::Kind::Memcpy);
        QVERIFY(back.records.gpu[1].pageable);
        QCOMPARE(back.records.gpu[1].bytes, std::uint64_t(1) << 20);
        QCOMPARE(back.records.sync.size(), std::size_t(1));
        QCOMPARE(back.records.sync[0].type, std::uint32_t(SyncRecord::ContextSynchronize));
        QCOMPARE(back.records.markers.size(), std::size_t(4));
        QCOMPARE(back.records.markers[0].name, std::string("torch.cpu.synchronize"));
        QCOMPARE(back.records.markers[3].flags, std::uint8_t(MarkerRecord::End));
        QCOMPARE(back.records.memory.size(), std::size_t(1));
        QCOMPARE(back.records.memory[0].memory_kind, std::uint8_t(3));
        QVERIFY(back.warnings.empty());
    }

    // A process killed mid-write: every whole chunk is read, the torn one is named.
    void aTornLastChunkIsSkippedWithAWarning() {
        QTemporaryDir dir;
        const std::string path = write(dir, test::stepRecording(), false);
        const std::string bytes = fileBytes(path);
        ProcessRecording whole;
        QVERIFY(RecordingReader::parse(bytes, "x", whole).empty());
        ProcessRecording back;
        QCOMPARE(QString::fromStdString(
                     RecordingReader::parse(bytes.substr(0, bytes.size() - 7), "p.ssrec", back)),
                 QString());
        QVERIFY(!back.ended);
        QVERIFY(back.records.api.empty());  // the records chunk was the torn one
        QCOMPARE(back.runtime_names, whole.runtime_names);
        QCOMPARE(back.warnings.size(), std::size_t(1));
        QVERIFY(
            QString::fromStdString(back.warnings[0]).contains(QStringLiteral("unfinished chunk")));
    }

    void aFileThatIsNoRecordingIsRefused_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("expected");
        const QByteArray magic = QByteArray::fromStdString(std::string(recording_format::kMagic));
        auto u32 = [](std::uint32_t v) {
            QByteArray b;
            for (int i = 0; i < 4; ++i)
                b.append(char((v >> (8 * i)) & 0xff));
            return b;
        };
        auto u64 = [&](std::uint64_t v) {
            return u32(std::uint32_t(v)) + u32(std::uint32_t(v >> 32));
        };
        const QByteArray header = magic + u32(1);
        QTest::newRow("json") << QByteArray("{\"traceEvents\":[]}")
                              << QStringLiteral("not a syncscope recording");
        QTest::newRow("version") << (magic + u32(9)) << QStringLiteral("version 9");
        QTest::newRow("no process") << header << QStringLiteral("names no process");
        QTest::newRow("unknown chunk")
            << (header + u32(77) + u64(0)) << QStringLiteral("unknown chunk 77");
        // A records chunk claiming 4 billion API records in 4 bytes.
        QTest::newRow("count lie") << (header + u32(4) + u64(4) + u32(0xffffffffu))
                                   << QStringLiteral("a list of 4294967295 records in 0 bytes");
        QTest::newRow("string lie") << (header + u32(2) + u64(8) + u32(0) + u32(0x7fffffffu))
                                    << QStringLiteral("a string of 2147483647 bytes");
        QTest::newRow("bad kind") << (header + u32(4) + u64(13) + u32(0) + u32(0) + u32(1) +
                                      QByteArray(1, char(9)))
                                  << QStringLiteral("record kind 9 is unknown");
        QTest::newRow("after end")
            << (header + u32(5) + u64(20) + u64(1) + u64(0) + u32(0) + u32(5) + u64(0))
            << QStringLiteral("a chunk after the end chunk");
    }
    void aFileThatIsNoRecordingIsRefused() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, expected);
        ProcessRecording r;
        const QString why =
            QString::fromStdString(RecordingReader::parse(bytes.toStdString(), "bad.ssrec", r));
        QVERIFY2(why.startsWith(QStringLiteral("bad.ssrec: ")), qPrintable(why));
        QVERIFY2(why.contains(expected), qPrintable(why));
    }

    void aDirectoryOrFifoIsRefusedAtOnce() {
        QTemporaryDir dir;
        ProcessRecording r;
        QVERIFY(QString::fromStdString(RecordingReader::read(dir.path().toStdString(), r))
                    .contains(QStringLiteral("directory")));
    }

    // --max-size: records past the limit are counted, the end chunk is still written.
    void recordsPastTheSizeLimitAreCounted() {
        QTemporaryDir dir;
        const ProcessRecording r = test::stepRecording();
        const std::string path = write(dir, r, true, 200);
        ProcessRecording back;
        QCOMPARE(QString::fromStdString(RecordingReader::read(path, back)), QString());
        QVERIFY(back.ended);
        QVERIFY(back.records.api.empty());
        QCOMPARE(back.end.not_kept, std::uint64_t(3 + 1 + 2 + 1 + 4 + 1));
    }

    // Once a batch went over the limit, later ones are not kept either, however small: the
    // recording stops there instead of going on with holes.
    void theSizeLimitStopsTheRecordingThere() {
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("p.ssrec")).toStdString();
        const ProcessRecording r = test::stepRecording();
        RecordingWriter w;
        QCOMPARE(QString::fromStdString(w.open(path)), QString());
        w.writeProcess(r.process);
        // Room for a batch of one call, not for the whole step.
        w.setMaxBytes(std::filesystem::file_size(path) + 200);
        w.writeRecords(r.records);
        CuptiRecordBatch one;
        one.api.push_back(r.records.api.front());
        w.writeRecords(one);
        w.writeEnd(r.end);
        ProcessRecording back;
        QCOMPARE(QString::fromStdString(RecordingReader::read(path, back)), QString());
        QVERIFY(back.records.api.empty());
        QCOMPARE(back.end.not_kept, std::uint64_t(3 + 1 + 2 + 1 + 4 + 1 + 1));
    }

    // One file per process: a second writer for the same path is refused, never appended to.
    void aWriterNeverOpensAnExistingFile() {
        QTemporaryDir dir;
        const std::string path = write(dir, test::stepRecording());
        RecordingWriter w;
        QVERIFY(QString::fromStdString(w.open(path)).contains(QStringLiteral("exists")));
    }
};

QTEST_GUILESS_MAIN(TestRecordingFile)
#include "tst_recording_file.moc"
