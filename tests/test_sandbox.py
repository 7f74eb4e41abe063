"""natives.sandbox (issue 16, item 1): every file a native writes, reads or removes stays in
the sandbox folder; links and special files planted there are never followed.

The native tests replay the security probe's reproducers (links planted in ``saves/``, a
FIFO as a save file, links as game cache / DzAPI / preload files) through the natives on a
real ``Game`` and check that nothing outside the sandbox is written, created, deleted or
read, and that the native fails with a recorded warning.
"""
from __future__ import annotations

import json
import os
import threading

import pytest

import natives.sandbox as sandbox_module
from fakectx import FakeCtx
from natives.registry import NATIVES
from natives.sandbox import Sandbox, SandboxError, check_name
from natives.session import load_natives

load_natives()

TIMEOUT = 10.0   # seconds a call that must not block may take


def call(ctx, name, *args):
    """Call native ``name``, then run what is due now: a scripted ``SaveGame`` is written
    at the next safe point (seed 004)."""
    result = NATIVES[name].func(ctx, *args)
    ctx.game.advance(ctx.game.now)
    return result


def tree(path) -> dict[str, str]:
    """Every entry under ``path`` (relative name -> kind and contents), links not followed."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(path):
        for name in dirnames + filenames:
            full = os.path.join(dirpath, name)
            rel = os.path.relpath(full, path)
            if os.path.islink(full):
                out[rel] = "link -> " + os.readlink(full)
            elif os.path.isdir(full):
                out[rel] = "dir"
            else:
                with open(full, "rb") as f:
                    out[rel] = f.read().decode("utf-8", "replace")
    return out


@pytest.fixture
def outside(tmp_path):
    """A folder outside the sandbox with a victim file and a folder tree to keep."""
    out = tmp_path / "outside"
    (out / "keepdir" / "deep").mkdir(parents=True)
    (out / "keepdir" / "deep" / "precious.txt").write_text("precious")
    (out / "victim.txt").write_text("victim")
    (out / "secret.w3z").write_text("secret")
    return out


@pytest.fixture
def box_dir(tmp_path):
    box = tmp_path / "sandbox"
    (box / "saves").mkdir(parents=True)
    return box


def game_ctx(box_dir) -> FakeCtx:
    ctx = FakeCtx(sandbox_dir=str(box_dir))
    ctx.game.save_writer = lambda: b"JASSVM-SAVE\n(the bytes of a whole game)"
    return ctx


def warned(ctx, text: str) -> bool:
    return any(text in w for w in ctx.game.warnings + ctx.warnings)


def no_block(fn, *args):
    """Run ``fn(*args)`` in a thread; fail (instead of hanging) if it blocks."""
    result: dict = {}

    def run():
        try:
            result["value"] = fn(*args)
        except BaseException as exc:       # pragma: no cover (reported below)
            result["error"] = exc

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(TIMEOUT)
    if t.is_alive():
        pytest.fail(f"{fn.__name__} blocked")
    if "error" in result:
        raise result["error"]
    return result["value"]


def unblock_fifo(path) -> None:
    """Open the FIFO for writing without blocking, so a reader stuck on it (a failed test)
    is released."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
    except OSError:
        pass


# -- the probe's reproducers: saved games -------------------------------------------------------

def test_save_game_never_writes_through_a_planted_temporary_name(box_dir, outside):
    os.symlink(outside / "victim.txt", box_dir / "saves" / "x.w3z.tmp")
    before = tree(outside)
    ctx = game_ctx(box_dir)
    call(ctx, "SaveGame", "x")
    assert tree(outside) == before
    assert (box_dir / "saves" / "x.w3z").is_file() and not (box_dir / "saves" / "x.w3z").is_symlink()
    assert call(ctx, "SaveGameExists", "x") is True


def test_save_game_replaces_a_link_at_the_save_name(box_dir, outside):
    os.symlink(outside / "victim.txt", box_dir / "saves" / "x.w3z")
    before = tree(outside)
    ctx = game_ctx(box_dir)
    assert call(ctx, "SaveGameExists", "x") is False            # a link is not a save
    call(ctx, "SaveGame", "x")
    assert tree(outside) == before
    path = box_dir / "saves" / "x.w3z"
    assert not path.is_symlink() and path.read_bytes().startswith(b"JASSVM-SAVE\n")


