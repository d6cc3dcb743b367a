#include "ui/i18n/step_label_text.h"

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
    forEachLabel(trace.scenario->program, [this](const LessonText& label) {
        japanese_.emplace(label.en, QString::fromStdString(label.ja));
    });
}

QString StepLabelText::nameOf(const Trace& trace, const TraceEvent& event) const {
    const std::string_view name = trace.nameOf(event);
    if (!japanese_.empty() && event.step != kNone)
        if (const auto it = japanese_.find(name); it != japanese_.end())
            return it->second;
    return qs(name);
}

QString StepLabelText::once(const Trace& trace, const TraceEvent& event) {
    if (!trace.scenario || event.step == kNone || UiLanguage::current() != Language::Ja)
        return qs(trace.nameOf(event));
    return StepLabelText(trace).nameOf(trace, event);
}

}  // namespace syncscope
