"""The conformance cases of ../shared/conformance: exact output the game produces."""
from pathlib import Path

import pytest

from conftest import SHARED, shared_path
from conformance import read_case, run_case

CASES = sorted((SHARED / "conformance" / "cases").glob("*.j"))
REJECTS = sorted((SHARED / "conformance" / "cases" / "reject").glob("*.j"))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_conformance_case(path: Path):
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
