"""Shared fixtures: where ../shared is, and skipping (never in CI) when it is absent."""
import os
from pathlib import Path

import pytest

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
