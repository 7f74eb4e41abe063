"""The Debug Adapter Protocol server (``debugger.dap``, ``jass debug --dap``): message framing,
and scripted sessions through an in-process client (``tests/dapclient.py``) on a small map
of the tests (``tests/dap/waves.j``), a corpus archive and a scenario, over pipes, TCP and
the real command's stdio. The end-to-end test with VS Code's client library is
``tests/test_dap_e2e.py``.

Game facts used: a periodic ``TriggerRegisterTimerEvent(t, 5.00, true)`` fires at 5, 10,
15... game seconds; ``TriggerSleepAction(1.00)`` waits 1 game second (natives/triggers.py
``sleep_delay``: waits run on the game clock).
"""
from __future__ import annotations

import io
import json
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from conftest import ROOT, shared_path
from dapclient import DapClient
from debugger.dap import MAX_MESSAGE, ProtocolError, capabilities, encode_message, read_message, serve_tcp
from debugger.engine import EXCEPTION_FILTERS

DAP = Path(__file__).resolve().parent / "dap"
WAVES = DAP / "waves.j"


# ---------------------------------------------------------------------------- framing

def test_a_message_round_trips_with_its_length_in_utf8_bytes():
    message = {"seq": 1, "type": "event", "event": "output", "body": {"output": "Arthas: été\n"}}
    data = encode_message(message)
    header, _, body = data.partition(b"\r\n\r\n")
    assert header == b"Content-Length: %d" % len(body)
    assert len(body) == len(body.decode("utf-8")) + 2     # é is two bytes in UTF-8
    assert read_message(io.BytesIO(data)) == message


def test_messages_follow_each_other_and_other_headers_are_ignored():
    stream = io.BytesIO(b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"
                        b"content-length: 2\r\n\r\n{}" + encode_message({"seq": 2}))
    assert read_message(stream) == {}
    assert read_message(stream) == {"seq": 2}
    assert read_message(stream) is None


@pytest.mark.parametrize("data, error", [
    (b"Content-Type: x\r\n\r\n{}", "without Content-Length"),
    (b"Content-Length: two\r\n\r\n{}", "bad Content-Length"),
    (b"Content-Length: -1\r\n\r\n", "out of range"),
    (b"Content-Length: %d\r\n\r\n" % (MAX_MESSAGE + 1), "out of range"),
    (b"Content-Length: 10\r\n\r\n{}", "end of stream after 2 of 10"),
    (b"Content-Length: 3\r\n\r\n{x}", "not JSON"),
    (b"Content-Length: 2\r\n\r\n[]", "not a JSON object"),
    (b"Content-Length: 2\r\n", "end of stream inside a message header"),
    (b"garbage\r\n\r\n", "malformed header"),
])
def test_bad_framing_is_a_protocol_error(data, error):
    with pytest.raises(ProtocolError, match=error):
        read_message(io.BytesIO(data))


def test_capabilities_are_the_ones_the_issue_lists():
    caps = capabilities()
    for name in ("supportsConfigurationDoneRequest", "supportsFunctionBreakpoints",
                 "supportsConditionalBreakpoints", "supportsHitConditionalBreakpoints", "supportsLogPoints",
                 "supportsDataBreakpoints", "supportsSetVariable", "supportsEvaluateForHovers",
                 "supportsLoadedSourcesRequest", "supportsTerminateRequest"):
        assert caps[name] is True, name
    assert [f["filter"] for f in caps["exceptionBreakpointFilters"]] == [k for k, _ in EXCEPTION_FILTERS]


# ---------------------------------------------------------------------------- sessions

@pytest.fixture
def client():
    c = DapClient()
    yield c
    c.close()       # a test that failed half-way leaves its session waiting: end it
    c.join()


def start(c: DapClient, launch: dict, configure=None) -> dict:
    """initialize, launch, ``configure(c)`` at the initialized event, configurationDone;
    returns the launch response."""
    c.request("initialize", {"adapterID": "jass", "linesStartAt1": True})
    seq = c.send("launch", launch)
    c.event("initialized")
    if configure is not None:
        configure(c)
    c.request("configurationDone")
    response = c.wait(lambda m: m.get("type") == "response" and m.get("request_seq") == seq)
    assert response["success"], response
    return response


