"""The Python hook of `syncscope-cli record` (app/record/python, docs/python-hook.md).

Each case runs a child Python with the hook's folder and a fake `torch` on PYTHONPATH, so that
sitecustomize really runs at start-up as it does under the recorder. The fake torch's NVTX
functions and the originals it defines append to one list, which the child prints as JSON.

    SYNCSCOPE_HOOK_DIR=app/record/python python3 -B -m unittest -v test_python_hook
"""

import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

sys.dont_write_bytecode = True  # the hook's folder is in the source tree

HOOK_DIR = Path(
    os.environ.get("SYNCSCOPE_HOOK_DIR")
    or Path(__file__).resolve().parents[2] / "app" / "record" / "python"
)


def _load_hook_module():
    spec = importlib.util.spec_from_file_location(
        "syncscope_torch_hook_under_test", HOOK_DIR / "syncscope_torch_hook.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PATCHED = _load_hook_module().PATCHED

# The fake torch. Every original appends ("call", target) and returns "result of <target>", or
# raises ValueError when given boom=True. Tensor's methods live on a base class, as PyTorch's
# C methods live on torch._C.TensorBase; torch.cuda.empty_cache is re-exported from
# torch.cuda.memory, as in PyTorch.
FAKE_TORCH = {
    "torch/__init__.py": """
        from . import cpu, cuda
        from ._tensor import Tensor
        try:
            from . import accelerator
        except ImportError:
            pass
        """,
    "torch/_fake.py": """
        CALLS = []

        def original(target, module):
            def call(*args, **kwargs):
                CALLS.append(["call", target])
                if kwargs.get("boom"):
                    raise ValueError("boom from " + target)
                return "result of " + target
            call.__name__ = target.rsplit(".", 1)[1]
            call.__qualname__ = target.split(".", 1)[1]
            call.__module__ = module
            return call
        """,
    "torch/_tensor.py": """
        from ._fake import original

        class _TensorBase:
            item = original("torch.Tensor.item", "torch._C")
            cpu = original("torch.Tensor.cpu", "torch._C")
            tolist = original("torch.Tensor.tolist", "torch._C")

        class Tensor(_TensorBase):
            pass
        """,
    "torch/cpu/__init__.py": """
        from .._fake import original
        synchronize = original("torch.cpu.synchronize", __name__)
        """,
    "torch/accelerator/__init__.py": """
        from .._fake import original
        synchronize = original("torch.accelerator.synchronize", __name__)
        """,
    "torch/cuda/__init__.py": """
        from .._fake import original
        from .memory import empty_cache
        from .streams import Event, Stream
        from . import nvtx
        synchronize = original("torch.cuda.synchronize", __name__)
        """,
    "torch/cuda/memory.py": """
        from .._fake import original
        empty_cache = original("torch.cuda.empty_cache", __name__)
        """,
    "torch/cuda/streams.py": """
        from .._fake import original

        class Stream:
            synchronize = original("torch.cuda.Stream.synchronize", __name__)
            query = original("torch.cuda.Stream.query", __name__)
            wait_event = original("torch.cuda.Stream.wait_event", __name__)
            wait_stream = original("torch.cuda.Stream.wait_stream", __name__)

        class Event:
            synchronize = original("torch.cuda.Event.synchronize", __name__)
            query = original("torch.cuda.Event.query", __name__)
            wait = original("torch.cuda.Event.wait", __name__)
        """,
    "torch/cuda/nvtx.py": """
        from .._fake import CALLS

        def range_push(msg):
            CALLS.append(["push", msg])
            return 0

        def range_pop():
            CALLS.append(["pop"])
            return 0
        """,
}

# Calls every target of PATCHED (on an instance for a class attribute) and prints what happened.
CALL_ALL = """
import json, sys, torch
from torch._fake import CALLS

PATCHED = {patched!r}

def call(target, **kwargs):
    owner = torch
    *path, attr = target.split(".")[1:]
    for part in path:
        owner = getattr(owner, part, None)
    if owner is None:
        return None
    if isinstance(owner, type):
        owner = owner()
    del CALLS[:]
    try:
        outcome = getattr(owner, attr)(**kwargs)
    except ValueError as exc:
        outcome = "raised " + str(exc)
    return {{"calls": list(CALLS), "outcome": outcome}}

results = {{target: call(target) for target, _ in PATCHED}}
raised = {{target: call(target, boom=True) for target, _ in PATCHED}}
del CALLS[:]
torch.cuda.memory.empty_cache()
also = {{
    "torch.cuda.memory.empty_cache": list(CALLS),
    "item.__name__": torch.Tensor.item.__name__,
    "item.__wrapped__": getattr(torch.Tensor.item, "__wrapped__", None) is not None,
}}
print("RESULT " + json.dumps({{"results": results, "raised": raised, "also": also}}))
"""


class PythonHookTest(unittest.TestCase):
    def setUp(self):
        self.assertTrue((HOOK_DIR / "sitecustomize.py").is_file(), f"no hook in {HOOK_DIR}")
        self._tmp = tempfile.TemporaryDirectory(prefix="syncscope-hook-test-")
        self.tmp = Path(self._tmp.name)

    def tearDown(self):
        self._tmp.cleanup()

    # Helpers.

    def write_tree(self, folder, files):
        for relative, text in files.items():
            path = self.tmp / folder / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(text))
        return self.tmp / folder

    def fake_torch(self, changes=None, folder="fake"):
        """The fake torch, with files replaced (text) or left out (None)."""
        files = dict(FAKE_TORCH)
        for relative, text in (changes or {}).items():
            if text is None:
                files.pop(relative)
            else:
                files[relative] = text
        return self.write_tree(folder, files)

    def run_child(self, code, path, env=None):
        child_env = dict(os.environ)
        child_env.pop("SYNCSCOPE_PYTHON_HOOK", None)
        child_env.update(
            PYTHONPATH=os.pathsep.join(str(p) for p in path), PYTHONDONTWRITEBYTECODE="1"
        )
        child_env.update(env or {})
        return subprocess.run(
            [sys.executable, "-c", textwrap.dedent(code)],
            env=child_env,
            cwd=self.tmp,
            capture_output=True,
            text=True,
            timeout=60,
        )

    def result_of(self, proc):
        self.assertEqual(proc.returncode, 0, proc.stderr)
        lines = [l for l in proc.stdout.splitlines() if l.startswith("RESULT ")]
        self.assertEqual(len(lines), 1, proc.stdout + proc.stderr)
        return json.loads(lines[0][len("RESULT ") :])

    def call_all(self, fake, env=None, prelude="", path_after=()):
        code = prelude + CALL_ALL.format(patched=PATCHED)
        proc = self.run_child(code, [HOOK_DIR, fake, *path_after], env)
        return proc, self.result_of(proc)

    def assert_marked(self, result):
        for target, name in PATCHED:
            with self.subTest(target=target):
                self.assertEqual(
                    result["results"][target]["calls"],
                    [["push", name], ["call", target], ["pop"]],
                )
                self.assertEqual(result["results"][target]["outcome"], "result of " + target)

    def assert_unmarked(self, result):
        for target, _ in PATCHED:
            with self.subTest(target=target):
                self.assertEqual(result["results"][target]["calls"], [["call", target]])

    # Cases.

    def test_patched_table_matches_recognized_names(self):
        # The importer's list (core/model/torch_call.cpp) is the contract for the names.
        source = Path(__file__).resolve().parents[2] / "core" / "model" / "torch_call.cpp"
        if not source.is_file():
            self.skipTest("no source tree beside the test")
        text = source.read_text()
        for _, name in PATCHED:
            self.assertIn(f'{{"{name}", TorchCall::', text)

    def test_importing_torch_patches_each_target_once(self):
        proc, result = self.call_all(self.fake_torch())
        self.assertEqual(proc.stderr, "")
        self.assert_marked(result)
        also = result["also"]
        self.assertEqual(
            also["torch.cuda.memory.empty_cache"],
            [["push", "torch.cuda.empty_cache"], ["call", "torch.cuda.empty_cache"], ["pop"]],
        )
        self.assertEqual(also["item.__name__"], "item")
        self.assertTrue(also["item.__wrapped__"])

    def test_raising_call_pops_its_range_and_reraises(self):
        _, result = self.call_all(self.fake_torch())
        for target, name in PATCHED:
            with self.subTest(target=target):
                raised = result["raised"][target]
                self.assertEqual(raised["calls"], [["push", name], ["call", target], ["pop"]])
                self.assertEqual(raised["outcome"], "raised boom from " + target)

    def test_off_switch(self):
        proc, result = self.call_all(
            self.fake_torch(),
            env={"SYNCSCOPE_PYTHON_HOOK": "0"},
            prelude="import sys; assert 'syncscope_torch_hook' not in sys.modules\n",
        )
        self.assertEqual(proc.stderr, "")
        self.assert_unmarked(result)

    def test_program_without_torch_does_not_import_torch(self):
        proc = self.run_child(
            """
            import json, sys
            print("RESULT " + json.dumps({
                "hook": "syncscope_torch_hook" in sys.modules,
                "torch": "torch" in sys.modules,
            }))
            """,
            [HOOK_DIR, self.fake_torch()],
        )
        self.assertEqual(self.result_of(proc), {"hook": True, "torch": False})
        self.assertEqual(proc.stderr, "")

    def test_torch_imported_before_install_is_patched_at_once(self):
        _, result = self.call_all(
            self.fake_torch(),
            env={"SYNCSCOPE_PYTHON_HOOK": "0"},
            prelude="import torch, syncscope_torch_hook; syncscope_torch_hook.install()\n",
        )
        self.assert_marked(result)

    def test_patching_again_does_not_wrap_twice(self):
        prelude = """
import importlib, torch, syncscope_torch_hook
assert syncscope_torch_hook.patch(torch) == []
syncscope_torch_hook.install()
importlib.reload(torch)
assert not hasattr(torch.Tensor.item.__wrapped__, "_syncscope_range")
"""
        _, result = self.call_all(self.fake_torch(), prelude=prelude)
        self.assert_marked(result)

    def test_torch_imported_afresh_is_patched_too(self):
        prelude = """
import sys, torch
old_tensor = torch.Tensor
for name in [n for n in sys.modules if n == "torch" or n.startswith("torch.")]:
    del sys.modules[name]
import torch
assert torch.Tensor is not old_tensor
"""
        _, result = self.call_all(self.fake_torch(), prelude=prelude)
        self.assert_marked(result)

    def test_torch_without_accelerator(self):
        proc, result = self.call_all(self.fake_torch({"torch/accelerator/__init__.py": None}))
        self.assertEqual(proc.stderr, "")
        self.assertIsNone(result["results"].pop("torch.accelerator.synchronize"))
        for target, name in PATCHED:
            if target in result["results"]:
                self.assertEqual(result["results"][target]["calls"][0], ["push", name])

    def test_torch_without_nvtx_is_left_alone(self):
        init = FAKE_TORCH["torch/cuda/__init__.py"].replace("from . import nvtx", "")
        fake = self.fake_torch({"torch/cuda/nvtx.py": None, "torch/cuda/__init__.py": init})
        proc = self.run_child(
            """
            import torch
            from torch._fake import CALLS
            assert torch.Tensor().item() == "result of torch.Tensor.item"
            assert torch.cpu.synchronize() == "result of torch.cpu.synchronize"
            assert not hasattr(torch.Tensor.item, "__wrapped__")
            print("RESULT " + str(len(CALLS)))
            """,
            [HOOK_DIR, fake],
        )
        self.assertEqual(self.result_of(proc), 2)
        self.assertEqual(proc.stderr, "")

    def test_cpu_only_torch_nvtx_stub_is_left_alone(self):
        stub = """
            class _NVTXStub:
                @staticmethod
                def _fail(*args, **kwargs):
                    raise RuntimeError("NVTX functions not installed")
                rangePushA = _fail
                rangePop = _fail

            _nvtx = _NVTXStub()

            def range_push(msg):
                return _nvtx.rangePushA(msg)

            def range_pop():
                return _nvtx.rangePop()
            """
        _, result = self.call_all(self.fake_torch({"torch/cuda/nvtx.py": stub}))
        self.assert_unmarked(result)

    def test_attribute_that_raises_spares_the_other_targets(self):
        # torch.cuda.Event raises on access, as a lazily loaded attribute might.
        init = FAKE_TORCH["torch/cuda/__init__.py"].replace(
            "from .streams import Event, Stream",
            "from .streams import Stream\n"
            "        def __getattr__(name):\n"
            "            if name == 'Event':\n"
            "                raise RuntimeError('no Event here')\n"
            "            raise AttributeError(name)",
        )
        proc = self.run_child(
            """
            import torch
            from torch._fake import CALLS
            torch.Tensor().item()
            torch.cuda.Stream().query()
            print("RESULT " + __import__("json").dumps(CALLS))
            """,
            [HOOK_DIR, self.fake_torch({"torch/cuda/__init__.py": init})],
        )
        self.assertEqual(
            self.result_of(proc),
            [
                ["push", "Tensor.item"],
                ["call", "torch.Tensor.item"],
                ["pop"],
                ["push", "torch.cuda.Stream.query"],
                ["call", "torch.cuda.Stream.query"],
                ["pop"],
            ],
        )
        lines = proc.stderr.splitlines()
        self.assertEqual(len(lines), 1, proc.stderr)
        self.assertTrue(lines[0].startswith("syncscope: python hook could not patch"), lines)
        self.assertIn("torch.cuda.Event.synchronize (RuntimeError: no Event here)", lines[0])

    def test_torch_that_fails_to_import_fails_as_without_the_hook(self):
        fake = self.fake_torch({"torch/__init__.py": "raise ImportError('broken torch')\n"})
        code = """
            try:
                import torch
            except ImportError as exc:
                print("RESULT " + __import__("json").dumps(str(exc)))
            """
        proc = self.run_child(code, [HOOK_DIR, fake])
        self.assertEqual(self.result_of(proc), "broken torch")
        self.assertEqual(proc.stderr, "")

    def test_broken_hook_module_is_reported_once_and_the_program_runs(self):
        broken = self.write_tree(
            "broken", {"syncscope_torch_hook.py": "raise RuntimeError('hook exploded')\n"}
        )
        # The broken copy comes first on the path, so sitecustomize imports it.
        proc = self.run_child('print("RESULT 1")', [broken, HOOK_DIR, self.fake_torch()])
        self.assertEqual(self.result_of(proc), 1)
        self.assertEqual(
            proc.stderr, "syncscope: python hook disabled: RuntimeError: hook exploded\n"
        )

    def test_shadowed_sitecustomize_still_runs(self):
        other = self.write_tree(
            "other",
            {
                "sitecustomize.py": """
                    import builtins
                    builtins.OTHER_SITECUSTOMIZE = __file__
                    import torch  # before the program: the hook must still patch it
                    """
            },
        )
        prelude = """
import builtins, sys
assert builtins.OTHER_SITECUSTOMIZE == sys.modules["sitecustomize"].__file__
assert builtins.OTHER_SITECUSTOMIZE.endswith("other/sitecustomize.py"), builtins.OTHER_SITECUSTOMIZE
"""
        proc, result = self.call_all(self.fake_torch(), prelude=prelude, path_after=[other])
        self.assertEqual(proc.stderr, "")
        self.assert_marked(result)

    def test_shadowed_sitecustomize_runs_when_the_hook_is_off(self):
        other = self.write_tree("other", {"sitecustomize.py": "print('RESULT \"other ran\"')\n"})
        proc = self.run_child("pass", [HOOK_DIR, other], env={"SYNCSCOPE_PYTHON_HOOK": "0"})
        self.assertEqual(self.result_of(proc), "other ran")

    def test_second_copy_of_the_hook_does_not_loop(self):
        copy = self.write_tree("copy", {p.name: p.read_text() for p in HOOK_DIR.glob("*.py")})
        other = self.write_tree("other", {"sitecustomize.py": "print('RESULT \"other ran\"')\n"})
        proc = self.run_child("pass", [HOOK_DIR, copy, other])
        self.assertEqual(self.result_of(proc), "other ran")
        self.assertEqual(proc.stderr, "")

    def test_failing_shadowed_sitecustomize_is_reported_as_site_does(self):
        other = self.write_tree("other", {"sitecustomize.py": "raise KeyError('other')\n"})
        proc, result = self.call_all(self.fake_torch(), path_after=[other])
        self.assertEqual(
            proc.stderr,
            "Error in sitecustomize; set PYTHONVERBOSE for traceback:\nKeyError: 'other'\n",
        )
        self.assert_marked(result)

    def test_system_sitecustomize_still_runs(self):
        # Debian's python3 has /usr/lib/python3.X/sitecustomize.py; whichever one this Python
        # imports without the hook, it imports with it too.
        probe = """
            import json, sys
            module = sys.modules.get("sitecustomize")
            print("RESULT " + json.dumps(getattr(module, "__file__", None)))
            """
        without = self.result_of(self.run_child(probe, []))
        if without is None:
            self.skipTest(f"{sys.executable} has no sitecustomize of its own")
        self.assertEqual(self.result_of(self.run_child(probe, [HOOK_DIR])), without)


if __name__ == "__main__":
    unittest.main()
