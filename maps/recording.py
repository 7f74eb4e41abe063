"""Recorded play-throughs: everything needed to play a run again exactly, in one file.

The runtime is deterministic: the same program, API, seed and inputs give the same game,
byte for byte. A recording (JSON, ``*.jrec``) holds

- what was played: a map (``kind: map``: its path, ``until``, the local player) or a
  scenario (``kind: scenario``: its path and its whole YAML text, so a recording replays the
  scenario as it was even after the file changed), the API folder and the seed;
- the digests of what was loaded (``maps.runner.Mission.identity``: API files, map script,
  string table), checked before a replay: a recording of another map version is refused;
- the injected inputs with their game times: a scenario's steps, each with the game time it
  started and ended (``maps.scenario_runner.run_scenario(on_step=...)``);
- the result: the final ``state_digest``, game time, outcome and, for a failing scenario,
  the failure text and the step it failed at.

``replay`` plays a recording again and says whether it reproduced it (same digest, same step
times, same failure). Recordings come from ``jass run --record FILE``, and from ``jass test``
for each failing scenario (next to the JUnit report); ``jass run --replay FILE`` and
``jass debug FILE`` play them.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from maps.runner import MissionReport, RunOptions, load_mission, run_mission
from maps.scenario import ScenarioFileError, describe, load_scenario
from maps.scenario_runner import run_scenario
from natives.snapshot import SnapshotError, state_digest

FORMAT = "jassvm-recording"
VERSION = 1
SUFFIX = ".jrec"
MAX_BYTES = 64 << 20
"""Largest recording read (64 MiB): a scenario's text and a few hundred steps are far less."""


class RecordingError(Exception):
    """A recording that cannot be read or does not match what is on this machine."""


@dataclass
class Recording:
    """See the module docstring. ``steps``: ``{"index", "what", "line", "start", "end"}``
    (game seconds of all missions played); ``result``: ``{"state_digest", "game_time",
    "outcome", "failure", "failed_step"}``."""

    kind: str
    path: str
    api: str | None = None
    seed: int = 0
    until: float | None = None
    local_player: int | None = None
    difficulty: int | None = None     # map runs: ``RunOptions.difficulty``
    game_data: str | None = None      # map runs: the game-data folder used (its digest is in identity)
    max_ops: int | None = None        # map runs: the op budget that may have ended the run
    text: str | None = None
    identity: dict = field(default_factory=dict)
    steps: list[dict] = field(default_factory=list)
    result: dict = field(default_factory=dict)

    def to_json(self) -> str:
        """The recording as the JSON text of a ``*.jrec`` file (sorted keys: stable bytes)."""
        data = {"format": FORMAT, "version": VERSION, **self.__dict__}
        return json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True)


def write_recording(path: str | os.PathLike, rec: Recording) -> None:
    """Write ``rec`` to ``path`` (through a temporary file, so a reader never sees half)."""
    target = Path(path)
    tmp = target.with_name(target.name + ".tmp")
    tmp.write_text(rec.to_json(), encoding="utf-8")
    os.replace(tmp, target)