def frames(c: DapClient, stopped: dict) -> list[tuple[str, int]]:
    st = c.request("stackTrace", {"threadId": stopped["body"]["threadId"]})["body"]["stackFrames"]
    return [(f["name"], f["line"]) for f in st]


def top_frame(c: DapClient, stopped: dict) -> dict:
    return c.request("stackTrace", {"threadId": stopped["body"]["threadId"]})["body"]["stackFrames"][0]


def scope(c: DapClient, frame_id: int, name: str) -> int:
    scopes = c.request("scopes", {"frameId": frame_id})["body"]["scopes"]
    return next(s["variablesReference"] for s in scopes if s["name"] == name)


def variables(c: DapClient, ref: int) -> dict[str, dict]:
    return {v["name"]: v for v in c.request("variables", {"variablesReference": ref})["body"]["variables"]}


def game_time(stopped: dict) -> float:
    """The game time a stopped event's description gives ("... game time 5.000 s ...")."""
    return float(stopped["body"]["description"].rsplit("game time ", 1)[1].split()[0])


def end(c: DapClient) -> dict:
    """terminate, then the exited and terminated events, then disconnect."""
    c.request("terminate")
    exited = c.event("exited")
    c.event("terminated")
    c.request("disconnect")
    return exited


def test_line_breakpoint_step_over_a_wait_locals_and_an_array_element(client):
    c = client
    start(c, {"program": str(WAVES), "until": 60},
          lambda c: c.request("setBreakpoints", {"source": {"path": str(WAVES)},
                                                 "breakpoints": [{"line": 19}]}))
    stopped = c.event("stopped")
    assert stopped["body"]["reason"] == "breakpoint"
    assert frames(c, stopped) == [("Trig_Wave_Actions", 19)]
    assert game_time(stopped) == 5.0          # the periodic timer event's first firing
    threads = c.request("threads")["body"]["threads"]
    assert [t["name"].split(" (")[0] for t in threads if t["id"] == stopped["body"]["threadId"]] == \
        ["gg_trg_Wave actions"]
    frame = top_frame(c, stopped)
    assert variables(c, scope(c, frame["id"], "Locals"))["n"]["value"] == "0"
    assert c.request("evaluate", {"expression": "udg_Wave", "frameId": frame["id"],
                                  "context": "hover"})["body"]["result"] == "1"
    spawned = variables(c, scope(c, frame["id"], "Map globals"))["udg_Spawned"]
    assert spawned["evaluateName"] == "udg_Spawned"
    element = variables(c, spawned["variablesReference"])["[0]"]
    assert element["type"] == "unit" and element["evaluateName"] == "udg_Spawned[0]"
    info = c.request("dataBreakpointInfo", {"variablesReference": spawned["variablesReference"],
                                            "name": "[0]"})["body"]
    assert info["dataId"] == "udg_Spawned[0]"

    c.request("next", {"threadId": stopped["body"]["threadId"]})
    after = c.event("stopped")
    assert after["body"]["reason"] == "step"
    assert frames(c, after) == [("Trig_Wave_Actions", 20)]
    assert game_time(after) == 6.0            # TriggerSleepAction(1.00): one game second later
    assert end(c)["body"]["exitCode"] == 0


