"""The end-to-end test of ``jass debug --dap`` (issue 10, "Done when"): ``tests/dap/dap.test.js``
drives the adapter with ``@vscode/debugadapter-testsupport``, the client library VS Code's own
debug adapters are tested with, on the corpus campaign map Human01 and on an op-limit map.

It needs Node and ``npm ci`` in ``tests/dap`` (``.ci/run`` does it): without them the test
skips, except in CI, where it fails.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import shared_path

DAP = Path(__file__).resolve().parent / "dap"


def _missing(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{reason} in CI (.ci/run installs it)")
    pytest.skip(reason)


def test_vscode_test_client_drives_jass_debug_dap():
    shared_path("corpus", "maps", "campaign-human01", "war3map.j")
    npm = shutil.which("npm")
    if npm is None:
        _missing("npm is not on PATH")
    if not (DAP / "node_modules" / "@vscode" / "debugadapter-testsupport").is_dir():
        _missing("tests/dap/node_modules is missing: run `npm ci` in tests/dap")
    env = {**os.environ, "JASS_PYTHON": sys.executable}
    proc = subprocess.run([npm, "test", "--silent"], cwd=DAP, env=env, capture_output=True, text=True,
                          timeout=900)
    assert proc.returncode == 0, f"npm test failed:\n{proc.stdout[-8000:]}\n{proc.stderr[-4000:]}"
    assert re.search(r"\bfail 0\b", proc.stdout) and re.search(r"\bpass [1-9]", proc.stdout), proc.stdout[-2000:]
