#pragma once

#include <QString>

#include "core/analysis/collective_matcher.h"

namespace syncscope {

// The window's sentence for one NCCL collective of a timeline of several ranks:
// "AllReduce #3: rank 5 arrived last; ranks 1–4,6,7 waited 0.8–2.1 ms for it" (translated; the
// CLI's English wording is CollectiveMatcher::describe).
QString collectiveSentence(const Collective& collective);

}  // namespace syncscope
