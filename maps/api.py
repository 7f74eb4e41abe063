"""Choosing the API files (common.j, Blizzard.j, common.ai) a map runs against.

Order (issue #5): ``--api DIR``, then the ``JASS_API`` environment variable, then the
``scripts\\common.j``/``scripts\\Blizzard.j`` a map archive carries, else the built-in API
(``natives.builtin``). AI scripts named by ``StartCampaignAI`` are looked up
case-insensitively in the API folder's ``ai/`` subfolder, then in the map.
"""
from __future__ import annotations

import os
from dataclasses import field
from pathlib import Path

from jassvm.records import record
from jassvm.source import read_source_file
from maps.errors import MapError
from maps.mapfile import MapFiles


@record(slots=False)
class ApiSet:
    """The API sources in load order, where they came from, and an AI script lookup folder."""

    sources: list[tuple[str, bytes]] = field(default_factory=list)
    origin: str = "built-in"
    folder: Path | None = None

    @property
    def has_blizzard(self) -> bool:
        return any(Path(name).name.lower() == "blizzard.j" for name, _ in self.sources)


def _read_folder(folder: Path) -> ApiSet:
    if not folder.is_dir():
        if folder.exists():   # e.g. --api .../common.j
            raise MapError(folder, f"an API is the folder that holds common.j and Blizzard.j, "
                                   f"not a file (try {folder.parent})")
        raise MapError(folder, "API folder does not exist")
    files = {p.name.lower(): p for p in folder.iterdir() if p.is_file()}
    if "common.j" not in files:
        raise MapError(folder, "API folder has no common.j")
    api = ApiSet(origin=str(folder), folder=folder)
    for name in ("common.j", "blizzard.j"):
        if name in files:
            try:
                api.sources.append((str(files[name]), read_source_file(files[name])))
            except OSError as err:
                raise MapError(files[name], f"cannot read: {err.strerror}") from None
    return api


def select_api(api_dir: str | os.PathLike | None, mapfiles: MapFiles | None) -> ApiSet:
    """The API set for a run (see module docstring). Raises MapError for a bad folder."""
    chosen = api_dir or os.environ.get("JASS_API")
    if chosen:
        return _read_folder(Path(chosen))
    if mapfiles is not None:
        carried = mapfiles.api_files()
        if "common.j" in carried:
            api = ApiSet(origin=f"{mapfiles.source} (scripts\\)")
            api.sources.append(("common.j", carried["common.j"]))
            if "Blizzard.j" in carried:
                api.sources.append(("Blizzard.j", carried["Blizzard.j"]))
            return api
    from natives.builtin import builtin_source
    return ApiSet(sources=[("<built-in API>", builtin_source())], origin="built-in")


def find_ai_script(name: str, api: ApiSet, mapfiles: MapFiles | None) -> bytes | None:
    """Bytes of the AI script ``name`` (case-insensitive) from the API folder's ``ai/``
    subfolder or the map, or None."""
    base = Path(name.replace("\\", "/")).name.lower()
    if api.folder is not None:
        for folder in (api.folder / "ai", api.folder):
            if folder.is_dir():
                for p in folder.iterdir():
                    if p.name.lower() == base and p.is_file():
                        return read_source_file(p)   # bounded: jassvm.source.MAX_SOURCE_BYTES
    if mapfiles is not None:
        return mapfiles.read(name) or mapfiles.read("scripts\\" + base)
    return None
