"""Unit tests for jassvm.checker: one or more tests per rule (S-ids of jass-semantics.md)."""
from __future__ import annotations

import pytest

from jassvm import ast
from jassvm.checker import CheckOptions, Program, check, load_sources
from jassvm.parser import parse

HANDLES = """
type agent extends handle
type widget extends agent
type unit extends widget
type destructable extends widget
type event extends agent
type trigger extends agent
type timer extends agent
type boolexpr extends agent
type conditionfunc extends boolexpr
type filterfunc extends boolexpr
"""


def run(src: str, strict: bool = True, **flags) -> Program:
    return load_sources([("t.j", src.encode())], CheckOptions(strict=strict, **flags))


def codes(src: str, strict: bool = True, **flags) -> list[str]:
    """Codes of the error diagnostics."""
    return [d.code for d in run(src, strict, **flags).diagnostics if d.is_error]


def all_codes(src: str, strict: bool = True, **flags) -> list[str]:
    return [d.code for d in run(src, strict, **flags).diagnostics]


def fn(body: str, returns: str = "nothing", takes: str = "nothing", head: str = "") -> str:
    return f"{head}\nfunction f takes {takes} returns {returns}\n{body}\nendfunction\n"


def ret_expr(expr: str, head: str = "", returns: str = "boolean", takes: str = "nothing"):
    """Check ``return EXPR`` and give (program, expression node)."""
    src = fn(f"    return {expr}", returns, takes, head)
    tree, diags = parse(src.encode(), "t.j")
    assert tree is not None, diags
    program = check([tree])
    func = [d for d in tree.decls if isinstance(d, ast.Function)][-1]
    return program, func.body[-1].value


def shape(e: ast.Expr):
    """A compact tree of an expression: ops with their operands, literals as values."""
    if isinstance(e, ast.Binary):
        return (e.op, shape(e.left), shape(e.right))
    if isinstance(e, ast.Unary):
        return (e.op, shape(e.operand))
    if isinstance(e, ast.Paren):
        return shape(e.inner)
    if isinstance(e, (ast.BoolLit, ast.IntLit)):
        return e.value
    if isinstance(e, ast.VarRef):
        return e.name
    raise AssertionError(e)


# ---------------------------------------------------------------------------- precedence (S058-S062)

def test_s058_and_or_single_level_left_to_right():
    program, e = ret_expr("true or false and false")
    assert shape(e) == ("and", ("or", True, False), False)
    assert e.type == "boolean" and e.left.type == "boolean"
    assert not program.errors


def test_s059_and_then_or_groups_left():
    _, e = ret_expr("false and false or true")
    assert shape(e) == ("or", ("and", False, False), True)


def test_s060_not_binds_tighter_than_and():
    _, e = ret_expr("not false and false")
    assert shape(e) == ("and", ("not", False), False)


def test_s061_not_binds_tighter_than_comparison():
    program, e = ret_expr("not x == y", takes="boolean x, boolean y")
    assert shape(e) == ("==", ("not", "x"), "y")
    assert not program.errors
    program, e = ret_expr("not i == 2", takes="integer i")
    assert [d.code for d in program.errors] == ["E231", "E227"]  # not on an integer, boolean == integer


def test_s062_relational_over_equality_and_left_assoc():
    program, e = ret_expr("5 > 4 == 5 < 7")
    assert shape(e) == ("==", (">", 5, 4), ("<", 5, 7))
    program2, e2 = ret_expr("1 != 2 != false")
    assert shape(e2) == ("!=", ("!=", 1, 2), False)
    assert not program.errors and not program2.errors


# ---------------------------------------------------------------------------- expression types

def test_expression_types_are_filled():
    src = HANDLES + """
native GetTriggerUnit takes nothing returns unit
native DoNothing takes nothing returns nothing
globals
    integer array counts
endglobals
function g takes nothing returns nothing
endfunction
function f takes integer i, real r returns nothing
    local real a = i + r
    local integer b = i * 2
    local string s = "a" + "b"
    local unit u = GetTriggerUnit()
    local boolean c = i < r
    local code k = function g
    local handle h = null
    set b = counts[i] - (-b)
    call DoNothing()
endfunction
"""
    tree, diags = parse(src.encode(), "t.j")
    program = check([tree])
    assert not program.errors
    f = program.functions["f"]
    inits = {s.name: s.init for s in f.body if isinstance(s, ast.Local)}
    assert inits["a"].type == "real" and inits["a"].left.type == "integer" and inits["a"].right.type == "real"
    assert inits["b"].type == "integer"
    assert inits["s"].type == "string"
    assert inits["u"].type == "unit"
    assert inits["c"].type == "boolean"
    assert inits["k"].type == "code"
    assert inits["h"].type == "null"
    set_stmt = f.body[7]
    assert set_stmt.value.type == "integer" and set_stmt.value.left.type == "integer"
    assert set_stmt.value.left.index.type == "integer"
    assert f.body[8].call.type == "nothing"


