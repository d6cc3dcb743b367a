// GzipByteSource, the one gzip reader: every gzip input (native traces through Gzip::decompress,
// Kineto .json.gz through the importer, the input probe) shares its limit and its messages; and
// ReadAheadByteSource, which inflates a .json.gz import on a thread of its own.

#include <QTemporaryDir>
#include <QTest>
#include <cstdio>
#include <string>

#include "core/io/byte_source.h"
#include "core/io/gzip.h"
#include "core/io/gzip_byte_source.h"
#include "core/io/read_ahead_byte_source.h"

using namespace syncscope;

namespace {

std::string packed(const std::string& text) {
    std::string out, error;
    if (!Gzip::compress(text, out, error))
        qFatal("compress: %s", error.c_str());
    return out;
}

// Reads the whole source in small pieces, as a streaming consumer does.
std::string drain(ByteSource& source, std::size_t piece = 7) {
    std::string out;
    std::string buf(piece, '\0');
    while (const std::size_t got = source.read(buf.data(), buf.size()))
        out.append(buf.data(), got);
    return out;
}

std::string someText() {
    std::string text;
    for (int i = 0; i < 20000; ++i)
        text += "line " + std::to_string(i) + " of some text that compresses\n";
    return text;
}

}  // namespace

class TestGzipByteSource : public QObject {
    Q_OBJECT

private slots:
    void inflatesInSmallReads() {
        const std::string text = someText();
        const std::string bytes = packed(text);
        MemoryByteSource raw(bytes);
        GzipByteSource gz(raw);
        QVERIFY(drain(gz) == text);
        QVERIFY2(gz.error().empty(), gz.error().c_str());
    }

    void joinsMembersAndToleratesTrailingZeros() {
        const std::string bytes = packed("first,") + packed("second") + std::string(16, '\0');
        MemoryByteSource raw(bytes);
        GzipByteSource gz(raw);
        QCOMPARE(QString::fromStdString(drain(gz)), QStringLiteral("first,second"));
        QVERIFY2(gz.error().empty(), gz.error().c_str());
    }

    void truncationNamesTheCompressedOffset() {
        const std::string whole = packed(someText());
        const std::string half = whole.substr(0, whole.size() / 2);
        MemoryByteSource raw(half);
        GzipByteSource gz(raw);
        const std::string out = drain(gz);
        QVERIFY(!out.empty());  // what inflated before the end is still delivered
        QCOMPARE(QString::fromStdString(gz.error()),
                 QStringLiteral("the gzip data ends too early (at compressed byte %1)")
                     .arg(half.size()));
    }

    void damageNamesTheCompressedOffset() {
        std::string bytes = packed(someText());
        const std::size_t from = bytes.size() / 3;
        for (std::size_t i = from; i < from + 64; ++i)
            bytes[i] = static_cast<char>(bytes[i] ^ 0x5a);
        MemoryByteSource raw(bytes);
        GzipByteSource gz(raw);
        drain(gz);
        const QString error = QString::fromStdString(gz.error());
        QVERIFY2(error.startsWith(QStringLiteral("the gzip data is damaged at compressed byte ")),
                 qPrintable(error));
        // The offset is where zlib stopped: inside or just after the damaged run.
        const QString offset = error.section(' ', 8, 8);
        bool ok = false;
        const qulonglong at = offset.toULongLong(&ok);
        QVERIFY2(ok && at >= from && at <= bytes.size(), qPrintable(error));
    }

    void trailingGarbageIsDamage() {
        // Not a second member: zlib stops within the first bytes of the would-be header.
        const std::string first = packed("payload");
        const std::string bytes = first + "garbage!";
        MemoryByteSource raw(bytes);
        GzipByteSource gz(raw);
        QCOMPARE(QString::fromStdString(drain(gz)), QStringLiteral("payload"));
        const QString error = QString::fromStdString(gz.error());
        QVERIFY2(error.startsWith(QStringLiteral("the gzip data is damaged at compressed byte ")),
                 qPrintable(error));
        const qulonglong at = error.section(' ', 8, 8).toULongLong();
        QVERIFY2(at >= first.size() && at <= first.size() + 8, qPrintable(error));
    }

    void limitIsEnforcedAndNamed() {
        const std::string bytes = packed(std::string(8 << 20, '\0'));
        MemoryByteSource raw(bytes);
        GzipByteSource gz(raw, 2 << 20);
        QVERIFY(drain(gz, 1 << 16).size() <= (2u << 20));
        QCOMPARE(QString::fromStdString(gz.error()),
                 QStringLiteral("the decompressed data is larger than 2097152 bytes (2.0 MiB)"));
    }

    void wholeBufferDecompressSharesTheReader() {
        std::string out, error;
        const std::string whole = packed(someText());
        QVERIFY(!Gzip::decompress(whole.substr(0, 100), out, error));
        QCOMPARE(QString::fromStdString(error),
                 QStringLiteral("the gzip data ends too early (at compressed byte 100)"));
        QVERIFY(out.empty());
        QVERIFY(!Gzip::decompress(packed(std::string(4 << 20, 'x')), out, error, 1 << 20));
        QVERIFY2(error.starts_with("the decompressed data is larger than 1048576 bytes"),
                 error.c_str());
    }

