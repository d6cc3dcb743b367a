#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace syncscope {

// File > Recent: the last opened scenario and trace files, newest first, kept in QSettings.
class RecentFiles final : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxEntries = 10;

    RecentFiles(QMenu* menu, QObject* parent = nullptr);
    ~RecentFiles() override;

    void add(const QString& path);
    void remove(const QString& path);
    QStringList files() const { return files_; }

signals:
    void openRequested(const QString& path);

private:
    void rebuildMenu();
    void save() const;

    QMenu* menu_;
    QStringList files_;
};

}  // namespace syncscope
