"""Shared fixtures: where ../shared is, and skipping (never in CI) when it is absent; the
files a test opens; an API folder with test AI scripts, and playing a map."""
import builtins
import io
import os
import shutil
from pathlib import Path

import pytest

from maps.runner import RunOptions, load_mission, run_mission
from natives.library import load_natives

load_natives()   # tests read the registry directly: every natives module, also those a run imports lazily

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


def shared_path(*parts: str) -> Path:
    """A path under ../shared; skips the test when ../shared is absent (fails in CI)."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing in CI")
        pytest.skip(f"{path} is absent (the shared corpus is not checked out beside the project)")
    return path


def ai_api(folder: Path, scripts: dict[str, str]) -> Path:
    """``folder`` made an API folder: 1.30.4's common.j and common.ai, and the AI scripts
    ``scripts`` (file name -> JASS text) in ``ai/``."""
    (folder / "ai").mkdir(parents=True)
    for name in ("common.j", "common.ai"):
        shutil.copy(shared_path("corpus", "api", "1.30.4", name), folder / name)
    for name, text in scripts.items():
        (folder / "ai" / name).write_text(text)
    return folder


def play_map(path: Path, api: Path, until: float, resume=None, **kw):
    """(report, session) of ``path`` played ``until`` game seconds with API folder ``api``
    (``RunOptions`` fields in ``kw``; ``resume``: a save's data)."""
    options = RunOptions(api=str(api), until=until, **kw)
    return run_mission(load_mission(path, options), options, resume=resume)


@pytest.fixture
def opened(monkeypatch) -> list[str]:
    """The paths opened (``os.open``, ``open``) while the test runs. A refusal that opens
    nothing did bounded work whatever the machine's load: a FIFO never opened cannot block,
    a device never opened cannot stream (tests assert work, never wall time)."""
    paths: list[str] = []

    def recording(real):
        def opener(file, *args, **kwargs):
            if isinstance(file, (str, bytes, os.PathLike)):
                paths.append(os.fsdecode(file))
            return real(file, *args, **kwargs)
        return opener

    monkeypatch.setattr(os, "open", recording(os.open))
    monkeypatch.setattr(builtins, "open", recording(builtins.open))
    monkeypatch.setattr(io, "open", recording(io.open))
    return paths


def _missing_shared(item) -> Path | None:
    """For a scenario item (``*.scenario.yaml``): the first map or API path it uses that
    lies under ../shared and does not exist, else None."""
    loaded = getattr(item, "loaded", None)
    if loaded is None:
        return None
    paths = list(loaded.maps) + ([loaded.api] if loaded.api is not None else [])
    shared = SHARED.resolve()
    for p in paths:
        p = Path(p).resolve()
        if p.is_relative_to(shared) and not p.exists():
            return p
    return None


def pytest_runtest_setup(item):
    """Scenario files playing the shared corpus maps skip (fail in CI) when ../shared is
    absent, as ``shared_path`` does for Python tests."""
    missing = _missing_shared(item)
    if missing is not None:
        if os.environ.get("CI"):
            pytest.fail(f"{missing} is missing in CI")
        pytest.skip(f"{missing} is absent (the shared corpus is not checked out beside the project)")
