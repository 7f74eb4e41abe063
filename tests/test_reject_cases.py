"""Every case in ../shared/conformance/cases/reject/ is refused by the checker.

The cases are checked after the 1.33.0 common.j and Blizzard.j, in strict mode (``jass check``)
and in lenient mode (what ``jass run`` uses): these programs must not load in either.
"""
from __future__ import annotations

import pytest

from conftest import SHARED, shared_path
from jassvm.checker import CheckOptions, check
from jassvm.parser import parse
from parsed_corpus import api_files, parsed

REJECT = SHARED / "conformance" / "cases" / "reject"
CASES = sorted(REJECT.glob("*.j")) if REJECT.is_dir() else []


def _params():
    if not CASES:
        return [pytest.param(None, id="reject-cases-absent")]
    return [pytest.param(p, id=p.stem) for p in CASES]


@pytest.mark.parametrize("strict", [True, False], ids=["strict", "lenient"])
@pytest.mark.parametrize("path", _params())
def test_reject_case_is_refused(path, strict):
    if path is None:
        shared_path("conformance", "cases", "reject")
        pytest.skip("no reject cases")
    api = [parsed(p) for p in api_files("1.33.0", "common.j", "Blizzard.j")]
    tree, diags = parse(path.read_bytes(), path.name)
    errors = [d for d in diags if d.is_error]
    if tree is not None:
        program = check(api + [tree], CheckOptions(strict=strict))
        assert not [d for d in program.diagnostics if d.is_error and d.file != path.name], \
            "the API files themselves must check cleanly"
        errors += [d for d in program.diagnostics if d.is_error]
    assert errors, f"{path.name} was accepted"
    assert all(d.file == path.name for d in errors)


def test_reject_cases_exist():
    shared_path("conformance", "cases", "reject")
    assert len(CASES) >= 15
