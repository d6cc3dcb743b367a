"""Marks PyTorch's synchronizing calls with NVTX ranges while `syncscope-cli record` runs.

Why: the recorder sees a program through CUPTI, that is through its CUDA calls and the NVTX
ranges it opens. torch.cpu.synchronize() makes no CUDA call at all, so without a range it is
invisible; and the calls that do reach CUDA look alike there (Tensor.item(), Tensor.cpu() and
Tensor.tolist() are each a copy and a wait). Each call below runs inside an NVTX range named after
it, which syncscope's importer matches by name (core/model/torch_call.cpp) to say which Python call
waited. The importer, not this hook, decides from the CUDA calls inside a range whether it waited
(Tensor.item() on a CPU tensor is marked too; its range simply holds no CUDA wait).

What is patched, once the module `torch` has finished importing (or at once if it already has):

    target (attribute replaced)      NVTX range name
    torch.cpu.synchronize            torch.cpu.synchronize
    torch.cuda.synchronize           torch.cuda.synchronize
    torch.accelerator.synchronize    torch.accelerator.synchronize   (when this torch has it)
    torch.Tensor.item                Tensor.item
    torch.Tensor.cpu                 Tensor.cpu
    torch.Tensor.tolist              Tensor.tolist
    torch.cuda.Event.synchronize     torch.cuda.Event.synchronize
    torch.cuda.Event.query           torch.cuda.Event.query
    torch.cuda.Event.wait            torch.cuda.Event.wait
    torch.cuda.Stream.synchronize    torch.cuda.Stream.synchronize
    torch.cuda.Stream.query          torch.cuda.Stream.query
    torch.cuda.Stream.wait_event     torch.cuda.Stream.wait_event
    torch.cuda.Stream.wait_stream    torch.cuda.Stream.wait_stream
    torch.cuda.empty_cache           torch.cuda.empty_cache

PATCHED below is this table; the test and docs/python-hook.md follow it.

How: the attribute is replaced by a wrapper (functools.wraps, the original in __wrapped__) that
calls torch.cuda.nvtx.range_push(name), the original, and range_pop() in a finally, so a call
that raises still closes its range. A class attribute is set on the class named (a subclass of
torch.Tensor inherits the wrapper). A module function is also replaced in the module that defines
it when that module holds the same object (torch.cuda.empty_cache is torch.cuda.memory's), so both
spellings are marked. A wrapper carries a marker and is never wrapped again. A missing target is
skipped; a target that cannot be patched is reported once on stderr and the others still are.
Nothing is patched when torch.cuda.nvtx is missing or is PyTorch's stub (a CPU-only build, whose
range_push raises).

The module imports nothing heavy and never imports torch itself: install() puts a finder on
sys.meta_path that lets the ordinary finders find `torch` and wraps its loader's exec_module.
"""

import sys

PATCHED = (
    ("torch.cpu.synchronize", "torch.cpu.synchronize"),
    ("torch.cuda.synchronize", "torch.cuda.synchronize"),
    ("torch.accelerator.synchronize", "torch.accelerator.synchronize"),
    ("torch.Tensor.item", "Tensor.item"),
    ("torch.Tensor.cpu", "Tensor.cpu"),
    ("torch.Tensor.tolist", "Tensor.tolist"),
    ("torch.cuda.Event.synchronize", "torch.cuda.Event.synchronize"),
    ("torch.cuda.Event.query", "torch.cuda.Event.query"),
    ("torch.cuda.Event.wait", "torch.cuda.Event.wait"),
    ("torch.cuda.Stream.synchronize", "torch.cuda.Stream.synchronize"),
    ("torch.cuda.Stream.query", "torch.cuda.Stream.query"),
    ("torch.cuda.Stream.wait_event", "torch.cuda.Stream.wait_event"),
    ("torch.cuda.Stream.wait_stream", "torch.cuda.Stream.wait_stream"),
    ("torch.cuda.empty_cache", "torch.cuda.empty_cache"),
)

_MARKER = "_syncscope_range"
_reported = False


