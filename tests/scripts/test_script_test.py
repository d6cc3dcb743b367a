"""scripts/test fails when any of its steps fails (issue: a failed `ci` configure once passed).

The script and common.sh are copied into a temporary root, so no build folder exists there, and
run with stand-ins for cmake, ctest and dpkg-query first on PATH: each logs its arguments and
fails where a case says. Nothing is built or installed.
"""
import os
import shutil
import subprocess
import tempfile
import unittest

SOURCE_SCRIPTS = os.environ["SYNCSCOPE_SCRIPTS_DIR"]

STAND_IN = """#!/usr/bin/env bash
echo "$(basename "$0") $*" >> "$STAND_IN_LOG"
for bad in $STAND_IN_FAIL; do
    case "$(basename "$0") $*" in *"${bad//+/ }"*) exit 1;; esac
done
exit 0
"""


class ScriptTest(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="syncscope-script-test-")
        os.makedirs(os.path.join(self.root, "scripts"))
        for name in ("test", "common.sh"):
            shutil.copy2(os.path.join(SOURCE_SCRIPTS, name), os.path.join(self.root, "scripts"))
        self.bin = os.path.join(self.root, "bin")
        os.makedirs(self.bin)
        for tool in ("cmake", "ctest"):
            path = os.path.join(self.bin, tool)
            with open(path, "w") as f:
                f.write(STAND_IN)
            os.chmod(path, 0o755)
        # Every package counts as installed: the script must never reach apt-get here.
        with open(os.path.join(self.bin, "dpkg-query"), "w") as f:
            f.write("#!/bin/sh\nprintf 'install ok installed'\n")
        os.chmod(os.path.join(self.bin, "dpkg-query"), 0o755)
        self.log = os.path.join(self.root, "calls.log")

    def tearDown(self):
        shutil.rmtree(self.root)

    def run_script(self, fail="", preset=None):
        """fail: parts of calls that fail, '+' for a space (e.g. 'cmake+--preset+ci')."""
        env = dict(os.environ)
        env.pop("SYNCSCOPE_PRESET", None)
        if preset:
            env["SYNCSCOPE_PRESET"] = preset
        env.update(PATH=self.bin + os.pathsep + env["PATH"], STAND_IN_LOG=self.log,
                   STAND_IN_FAIL=fail, SYNCSCOPE_TRACES_DIR=self.root)
        done = subprocess.run([os.path.join(self.root, "scripts", "test")], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              timeout=60)
        calls = []
        if os.path.exists(self.log):
            with open(self.log) as f:
                calls = f.read().splitlines()
        return done.returncode, calls, done.stdout

    def test_every_step_passing_passes(self):
        status, calls, out = self.run_script()
        self.assertEqual(status, 0, out)
        self.assertTrue(any(c.startswith("cmake --preset ci") for c in calls), calls)
        self.assertTrue(any(c.startswith("cmake --preset headless") for c in calls), calls)
        ctests = [c for c in calls if c.startswith("ctest ")]
        self.assertEqual(len(ctests), 2, calls)
        for c in ctests:
            self.assertIn("--no-tests=error", c.split(), c)

    def test_a_failed_ci_configure_fails_although_headless_passes(self):
        status, calls, out = self.run_script("cmake+--preset+ci")
        self.assertNotEqual(status, 0, out)
        # The failed configure stops its preset: nothing is built or tested after it.
        after = calls[calls.index(next(c for c in calls if c.startswith("cmake --preset ci"))) + 1:]
        self.assertFalse(any("/build/ci" in c for c in after), calls)

    def test_a_failed_build_fails(self):
        status, _, out = self.run_script("cmake+--build")
        self.assertNotEqual(status, 0, out)

    def test_failed_tests_fail(self):
        status, _, out = self.run_script("ctest")
        self.assertNotEqual(status, 0, out)

    def test_failed_headless_checks_fail(self):
        status, _, out = self.run_script("install|layering|cli_dependencies")
        self.assertNotEqual(status, 0, out)

    def test_a_failed_headless_build_fails(self):
        status, _, out = self.run_script("cmake+--build+" + self.root + "/build/headless")
        self.assertNotEqual(status, 0, out)

    def test_one_preset_whose_configure_fails_fails(self):
        # As `cmake --preset no-such-preset` does: SYNCSCOPE_PRESET=NAME runs that preset alone.
        status, calls, out = self.run_script("cmake+--preset+no-such-preset", "no-such-preset")
        self.assertNotEqual(status, 0, out)
        self.assertFalse(any(c.startswith("ctest") for c in calls), calls)


if __name__ == "__main__":
    unittest.main()
