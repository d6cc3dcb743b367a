#include "core/model/lesson_text.h"

namespace syncscope {

std::string_view toString(Language language) {
    return language == Language::Ja ? "ja" : "en";
}

}  // namespace syncscope