def install():
    """Patches torch now if it is imported, else when it is."""
    torch = sys.modules.get("torch")
    if torch is not None:
        _patch_or_disable(torch)
    elif not any(isinstance(finder, _TorchFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _TorchFinder())


def patch(torch):
    """Wraps every target of PATCHED that this torch has; returns the targets it wrapped now."""
    # Looked up once: the wrappers run on Tensor.item's hot path.
    push, pop = _nvtx_functions(torch)
    if push is None:
        return []
    done, failed = [], []
    for target, name in PATCHED:
        try:
            if _patch_target(torch, target, name, push, pop):
                done.append(target)
        except Exception as exc:
            failed.append(f"{target} ({_why(exc)})")
    if failed:
        _report("syncscope: python hook could not patch " + ", ".join(failed))
    return done


def _nvtx_functions(torch):
    nvtx = getattr(getattr(torch, "cuda", None), "nvtx", None)
    push = getattr(nvtx, "range_push", None)
    pop = getattr(nvtx, "range_pop", None)
    # A CPU-only PyTorch keeps torch.cuda.nvtx but backs it with a stub that raises.
    stub = type(getattr(nvtx, "_nvtx", None)).__name__ == "_NVTXStub"
    if not (callable(push) and callable(pop)) or stub:
        return None, None
    return push, pop


def _patch_target(torch, target, name, push, pop):
    owner, attr = _resolve(torch, target)
    if owner is None:
        return False
    if isinstance(owner, type):
        return _patch_class_attribute(owner, attr, name, push, pop)
    return _patch_module_function(owner, attr, name, push, pop)


def _resolve(torch, target):
    """The object that holds the target's last name, or None when any step is missing."""
    *path, attr = target.split(".")[1:]
    owner = torch
    for part in path:
        owner = getattr(owner, part, None)
        if owner is None:
            return None, attr
    return owner, attr


def _patch_class_attribute(owner, attr, name, push, pop):
    raw = _class_lookup(owner, attr)
    if raw is None:
        return False
    # staticmethod and classmethod keep their kind: the function inside them is what is wrapped.
    kind = type(raw) if isinstance(raw, (staticmethod, classmethod)) else None
    function = raw.__func__ if kind else raw
    if not callable(function) or hasattr(function, _MARKER):
        return False
    wrapper = _wrap(function, name, push, pop)
    setattr(owner, attr, kind(wrapper) if kind else wrapper)
    return True


def _class_lookup(owner, attr):
    # The raw class attribute, as getattr would find it but without binding it.
    for klass in owner.__mro__:
        if attr in vars(klass):
            return vars(klass)[attr]
    return None


def _patch_module_function(owner, attr, name, push, pop):
    original = getattr(owner, attr, None)
    if not callable(original) or hasattr(original, _MARKER):
        return False
    wrapper = _wrap(original, name, push, pop)
    setattr(owner, attr, wrapper)
    home = sys.modules.get(getattr(original, "__module__", None) or "")
    if home is not None and home is not owner and getattr(home, attr, None) is original:
        setattr(home, attr, wrapper)
    return True


def _wrap(original, name, push, pop):
    import functools  # here, not at start-up: most programs never import torch

    @functools.wraps(original)
    def wrapper(*args, **kwargs):
        push(name)
        try:
            return original(*args, **kwargs)
        finally:
            pop()

    setattr(wrapper, _MARKER, name)
    return wrapper


class _TorchFinder:
    """Finds nothing itself: lends the other finders' spec of `torch` a loader that patches."""

    # It stays on sys.meta_path after torch is patched: the import system may be walking that
    # list when torch finishes, and a torch imported afresh (after `del sys.modules["torch"]`)
    # is patched too. Once torch is imported the finder is not asked again.

    def __init__(self):
        self._off = False

    def find_spec(self, fullname, path=None, target=None):
        if fullname != "torch" or self._off:
            return None
        # An exception here would break `import torch`: the program comes first.
        try:
            return self._watched_spec(fullname, path, target)
        except Exception as exc:
            self._off = True
            _report("syncscope: python hook disabled: " + _why(exc))
            return None

    def _watched_spec(self, fullname, path, target):
        for finder in list(sys.meta_path):
            find_spec = getattr(finder, "find_spec", None)
            if finder is self or find_spec is None:
                continue
            spec = find_spec(fullname, path, target)
            if spec is None:
                continue
            if _watch(spec.loader):
                return spec
            self._off = True
            _report(f"syncscope: python hook disabled: cannot watch the loader {spec.loader!r}")
            return None
        return None


def _watch(loader):
    exec_module = getattr(loader, "exec_module", None)
    # A loader that is a class would carry the wrapper to every module it loads.
    if exec_module is None or isinstance(loader, type):
        return False
    if hasattr(exec_module, _MARKER):
        return True

    def exec_and_patch(module):
        exec_module(module)
        _patch_or_disable(module)

    setattr(exec_and_patch, _MARKER, "torch")
    # An instance attribute: only this spec's loader changes, and it stays the same object.
    loader.exec_module = exec_and_patch
    return True


def _patch_or_disable(torch):
    try:
        patch(torch)
    except Exception as exc:
        _report("syncscope: python hook disabled: " + _why(exc))


def _why(exc):
    return f"{type(exc).__name__}: {exc}"


def _report(line):
    # Once: a broken torch must not flood the program's stderr.
    global _reported
    if _reported:
        return
    _reported = True
    try:
        sys.stderr.write(line + "\n")
    except Exception:
        pass