def read_recording(path: str | os.PathLike) -> Recording:
    """Read and check a recording. Raises RecordingError with the reason."""
    p = Path(path)
    try:
        if not p.is_file():
            raise RecordingError(f"{path}: no such recording")
        if p.stat().st_size > MAX_BYTES:
            raise RecordingError(f"{path}: larger than {MAX_BYTES >> 20} MiB: not a recording")
        data = json.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RecordingError(f"{path}: not a readable recording ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordingError(f"{path}: not a jassvm recording")
    if data.get("version") != VERSION:
        raise RecordingError(f"{path}: recording version {data.get('version')}, this runtime reads {VERSION}")
    fields = {k: data.get(k) for k in Recording.__dataclass_fields__ if k in data}
    kind = fields.get("kind")
    if kind not in ("map", "scenario") or not isinstance(fields.get("path"), str):
        raise RecordingError(f"{path}: a recording needs kind (map or scenario) and path")
    if kind == "scenario" and not isinstance(fields.get("text"), str):
        raise RecordingError(f"{path}: a scenario recording needs the scenario's text")
    try:
        rec = Recording(**fields)
    except TypeError as exc:
        raise RecordingError(f"{path}: {exc}") from None
    if not isinstance(rec.steps, list) or not isinstance(rec.result, dict) or not isinstance(rec.identity, dict):
        raise RecordingError(f"{path}: steps, result and identity have the wrong shape")
    return rec


def is_recording(path: str | os.PathLike) -> bool:
    """True when ``path`` names a recording (by its ``.jrec`` suffix)."""
    return str(path).endswith(SUFFIX)


def differences(recorded: Recording, replayed: Recording) -> list[str]:
    """What the replay did differently (empty: reproduced exactly)."""
    out = []
    a, b = recorded.result, replayed.result
    for key in ("failed_step", "outcome", "game_time", "state_digest"):
        if a.get(key) != b.get(key):
            out.append(f"{key}: recorded {a.get(key)!r}, replayed {b.get(key)!r}")
    for old, new in zip(recorded.steps, replayed.steps):
        if (old.get("start"), old.get("end")) != (new.get("start"), new.get("end")):
            out.append(f"step {old.get('index')} ({old.get('what')}): recorded {old.get('start')}..{old.get('end')} s, "
                       f"replayed {new.get('start')}..{new.get('end')} s")
            break
    return out


def check_identity(recorded: dict, loaded: dict, what: str) -> None:
    """Refuse a replay on a map or API that is not the one recorded."""
    for key, value in recorded.items():
        if loaded.get(key) != value:
            raise RecordingError(f"{what} is not the one recorded ({key} differs): the replay would not be exact")


def identity_of(mission) -> dict[str, Any]:
    """What a replay must load again: ``Mission.identity`` (digests of the API files, map
    script, string table, object data; empty for None)."""
    return dict(getattr(mission, "identity", {}) or {})


# ---------------------------------------------------------------------------------------
# Recording and replaying
# ---------------------------------------------------------------------------------------

def record_map(path: str | os.PathLike, options: RunOptions) -> tuple[Recording, MissionReport]:
    """Play one map as ``jass run`` does and return its recording and report. Raises
    MapError / JassError as ``load_mission`` does."""
    mission = load_mission(path, options)
    report, session = run_mission(mission, options)
    return map_recording(path, options, mission, report, session), report


def map_recording(path: str | os.PathLike, options: RunOptions, mission, report: MissionReport,
                  session) -> Recording:
    """The recording of a map run that has ended (``run_mission``'s report and session)."""
    game_data = options.game_data or os.environ.get("JASS_GAME_DATA")
    return Recording("map", str(Path(path).resolve()), api=options.api, seed=options.seed, until=options.until,
                     local_player=options.local_player, difficulty=options.difficulty,
                     game_data=str(Path(game_data).resolve()) if game_data else None,
                     max_ops=options.max_ops, identity=identity_of(mission),
                     result={"state_digest": _digest(session), "game_time": round(report.game_time, 3),
                             "outcome": report.outcome.get(report.local_player), "failure": None,
                             "failed_step": None})


class ScenarioRecorder:
    """Collects a scenario run's recording: pass ``on_session``, ``on_step`` and ``on_end``
    to ``run_scenario`` (composing with other callbacks as needed), then ``recording(result)``."""

    def __init__(self, loaded, *, api: str | None = None, seed: int | None = None, text: str | None = None):
        self.loaded = loaded
        self.api = api
        self.seed = seed
        self.text = text
        self.steps: list[dict] = []
        self.identity: dict[str, Any] = {}
        self.digest: str | None = None

    def on_session(self, jg) -> None:
        """Remember the identity of each mission the run loads."""
        for k, v in identity_of(getattr(jg, "mission", None)).items():
            self.identity[f"{jg.mission_index}.{k}"] = v

    def on_step(self, index: int, start: float, end: float) -> None:
        """Record step ``index`` with the game times (seconds) it started and ended."""
        loaded = self.loaded
        self.steps.append({"index": index, "what": describe(loaded.scenario.steps[index]),
                           "line": loaded.step_lines[index], "start": round(start, 3), "end": round(end, 3)})

    def on_end(self, jg) -> None:
        """Take the final state digest before the game is closed."""
        self.digest = _digest(jg.session) if jg.session is not None else None

    def recording(self, result) -> Recording:
        """The recording of the run that gave ``result`` (a ``ScenarioResult``)."""
        loaded, sc = self.loaded, self.loaded.scenario
        text = self.text
        if text is None:
            text = loaded.path.read_text(encoding="utf-8", errors="surrogateescape")
        failure = result.failure
        failed = len(self.steps) if failure is not None and len(self.steps) < len(sc.steps) else None
        api = self.api if self.api is not None else (str(loaded.api) if loaded.api else None)
        return Recording("scenario", str(loaded.path.resolve()), api=api,
                         seed=sc.seed if self.seed is None else self.seed, text=text, identity=self.identity,
                         steps=self.steps,
                         result={"state_digest": self.digest, "game_time": result.facts.get("game_time"),
                                 "outcome": result.facts.get("outcome"),
                                 "failure": str(failure) if failure else None, "failed_step": failed})


def record_scenario(loaded, *, api: str | None = None, seed: int | None = None,
                    text: str | None = None) -> tuple[Recording, Any]:
    """Run a loaded scenario (``maps.scenario.load_scenario``) and return its recording and
    ``ScenarioResult``. ``text``: the scenario's YAML (default: read from its file)."""
    rec = ScenarioRecorder(loaded, api=api, seed=seed, text=text)
    result = run_scenario(loaded, api=api, seed=seed, on_session=rec.on_session, on_step=rec.on_step,
                          on_end=rec.on_end)
    return rec.recording(result), result


def replay(rec: Recording) -> tuple[Recording, list[str]]:
    """Play ``rec`` again; the new recording and its differences from ``rec`` (empty: the
    replay reproduced it exactly). Raises RecordingError when the map or API on this machine
    is not the one recorded, MapError/JassError when they do not load."""
    if rec.kind == "map":
        options = RunOptions(api=rec.api, until=rec.until or 1800.0, seed=rec.seed, local_player=rec.local_player,
                             difficulty=rec.difficulty, game_data=rec.game_data, max_ops=rec.max_ops)
        check_identity(rec.identity, identity_of(load_mission(rec.path, options)), rec.path)
        again, _report = record_map(rec.path, options)
        return again, differences(rec, again)
    loaded = load_scenario_of(rec)
    again, _result = record_scenario(loaded, api=rec.api, seed=rec.seed, text=rec.text)
    check_identity(rec.identity, again.identity, f"a map of {rec.path}")
    return again, differences(rec, again)


def load_scenario_of(rec: Recording):
    """The scenario of a recording, from its recorded text (relative paths resolve against
    the recorded file's folder). Raises RecordingError when it does not load."""
    try:
        return load_scenario(rec.path, text=rec.text)
    except ScenarioFileError as exc:
        raise RecordingError(f"the recorded scenario does not load here: {exc}") from None


def _digest(session) -> str | None:
    try:
        return state_digest(session)
    except SnapshotError:
        return None
