"""The checker on the real corpus (../shared/corpus): verdicts match pjass (MANIFEST.md).

Strict mode must give pjass's OK/FAIL verdict for every API file, AI script and map script
with every API set the manifest lists. Lenient mode must load, without errors, everything the
game itself loads: the RoC/TFT Blizzard.j with their return-type laxities, campaign missions
with 1.30.4 and RoC/TFT, the return-bug map custom-tribute-alliance... Each file is parsed
once per session (tests/parsed_corpus.py).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import shared_path
from jassvm import ast
from parsed_corpus import CORPUS, api_files, check_paths

APIS = ("roc-1.0x", "tft-1.0x", "1.26", "1.30.4", "1.33.0")
OK, OKS, RB = "OK", "OK*", "RB"  # OK*: only the RoC/TFT Blizzard.j errors; RB: the return bug only
#: pjass verdicts per map (MANIFEST.md section 3): roc / tft / 1.26 / 1.30.4 / 1.33.0.
#: A number is pjass's error count inside war3map.j (a failing verdict).
MAPS = {
    "campaign-human01": (OKS, OKS, OK, OK, OK),
    "campaign-human02": (OKS, OKS, OK, OK, OK),
    "campaign-human02-interlude": (OKS, OKS, OK, OK, OK),
    "campaign-orc03": (OKS, OKS, OK, OK, OK),
    "campaign-nightelf03": (OKS, OKS, OK, OK, OK),
    "campaign-undead01": (OKS, OKS, OK, OK, OK),
    "campaign-prologue02": (OKS, OKS, OK, OK, OK),
    "campaign-humanx01": (318, OKS, OK, OK, OK),
    "campaign-nightelfx06": (195, OKS, OK, OK, OK),
    "campaign-orcx01-founding-of-durotar": (531, OKS, OK, OK, OK),
    "melee-echo-isles": (244, 95, 95, 95, OK),
    "melee-lost-temple-lv": (415, 134, 134, 134, OK),
    "melee-emerald-gardens": (725, 258, 258, 258, OK),
    "custom-dwc-default-map": (OKS, OKS, OK, OK, OK),
    "custom-dwc-optimized": (1737, 1627, OK, OK, OK),
    "custom-mysterious-land": (OKS, OKS, OK, OK, OK),
    "custom-tribute-alliance": (7, 6, RB, RB, RB),
    "custom-mcfc": (3764, 1621, 681, 680, OK),
    "custom-jzjh": (12758, 10632, OK, OK, OK),
    "custom-xl-hero-siege": (869, 319, OK, OK, OK),
}
#: pjass error counts of the old Blizzard.j files (return-type laxities).
BLIZZARD_ERRORS = {"roc-1.0x": 2, "tft-1.0x": 3}
#: AI scripts of 1.30.4 that pjass refuses (MANIFEST.md, api/1.30.4/ai).
FAILING_AI = {"demo.ai", "h04_orange.ai", "orc03blue.ai", "orc03lightblue.ai", "orc03purple.ai",
              "orc03teal.ai", "orc03warsong.ai"}


def _errors(program, file_suffix: str | None = None) -> list[str]:
    return [d.format() for d in program.diagnostics
            if d.is_error and (file_suffix is None or d.file.endswith(file_suffix))]


def _need_corpus() -> None:
    shared_path("corpus", "api")
    shared_path("corpus", "maps")


# ---------------------------------------------------------------------------- API files

@pytest.mark.parametrize("version", [*APIS, "1.32.0-beta", "2.0.2"])
def test_common_j_checks(version):
    _need_corpus()
    assert _errors(check_paths(api_files(version, "common.j"))) == []


@pytest.mark.parametrize("version", [*APIS, "1.32.0-beta"])
def test_blizzard_j_strict(version):
    _need_corpus()
    program = check_paths(api_files(version, "common.j", "Blizzard.j"))
    errors = _errors(program)
    assert len(errors) == BLIZZARD_ERRORS.get(version, 0), errors
    assert all("Blizzard.j" in e and "[E221]" in e for e in errors), errors


@pytest.mark.parametrize("version", [*APIS, "1.32.0-beta"])
def test_blizzard_j_lenient(version):
    _need_corpus()
    program = check_paths(api_files(version, "common.j", "Blizzard.j"), strict=False)
    assert _errors(program) == []
    warnings = [d for d in program.diagnostics if not d.is_error]
    assert len(warnings) == BLIZZARD_ERRORS.get(version, 0)


def test_blizzard_2_0_2_with_1_33_blizzard():
    _need_corpus()
    program = check_paths(api_files("2.0.2", "common.j") + api_files("1.33.0", "Blizzard.j"))
    assert _errors(program) == []


@pytest.mark.parametrize("version", ["roc-1.0x", "tft-1.0x", "1.30.4", "1.33.0"])
def test_common_ai_checks(version):
    _need_corpus()
    assert _errors(check_paths(api_files(version, "common.j", "common.ai"))) == []


def _ai_scripts() -> list:
    folder = CORPUS / "api" / "1.30.4" / "ai"
    files = sorted(folder.glob("*.ai")) if folder.is_dir() else []
    return [pytest.param(p, id=p.name) for p in files] or [pytest.param(None, id="ai-absent")]


@pytest.mark.parametrize("path", _ai_scripts())
def test_ai_script(path: Path | None):
    _need_corpus()
    if path is None:
        pytest.skip("no AI scripts")
    files = api_files("1.30.4", "common.j", "common.ai") + [path]
    strict = check_paths(files)
    if path.name in FAILING_AI:
        assert _errors(strict, path.name), "pjass refuses this script"
    else:
        assert _errors(strict) == []
        assert _errors(check_paths(files, strict=False)) == []


# ---------------------------------------------------------------------------- map scripts

def test_every_map_script_has_an_expectation():
    _need_corpus()
    found = {p.parent.name for p in (CORPUS / "maps").glob("*/war3map.j")}
    assert found == set(MAPS)


def _map_cases():
    return [pytest.param(m, i, id=f"{m}-{api}") for m in MAPS for i, api in enumerate(APIS)]


@pytest.mark.parametrize("name,index", _map_cases())
def test_map_strict(name: str, index: int):
    _need_corpus()
    api = APIS[index]
    expected = MAPS[name][index]
    program = check_paths(api_files(api, "common.j", "Blizzard.j") + [CORPUS / "maps" / name / "war3map.j"])
    in_map = _errors(program, "war3map.j")
    in_blizzard = _errors(program, "Blizzard.j")
    assert len(in_blizzard) == BLIZZARD_ERRORS.get(api, 0), in_blizzard[:5]
    if expected in (OK, OKS):
        assert in_map == []
    elif expected == RB:
        assert len(in_map) == 1 and "[E221]" in in_map[0] and "return bug" in in_map[0], in_map
    else:
        assert in_map, f"pjass reports {expected} errors"


PRE_124_APIS = ("roc-1.0x", "tft-1.0x")
"""The API sets whose game still loads the return bug (``jassvm.loadrules``)."""


def _loadable_cases():
    return [pytest.param(m, i, id=f"{m}-{api}") for m in MAPS for i, api in enumerate(APIS)
            if MAPS[m][i] in (OK, OKS) or MAPS[m][i] == RB and api in PRE_124_APIS]


@pytest.mark.parametrize("name,index", _loadable_cases())
def test_map_lenient_loads(name: str, index: int):
    """What the game loads has no errors in lenient mode (laxities become warnings)."""
    _need_corpus()
    api = APIS[index]
    program = check_paths(api_files(api, "common.j", "Blizzard.j") + [CORPUS / "maps" / name / "war3map.j"],
                          strict=False)
    assert _errors(program) == []


@pytest.mark.parametrize("name,index", [pytest.param(m, i, id=f"{m}-{api}") for m in MAPS
                                        for i, api in enumerate(APIS)
                                        if MAPS[m][i] == RB and api not in PRE_124_APIS])
def test_the_return_bug_is_refused_from_1_24_on(name: str, index: int):
    """S075: patch 1.24 closed the return bug, so the game of a 1.24+ API set refuses a map
    that uses it (``jassvm.loadrules`` row E221-type)."""
    _need_corpus()
    program = check_paths(api_files(APIS[index], "common.j", "Blizzard.j") + [CORPUS / "maps" / name / "war3map.j"],
                          strict=False)
    errors = _errors(program)
    assert len(errors) == 1 and "[E221]" in errors[0] and "return bug" in errors[0], errors


def test_every_expression_is_typed():
    """check() fills Expr.type on every expression node (here: 1.30.4 API + a campaign map)."""
    _need_corpus()
    paths = api_files("1.30.4", "common.j", "Blizzard.j") + [CORPUS / "maps" / "campaign-human01" / "war3map.j"]
    program = check_paths(paths)
    assert _errors(program) == []
    untyped, count = [], 0
    for sf in program.files:
        for expr in _expressions(sf):
            count += 1
            if expr.type is None or expr.type == "any":
                untyped.append(expr)
    assert count > 20_000
    assert untyped == []


def _expressions(node):
    """Every Expr below ``node`` (a small generic walk over the dataclass fields)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, ast.Expr):
            yield n
        if isinstance(n, (list, tuple)):
            stack.extend(n)
        elif isinstance(n, ast.Node):
            for name in n.__dataclass_fields__:
                if name in ("pos", "type"):
                    continue
                value = getattr(n, name)
                if isinstance(value, (ast.Node, list, tuple)):
                    stack.append(value)
