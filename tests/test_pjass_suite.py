"""pjass's own test suite (../shared/corpus/pjass-tests): the directory decides the verdict.

Every file under should-check/ must check without errors and every file under should-fail/
must give at least one error, with the file's ``//# +flag`` annotations honoured and
``+checkstringhash`` on for should-fail files, as pjass's fail.sh does. No common.j is loaded
(MANIFEST.md section 2).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import SHARED, shared_path
from jassvm.checker import CheckOptions, load_sources

ROOT = SHARED / "corpus" / "pjass-tests"


def _cases(kind: str) -> list:
    files = sorted((ROOT / kind).rglob("*.j")) if ROOT.is_dir() else []
    if not files:
        return [pytest.param(None, id=f"{kind}-absent")]
    return [pytest.param(p, id=str(p.relative_to(ROOT / kind))) for p in files]


def _check(path: Path | None, options: CheckOptions):
    if path is None:
        shared_path("corpus", "pjass-tests")
        pytest.skip("no pjass test files")
    rel = str(path.relative_to(ROOT))
    return load_sources([(rel, path.read_bytes())], options)


@pytest.mark.parametrize("path", _cases("should-check"))
def test_should_check(path):
    program = _check(path, CheckOptions())
    errors = [d.format() for d in program.diagnostics if d.is_error]
    assert errors == []


@pytest.mark.parametrize("path", _cases("should-fail"))
def test_should_fail(path):
    program = _check(path, CheckOptions(checkstringhash=True))
    assert any(d.is_error for d in program.diagnostics), [d.format() for d in program.diagnostics]


def test_suite_size():
    """MANIFEST.md: 43 should-check and 132 should-fail files."""
    shared_path("corpus", "pjass-tests")
    assert len(list((ROOT / "should-check").rglob("*.j"))) == 43
    assert len(list((ROOT / "should-fail").rglob("*.j"))) == 132
