"""The conformance cases of ../shared/conformance: exact output the game produces."""
from pathlib import Path

import pytest

from conftest import SHARED, shared_path
from conformance import read_case, run_case

CASES = sorted((SHARED / "conformance" / "cases").glob("*.j"))
REJECTS = sorted((SHARED / "conformance" / "cases" / "reject").glob("*.j"))


@pytest.fixture
def eager_fast_path(monkeypatch):
    """The fast path (``jassvm.fastpath``) translates every function that cannot wait on its
    first call. tests/test_fastpath.py runs each case on the bytecode interpreter too and
    requires the same output, crash records and op counts."""
    from jassvm import fastpath

    monkeypatch.setattr(fastpath, "HOT_CALLS", 1)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_conformance_case(path: Path, eager_fast_path):
    api_root = shared_path("corpus", "api")
    case = read_case(path)
    seen, session, error = run_case(case, api_root)
    assert error is None, error
    assert seen == case.expect, "\n".join(e.format() for e in session.vm.errors)


@pytest.mark.parametrize("path", REJECTS, ids=[p.stem for p in REJECTS])
def test_reject_case(path: Path):
    api_root = shared_path("corpus", "api")
    case = read_case(path)
    seen, _session, error = run_case(case, api_root)
    assert error is not None and seen is None