def test_integer_to_real_in_assignment_and_arguments_s038():
    src = """
native SquareRoot takes real x returns real
function f takes nothing returns nothing
    local real r = 1
    set r = 2
    set r = SquareRoot(4)
endfunction
"""
    assert codes(src) == []


def test_real_to_integer_is_never_implicit():
    assert codes(fn("    local integer i = 1.5")) == ["E220"]
    assert codes("native Foo takes integer x returns nothing\n" + fn("    call Foo(2.0)")) == ["E220"]


def test_return_integer_from_real_function_is_an_error_s038():
    assert codes(fn("    return 1", "real")) == ["E222"]
    assert codes(fn("    return 1", "real"), strict=False) == ["E222"]  # also lenient
    assert codes(fn("    return 1.0", "real")) == []
    assert codes("native I2R takes integer i returns real\n" + fn("    return I2R(1)", "real")) == []


def test_return_subtype_ok_supertype_not_s091():
    assert codes(fn("    return u", "handle", "unit u", HANDLES)) == []
    assert codes(fn("    return h", "unit", "handle h", HANDLES)) == ["E221"]


# ---------------------------------------------------------------------------- null and code (S077-S079)

def test_s077_null_as_integer_and_real_but_not_boolean():
    assert codes("globals\n integer i = null\n real r = null\nendglobals\n") == []
    assert codes("globals\n boolean b = null\nendglobals\n") == ["E220"]
    assert codes(fn("    return null", "integer")) == ["E221"]
    assert codes(fn("    return null", "real")) == ["E221"]
    assert codes(fn("    return null", "boolean")) == ["E221"]


def test_s078_code_and_null():
    assert codes(fn("    local code c = null")) == []
    assert codes(fn("    return null", "code")) == ["E221"]
    assert codes(fn("    local code array cs")) == ["E236"]
    assert codes("globals\n code array cs\nendglobals\n") == ["E236"]


def test_s079_code_value_needs_parameterless_jass_function():
    head = "native TriggerSyncStart takes nothing returns nothing\nfunction cb takes integer i returns nothing\nendfunction\n"
    assert codes(fn("    local code c = function cb", head=head)) == ["E237"]
    assert codes(fn("    local code c = function TriggerSyncStart", head=head)) == ["E238"]
    assert all_codes(fn("    local code c = function TriggerSyncStart", head=head), strict=False) == ["W238"]
    assert codes(fn("    local code c = function nope", head=head)) == ["E204"]


def test_s080_filter_may_return_non_boolean_unless_filter_flag():
    head = HANDLES + "native Filter takes code func returns filterfunc\nfunction myF takes nothing returns integer\n    return 4\nendfunction\n"
    body = "    call Filter(function myF)"
    assert codes(fn(body, head=head)) == []
    assert codes(fn(body, head=head), filter=True) == ["E241"]


# ---------------------------------------------------------------------------- scopes and shadowing (S086, S087)

def test_s086_shadowing_rules():
    g = "globals\n integer i\nendglobals\n"
    assert codes(g + fn("    local integer i")) == []                      # local shadows global
    assert codes(g + fn("", takes="integer i")) == []                       # parameter shadows global
    assert codes(fn("    local integer i", takes="integer i")) == ["E205"]  # local reuses parameter
    assert codes(fn("    local integer array x", takes="integer x")) == ["E205"]
    assert codes(fn("    local integer a\n    local real a")) == ["E205"]
    assert codes(fn("", takes="integer a, integer a")) == ["E202"]
    assert codes(g + fn("    local integer i"), shadow=True) == ["E290"]
    assert codes(g + fn("", takes="integer i"), shadow=True) == ["E290"]


def test_type_shadowed_by_a_local():
    head = "type effect extends handle\n"
    assert codes(fn("    local effect effect", head=head)) == []
    assert codes(fn("    local effect effect\n    local effect sfx", head=head)) == ["E206"]
    assert codes(fn("    local integer integer")) == ["E206"]
    assert codes(head + "globals\n effect effect\nendglobals\n") == ["E202"]