def test_save_game_does_not_create_through_a_linked_folder(box_dir, outside):
    os.symlink(outside, box_dir / "saves" / "Zones")
    before = tree(outside)
    ctx = game_ctx(box_dir)
    call(ctx, "SaveGame", "Zones\\y")
    assert tree(outside) == before
    assert warned(ctx, "symbolic link")
    assert call(ctx, "SaveGameExists", "Zones\\y") is False
    assert [k for _, k, _ in ctx.game.timeline if k == "game_saved"] == []


def test_remove_save_directory_does_not_delete_through_a_linked_folder(box_dir, outside):
    os.symlink(outside, box_dir / "saves" / "Zones")
    before = tree(outside)
    ctx = game_ctx(box_dir)
    assert call(ctx, "RemoveSaveDirectory", "Zones\\keepdir") is False
    assert call(ctx, "RemoveSaveDirectory", "Zones") is False    # the link itself
    assert tree(outside) == before
    assert warned(ctx, "symbolic link")
    assert (box_dir / "saves" / "Zones").is_symlink()


def test_copy_save_game_does_not_copy_an_outside_file_in(box_dir, outside):
    os.symlink(outside, box_dir / "saves" / "Zones")
    os.symlink(outside / "secret.w3z", box_dir / "saves" / "link.w3z")
    ctx = game_ctx(box_dir)
    assert call(ctx, "CopySaveGame", "Zones\\secret", "stolen") is False
    assert call(ctx, "CopySaveGame", "link", "stolen2") is False
    assert not (box_dir / "saves" / "stolen.w3z").exists()
    assert not (box_dir / "saves" / "stolen2.w3z").exists()
    assert warned(ctx, "symbolic link")
    assert call(ctx, "SaveGameExists", "Zones\\secret") is False
    call(ctx, "LoadGame", "Zones\\secret", False)
    assert not ctx.game.outcome.ended                                 # "no such saved game"


def test_rename_save_directory_refuses_links(box_dir, outside):
    os.symlink(outside, box_dir / "saves" / "Zones")
    (box_dir / "saves" / "Mine").mkdir()
    before = tree(outside)
    ctx = game_ctx(box_dir)
    assert call(ctx, "RenameSaveDirectory", "Zones\\keepdir", "Got") is False
    assert call(ctx, "RenameSaveDirectory", "Mine", "Zones\\Moved") is False
    assert tree(outside) == before
    assert (box_dir / "saves" / "Mine").is_dir()
    assert warned(ctx, "symbolic link")


@pytest.mark.parametrize("native,args", [
    ("RemoveSaveDirectory", ("Zones",)),
    ("RemoveSaveDirectory", ("keepdir",)),
    ("SaveGame", ("y",)),
    ("CopySaveGame", ("secret", "copy")),
    ("RenameSaveDirectory", ("keepdir", "moved")),
])
def test_a_linked_saves_folder_is_never_used(tmp_path, outside, native, args):
    box = tmp_path / "sandbox"
    box.mkdir()
    (outside / "Zones").mkdir()
    (outside / "Zones" / "A.w3z").write_text("a")
    os.symlink(outside, box / "saves")
    before = tree(outside)
    ctx = game_ctx(box)
    result = call(ctx, native, *args)
    assert result in (None, False)
    assert tree(outside) == before
    assert warned(ctx, "symbolic link")
    assert call(ctx, "SaveGameExists", "Zones\\A") is False


def test_a_fifo_planted_as_a_save_file_never_blocks(box_dir):
    fifo = box_dir / "saves" / "pipe.w3z"
    os.mkfifo(fifo)
    try:
        ctx = game_ctx(box_dir)
        assert no_block(call, ctx, "CopySaveGame", "pipe", "copy") is False
        assert no_block(call, ctx, "SaveGameExists", "pipe") is False
        no_block(call, ctx, "LoadGame", "pipe", False)
        assert not ctx.game.outcome.ended
        assert not (box_dir / "saves" / "copy.w3z").exists()
        assert warned(ctx, "not a regular file")
        call(ctx, "SaveGame", "pipe")                   # a special file is not replaced
        assert warned(ctx, "special file")
        assert (box_dir / "saves" / "pipe.w3z").is_fifo()
    finally:
        unblock_fifo(fifo)


