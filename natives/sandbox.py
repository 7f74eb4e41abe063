"""The sandbox: the one folder of a run where the runtime reads, writes and removes files
for a map (saved games, preload files, game caches, the DzAPI server-value store).

Every file operation a native makes on disk goes through a ``Sandbox``. Its rules:

- The **root** folder is given by the user (``--sandbox``, ``Game(sandbox_dir=...)``) and is
  trusted: it may itself be reached through links. It is created when something is
  written and is missing.
- Everything **below** the root is addressed by *parts*, a list of names (``["saves",
  "Zones", "A.w3z"]``), never by a path string. Each folder is opened relative to the one
  before it (``dir_fd``) with ``O_NOFOLLOW | O_DIRECTORY``, so a symbolic link anywhere below
  the root is refused, without a check-then-use window (no ``Path.resolve``).
- Files are read with ``O_NOFOLLOW | O_NONBLOCK``: a link, a FIFO, a device or a socket is
  refused (a FIFO never blocks), as is a regular file with other hard links (it may be a
  file outside the sandbox) or one larger than the caller's limit.
- Files are written to a temporary file with an unpredictable name
  (``.jassvm-<random>.tmp``, created with ``O_CREAT | O_EXCL | O_NOFOLLOW`` in the target
  folder), then renamed over the destination: a planted link at the destination is
  replaced as a directory entry, never written through. A destination that is a folder or
  a special file is refused.
- Folders are removed with ``shutil.rmtree(name, dir_fd=...)``, which does not follow
  links inside the tree (``shutil.rmtree.avoids_symlink_attacks``); a link at the folder's
  own name is refused. Nothing is ever removed outside the root.

Every refusal and every failed system call raises ``SandboxError`` (an ``OSError``) whose
message names the relative path; natives turn it into the model warning they record.

``check_name`` is the common rule for names that come from a map script (save names, cache
names, preload file names): ``natives.gamecache.check_cache_name`` and
``natives.preload.check_preload_name`` use it.
"""
from __future__ import annotations

import errno
import functools
import os
import secrets
import stat

MAX_NAME_LENGTH = 200
"""Longest name (in characters) a map script may give to one part of a sandbox path."""

TEMP_PREFIX = ".jassvm-"
TEMP_SUFFIX = ".tmp"

_DEVICES = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(10)),
            *(f"LPT{i}" for i in range(10))}
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NOFOLLOW | _CLOEXEC
_READ_FLAGS = os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0) | _CLOEXEC
_TEMP_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC
_TEMP_TRIES = 16


def check_name(name: str | None, what: str = "name") -> str | None:
    """Why ``name`` cannot be one part of a sandbox path given by a map, or None when safe.

    Refused: empty names, path separators (``/``, ``\\``), ``..``, drive letters and other
    colons, control characters, undecodable characters (lone surrogates), a leading space
    or a trailing dot or space (Windows aliases), Windows device names (``CON``,
    ``nul.txt``, ...), and names longer than ``MAX_NAME_LENGTH`` characters. ``what`` starts
    the reason (``"cache name contains '..'"``).
    """
    if not name:
        return f"empty {what}"
    if len(name) > MAX_NAME_LENGTH:
        return f"{what} longer than {MAX_NAME_LENGTH} characters"
    if "/" in name or "\\" in name:
        return f"{what} contains a path separator"
    if ":" in name:
        return f"{what} contains a drive letter or colon"
    if ".." in name:
        return f"{what} contains '..'"
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in name):
        return f"{what} contains control characters"
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return f"{what} contains undecodable bytes"
    if name[-1] in ". " or name[0] == " ":
        return f"{what} starts with a space or ends with a dot or space"
    if name.split(".")[0].strip().upper() in _DEVICES:
        return f"{what} is a reserved device name"
    return None


class SandboxError(OSError):
    """A sandbox operation was refused or failed.

    ``path`` is the relative path concerned (``"saves/Zones"``); ``errno`` is the system
    error (``EPERM`` for a policy refusal: link, special file, bad part). ``str()`` reads
    ``"sandbox path 'saves/Zones' refused: is a symbolic link"``.
    """

    def __init__(self, path: str, reason: str, code: int = errno.EPERM) -> None:
        super().__init__(code, reason)
        self.path = path

    def __str__(self) -> str:
        return f"sandbox path {self.path!r} {self.strerror}"


def _refused(parts: list[str], reason: str) -> SandboxError:
    return SandboxError("/".join(parts), f"refused: {reason}")