def test_s087_shadowing_local_reads_uninitialised():
    src = "globals\n integer x = 8\nendglobals\n" + fn("    local integer x\n    return x", "integer")
    assert codes(src) == ["E270"]


def test_names_declared_twice_and_reserved_words():
    assert codes("globals\n integer a\n integer a\nendglobals\n") == ["E202"]
    assert codes("function a takes nothing returns nothing\nendfunction\n" * 2) == ["E202"]
    assert codes("globals\n integer a\nendglobals\nfunction a takes nothing returns nothing\nendfunction\n") == ["E202"]
    assert codes("globals\n integer type\nendglobals\n") == ["E207"]
    assert codes("globals\n integer alias = 0\nendglobals\n") == ["E207"]
    assert codes("type foo extends bar\n") == ["E201"]
    assert codes("type integer extends handle\n") == ["E202"]


def test_undeclared_names():
    assert codes(fn("    set x = 1")) == ["E203"]
    assert codes(fn("    call Nope()")) == ["E204"]
    msgs = [d.message for d in run("native DoIt takes nothing returns nothing\n" + fn("    call doit()")).errors]
    assert "did you mean DoIt" in msgs[0]
    assert codes("function g takes nothing returns nothing\nendfunction\n" + fn("    local code c = g")) == ["E209"]
    assert codes(fn("    local unit u")) == ["E201"]


def test_later_files_see_earlier_declarations():
    a = b"native Foo takes nothing returns integer\nglobals\n integer G = 1\nendglobals\n"
    b = b"function f takes nothing returns integer\n    return Foo() + G\nendfunction\n"
    assert load_sources([("a.j", a), ("b.j", b)]).errors == []
    program = load_sources([("b.j", b), ("a.j", a)])
    assert {d.code for d in program.errors} == {"E203", "E204"}


# ---------------------------------------------------------------------------- constants (S090)

def test_s090_constant_rules():
    g = "globals\n integer x\n constant integer C = 1\nendglobals\n"
    assert codes(g + "constant function f takes nothing returns nothing\n    set x = 1\nendfunction\n") == ["E251"]
    assert codes(g + "constant function f takes nothing returns nothing\n    local integer x\n    set x = 5\nendfunction\n") == []
    assert codes(g + fn("    set C = 2")) == ["E250"]
    src = g + "function h takes nothing returns nothing\nendfunction\nconstant function f takes nothing returns nothing\n    call h()\nendfunction\n"
    assert codes(src) == ["E252"]
    src = g + "constant native K takes nothing returns integer\nconstant function f takes nothing returns integer\n    return K()\nendfunction\n"
    assert codes(src) == []


# ---------------------------------------------------------------------------- calls (S088)

def _params(n: int) -> str:
    return ", ".join(f"integer a{i}" for i in range(n))


def test_s088_at_most_31_arguments():
    ok = f"function a takes {_params(31)} returns nothing\nendfunction\n" + fn(f"    call a({', '.join(['1'] * 31)})")
    assert codes(ok) == []
    defined = f"function a takes {_params(32)} returns nothing\nendfunction\n"
    assert codes(defined) == []
    bad = defined + fn(f"    call a({', '.join(['1'] * 32)})")
    assert codes(bad) == ["E240"]
    assert all_codes(bad, strict=False) == ["W240"]


def test_argument_count_and_types():
    head = "native Foo takes integer x, real bla returns nothing\n"
    assert codes(fn("    call Foo(1)", head=head)) == ["E239"]
    assert codes(fn("    call Foo(1, 2, 3)", head=head)) == ["E239"]
    prog = run(fn('    call Foo(3.4, "foo")', head=head))
    assert [d.code for d in prog.errors] == ["E220", "E220"]
    assert "in parameter x in call to Foo" in prog.errors[0].message
    assert codes(fn("    call Foo(1, 2)", head=head)) == []


def test_recursion_in_local_declarations():
    src = "function f takes nothing returns integer\n    local integer i = f()\n    return i\nendfunction\n"
    assert codes(src) == ["E243"]
    src = "function f takes nothing returns integer\n    return f()\nendfunction\n"
    assert codes(src) == []


def test_nothing_call_in_expression():
    src = "function g takes nothing returns nothing\nendfunction\n" + fn("    local integer i = g()")
    assert codes(src) == ["E220"]


# ---------------------------------------------------------------------------- operators (S005, S007, S054, S064)