def test_saved_games_still_work_inside_the_sandbox(box_dir):
    ctx = game_ctx(box_dir)
    call(ctx, "SaveGame", "Zones\\A")
    assert call(ctx, "CopySaveGame", "Zones\\A", "Backup\\A") is True
    assert call(ctx, "RenameSaveDirectory", "Backup", "Kept") is True
    assert call(ctx, "RenameSaveDirectory", "Missing", "Other") is False
    assert call(ctx, "RemoveSaveDirectory", "Zones") is True
    assert call(ctx, "RemoveSaveDirectory", "Zones") is False
    assert sorted(tree(box_dir / "saves")) == ["Kept", os.path.join("Kept", "A.w3z")]
    assert ctx.game.warnings == []


def spy_temp_names(monkeypatch) -> list[str]:
    """The names of the temporary files the sandbox creates from now on (in order)."""
    names: list[str] = []
    real = sandbox_module._create_temp

    def spy(dir_fd, parts):
        name, fd = real(dir_fd, parts)
        names.append(name)
        return name, fd

    monkeypatch.setattr(sandbox_module, "_create_temp", spy)
    return names


def test_save_temporary_names_are_unpredictable_and_cleaned_up(box_dir, monkeypatch):
    names = spy_temp_names(monkeypatch)
    ctx = game_ctx(box_dir)
    call(ctx, "SaveGame", "x")
    call(ctx, "SaveGame", "x")
    assert len(names) == 2 and names[0] != names[1]
    assert all("x.w3z" not in n and n.startswith(".jassvm-") for n in names)
    assert os.listdir(box_dir / "saves") == ["x.w3z"]


# -- game caches, DzAPI store, preload files ----------------------------------------------------

def test_a_linked_game_cache_file_is_neither_read_nor_written_through(tmp_path, outside):
    box = tmp_path / "sandbox"
    box.mkdir()
    victim = outside / "C.w3v.json"
    victim.write_text(json.dumps({"name": "C.w3v", "format": "jassvm-gamecache", "version": 1,
                                  "missions": {"m": {"integer": {"k": 42}}}}))
    os.symlink(victim, box / "C.w3v.json")
    before = tree(outside)
    ctx = game_ctx(box)
    store = ctx.game.gamecache
    assert "C.w3v" not in store.saved                           # the outside file is not read
    assert any("C.w3v.json" in w and "symbolic link" in w for w in store.warnings)
    gc = call(ctx, "InitGameCache", "C.w3v")
    assert call(ctx, "GetStoredInteger", gc, "m", "k") == 0
    call(ctx, "StoreInteger", gc, "m", "k", 1)
    assert call(ctx, "SaveGameCache", gc) is True
    assert tree(outside) == before
    assert not (box / "C.w3v.json").is_symlink()
    assert call(ctx, "ReloadGameCachesFromDisk") is True


def test_a_fifo_as_a_game_cache_file_never_blocks(tmp_path):
    box = tmp_path / "sandbox"
    box.mkdir()
    fifo = box / "F.w3v.json"
    os.mkfifo(fifo)
    try:
        ctx = no_block(game_ctx, box)
        store = no_block(lambda: ctx.game.gamecache)
        assert any("F.w3v.json" in w for w in store.warnings)
        assert no_block(call, ctx, "ReloadGameCachesFromDisk") is False
    finally:
        unblock_fifo(fifo)


def test_a_linked_dzapi_store_file_is_neither_read_nor_written_through(tmp_path, outside):
    box = tmp_path / "sandbox"
    box.mkdir()
    victim = outside / "values.json"
    victim.write_text(json.dumps({"format": "jassvm-dzapi-server-values", "version": 1,
                                  "players": {"0": {"gold": "999"}}}))
    os.symlink(victim, box / "dzapi-server-values.json")
    before = tree(outside)
    ctx = game_ctx(box)
    p0 = ctx.game.players.slots[0]
    assert call(ctx, "DzAPI_Map_GetServerValue", p0, "gold") == ""
    assert warned(ctx, "symbolic link")
    assert call(ctx, "DzAPI_Map_SaveServerValue", p0, "gold", "1") is True
    assert tree(outside) == before
    path = box / "dzapi-server-values.json"
    assert not path.is_symlink() and json.loads(path.read_text())["players"] == {"0": {"gold": "1"}}


