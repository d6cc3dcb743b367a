# One place for the warning policy: every target of ours calls syncscope_warnings().
function(syncscope_warnings target)
    target_compile_options(${target} PRIVATE
        # -Winvalid-pch: a precompiled header that does not fit is otherwise dropped in silence,
        # and the build is just slow again.
        $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wnon-virtual-dtor -Winvalid-pch>
        # -Wshadow=local is GCC's spelling; clang knows only -Wshadow, which is far noisier.
        $<$<AND:$<COMPILE_LANGUAGE:CXX>,$<CXX_COMPILER_ID:GNU>>:-Wshadow=local>)
    if(SYNCSCOPE_WERROR)
        target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Werror>)
    endif()
endfunction()