def test_s007_modulo_integers_only():
    assert codes(fn("    local real x = 123.5 % 21")) == ["E228"]
    assert codes(fn("    local integer x = 123 % 21")) == []
    assert codes(fn("    local integer x = 123 % 21"), nomodulooperator=True) == ["E229"]
    assert codes(fn("    local integer x = 123 % 21"), oldpatch=True) == ["E229"]


def test_s005_modulo_needs_a_1_29_api():
    old_api = "native ConvertRace takes integer i returns handle\n"
    new_api = old_api + "native BlzGetUnitMaxHP takes handle u returns integer\n"
    body = "    local integer x = 10 % 4"
    assert codes(fn(body, head=old_api)) == ["E229"]
    assert codes(fn(body, head=new_api)) == []


def test_s064_conditions_must_be_boolean():
    assert codes(fn("    if 1 then\n    endif")) == ["E231"]
    assert codes(fn("    loop\n        exitwhen 0\n    endloop")) == ["E231"]
    assert codes(fn("    local boolean b = 1 and true")) == ["E231"]
    assert codes(fn("    if null then\n    endif")) == ["E231"]


def test_operator_types():
    assert codes(fn('    local string s = "a" + 1')) == ["E225"]
    assert codes(fn('    local boolean b = "1" == 1')) == ["E227"]
    assert codes(fn('    local boolean b = "a" < "b"')) == ["E226"]
    assert codes(fn('    local string s = + "x"')) == ["E230"]
    assert codes(fn('    local boolean b = 1 == 1.0')) == []
    assert codes(fn("    local boolean b = u == w", takes="unit u, widget w", head=HANDLES)) == []
    assert codes(fn("    local boolean b = u == null", takes="unit u", head=HANDLES)) == []


# ---------------------------------------------------------------------------- arrays

def test_arrays():
    g = "globals\n integer array a\n integer n = 0\nendglobals\n"
    assert codes(g + fn('    set a["x"] = 1')) == ["E232"]
    assert codes(g + fn("    set n = a[1.5]")) == ["E232"]
    assert codes(g + fn("    set n = a")) == ["E233"]
    assert codes(g + fn("    set a = 1")) == ["E233"]
    assert codes(g + fn("    set n = n[0]")) == ["E234"]
    assert codes(g + fn("    set n[0] = 1")) == ["E234"]
    assert codes(g + fn("    set a[0] = 1\n    set n = a[0]")) == []


# ---------------------------------------------------------------------------- statements and return paths

def test_missing_return():
    assert codes(fn("", "integer")) == ["E223"]
    assert codes(fn("    if true then\n        return 1\n    endif", "integer")) == ["E223"]
    assert codes(fn("    if true then\n        return 1\n    else\n        return 2\n    endif", "integer")) == []
    empty_elseif = "    if true then\n        return 0\n    elseif false then\n    else\n        return 1\n    endif"
    assert codes(fn(empty_elseif, "integer")) == ["E223"]
    assert codes(fn("    loop\n        return 1\n    endloop", "integer")) == []  # as pjass
    assert codes(fn("    return 1\n    call f()", "integer")) == []


def test_return_forms():
    assert codes(fn("    return 1")) == ["E224"]
    assert codes(fn("    return", "integer")) == ["E224"]
    assert codes(fn("    return")) == []


def test_exitwhen_outside_loop():
    assert codes(fn("    exitwhen true")) == ["E260"]
    assert codes(fn("    loop\n        exitwhen true\n    endloop")) == []


def test_locals_after_statements():
    body = "    local integer a = 1\n    set a = 2\n    local integer b = 2"
    assert codes(fn(body)) == ["E261"]
    body = "    if true then\n        local integer b = 2\n    endif"
    assert codes(fn(body)) == ["E261"]


def test_uninitialised_variables_s084():
    assert codes(fn("    local integer a\n    return a", "integer")) == ["E270"]
    assert all_codes(fn("    local integer a\n    return a", "integer"), strict=False) == ["W270"]
    assert codes(fn("    local integer a\n    if true then\n        set a = 1\n    endif\n    return a", "integer")) == []
    assert codes(fn("    local integer a\n    set a = a + 1")) == ["E270"]
    assert codes(fn("    local integer array a\n    return a[1]", "integer")) == []
    assert codes(fn("    return i", "integer", "integer i")) == []
    assert codes("globals\n integer a\n integer b = a + 3\nendglobals\n") == ["E271"]
    assert all_codes("globals\n integer a\n integer b = a + 3\nendglobals\n", strict=False) == ["W271"]
    g = "globals\n integer x\nendglobals\n"
    assert codes(g + fn("    return x", "integer")) == []
    assert codes(g + fn("    return x", "integer"), checkglobalsinit=True) == ["E272"]
    assert codes(g + fn("    set x = 3\n    return x", "integer"), checkglobalsinit=True) == []


