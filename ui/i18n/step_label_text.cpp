#include "ui/i18n/step_label_text.h"

#include <QCoreApplication>
#include <vector>

#include "ui/i18n/ui_language.h"

namespace syncscope {

namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

template <typename Visit>
void forEachLabel(const std::vector<Step>& steps, const Visit& visit) {
    for (const Step& step : steps) {
        if (!step.label.ja.empty() && !step.label.en.empty())
            visit(step.label);
        forEachLabel(step.body, visit);
    }
}

}  // namespace

StepLabelText::StepLabelText(const Trace& trace) {
    if (!trace.scenario || UiLanguage::current() != Language::Ja)
        return;
    japanese_ui_ = true;
    forEachLabel(trace.scenario->program, [this](const LessonText& label) {
        japanese_.emplace(label.en, QString::fromStdString(label.ja));
    });
}

QString StepLabelText::nameOf(const Trace& trace, const TraceEvent& event) const {
    const std::string_view name = trace.nameOf(event);
    if (!japanese_ui_ || event.step == kNone)
        return qs(name);
    if (const auto it = japanese_.find(name); it != japanese_.end())
        return it->second;
    // A step without a label: the engines name its event for what it is (sim_run.cpp, the CUPTI
    // converter), in English; a Japanese timeline says it in Japanese, as its legend does.
    if (event.kind == EventKind::HostWork && name == "host work")
        return QCoreApplication::translate("StepLabelText", "host work");
    if (event.kind == EventKind::HostCallback && name == "host callback")
        return QCoreApplication::translate("StepLabelText", "host callback");
    return qs(name);
}

QString StepLabelText::once(const Trace& trace, const TraceEvent& event) {
    if (!trace.scenario || event.step == kNone || UiLanguage::current() != Language::Ja)
        return qs(trace.nameOf(event));
    return StepLabelText(trace).nameOf(trace, event);
}

}  // namespace syncscope
