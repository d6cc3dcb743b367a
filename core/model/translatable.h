#pragma once

// Marks a fixed text in core/ that the window shows in the user's language, without bringing Qt
// into core/: it expands to the text itself, so the CLI and the files stay English. lupdate reads
// it as QT_TRANSLATE_NOOP (resources/translations/CMakeLists.txt passes -tr-function-alias), and
// the window translates the same (context, text) pair with QCoreApplication::translate.
#define SYNCSCOPE_TR_NOOP(context, text) text
