"""syncscope's start-up hook for recorded Python programs (docs/python-hook.md).

`syncscope-cli record` puts this folder on the recorded program's PYTHONPATH, so Python's site
module imports this file at start-up and the program needs no change. It starts the PyTorch hook
(syncscope_torch_hook), unless SYNCSCOPE_PYTHON_HOOK=0, then runs the sitecustomize that this one
shadows. Nothing here may stop the program: a failure is one line on stderr.
"""

import os
import sys


def _start_torch_hook():
    if os.environ.get("SYNCSCOPE_PYTHON_HOOK") == "0":
        return
    try:
        import syncscope_torch_hook

        syncscope_torch_hook.install()
    except Exception as exc:
        _warn(f"syncscope: python hook disabled: {type(exc).__name__}: {exc}")


def _run_shadowed_sitecustomize():
    spec = _find_shadowed_sitecustomize()
    if spec is None:
        return
    import importlib.util

    ours = sys.modules.get(__name__)
    module = importlib.util.module_from_spec(spec)
    # As if ours were not there: `import sitecustomize` gives the program the one it expects.
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        if ours is not None:
            sys.modules[spec.name] = ours
        # The words site.py prints for a sitecustomize that fails.
        if sys.flags.verbose:
            sys.excepthook(*sys.exc_info())
        else:
            _warn(
                "Error in sitecustomize; set PYTHONVERBOSE for traceback:\n"
                f"{type(exc).__name__}: {exc}"
            )


def _find_shadowed_sitecustomize():
    from importlib.machinery import PathFinder

    for entry in sys.path:
        # Any copy of this folder (the source tree's and an installed one may both be on the
        # path) is skipped, or two copies would run each other forever.
        if not isinstance(entry, str) or _is_syncscope_folder(entry):
            continue
        spec = PathFinder.find_spec("sitecustomize", [entry])
        if spec is not None and spec.loader is not None:
            return spec
    return None


def _is_syncscope_folder(entry):
    return os.path.isfile(os.path.join(entry or os.curdir, "syncscope_torch_hook.py"))


def _warn(line):
    try:
        sys.stderr.write(line + "\n")
    except Exception:
        pass


_start_torch_hook()
try:
    _run_shadowed_sitecustomize()
except Exception as exc:
    _warn(f"syncscope: could not run the shadowed sitecustomize: {type(exc).__name__}: {exc}")