def test_declarations_after_functions():
    src = "function f takes nothing returns nothing\nendfunction\nnative bar takes nothing returns nothing\n"
    assert codes(src) == ["E208"]
    src = "function f takes nothing returns nothing\nendfunction\nglobals\nendglobals\n"
    assert codes(src) == ["E208"]


# ---------------------------------------------------------------------------- literals and globals natives

def test_long_string_literal():
    src = fn('    return "' + "x" * 1024 + '"', "string")
    assert codes(src) == ["E280"]
    assert all_codes(src, strict=False) == ["W280"]
    assert codes(fn('    return "' + "x" * 1023 + '"', "string")) == []


def test_number_literal_overflow_flag():
    assert codes(fn("    local integer x = 0x100000000")) == []
    assert codes(fn("    local integer x = 0x100000000"), checknumberliterals=True) == ["E282"]
    assert codes(fn("    local integer x = 2147483647"), checknumberliterals=True) == []
    assert codes(fn("    local real x = 0.0333333333"), checknumberliterals=True) == ["E282"]
    assert codes(fn("    local real x = 0.5"), checknumberliterals=True) == []


def test_long_names_flag():
    name = "a" * 3959
    assert codes(fn(f"    local integer {name}")) == []
    assert codes(fn(f"    local integer {name}"), checklongnames=True) == ["E281"]
    assert codes(fn(f"    local integer {name[:-1]}"), checklongnames=True) == []


def test_s089_bad_natives_in_globals():
    head = HANDLES + "type region extends agent\nnative CreateRegion takes nothing returns region\n" \
                     "native OrderId takes string s returns integer\n"
    assert codes(head + "globals\n region r = CreateRegion()\nendglobals\n") == ["E283"]
    assert codes(head + 'globals\n integer o = OrderId("move")\nendglobals\n') == ["E283"]
    assert all_codes(head + "globals\n region r = CreateRegion()\nendglobals\n", strict=False) == ["W283"]
    assert codes(head + fn("    local region r = CreateRegion()")) == []


def test_stringhash_collisions():
    head = "native StringHash takes string s returns integer\n"
    body = '    call StringHash("foo")\n    call StringHash("Foo")'
    assert codes(fn(body, head=head)) == []
    assert codes(fn(body, head=head), checkstringhash=True) == ["E242"]
    assert codes(fn('    call StringHash("foo")\n    call StringHash("foo")', head=head), checkstringhash=True) == []


# ---------------------------------------------------------------------------- lenient mode

def test_lenient_return_laxities():
    """Before 1.24 the game loads these returns (``jassvm.loadrules``; per-generation rows in
    tests/test_loadrules.py)."""
    old = {"strict": False, "generation": "pre-1.24"}
    rb = "function H2I takes handle h returns integer\n    return h\n    return 0\nendfunction\n"
    assert codes(rb) == ["E221"]
    prog = run(rb, **old)
    assert prog.errors == [] and [d.code for d in prog.diagnostics] == ["W221"]
    assert "return bug" in prog.diagnostics[0].message
    real_as_int = fn("    return 128 / r", "integer", "real r")
    assert codes(real_as_int) == ["E221"] and codes(real_as_int, **old) == []
    trig_as_event = fn("    return t", "event", "trigger t", HANDLES)
    assert codes(trig_as_event) == ["E221"] and codes(trig_as_event, **old) == []
    widget_as_dest = fn("    return w", "destructable", "widget w", HANDLES)
    assert codes(widget_as_dest, **old) == []
    assert codes(fn("    return null", "code"), **old) == []


def test_lenient_still_refuses_what_the_game_refuses():
    for src in (fn("    local real x = 1.5 % 2"), fn("    if 1 then\n    endif"), fn("    call Nope()"),
                fn("    local integer i", takes="integer i"), fn("    return 1", "real")):
        assert codes(src, strict=False), src


# ---------------------------------------------------------------------------- flags

