#pragma once

#include <string>
#include <vector>

#include "core/model/translatable.h"

namespace syncscope {

// A sentence core/ writes for the window without Qt: an English pattern marked
// SYNCSCOPE_TR_NOOP(context, …) with %1…%9, and its arguments, each either a verbatim value
// (a name from the trace, a duration) or a translatable text in turn ("kernel", "spinning").
// english() is what the CLI and the files print; the window translates pattern and arguments
// (ui/i18n/tr_text_translation.h), so Japanese can put the values where its word order wants them.
class TrText {
public:
    TrText() = default;
    // A value shown as it is, never translated. Implicit so that arguments read naturally.
    TrText(std::string value) : text_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
    // `context` and `pattern` must be the literals of a SYNCSCOPE_TR_NOOP, for lupdate to see.
    TrText(const char* context, const char* pattern, std::vector<TrText> args = {})
        : context_(context), text_(pattern), args_(std::move(args)) {}

    bool empty() const { return text_.empty(); }
    bool translatable() const { return context_ != nullptr; }
    const char* context() const { return context_; }
    // The pattern, or the verbatim value.
    const std::string& text() const { return text_; }
    const std::vector<TrText>& args() const { return args_; }

    // The pattern with every %N replaced by args()[N-1].english(), in one pass (an argument's own
    // '%' is never read as a placeholder).
    std::string english() const;

private:
    const char* context_ = nullptr;  // null: a verbatim value
    std::string text_;
    std::vector<TrText> args_;
};

}  // namespace syncscope