def test_a_fifo_as_the_dzapi_store_file_never_blocks(tmp_path):
    box = tmp_path / "sandbox"
    box.mkdir()
    os.mkfifo(box / "dzapi-server-values.json")
    try:
        ctx = no_block(game_ctx, box)
        p0 = ctx.game.players.slots[0]
        assert no_block(call, ctx, "DzAPI_Map_GetServerValue", p0, "k") == ""
        assert call(ctx, "DzAPI_Map_SaveServerValue", p0, "k", "v") is False
        assert warned(ctx, "special file")
    finally:
        unblock_fifo(box / "dzapi-server-values.json")


def gen(ctx, name, entries):
    call(ctx, "PreloadGenClear")
    call(ctx, "PreloadGenStart")
    for e in entries:
        call(ctx, "Preload", e)
    call(ctx, "PreloadGenEnd", name)


def test_preload_folder_link_is_refused_for_writing_and_reading(tmp_path, outside):
    box = tmp_path / "sandbox"
    box.mkdir()
    (outside / "code.pld").write_text('\tcall Preload( "stolen" )\n')
    os.symlink(outside, box / "Save")
    before = tree(outside)
    ctx = game_ctx(box)
    gen(ctx, "Save\\new.pld", ["payload"])
    assert warned(ctx, "refused")
    call(ctx, "Preloader", "Save\\code.pld")
    assert "stolen" not in ctx.game.preload.preloaded
    assert warned(ctx, "symbolic link")
    assert tree(outside) == before


def test_preload_file_link_is_replaced_and_not_read(tmp_path, outside):
    box = tmp_path / "sandbox"
    box.mkdir()
    (outside / "code.pld").write_text('\tcall Preload( "stolen" )\n')
    os.symlink(outside / "code.pld", box / "code.pld")
    before = tree(outside)
    ctx = game_ctx(box)
    call(ctx, "Preloader", "code.pld")
    assert ctx.game.preload.preloaded == []
    gen(ctx, "code.pld", ["mine"])
    assert tree(outside) == before
    assert not (box / "code.pld").is_symlink()
    ctx2 = game_ctx(box)
    call(ctx2, "Preloader", "code.pld")
    assert ctx2.game.preload.preloaded == ["mine"]


# -- Sandbox itself ------------------------------------------------------------------------------

def test_write_read_round_trip_makes_folders_and_the_root(tmp_path):
    box = Sandbox(tmp_path / "new" / "root")
    assert box.read(["a", "b.txt"], 100) is None                     # nothing made by reading
    assert not (tmp_path / "new").exists()
    box.write(["a", "b.txt"], b"hello")
    assert box.read(["a", "b.txt"], 100) == b"hello"
    assert box.kind(["a"]) == "dir" and box.kind(["a", "b.txt"]) == "file"
    assert box.is_file(["a", "b.txt"]) and box.is_dir(["a"]) and not box.is_file(["a"])
    box.write(["a", "b.txt"], b"again")                                # replaces
    assert (tmp_path / "new" / "root" / "a" / "b.txt").read_bytes() == b"again"
    assert os.listdir(tmp_path / "new" / "root" / "a") == ["b.txt"]


def test_the_root_itself_may_be_a_link(tmp_path):
    real = tmp_path / "real"
    real.mkdir()
    os.symlink(real, tmp_path / "root")
    box = Sandbox(tmp_path / "root")
    box.write(["f"], b"1")
    assert (real / "f").read_bytes() == b"1"


@pytest.mark.parametrize("parts", [["..", "x"], ["a/b"], [""], ["."], ["a\0b"], [], ["x" * 256]])
def test_parts_must_be_plain_names(tmp_path, parts):
    box = Sandbox(tmp_path)
    with pytest.raises(SandboxError):
        box.write(parts, b"x")
    assert list(tmp_path.iterdir()) == []


def test_sandbox_error_is_an_oserror_naming_the_relative_path(tmp_path):
    os.symlink(tmp_path, tmp_path / "loop")
    with pytest.raises(OSError) as info:
        Sandbox(tmp_path).write(["loop", "x"], b"")
    assert isinstance(info.value, SandboxError)
    assert info.value.path == "loop" and "'loop'" in str(info.value)
    assert "symbolic link" in str(info.value)