def test_function_data_and_trigger_breakpoints(client):
    c = client

    def configure(c):
        fb = c.request("setFunctionBreakpoints", {"breakpoints": [{"name": "AddGold"}]})["body"]
        assert fb["breakpoints"][0]["verified"] and fb["breakpoints"][0]["line"] == 11

    start(c, {"program": str(WAVES), "until": 60}, configure)
    stopped = c.event("stopped")
    assert stopped["body"]["reason"] == "function breakpoint"
    assert frames(c, stopped) == [("AddGold", 11), ("Trig_Wave_Actions", 20)]
    assert game_time(stopped) == 6.0
    frame = top_frame(c, stopped)
    assert variables(c, scope(c, frame["id"], "Arguments"))["amount"]["value"] == "10.0"
    info = c.request("dataBreakpointInfo", {"name": "udg_Gold"})["body"]
    assert info["dataId"] == "udg_Gold" and info["accessTypes"] == ["write"]
    db = c.request("setDataBreakpoints", {"breakpoints": [{"dataId": info["dataId"]}]})["body"]
    assert db["breakpoints"][0]["verified"]

    c.request("continue", {"threadId": stopped["body"]["threadId"]})
    changed = c.event("stopped")
    assert changed["body"]["reason"] == "data breakpoint"
    assert "udg_Gold changed from 0.0 to 10.0" in changed["body"]["description"]

    c.request("setFunctionBreakpoints", {"breakpoints": [{"name": "gg_trg_Wave"}]})
    c.request("setDataBreakpoints", {"breakpoints": []})
    c.request("continue", {"threadId": changed["body"]["threadId"]})
    wave = c.event("stopped")
    assert wave["body"]["reason"] == "function breakpoint"
    assert frames(c, wave) == [("Trig_Wave_Actions", 16)]
    assert game_time(wave) == 10.0            # the second firing of the periodic event
    end(c)


def test_pause_and_a_breakpoint_set_while_the_game_runs(client):
    c = client
    start(c, {"program": str(WAVES), "until": 10_000_000})
    c.request("pause")
    paused = c.event("stopped")
    assert paused["body"]["reason"] == "pause"
    c.request("continue", {"threadId": paused["body"]["threadId"]})
    # the game runs: the adapter stops it silently to set the breakpoint, then goes on
    bp = c.request("setBreakpoints", {"source": {"path": str(WAVES)}, "breakpoints": [{"line": 17}]})
    assert bp["body"]["breakpoints"][0]["verified"]
    hit = c.event("stopped")
    assert hit["body"]["reason"] == "breakpoint"
    assert hit["body"]["hitBreakpointIds"] == [bp["body"]["breakpoints"][0]["id"]]
    assert game_time(hit) % 5.0 == 0.0
    assert end(c)["body"]["exitCode"] == 0


def test_step_back_over_a_wait_and_go_to_a_game_time(client):
    """Time travel (``debugger.timetravel``) through stepBack, reverseContinue and the custom
    gotoTime request, on Human01's intro: ``TriggerSleepAction( 4.50 )`` on line 2374."""
    human01 = shared_path("corpus", "maps", "campaign-human01", "war3map.j")
    api = shared_path("corpus", "api", "1.30.4")
    c = client
    start(c, {"program": str(human01), "api": str(api), "until": "2m"},
          lambda c: c.request("setBreakpoints", {"source": {"path": str(human01)}, "breakpoints": [{"line": 2374}]}))
    hit = c.event("stopped")
    assert frames(c, hit) == [("Trig_Intro_Cinematic_Actions", 2374)]
    c.request("next", {"threadId": hit["body"]["threadId"]})
    woke = c.event("stopped")
    assert frames(c, woke) == [("Trig_Intro_Cinematic_Actions", 2375)]
    assert game_time(woke) == pytest.approx(game_time(hit) + 4.5)
    c.request("stepBack", {"threadId": woke["body"]["threadId"]})
    back = c.event("stopped")
    assert back["body"]["reason"] == "step"
    assert frames(c, back) == [("Trig_Intro_Cinematic_Actions", 2374)]
    assert game_time(back) == game_time(hit)
    c.request("gotoTime", {"time": "30s"})
    there = c.event("stopped")
    assert there["body"]["reason"] == "goto" and game_time(there) == 30.0
    c.request("reverseContinue", {"threadId": there["body"]["threadId"]})
    again = c.event("stopped")
    assert again["body"]["reason"] == "breakpoint" and game_time(again) == game_time(hit)
    end(c)


