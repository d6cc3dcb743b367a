#include <QtTest>
class TstBrokenTraces : public QObject {
    Q_OBJECT
private slots:
    void placeholder() { QVERIFY(true); }
};
QTEST_GUILESS_MAIN(TstBrokenTraces)
#include "tst_broken_traces.moc"
