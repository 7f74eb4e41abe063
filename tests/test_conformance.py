"""The conformance cases of ../shared/conformance: exact output the game produces."""
from pathlib import Path

import pytest

from conftest import SHARED, shared_path
from conformance import read_case, run_case

CASES = sorted((SHARED / "conformance" / "cases").glob("*.j"))
REJECTS = sorted((SHARED / "conformance" / "cases" / "reject").glob("*.j"))


@pytest.fixture(params=["bytecode", "fast"])
def vm_mode(request, monkeypatch):
    """Each case runs twice: on the bytecode interpreter alone, and with the fast path
    (``jassvm.fastpath``) translating every function that cannot wait on its first call."""
    import jassvm.vm as vm_module
    from jassvm import fastpath

    monkeypatch.setattr(vm_module, "FAST_DEFAULT", request.param == "fast")
    monkeypatch.setattr(fastpath, "HOT_CALLS", 1)
    return request.param


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_conformance_case(path: Path, vm_mode: str):
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