def test_stop_on_entry_shows_the_game_between_threads(client):
    c = client
    start(c, {"program": str(WAVES), "stopOnEntry": True, "until": 30})
    stopped = c.event("stopped")
    assert stopped["body"]["reason"] == "entry" and stopped["body"]["threadId"] == 0
    assert [t["id"] for t in c.request("threads")["body"]["threads"]] == [0]
    assert c.request("stackTrace", {"threadId": 0})["body"]["stackFrames"] == []
    c.request("continue", {"threadId": 0})
    assert c.event("exited")["body"]["exitCode"] == 0
    c.event("terminated")
    assert any("game over at game time 30.00 s" in o for o in c.outputs("console"))
    c.request("disconnect")


def test_user_mistakes_are_error_responses(client, tmp_path):
    c = client
    c.request("initialize", {"adapterID": "jass"})
    assert "send launch first" in c.request("stackTrace", {"threadId": 1}, ok=False)["message"]
    assert "unsupported request 'frobnicate'" in c.request("frobnicate", ok=False)["message"]
    assert "'program'" in c.request("launch", {}, ok=False)["message"]
    assert "no such file" in c.request("launch", {"program": str(tmp_path / "nope.j")}, ok=False)["message"]
    assert "'seed'" in c.request("launch", {"program": str(WAVES), "seed": "x"}, ok=False)["message"]
    assert "bad 'until'" in c.request("launch", {"program": str(WAVES), "until": "soon"}, ok=False)["message"]
    broken = tmp_path / "broken.j"
    broken.write_text("function main takes nothing returns nothing\n    call\nendfunction\n")
    failed = c.request("launch", {"program": str(broken)}, ok=False)
    assert "broken.j" in failed["message"] and "cannot be loaded" in failed["message"]
    assert "Traceback" not in failed["message"]
    c.request("disconnect")


def test_errors_at_a_stop_are_error_responses(client):
    c = client
    start(c, {"program": str(WAVES), "until": 30},
          lambda c: c.request("setBreakpoints", {"source": {"path": str(WAVES)}, "breakpoints": [{"line": 17}]}))
    stopped = c.event("stopped")
    frame = top_frame(c, stopped)
    bad = c.request("evaluate", {"expression": "udg_Nope + 1", "frameId": frame["id"]}, ok=False)
    assert "udg_Nope" in bad["message"] and "Traceback" not in bad["message"]
    refused = c.request("evaluate", {"expression": "CreateUnit(Player(0), 'hfoo', 0, 0, 0)",
                                     "frameId": frame["id"], "context": "hover"}, ok=False)
    assert refused["message"]
    assert "unknown exception filter" in c.request("setExceptionBreakpoints", {"filters": ["typo"]},
                                                   ok=False)["message"]
    assert "no frame" in c.request("scopes", {"frameId": 999}, ok=False)["message"]
    end(c)


def test_a_script_inside_an_archive_is_served_by_reference(client):
    archive = shared_path("corpus", "maps", "archive-smallest-map-roc", "test_roc.w3m")
    c = client
    api = shared_path("corpus", "api", "1.26")      # the API tests/test_corpus_maps.py pairs it with
    start(c, {"program": str(archive), "api": str(api), "stopOnEntry": True, "until": 5})
    c.event("stopped")
    sources = c.request("loadedSources")["body"]["sources"]
    script = next(s for s in sources if s["name"].lower().endswith("war3map.j"))
    assert "path" not in script and script["sourceReference"] > 0
    text = c.request("source", {"sourceReference": script["sourceReference"]})["body"]["content"]
    assert "function main takes nothing returns nothing" in text
    assert any(s.get("path") == str(api / "common.j") for s in sources)   # the API folder, on disk
    end(c)


def test_a_failing_scenario_stops_at_its_expectation(client, tmp_path):
    scenario = tmp_path / "waves.scenario.yaml"
    scenario.write_text(f"map: {WAVES}\nsteps:\n  - advance: 12s\nexpect:\n  - {{global: udg_Wave, eq: 5}}\n")
    c = client
    start(c, {"program": str(scenario)})
    stopped = c.event("stopped")
    assert stopped["body"]["reason"] == "exception"
    assert "udg_Wave" in stopped["body"]["text"]
    info = c.request("exceptionInfo", {"threadId": stopped["body"]["threadId"]})["body"]
    assert info["exceptionId"] == "scenario failure"
    # the game is intact at the failure: two waves (5 s and 10 s) have come
    assert c.request("evaluate", {"expression": "udg_Wave", "context": "watch"})["body"]["result"] == "2"
    c.request("continue", {"threadId": 0})
    assert c.event("exited")["body"]["exitCode"] == 1
    c.event("terminated")
    c.request("disconnect")


