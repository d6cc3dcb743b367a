#pragma once

#include <QMetaType>
#include <memory>

#include "core/engine/engine.h"

// Types that travel in queued signals between a run's worker thread and the GUI. Declared once,
// before any header's signals use them, so every translation unit sees the same declaration.
Q_DECLARE_METATYPE(syncscope::TraceDelta)
Q_DECLARE_METATYPE(syncscope::RunStatus)
Q_DECLARE_METATYPE(std::shared_ptr<syncscope::RunResult>)
Q_DECLARE_METATYPE(std::shared_ptr<const syncscope::Trace>)
