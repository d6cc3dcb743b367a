// The Japanese interface: every user-visible string of the sources has a finished Japanese
// translation in resources/translations/syncscope_ja.ts, the file is up to date with the sources,
// the compiled translation loads, and the window then speaks Japanese.
#include <QAction>
#include <QFontDatabase>
#include <QMenuBar>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

#include "ui/i18n/language_menu.h"
#include "ui/i18n/ui_language.h"
#include "window_test_utils.h"

using namespace syncscope;

namespace {

const QString kTsFile =
    QStringLiteral(SYNCSCOPE_SOURCE_DIR "/resources/translations/syncscope_ja.ts");

struct Message {
    QString context;
    QString source;
    bool numerus = false;
    bool unfinished = false;
    QStringList translations;  // one, or one per numerus form
};

// The messages of a .ts file, in file order.
QList<Message> readTs(const QString& path, QString* error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = path + QStringLiteral(": ") + file.errorString();
        return {};
    }
    QList<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("name")) {
                context = xml.readElementText();
            } else if (name == QLatin1String("message")) {
                current = Message{context, {}, false, false, {}};
                current.numerus =
                    xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            } else if (name == QLatin1String("source")) {
                current.source = xml.readElementText();
            } else if (name == QLatin1String("translation")) {
                const auto type = xml.attributes().value(QLatin1String("type"));
                current.unfinished = type == QLatin1String("unfinished");
                if (!current.numerus)
                    current.translations << xml.readElementText();
            } else if (name == QLatin1String("numerusform")) {
                current.translations << xml.readElementText();
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            messages << current;
        }
    }
    if (xml.hasError())
        *error = QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return messages;
}

// %1…%99, %L1 and (in plural messages) %n: each must survive translation.
QSet<QString> placeholders(const QString& text) {
    static const QRegularExpression re(QStringLiteral("%L?(\\d{1,2}|n)"));
    QSet<QString> found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found.insert(it.next().captured(0));
    return found;
}

bool hasJapanese(const QString& text) {
    for (const QChar c : text) {
        const char16_t u = c.unicode();
        if ((u >= 0x3040 && u <= 0x30ff) || (u >= 0x4e00 && u <= 0x9fff) ||
            (u >= 0x3000 && u <= 0x303f) || (u >= 0xff00 && u <= 0xffef))
            return true;
    }
    return false;
}

// A source with an English word in it: its translation must not be the source itself.
bool hasEnglishWords(const QString& text) {
    static const QRegularExpression word(QStringLiteral("(^|[^A-Za-z_])[a-z]{4,}([^A-Za-z_(]|$)"));
    QString stripped = text;
    stripped.remove(QRegularExpression(QStringLiteral("<[^>]*>")));  // HTML tags
    stripped.remove(QRegularExpression(QStringLiteral("\\b(cuda|torch|nvtx|cupti|syncscope)\\w*")));
    return word.match(stripped).hasMatch();
}

QString where(const Message& m) {
    return m.context + QStringLiteral(" \"") + m.source.left(70) + QStringLiteral("\"");
}

}  // namespace

class TranslationsTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void everyStringHasAFinishedJapaneseTranslation();
    void theFileIsUpToDateWithTheSources();
    void parsesLanguageCodes();
    void japaneseLoadsAndTheWindowSpeaksIt();
    void japaneseFontIsInstalledAndChosen();
    void languageMenuOffersBothLanguagesInTheirOwnNames();

private:
    QList<Message> committed_;
    QList<Message> regenerated_;  // lupdate run over the sources, onto a copy of the committed file
};

