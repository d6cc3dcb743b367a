#pragma once

#include <QCoreApplication>
#include <QSize>
#include <QString>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/course/course.h"
#include "core/engine/engine.h"
#include "core/model/trace.h"

namespace syncscope {

class HandoutPage;

// The course as handouts for a class (`syncscope --course-export DIR`, Help ▸ Course Handouts…):
// each page's scenario is run, and each page (see HandoutPage) is written as DIR/page-NN.png and
// all of them, in order, as DIR/course.pdf on A4 for printing. In the interface's language; files
// are written atomically, so a failure leaves what was there.
//
// In two halves, so the window runs the engines off its thread and draws on it: runPages() needs
// no widget; a Session then lays out and writes one page at a time.
class CourseHandout {
    Q_DECLARE_TR_FUNCTIONS(CourseHandout)
public:
    struct Request {
        QString directory;
        QSize size{1600, 1131};                  // logical pixels; A4's proportions
        QString engine = QStringLiteral("sim");  // sim, cuda or auto
    };
    // Before each page is run or written: its index from 0, the count and its scenario.
    using Progress = std::function<void(int index, int count, const QString& scenario)>;

    // Every page's run, in page order; nullopt with `error` naming the page that failed. Needs no
    // widget (a worker thread may call it); stops early when `cancel` is cancelled.
    static std::optional<std::vector<std::shared_ptr<const Trace>>> runPages(
        const Course& course, const QString& engine, const Progress& progress,
        const CancelToken& cancel, QString* error);

    // Writes the pages of `runs` (runPages' result), a page at a time, on the GUI thread.
    class Session {
    public:
        Session(const Course& course, Request request,
                std::vector<std::shared_ptr<const Trace>> runs);
        ~Session();
        Session(const Session&) = delete;
        Session& operator=(const Session&) = delete;

        // Makes the folder; false with `error` when it is a file or cannot be made.
        bool prepare(QString* error);
        int count() const;
        // Lays out page k and writes its PNG.
        bool writePage(int k, QString* error);
        // After every page: all of them as one PDF.
        bool writePdf(QString* error);

    private:
        const Course& course_;
        Request request_;
        std::vector<std::shared_ptr<const Trace>> runs_;
        std::vector<std::unique_ptr<HandoutPage>> pages_;
    };

    // All of it at once (the command line): false with `error` naming the page or the file that
    // failed; pages written before stay.
    static bool write(const Course& course, const Request& request, const Progress& progress,
                      QString* error);
    static QString pageFileName(int index);  // "page-01.png"
    static QString pdfFileName();            // "course.pdf"
};

}  // namespace syncscope
