"""The natives library table (``natives.library``): the static table of natives a run binds
lazily matches the registry, and a run binds the same natives as the complete registry, importing
a natives-only module on the first call of one of its natives (issue 17)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from natives import library
from natives.registry import NATIVES

ROOT = Path(__file__).resolve().parent.parent


def _run(code: str) -> str:
    """``code``'s output in a fresh interpreter (the registry as a run sees it)."""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_the_table_lists_exactly_the_natives_of_each_module():
    library.load_natives()
    assert {name: spec.func.__module__ for name, spec in NATIVES.items()} == library.NATIVE_MODULE


def test_every_natives_module_is_listed():
    library.load_natives()
    listed = {f"natives.{m}" for m in library.NATIVE_MODULES}
    assert len(listed) == len(library.NATIVE_MODULES)
    assert {spec.func.__module__ for spec in NATIVES.values()} == listed


def test_stand_ins_carry_the_marks_of_their_natives():
    # jassvm.fastpath reads ``may_wait`` before the native's module is imported
    library.load_natives()
    assert {n for n, spec in NATIVES.items() if vars(spec.func)} == library.WAITING
    assert all(NATIVES[n].func.may_wait is True and set(vars(NATIVES[n].func)) == {"may_wait"}
               for n in library.WAITING)
    assert all(library._stand_in(n, library.NATIVE_MODULE[n]).may_wait for n in library.WAITING)


def test_loading_a_program_imports_no_natives_module():
    out = _run("import sys\n"
               "from natives.session import bind_natives\n"
               "bound = bind_natives()\n"
               "print(sorted(m for m in set(sys.modules) if m.startswith('natives.')))")
    assert out == "['natives.library', 'natives.registry', 'natives.session']"


def test_a_session_binds_the_natives_of_the_model_itself():
    out = _run("from jassvm.loader import load_program\n"
               "from natives.session import GameSession, bind_natives\n"
               "from natives.registry import NATIVES\n"
               "src = b'type group extends handle\\nnative CreateGroup takes nothing returns group\\n' \\\n"
               "      b'native IsHeroUnitId takes integer unitId returns boolean\\n'\n"
               "program = load_program([('x.j', src)], bind_natives(), use_cache=False).program\n"
               "GameSession(program)\n"
               "print(program.functions['CreateGroup'].func is NATIVES['CreateGroup'].func,\n"
               "      program.functions['IsHeroUnitId'].func.lazy_module)")
    assert out == "True natives.heroes"


def test_a_run_binds_the_same_names_without_importing_natives_only_modules():
    out = _run("import sys, maps.runner, cli\n"
               "from natives.library import bind_natives, load_natives\n"
               "bound = bind_natives()\n"
               "lazy = {'natives.heroes', 'natives.items', 'natives.pools', 'natives.aicaptains'}\n"
               "print(sorted(m for m in lazy if m in sys.modules))\n"
               "print(set(bound) == set(load_natives()))")
    assert out.splitlines() == ["[]", "True"]


def test_a_stand_in_imports_its_module_and_answers_as_the_native():
    out = _run("import sys\n"
               "from natives.library import bind_natives\n"
               "from natives.registry import NATIVES\n"
               "from natives.unitdata import rawcode\n"
               "f = bind_natives()['IsHeroUnitId']\n"
               "print('natives.heroes' in sys.modules, f.lazy_module)\n"
               "print(f(None, rawcode('Hpal')), f(None, rawcode('hfoo')), 'natives.heroes' in sys.modules)\n"
               "print(NATIVES['IsHeroUnitId'].func(None, rawcode('Hpal')))")
    assert out.splitlines() == ["False natives.heroes", "True False True", "True"]


def test_model_classes_include_the_lazily_imported_modules():
    out = _run("from natives.library import bind_natives\n"
               "bind_natives()\n"
               "from natives.snapshot import model_classes\n"
               "print('natives.pools.UnitPool' in model_classes(), 'natives.aitown.Town' in model_classes())")
    assert out == "True True"


def test_the_built_in_api_declares_the_lazy_natives():
    out = _run("from natives.library import bind_natives\n"
               "bind_natives()\n"
               "from natives.builtin import builtin_source\n"
               "print(b'native SetHeroStr ' in builtin_source() or b'SetHeroStr takes' in builtin_source())")
    assert out == "True"


def test_builtin_source_is_made_once_and_again_when_the_registry_changes():
    """Each mission of a campaign on the built-in API asks for it: the same bytes come back,
    and a native registered (or removed) since shows in (or leaves) the next one."""
    from natives.builtin import builtin_source
    from natives.registry import native
    first = builtin_source()
    assert builtin_source() is first
    native("ZzTestOnlyNative", "takes integer n returns boolean")(lambda ctx, n: True)
    try:
        added = builtin_source()
        assert b"native ZzTestOnlyNative takes integer n returns boolean\n" in added
        assert added.replace(b"native ZzTestOnlyNative takes integer n returns boolean\n", b"") == first
    finally:
        del NATIVES["ZzTestOnlyNative"]
    assert builtin_source() == first