def _failed(parts: list[str], exc: OSError) -> SandboxError:
    if isinstance(exc, SandboxError):
        return exc
    return SandboxError("/".join(parts), f"failed: {exc.strerror or exc}",
                        exc.errno or errno.EIO)


def _kind(mode: int) -> str:
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "dir"
    if stat.S_ISLNK(mode):
        return "link"
    return "special"


def _check_parts(parts) -> list[str]:
    """The parts as a list; SandboxError unless each is one plain directory entry name."""
    parts = list(parts)
    for part in parts:
        if not isinstance(part, str) or part in ("", ".", "..") or "/" in part or "\0" in part:
            raise _refused([str(p) for p in parts], f"{part!r} is not a plain name")
        try:
            if len(os.fsencode(part)) > 255:
                raise _refused(parts, f"{part[:20]!r}... is longer than 255 bytes")
        except UnicodeEncodeError:
            raise _refused(parts, f"{part!r} cannot be encoded") from None
    return parts


def _guarded(method):
    """Turn any stray OSError of a ``Sandbox`` operation into SandboxError (first argument:
    the parts concerned)."""
    @functools.wraps(method)
    def guarded(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except SandboxError:
            raise
        except OSError as exc:
            parts = args[0] if args and isinstance(args[0], (list, tuple)) else []
            raise _failed([str(p) for p in parts], exc) from None
    return guarded


class Sandbox:
    """File access below one trusted root folder, never through links (module docstring).

    ``root`` is a path (made absolute at construction). Operations take ``parts``: a list of
    plain names relative to the root (``[]`` is the root itself where a folder is meant);
    a part that is not one plain name (empty, ``.``, ``..``, ``/`` or NUL inside, over 255
    bytes) raises SandboxError. Map-given names should pass ``check_name`` first.

    Every operation opens the root afresh (``O_RDONLY | O_DIRECTORY``; the root is trusted,
    so it is not pinned) and walks down from that descriptor: a ``Sandbox`` holds no open
    descriptor between calls and costs nothing to keep on a long-lived game. POSIX only
    (``dir_fd`` support).
    """

    def __init__(self, root: str | os.PathLike) -> None:
        self.root = os.path.abspath(os.fspath(root))

    def __repr__(self) -> str:
        return f"Sandbox({self.root!r})"

    # -- walking ---------------------------------------------------------------------------
    def _open_root(self, create: bool) -> int | None:
        """A descriptor of the root folder (made first when ``create``); None if missing."""
        if create:
            os.makedirs(self.root, exist_ok=True)
        try:
            return os.open(self.root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _CLOEXEC)
        except FileNotFoundError:
            return None

    def _open_dir(self, parts: list[str], create: bool = False) -> int | None:
        """A descriptor of folder ``parts`` reached without following links; None when a
        folder on the way is missing (made instead when ``create``). The caller closes it.
        Raises SandboxError when a part is a link or not a folder."""
        try:
            fd = self._open_root(create)
        except OSError as exc:
            raise _failed([], exc) from None
        if fd is None:
            return None
        for i, part in enumerate(parts):
            fd = self._step(fd, part, parts[:i + 1], create)
            if fd is None:
                return None
        return fd

    @staticmethod
    def _step(fd: int, part: str, where: list[str], create: bool) -> int | None:
        """Open child folder ``part`` of ``fd`` (closing ``fd``); see ``_open_dir``."""
        try:
            for _attempt in range(2):
                try:
                    return os.open(part, _DIR_FLAGS, dir_fd=fd)
                except FileNotFoundError:
                    if not create:
                        return None
                    try:
                        os.mkdir(part, 0o777, dir_fd=fd)
                    except FileExistsError:
                        pass
                except OSError as exc:
                    if exc.errno in (errno.ELOOP, errno.ENOTDIR, errno.EMLINK):
                        kind = _lstat_kind(fd, part)
                        what = "is a symbolic link" if kind == "link" else f"is not a folder ({kind})"
                        raise _refused(where, what) from None
                    raise _failed(where, exc) from None
            raise _refused(where, "changed while it was opened")
        finally:
            os.close(fd)

    def _parent(self, parts: list[str], create: bool = False) -> int | None:
        """Descriptor of the folder holding the last part (see ``_open_dir``)."""
        if not parts:
            raise _refused(parts, "the sandbox root itself")
        return self._open_dir(parts[:-1], create)

    # -- queries ---------------------------------------------------------------------------
    @_guarded
    def kind(self, parts) -> str | None:
        """What ``parts`` names: ``"file"`` (regular), ``"dir"``, ``"link"``, ``"special"``
        (FIFO, socket, device) or None when it does not exist. Raises SandboxError when a
        folder on the way is a link or not a folder."""
        parts = _check_parts(parts)
        if not parts:
            return "dir" if os.path.isdir(self.root) else None
        fd = self._parent(parts)
        if fd is None:
            return None
        try:
            return _lstat_kind(fd, parts[-1])
        finally:
            os.close(fd)

    def is_file(self, parts) -> bool:
        """Whether ``parts`` is a regular file reached without links (never raises)."""
        try:
            return self.kind(parts) == "file"
        except SandboxError:
            return False

    def is_dir(self, parts) -> bool:
        """Whether ``parts`` is a folder reached without links (never raises)."""
        try:
            return self.kind(parts) == "dir"
        except SandboxError:
            return False

    @_guarded
    def list(self, parts=(), suffix: str = "", *, regular_only: bool = True) -> list[str]:
        """Sorted names in folder ``parts`` ending with ``suffix``: regular files only, or
        every entry (links and folders too) with ``regular_only=False``. The sandbox's own
        temporary files are left out. ``[]`` when the folder is missing; SandboxError when
        it is reached through a link."""
        parts = _check_parts(parts)
        fd = self._open_dir(parts)
        if fd is None:
            return []
        try:
            names = []
            for name in os.listdir(fd):
                if not name.endswith(suffix) or _is_temp(name):
                    continue
                if regular_only and _lstat_kind(fd, name) != "file":
                    continue
                names.append(name)
            return sorted(names)
        except OSError as exc:
            raise _failed(parts, exc) from None
        finally:
            os.close(fd)

    # -- reading ---------------------------------------------------------------------------
    @_guarded
    def read(self, parts, limit: int) -> bytes | None:
        """The contents of regular file ``parts``, or None when it (or a folder on the way)
        does not exist. Raises SandboxError for a link, a special file (a FIFO does not
        block), a file with other hard links, or one larger than ``limit`` bytes."""
        parts = _check_parts(parts)
        fd = self._parent(parts)
        if fd is None:
            return None
        try:
            kind = _lstat_kind(fd, parts[-1])     # refuse before opening when we can ...
            if kind is None:
                return None
            if kind == "link":
                raise _refused(parts, "is a symbolic link")
            if kind != "file":
                raise _refused(parts, f"is not a regular file ({kind})")
            try:
                f = os.open(parts[-1], _READ_FLAGS, dir_fd=fd)
            except FileNotFoundError:
                return None
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.EMLINK):
                    raise _refused(parts, "is a symbolic link") from None
                raise _failed(parts, exc) from None
        finally:
            os.close(fd)
        # ... and check what was opened (the entry may have been swapped meanwhile)
        try:
            st = os.fstat(f)
            if not stat.S_ISREG(st.st_mode):
                raise _refused(parts, f"is not a regular file ({_kind(st.st_mode)})")
            if st.st_nlink > 1:
                raise _refused(parts, "has other hard links")
            if st.st_size > limit:
                raise _refused(parts, f"is larger than {limit} bytes")
            chunks, size = [], 0
            while True:
                chunk = os.read(f, min(1 << 20, limit + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
                if size > limit:
                    raise _refused(parts, f"is larger than {limit} bytes")
            return b"".join(chunks)
        except OSError as exc:
            raise _failed(parts, exc) from None
        finally:
            os.close(f)

    # -- writing ---------------------------------------------------------------------------
    @_guarded
    def write(self, parts, data: bytes, *, durable: bool = False) -> None:
        """Make ``parts`` a regular file holding ``data``: missing folders are made (never
        through links), the bytes go to a new temporary file with an unpredictable name in
        the same folder, which then replaces the destination entry (a link there is
        replaced, not followed). ``durable`` fsyncs the file first. Raises SandboxError when
        the destination is a folder or a special file, or the write fails (the temporary
        file is removed then)."""
        parts = _check_parts(parts)
        fd = self._parent(parts, create=True)
        if fd is None:
            raise _refused(parts, "a folder on the way vanished")
        name = parts[-1]
        try:
            kind = _lstat_kind(fd, name)
            if kind in ("dir", "special"):
                raise _refused(parts, f"exists and is a {'folder' if kind == 'dir' else 'special file'}")
            tmp, f = _create_temp(fd, parts)
            try:
                try:
                    view = memoryview(data)
                    while view:
                        view = view[os.write(f, view):]
                    if durable:
                        os.fsync(f)
                finally:
                    os.close(f)
                os.replace(tmp, name, src_dir_fd=fd, dst_dir_fd=fd)
            except BaseException:
                try:
                    os.unlink(tmp, dir_fd=fd)
                except OSError:
                    pass
                raise
        except OSError as exc:
            raise _failed(parts, exc) from None
        finally:
            os.close(fd)

    @_guarded
    def make_dirs(self, parts) -> None:
        """Make folder ``parts`` and the folders above it (never through links)."""
        parts = _check_parts(parts)
        fd = self._open_dir(parts, create=True)
        if fd is None:
            raise _refused(parts, "a folder on the way vanished")
        os.close(fd)

    # -- removing and renaming ------------------------------------------------------------
    @_guarded
    def remove(self, parts) -> bool:
        """Remove file (or link, special file) ``parts``; False when it does not exist.
        A link is removed itself, its target is untouched. Raises SandboxError for a
        folder or when a folder on the way is a link."""
        parts = _check_parts(parts)
        fd = self._parent(parts)
        if fd is None:
            return False
        try:
            kind = _lstat_kind(fd, parts[-1])
            if kind is None:
                return False
            if kind == "dir":
                raise _refused(parts, "is a folder")
            os.unlink(parts[-1], dir_fd=fd)
            return True
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise _failed(parts, exc) from None
        finally:
            os.close(fd)

    @_guarded
    def remove_tree(self, parts) -> bool:
        """Remove folder ``parts`` and everything in it (links inside are removed, never
        followed); False when it does not exist or is not a folder. Raises SandboxError
        when it or a folder on the way is a link, or removal fails."""
        import shutil   # only here: it costs a few ms of every start-up (issue 17)
        parts = _check_parts(parts)
        if not shutil.rmtree.avoids_symlink_attacks:      # pragma: no cover (not on Linux)
            raise _refused(parts, "this platform cannot remove folders safely")
        fd = self._parent(parts)
        if fd is None:
            return False
        try:
            kind = _lstat_kind(fd, parts[-1])
            if kind == "link":
                raise _refused(parts, "is a symbolic link")
            if kind != "dir":
                return False
            shutil.rmtree(parts[-1], dir_fd=fd)
            return True
        except OSError as exc:
            raise _failed(parts, exc) from None
        finally:
            os.close(fd)

    @_guarded
    def rename(self, src_parts, dst_parts) -> bool:
        """Move file or folder ``src_parts`` to ``dst_parts`` (folders above the destination
        made as needed); False when the source does not exist or the destination does.
        Raises SandboxError when the source is a link or special file, or a folder on
        either way is a link."""
        src, dst = _check_parts(src_parts), _check_parts(dst_parts)
        sfd = self._parent(src)
        if sfd is None:
            return False
        dfd = None
        try:
            kind = _lstat_kind(sfd, src[-1])
            if kind is None:
                return False
            if kind not in ("file", "dir"):
                raise _refused(src, "is a symbolic link" if kind == "link" else "is a special file")
            if self.kind(dst) is not None:
                return False
            dfd = self._parent(dst, create=True)
            if dfd is None:
                raise _refused(dst, "a folder on the way vanished")
            os.rename(src[-1], dst[-1], src_dir_fd=sfd, dst_dir_fd=dfd)
            return True
        except OSError as exc:
            raise _failed(src, exc) from None
        finally:
            os.close(sfd)
            if dfd is not None:
                os.close(dfd)


def _lstat_kind(dir_fd: int, name: str) -> str | None:
    """``_kind`` of entry ``name`` of folder ``dir_fd`` (not following links); None if missing."""
    try:
        return _kind(os.stat(name, dir_fd=dir_fd, follow_symlinks=False).st_mode)
    except FileNotFoundError:
        return None


def _is_temp(name: str) -> bool:
    return name.startswith(TEMP_PREFIX) and name.endswith(TEMP_SUFFIX)


def _create_temp(dir_fd: int, parts: list[str]) -> tuple[str, int]:
    """A new temporary file in folder ``dir_fd``: (name, write descriptor)."""
    for _attempt in range(_TEMP_TRIES):
        name = f"{TEMP_PREFIX}{secrets.token_hex(8)}{TEMP_SUFFIX}"
        try:
            return name, os.open(name, _TEMP_FLAGS, 0o666, dir_fd=dir_fd)
        except FileExistsError:
            continue
    raise _refused(parts, "no free temporary file name")
