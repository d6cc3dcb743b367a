#pragma once

// Hostile files that more than one suite feeds to the programs (issue 40).
#include <QByteArray>
#include <QFile>
#include <QString>

namespace syncscope::test {

// A scenario of `steps` literal host_work steps (36 bytes each: 4 million are 140 MB), written
// in blocks so that the test itself never holds the whole text.
inline bool writeManySteps(const QString& path, int steps) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(R"({"format":"syncscope-scenario","version":1,"title":"t",)"
            R"("streams":[{"name":"s1"}],"steps":[)");
    const QByteArray step = R"({"op":"host_work","duration_us":1},)";
    constexpr int kBlock = 10'000;
    QByteArray block;
    for (int i = 0; i < kBlock; ++i)
        block += step;
    int left = steps - 1;
    for (; left >= kBlock; left -= kBlock)
        f.write(block);
    f.write(block.left(left * step.size()));
    return f.write(R"({"op":"host_work","duration_us":1}]})") > 0 && f.flush();
}

}  // namespace syncscope::test
