"""The source checks on small trees. cmake/CheckCitations.cmake: a citation of a document's section
or anchor that is not there fails, as does a missing file cited from inject/; a tree whose
citations all resolve passes. cmake/CheckArchitectureFolders.cmake: a folder of the top level,
app/ or tests/ that docs/architecture.md does not name fails."""
import os
import subprocess
import tempfile
import unittest

CMAKE_DIR = os.path.join(os.environ["SYNCSCOPE_SOURCE_DIR"], "cmake")
CHECK = os.path.join(CMAKE_DIR, "CheckCitations.cmake")
FOLDERS = os.path.join(CMAKE_DIR, "CheckArchitectureFolders.cmake")
DOC = "# A\n\n## 1. One\n\n- **Bold item**: text\n\n### Two words\n\n## 2.1 Sub\n"


def run_check(files, check=CHECK):
    """Writes `files` ({path: text}) and docs/a.md into a new tree and runs `check` on it;
    returns (exit code, output)."""
    with tempfile.TemporaryDirectory() as root:
        for path, text in {"docs/a.md": DOC, **files}.items():
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8") as f:
                f.write(text)
        done = subprocess.run(["cmake", "-DSOURCE_DIR=" + root, "-P", check],
                              capture_output=True, text=True, check=False)
        return done.returncode, done.stdout + done.stderr


class CheckCitations(unittest.TestCase):
    def test_citations_that_resolve_pass(self):
        code, out = run_check({"core/x.h": '// docs/a.md section 1 "Two words", a.md §2\n'
                                           '// docs/a.md section 1 "bold item"\n'
                                           "// docs/a.md#two-words\n"})
        self.assertEqual(code, 0, out)

    def test_a_missing_section_fails(self):
        code, out = run_check({"core/x.h": "// docs/a.md section 3, a.md §4\n"})
        self.assertNotEqual(code, 0)
        self.assertIn("no section 3", out)
        self.assertIn("no section 4", out)

    def test_a_missing_heading_fails(self):
        code, out = run_check({"ui/x.h": '// docs/a.md section 1 "Three"\n'})
        self.assertNotEqual(code, 0)
        self.assertIn("no heading 'Three'", out)

    def test_a_missing_anchor_fails(self):
        code, out = run_check({"docs/b.md": "See [it](a.md#three).\n"})
        self.assertNotEqual(code, 0)
        self.assertIn("a.md#three (no heading with that anchor)", out)

    def test_inject_is_checked(self):
        code, out = run_check({"inject/x.cpp": "// docs/missing.md\n"})
        self.assertNotEqual(code, 0)
        self.assertIn("inject/x.cpp: docs/missing.md", out)


class CheckArchitectureFolders(unittest.TestCase):
    MAP = "# Map\n\n`app/` and `app/gui/`, `docs/`, `tests/`\n"

    def test_every_folder_named_passes(self):
        code, out = run_check({"docs/architecture.md": self.MAP, "app/gui/main.cpp": "",
                               "tests/x.txt": ""}, FOLDERS)
        self.assertEqual(code, 0, out)

    def test_an_unnamed_folder_fails(self):
        code, out = run_check({"docs/architecture.md": self.MAP, "app/gui/main.cpp": "",
                               "app/cli/main.cpp": "", "tests/fuzz/x.cpp": ""}, FOLDERS)
        self.assertNotEqual(code, 0)
        self.assertIn("app/cli/", out)
        self.assertIn("tests/fuzz/", out)


if __name__ == "__main__":
    unittest.main()