void TranslationsTest::initTestCase() {
    test::isolateWindowTest();
    QString error;
    committed_ = readTs(kTsFile, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY2(!committed_.isEmpty(), "syncscope_ja.ts has no messages");

    // The same command as the update_translations target, onto a copy: what the sources say now.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString copy = dir.filePath(QStringLiteral("syncscope_ja.ts"));
    QVERIFY(QFile::copy(kTsFile, copy));
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
    QStringList args = QStringLiteral(SYNCSCOPE_LUPDATE_ARGS).split(QLatin1Char('|'));
    args << QStringLiteral("-silent") << QStringLiteral("-ts") << copy;
    QProcess lupdate;
    lupdate.setWorkingDirectory(QStringLiteral(SYNCSCOPE_SOURCE_DIR));
    lupdate.start(QStringLiteral(SYNCSCOPE_LUPDATE), args);
    QVERIFY2(lupdate.waitForFinished(300000), "lupdate did not finish in 5 minutes");
    QVERIFY2(lupdate.exitStatus() == QProcess::NormalExit && lupdate.exitCode() == 0,
             qPrintable(QString::fromLocal8Bit(lupdate.readAllStandardError())));
    regenerated_ = readTs(copy, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TranslationsTest::everyStringHasAFinishedJapaneseTranslation() {
    QStringList problems;
    for (const Message& m : regenerated_) {
        if (m.unfinished) {
            problems << QStringLiteral("unfinished or missing: ") + where(m);
            continue;
        }
        if (m.translations.isEmpty())
            problems << QStringLiteral("no translation: ") + where(m);
        for (const QString& t : m.translations) {
            if (t.isEmpty()) {
                problems << QStringLiteral("empty translation: ") + where(m);
                continue;
            }
            QSet<QString> expected = placeholders(m.source);
            if (m.numerus)
                expected.insert(QStringLiteral("%n"));
            if (placeholders(t) != expected)
                problems
                    << QStringLiteral("placeholders differ (%1 vs %2): ")
                               .arg(QStringList(expected.values()).join(QLatin1Char(',')),
                                    QStringList(placeholders(t).values()).join(QLatin1Char(','))) +
                           where(m);
            if (t == m.source && hasEnglishWords(m.source) && !hasJapanese(t))
                problems << QStringLiteral("left in English: ") + where(m);
        }
    }
    // One line each (a failure message alone is cut short by QTest).
    for (const QString& p : problems)
        qWarning().noquote() << p;
    QVERIFY2(problems.isEmpty(),
             qPrintable(QStringLiteral("%1 Japanese string(s) need work (listed above); translate "
                                       "them in resources/translations/syncscope_ja.ts")
                            .arg(problems.size())));
}

void TranslationsTest::theFileIsUpToDateWithTheSources() {
    auto keys = [](const QList<Message>& messages) {
        QSet<QString> set;
        for (const Message& m : messages)
            set.insert(m.context + QChar(0x1f) + m.source);
        return set;
    };
    const QSet<QString> now = keys(regenerated_);
    const QSet<QString> before = keys(committed_);
    QStringList problems;
    for (const QString& k : now - before)
        problems << QStringLiteral("new in the sources: ") + k.section(QChar(0x1f), 0, 0) +
                        QStringLiteral(" \"") + k.section(QChar(0x1f), 1).left(70) +
                        QLatin1Char('"');
    for (const QString& k : before - now)
        problems << QStringLiteral("no longer in the sources: ") + k.section(QChar(0x1f), 0, 0) +
                        QStringLiteral(" \"") + k.section(QChar(0x1f), 1).left(70) +
                        QLatin1Char('"');
    problems.sort();
    for (const QString& p : problems)
        qWarning().noquote() << p;
    QVERIFY2(problems.isEmpty(),
             qPrintable(QStringLiteral("syncscope_ja.ts is out of date (%1 string(s) listed "
                                       "above); run `cmake --build BUILD --target "
                                       "update_translations` and translate them")
                            .arg(problems.size())));
}

void TranslationsTest::parsesLanguageCodes() {
    QVERIFY(UiLanguage::parse(QStringLiteral("ja")) == Language::Ja);
    QVERIFY(UiLanguage::parse(QStringLiteral("ja_JP.UTF-8")) == Language::Ja);
    QVERIFY(UiLanguage::parse(QStringLiteral("EN")) == Language::En);
    QVERIFY(UiLanguage::parse(QStringLiteral("en-US")) == Language::En);
    QVERIFY(!UiLanguage::parse(QStringLiteral("jp")).has_value());
    QVERIFY(!UiLanguage::parse(QString()).has_value());
    QCOMPARE(UiLanguage::code(Language::Ja), QStringLiteral("ja"));

    // The saved choice wins over the system's language.
    UiLanguage::savePreferred(Language::Ja);
    QVERIFY(UiLanguage::preferred() == Language::Ja);
    UiLanguage::savePreferred(Language::En);
    QVERIFY(UiLanguage::preferred() == Language::En);
}

void TranslationsTest::japaneseLoadsAndTheWindowSpeaksIt() {
    QVERIFY(UiLanguage::current() == Language::En);
    {
        MainWindow english;
        QCOMPARE(english.menuBar()->actions().first()->text(), QStringLiteral("&File"));
    }
    QString error;
    QVERIFY2(UiLanguage::install(Language::Ja, &error), qPrintable(error));
    QVERIFY(UiLanguage::current() == Language::Ja);
    MainWindow window;
    QStringList titles;
    for (QAction* menu : window.menuBar()->actions()) {
        titles << menu->text();
        QVERIFY2(hasJapanese(menu->text()),
                 qPrintable(QStringLiteral("menu not in Japanese: ") + menu->text()));
    }
    // Keyboard access survives translation: every menu keeps its Alt mnemonic.
    for (const QString& title : titles)
        QVERIFY2(title.contains(QLatin1Char('&')), qPrintable(title));
}

void TranslationsTest::japaneseFontIsInstalledAndChosen() {
    const QStringList families = QFontDatabase::families();
    QVERIFY2(families.contains(QStringLiteral("Noto Sans CJK JP")),
             "the font Noto Sans CJK JP is not installed (Debian: fonts-noto-cjk; scripts/test "
             "installs it)");
    const QFont base(QStringLiteral("DejaVu Sans"), 9);
    const QFont japanese = UiLanguage::fontFor(Language::Ja, base);
    QCOMPARE(japanese.families().first(), QStringLiteral("DejaVu Sans"));
    QVERIFY(japanese.families().contains(QStringLiteral("Noto Sans CJK JP")));
    QCOMPARE(UiLanguage::fontFor(Language::En, base).families(), base.families());
    // Kanji draw with real glyphs, not boxes.
    QVERIFY(QFontMetrics(QFont(QStringLiteral("Noto Sans CJK JP"))).inFont(QChar(0x540c)));
}

void TranslationsTest::languageMenuOffersBothLanguagesInTheirOwnNames() {
    LanguageMenu menu;
    QStringList names;
    for (QAction* action : menu.actions())
        names << action->text();
    QCOMPARE(names, (QStringList{QStringLiteral("English"), QStringLiteral("日本語")}));
    QSignalSpy chosen(&menu, &LanguageMenu::languageChosen);
    menu.actions().at(1)->trigger();
    QCOMPARE(chosen.size(), 1);
    QVERIFY(chosen.first().first().value<Language>() == Language::Ja);
    QVERIFY(menu.checked() == Language::Ja);
}

QTEST_MAIN(TranslationsTest)
#include "tst_translations.moc"