def test_links_anywhere_below_the_root_are_refused(tmp_path, outside):
    root = tmp_path / "root"
    (root / "a").mkdir(parents=True)
    os.symlink(outside, root / "a" / "b")
    box = Sandbox(root)
    before = tree(outside)
    for op in (lambda: box.write(["a", "b", "new"], b"x"),
               lambda: box.read(["a", "b", "victim.txt"], 100),
               lambda: box.remove_tree(["a", "b"]),
               lambda: box.remove_tree(["a", "b", "keepdir"]),
               lambda: box.list(["a", "b"]),
               lambda: box.kind(["a", "b", "victim.txt"]),
               lambda: box.make_dirs(["a", "b", "c"]),
               lambda: box.rename(["a", "b"], ["moved"]),
               lambda: box.rename(["a"], ["a", "b", "into"]),
               lambda: box.remove(["a", "b", "victim.txt"])):
        with pytest.raises(SandboxError):
            op()
    assert tree(outside) == before
    assert not box.is_file(["a", "b", "victim.txt"]) and not box.is_dir(["a", "b"])
    assert box.kind(["a", "b"]) == "link"


def test_read_refuses_links_special_files_hard_links_and_large_files(tmp_path, outside):
    box = Sandbox(tmp_path / "root")
    box.write(["big"], b"x" * 101)
    root = tmp_path / "root"
    os.symlink(outside / "victim.txt", root / "link")
    os.mkfifo(root / "fifo")
    os.link(outside / "victim.txt", root / "hard")
    try:
        for name, reason in (("link", "symbolic link"), ("fifo", "not a regular file"),
                             ("hard", "hard links"), ("big", "larger than 100 bytes")):
            with pytest.raises(SandboxError, match=reason):
                no_block(box.read, [name], 100)
        assert box.read(["big"], 101) == b"x" * 101
        assert box.read(["missing"], 100) is None
        assert box.kind(["fifo"]) == "special"
    finally:
        unblock_fifo(root / "fifo")


def test_write_replaces_a_link_but_refuses_folders_and_special_files(tmp_path, outside):
    root = tmp_path / "root"
    root.mkdir()
    os.symlink(outside / "victim.txt", root / "link")
    os.symlink(outside / "nonexistent.txt", root / "dangling")
    (root / "dir").mkdir()
    os.mkfifo(root / "fifo")
    box = Sandbox(root)
    before = tree(outside)
    box.write(["link"], b"mine")
    box.write(["dangling"], b"mine too")
    assert tree(outside) == before
    assert (root / "link").read_bytes() == b"mine" and not (root / "link").is_symlink()
    assert (root / "dangling").read_bytes() == b"mine too"
    with pytest.raises(SandboxError, match="folder"):
        box.write(["dir"], b"x")
    with pytest.raises(SandboxError, match="special file"):
        no_block(box.write, ["fifo"], b"x")
    assert sorted(os.listdir(root)) == ["dangling", "dir", "fifo", "link"]   # no temp left