    void oneLimitForEveryReader() {
        // Callers that pass no limit get the shared one (the importer's default is checked in
        // the interchange tests).
        const std::string bytes = packed("x");
        MemoryByteSource raw(bytes);
        GzipByteSource gz(raw);
        QVERIFY(GzipByteSource::kMaxInflatedBytes >= (std::uint64_t{4} << 30));
        QCOMPARE(QString::fromStdString(drain(gz)), QStringLiteral("x"));
    }

    // ReadAheadByteSource, which the importer puts in front of a .json.gz's inflating: the same
    // bytes in the same order, whatever the reads' sizes, then the inner source's error.
    void theTrailerHintsTheInflatedSize() {
        const std::string text = someText();
        const std::string gz = packed(text);
        const std::uint64_t hint = Gzip::inflatedSizeHint(gz, gz.size());
        QCOMPARE(hint, std::uint64_t{text.size()});
        // The hint reaches the importer through the inflating and the read-ahead sources.
        MemoryByteSource raw(gz);
        GzipByteSource gzip(raw, GzipByteSource::kMaxInflatedBytes, hint);
        ReadAheadByteSource ahead(gzip);
        QCOMPARE(ahead.sizeHint(), hint);
        QVERIFY(drain(ahead, 1 << 16) == text);
        // Never past the inflating limit, and none for a trailer no gzip data could have: more
        // than deflate's ~1032:1 over its bytes, or too few bytes for a member.
        QCOMPARE(GzipByteSource(raw, 1000, hint).sizeHint(), std::uint64_t{1000});
        std::string bomb = gz;
        bomb.replace(bomb.size() - 4, 4, std::string("\xff\xff\xff\xff", 4));
        QCOMPARE(Gzip::inflatedSizeHint(bomb, bomb.size()), std::uint64_t{0});
        QCOMPARE(Gzip::inflatedSizeHint(gz.substr(gz.size() - 4), 19), std::uint64_t{0});
        QCOMPARE(Gzip::inflatedSizeHint(std::string_view("ab"), 100), std::uint64_t{0});
        // From a file: its last four bytes.
        QTemporaryDir dir;
        const std::string path = dir.filePath(QStringLiteral("t.json.gz")).toStdString();
        std::FILE* f = std::fopen(path.c_str(), "wb");
        QVERIFY(f != nullptr);
        QCOMPARE(std::fwrite(gz.data(), 1, gz.size(), f), gz.size());
        std::fclose(f);
        QCOMPARE(Gzip::inflatedSizeHint(path), hint);
        QCOMPARE(Gzip::inflatedSizeHint(path + ".missing"), std::uint64_t{0});
    }
    void readAheadGivesTheSameBytes() {
        std::string text;
        for (int i = 0; i < 6; ++i)
            text += someText();  // several of its 1 MiB chunks
        QVERIFY(text.size() > 4 * ReadAheadByteSource::kChunkBytes);
        const std::string bytes = packed(text);
        for (const std::size_t piece : {std::size_t{7}, std::size_t{65536}, std::size_t{3} << 20}) {
            MemoryByteSource raw(bytes);
            GzipByteSource gz(raw);
            ReadAheadByteSource ahead(gz);
            QVERIFY(drain(ahead, piece) == text);
            QVERIFY2(ahead.error().empty(), ahead.error().c_str());
            QCOMPARE(ahead.read(nullptr, 0), std::size_t{0});
            QCOMPARE(ahead.progress(), 1.0);
        }
    }

    void readAheadEndsWithTheInnerError() {
        const std::string whole = packed(someText() + someText());
        const std::string half = whole.substr(0, whole.size() / 2);
        MemoryByteSource raw(half);
        GzipByteSource gz(raw);
        ReadAheadByteSource ahead(gz);
        const std::string out = drain(ahead, 4096);
        QVERIFY(!out.empty());
        QCOMPARE(QString::fromStdString(ahead.error()),
                 QStringLiteral("the gzip data ends too early (at compressed byte %1)")
                     .arg(half.size()));
        // Read again after the end: still the end, still the error.
        char c = 0;
        QCOMPARE(ahead.read(&c, 1), std::size_t{0});
        QVERIFY(!ahead.error().empty());
    }

    void readAheadStopsWhenItsReaderLeavesEarly() {
        // The zip bomb guard's input: far more than the chunks ahead. One read, then the reader
        // goes: the thread stops within the read under way instead of inflating on.
        const std::string bytes = packed(std::string(64 << 20, '\0'));
        MemoryByteSource raw(bytes);
        GzipByteSource gz(raw);
        {
            ReadAheadByteSource ahead(gz);
            char buf[16];
            QCOMPARE(ahead.read(buf, sizeof buf), sizeof buf);
        }
        // What the thread had not read is still to be inflated: at most the chunks ahead and the
        // read under way were taken.
        const std::size_t left = drain(gz, 1 << 20).size();
        QVERIFY2(left >= (std::size_t{64} << 20) -
                             (ReadAheadByteSource::kChunks + 1) * ReadAheadByteSource::kChunkBytes -
                             16,
                 qPrintable(QString::number(left)));
    }
};

QTEST_GUILESS_MAIN(TestGzipByteSource)
#include "tst_gzip_byte_source.moc"