def test_the_client_going_away_ends_the_game(client):
    c = client
    start(c, {"program": str(WAVES), "until": 10_000_000})
    c.close()
    c.join()
    assert c.session._ended


# ---------------------------------------------------------------------------- transports

def test_tcp_serves_a_session():
    ports: list[int] = []
    ready = threading.Event()
    server = threading.Thread(target=serve_tcp, kwargs={"port": 0, "once": True,
                                                         "ready": lambda p: (ports.append(p), ready.set())},
                              daemon=True)
    server.start()
    assert ready.wait(30)
    with socket.create_connection(("127.0.0.1", ports[0]), timeout=30) as sock:
        stream = sock.makefile("rwb", buffering=0)
        stream.write(encode_message({"seq": 1, "type": "request", "command": "initialize",
                                     "arguments": {"adapterID": "jass"}}))
        response = read_message(stream)
        assert response["success"] and response["body"]["supportsConfigurationDoneRequest"]
        stream.write(encode_message({"seq": 2, "type": "request", "command": "disconnect"}))
        assert read_message(stream)["command"] == "disconnect"
    server.join(30)
    assert not server.is_alive()


def test_jass_debug_dap_speaks_only_the_protocol_on_stdout():
    proc = subprocess.Popen([sys.executable, str(DAP / "adapter.py")], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    try:
        for m in [{"seq": 1, "type": "request", "command": "initialize", "arguments": {"adapterID": "jass"}},
                  {"seq": 2, "type": "request", "command": "launch",
                   "arguments": {"program": str(DAP / "oplimit.j"), "until": 5}},
                  {"seq": 3, "type": "request", "command": "configurationDone"}]:
            proc.stdin.write(encode_message(m))
        proc.stdin.flush()
        messages = []
        while not messages or messages[-1].get("event") != "terminated":
            messages.append(read_message(proc.stdout))    # every byte is framed protocol
        proc.stdin.write(encode_message({"seq": 4, "type": "request", "command": "disconnect"}))
        proc.stdin.close()
        assert read_message(proc.stdout)["command"] == "disconnect"
        assert read_message(proc.stdout) is None
        assert proc.wait(60) == 0, proc.stderr.read().decode()
    finally:
        proc.kill()
        proc.wait()
    events = [m.get("event") for m in messages if m["type"] == "event"]
    assert "initialized" in events and events[-2:] == ["exited", "terminated"]
    # the map's DisplayTextToPlayer at 2 s (then the op-limit crash, not caught: no filter set)
    assert any("] wave" in m["body"]["output"] for m in messages if m.get("event") == "output")


def test_the_vscode_manifest_matches_the_adapter():
    manifest = json.loads((ROOT / "editors" / "vscode" / "package.json").read_text(encoding="utf-8"))
    contributes = manifest["contributes"]
    (debugger,) = contributes["debuggers"]
    assert debugger["type"] == "jass" and debugger["languages"] == ["jass"]
    launch = debugger["configurationAttributes"]["launch"]
    assert launch["required"] == ["program"]
    assert set(launch["properties"]) == {"program", "api", "until", "seed", "localPlayer", "stopOnEntry",
                                         "breakOnFailure", "cwd"}
    assert all(c["type"] == "jass" and c["request"] == "launch" for c in debugger["initialConfigurations"])
    assert all(s["body"]["type"] == "jass" for s in debugger["configurationSnippets"])
    (language,) = contributes["languages"]
    assert language["id"] == "jass" and language["extensions"] == [".j", ".ai"]
    assert contributes["breakpoints"] == [{"language": "jass"}]
    for name in manifest["files"]:
        assert (ROOT / "editors" / "vscode" / name).is_file(), name
    assert os.path.basename(manifest["main"]) in manifest["files"]