def test_temporary_names_differ_and_a_failed_write_leaves_none(tmp_path, monkeypatch):
    root = tmp_path / "root"
    box = Sandbox(root)
    names = spy_temp_names(monkeypatch)
    box.write(["f"], b"1")
    box.write(["f"], b"2")
    assert len(set(names)) == 2
    assert os.listdir(root) == ["f"]

    def failing_replace(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(sandbox_module.os, "replace", failing_replace)
    with pytest.raises(SandboxError, match="No space left"):
        box.write(["g"], b"3")
    assert os.listdir(root) == ["f"]


def test_a_planted_file_at_a_temporary_name_is_not_used(tmp_path, monkeypatch, outside):
    root = tmp_path / "root"
    root.mkdir()
    planted = ".jassvm-0000000000000000.tmp"
    os.symlink(outside / "victim.txt", root / planted)
    tokens = iter(["0000000000000000", "1111111111111111"])
    monkeypatch.setattr(sandbox_module.secrets, "token_hex", lambda n: next(tokens))
    Sandbox(root).write(["f"], b"data")                  # O_EXCL: the planted name is skipped
    assert (outside / "victim.txt").read_text() == "victim"
    assert sorted(os.listdir(root)) == [planted, "f"]


def test_list_gives_sorted_regular_files_only(tmp_path, outside):
    root = tmp_path / "root"
    box = Sandbox(root)
    assert box.list([], ".json") == []                                 # missing folder
    for name in ("b.json", "a.json", "c.txt"):
        box.write([name], b"{}")
    (root / "d.json").mkdir()
    os.symlink(outside / "victim.txt", root / "e.json")
    (root / ".jassvm-abc.tmp").write_text("leftover")
    assert box.list([], ".json") == ["a.json", "b.json"]
    assert box.list([], ".json", regular_only=False) == ["a.json", "b.json", "d.json", "e.json"]
    assert box.list([]) == ["a.json", "b.json", "c.txt"]


def test_remove_tree_removes_links_inside_without_following_them(tmp_path, outside):
    root = tmp_path / "root"
    box = Sandbox(root)
    box.write(["t", "sub", "f"], b"1")
    os.symlink(outside, root / "t" / "sub" / "out")
    os.symlink(outside / "victim.txt", root / "t" / "v")
    before = tree(outside)
    assert box.remove_tree(["t"]) is True
    assert tree(outside) == before
    assert not (root / "t").exists()
    assert box.remove_tree(["t"]) is False                              # missing
    box.write(["file"], b"1")
    assert box.remove_tree(["file"]) is False                           # not a folder
    os.symlink(outside, root / "linked")
    with pytest.raises(SandboxError, match="symbolic link"):
        box.remove_tree(["linked"])
    assert tree(outside) == before


def test_rename_and_remove(tmp_path, outside):
    root = tmp_path / "root"
    box = Sandbox(root)
    box.write(["a", "f"], b"1")
    box.write(["b", "g"], b"2")
    assert box.rename(["a"], ["x", "y"]) is True                        # destination folders made
    assert box.read(["x", "y", "f"], 10) == b"1"
    assert box.rename(["missing"], ["z"]) is False
    assert box.rename(["b"], ["x", "y"]) is False                       # destination exists
    os.symlink(outside / "victim.txt", root / "link")
    with pytest.raises(SandboxError, match="symbolic link"):
        box.rename(["link"], ["moved"])
    assert box.remove(["link"]) is True                                 # the link, not its target
    assert (outside / "victim.txt").read_text() == "victim"
    assert box.remove(["link"]) is False
    with pytest.raises(SandboxError, match="folder"):
        box.remove(["b"])
    assert box.remove(["b", "g"]) is True


@pytest.mark.parametrize("name", ["", "a/b", "a\\b", "C:x", "..", "a..b", "x\x01", "trail.",
                                  " lead", "CON", "nul.txt", "x" * 201, "bad\udcff"])
def test_check_name_refuses_unsafe_names(name):
    assert check_name(name) is not None
    assert check_name(name, "cache name").startswith(("empty cache name", "cache name"))


@pytest.mark.parametrize("name", ["MyCampaign.w3v", "Kampagne ü.w3v", "h01", "a.b.c", ".hidden"])
def test_check_name_accepts_ordinary_names(name):
    assert check_name(name) is None


def test_read_checks_what_it_opened_even_if_the_entry_was_swapped(tmp_path, monkeypatch):
    root = tmp_path / "root"
    root.mkdir()
    os.mkfifo(root / "swapped")
    monkeypatch.setattr(sandbox_module, "_lstat_kind", lambda fd, name: "file")  # the race lost
    try:
        with pytest.raises(SandboxError, match="not a regular file"):
            no_block(Sandbox(root).read, ["swapped"], 100)
    finally:
        unblock_fifo(root / "swapped")


def test_a_file_on_the_way_is_not_a_folder_and_durable_writes_work(tmp_path):
    box = Sandbox(tmp_path)
    box.write(["f"], b"1", durable=True)
    assert box.read(["f"], 1) == b"1"
    with pytest.raises(SandboxError, match="not a folder"):
        box.write(["f", "x"], b"2")
    with pytest.raises(SandboxError, match="not a folder"):
        box.read(["f", "x"], 10)
    assert box.list(["missing", "deeper"]) == []
