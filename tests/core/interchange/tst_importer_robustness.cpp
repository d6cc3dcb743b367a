#include <QtTest>
class TstImporterRobustness : public QObject {
    Q_OBJECT
private slots:
    void placeholder() { QVERIFY(true); }
};
QTEST_GUILESS_MAIN(TstImporterRobustness)
#include "tst_importer_robustness.moc"
