# One place for the warning policy: every target of ours calls syncscope_warnings().
function(syncscope_warnings target)
    target_compile_options(${target} PRIVATE
        # -Winvalid-pch: a precompiled header that does not fit is otherwise dropped in silence,
        # and the build is just slow again.
        $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wnon-virtual-dtor -Winvalid-pch>
        # -Wshadow=local is GCC's spelling; clang knows only -Wshadow, which is far noisier.
        $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:GNU>>:-Wshadow=local>
        # GCC 12 reports std::string's operator+ chains as out-of-bounds copies when it inlines
        # them far enough (GCC bugs 105329, 105651 and 106199, fixed in 13); which files it hits
        # depends on inlining, so a precompiled header moved them. Off for GCC 12 only.
        $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:GNU>,$<VERSION_LESS:$<CXX_COMPILER_VERSION>,13>>:-Wno-array-bounds;-Wno-restrict;-Wno-stringop-overflow>)
    if(SYNCSCOPE_WERROR)
        target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Werror>)
    endif()
endfunction()