def test_rb_flag_checks_only_the_last_return():
    rb = "function H2I takes handle h returns integer\n    return h\n    return 0\nendfunction\n"
    assert codes(rb, rb=True) == []
    assert codes("//# +rb\n" + rb) == []
    assert codes("//# +rb\n\n" + rb) == ["E221"]            # a blank line ends the annotation
    assert codes("//# +rb\n" + rb + rb.replace("H2I", "H2J")) == ["E221"]  # next function only
    assert codes(rb.replace("return 0", "return h"), rb=True) == ["E221"]


def test_annotation_turns_a_base_flag_off_for_one_function():
    src = "globals\n integer i\nendglobals\n//# -shadow" + fn("    local integer i") + \
        fn("    local integer i").replace("function f", "function g")
    assert codes(src, shadow=True) == ["E290"]


def test_no_error_flags_drop_their_class():
    src = "//# +nosemanticerror" + fn("    return x", "integer")
    assert codes(src) == []
    src = fn("    exitwhen true")
    assert codes(src, nosyntaxerror=True) == []
    assert codes(src, nosemanticerror=True) == ["E260"]
    native = "native N takes nothing returns nothing\n" + fn("    local code c = function N")
    assert codes(native, noruntimeerror=True) == []
    garbage = "//# +nosyntaxerror\nfunction foo takes nothing returns nothing\n    asd asd\nendfunction\n"
    assert codes(garbage) == []
    assert codes(garbage.replace("+nosyntaxerror", "+rb")) == ["E102"]


def test_unknown_flag_is_a_warning():
    prog = run("//# +rbutts\n" + fn(""))
    assert [d.code for d in prog.diagnostics] == ["W299"] and prog.errors == []


def test_options_with_flags():
    opts = CheckOptions().with_flags("+rb", "+shadow", "-rb")
    assert opts.shadow and not opts.rb and opts.strict
    assert CheckOptions(oldpatch=True).flags() >= {"rb", "filter", "nomodulooperator", "checklongnames"}
    with pytest.raises(ValueError):
        CheckOptions().with_flags("+bogus")


# ---------------------------------------------------------------------------- Program and load_sources

def test_program_contents():
    src = HANDLES + """native GetTriggerUnit takes nothing returns unit
globals
    integer b = 1
    integer a = 2
endglobals
function f takes nothing returns nothing
endfunction
"""
    program = run(src)
    assert program.types["integer"] is None and program.types["handle"] is None
    assert program.types["unit"] == "widget"
    assert program.is_subtype("unit", "handle") and program.is_subtype("unit", "unit")
    assert not program.is_subtype("handle", "unit") and not program.is_subtype("unit", "destructable")
    assert program.primitive("unit") == "handle"
    assert list(program.globals) == ["b", "a"]
    assert isinstance(program.globals["a"], ast.GlobalVar)
    assert list(program.natives) == ["GetTriggerUnit"]
    assert list(program.functions) == ["f"]


def test_diagnostics_have_positions():
    prog = run("function f takes nothing returns nothing\n    call  Nope()\nendfunction\n")
    d = prog.errors[0]
    assert (d.file, d.line, d.col, d.code) == ("t.j", 2, 11, "E204")
    assert d.format().startswith("t.j:2:11: error[E204]: undeclared function Nope")


@pytest.mark.parametrize("data", [b"\x00\xff\xfe garbage", b"function", b"globals\n", b"",
                                  bytes(range(256)), b"function f takes nothing returns nothing\n" * 3])
def test_load_sources_never_raises(data):
    program = load_sources([("bad.j", data)])
    assert isinstance(program, Program)
    if data:
        assert program.errors or data == b""


def test_checked_tree_can_be_checked_again():
    tree, _ = parse(fn("    local real r = 1 + 2.0").encode(), "t.j")
    first = check([tree])
    second = check([tree], CheckOptions(strict=False))
    assert first.errors == second.errors == []
    assert tree.decls[0].body[0].init.type == "real"


@pytest.mark.parametrize("literal, kind, col", [('call BJDebugMsg("abc)', "string", 21),
                                                ("local integer i = 'abc", "rawcode", 23)])
def test_an_unterminated_literal_is_named_at_its_opening_quote(literal, kind, col):
    """String and rawcode literals may span lines (jass.lark), so a quote never closed reaches
    the end of the file: the error says so where the literal starts, not "unrecognized
    character"."""
    tree, diags = parse(f"function main takes nothing returns nothing\n    {literal}\nendfunction\n", "t.j")
    assert tree is None and [(d.code, d.line, d.col) for d in diags] == [("E101", 2, col)]
    assert diags[0].message.startswith(f"unterminated {kind} literal")
