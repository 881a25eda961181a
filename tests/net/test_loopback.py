"""A host and its clients in separate processes on loopback: a whole match, a client killed and rejoined, a hostile
client. Timeouts are failure guards only; nothing asserts a time."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from zipai_desktop.engine.record import verify
from zipai_desktop.net.host import MAX_REFUSALS
from zipai_desktop.net.protocol import MAX_MESSAGE_BYTES, VERSION, encode

from .helpers import leaks

ROOT = Path(__file__).resolve().parents[2]
GUARD_S = 60  # a failure guard: a process still running after this is a hang


_STARTED: list[subprocess.Popen[str]] = []


@pytest.fixture(autouse=True)
def _no_process_left() -> Any:
    """Every process a test started is gone after it, even when the test failed."""
    yield
    while _STARTED:
        proc = _STARTED.pop()
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def _zipai(*args: str, **kw: Any) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "zipai_desktop.cli", *args], env=env, text=True, stdout=subprocess.PIPE, **kw
    )
    _STARTED.append(proc)
    return proc


def _host(tmp_path: Path, *args: str) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    host = _zipai("host", "--out", str(tmp_path / "match.json"), *args, stderr=(tmp_path / "host.err").open("w"))
    assert host.stdout is not None
    line = host.stdout.readline()
    assert line, (tmp_path / "host.err").read_text()
    return host, json.loads(line)


def _join(room: dict[str, Any], seat: int, log: Path, *extra: str) -> subprocess.Popen[str]:
    return _zipai("join", room["url"], "--code", room["code"], "--seat", str(seat), "--bot", "random",
                  "--log", str(log), *extra)  # fmt: skip


def _finish(proc: subprocess.Popen[str]) -> tuple[int, str]:
    out, _ = proc.communicate(timeout=GUARD_S)
    return proc.returncode, out


def _messages(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("rules", ["guilin", "bohu"])
def test_three_friends_play_a_whole_match_and_see_what_the_host_recorded(tmp_path: Path, rules: str) -> None:
    host, room = _host(tmp_path, "--rules", rules, "--hands", "2", "--seed", "loopback", "--friends", "0,1,2")
    clients = [_join(room, seat, tmp_path / f"seat{seat}.log") for seat in range(3)]
    results = [_finish(c) for c in clients]
    status, out = _finish(host)
    assert status == 0 and [r[0] for r in results] == [0, 0, 0]
    match = json.loads((tmp_path / "match.json").read_text(encoding="utf-8"))
    assert match["hands"] == 2 and all(verify(r) for r in match["records"])
    for seat, (_, printed) in enumerate(results):
        assert json.loads(printed)["totals"] == match["totals"]
        messages = _messages(tmp_path / f"seat{seat}.log")
        assert [m["record"] for m in messages if m["kind"] == "record"] == match["records"]
        assert leaks(seat, messages, match["records"]) == []


#: A client that kills itself (SIGKILL: no close frame, no goodbye) when its third turn comes, before answering it.
VICTIM = """
import json, os, signal, sys
from zipai_desktop.net.client import Client, play
url, code, log = sys.argv[1:4]
turns = 0
def on_message(message):
    global turns
    with open(log, "a", encoding="utf-8") as f:
        f.write(json.dumps(message, ensure_ascii=False) + "\\n")
    turns += message["kind"] == "turn"
    if turns == 3:
        os.kill(os.getpid(), signal.SIGKILL)
play(Client(url, code, 1, bot="random", on_message=on_message))
"""


def test_a_client_killed_mid_hand_rejoins_and_no_action_is_lost_or_doubled(tmp_path: Path) -> None:
    host, room = _host(tmp_path, "--hands", "2", "--seed", "rejoin", "--friends", "0,1,2", "--wait-away")
    first, second = tmp_path / "seat1-first.log", tmp_path / "seat1-second.log"
    others = [_join(room, 0, tmp_path / "seat0.log"), _join(room, 2, tmp_path / "seat2.log")]
    victim = subprocess.Popen([sys.executable, "-c", VICTIM, room["url"], room["code"], str(first)],
                              env={**os.environ, "PYTHONPATH": str(ROOT)})  # fmt: skip
    _STARTED.append(victim)  # type: ignore[arg-type]
    assert victim.wait(timeout=GUARD_S) == -signal.SIGKILL
    last_turn = [m for m in _messages(first) if m["kind"] == "turn"][-1]
    token = next(m["token"] for m in _messages(first) if m["kind"] == "welcome")
    back = _join(room, 1, second, "--token", token)
    assert _finish(back)[0] == 0 and [_finish(p)[0] for p in others] == [0, 0]
    assert _finish(host)[0] == 0
    match = json.loads((tmp_path / "match.json").read_text(encoding="utf-8"))
    assert all(verify(r) for r in match["records"])
    seat1_actions = sum(a["seat"] == 1 for r in match["records"] for a in r["actions"])
    got = _messages(second)
    welcome = got[0]
    assert welcome["kind"] == "welcome" and welcome["seat"] == 1
    # Nobody played for seat 1 while it was away (--wait-away): every one of its actions came from a client, the
    # killed one's (as many as the room had applied when it came back) and the second one's, one per turn it got.
    assert welcome["last_action_id"] == 2  # the two turns it answered; the third died with it
    turn = next(m for m in got if m["kind"] == "turn")  # the decision it died on, given back unchanged
    assert (turn["hand"], turn["step"], turn["observation"]) == (last_turn["hand"], last_turn["step"],
                                                                 last_turn["observation"])  # fmt: skip
    assert not any(m["kind"] == "refused" for m in got)
    assert seat1_actions == welcome["last_action_id"] + sum(m["kind"] == "turn" for m in got)
    assert leaks(1, got, match["records"]) == []


def _refused(ws: Any) -> dict[str, Any]:
    reply = json.loads(ws.recv(timeout=GUARD_S))
    assert reply["kind"] == "refused", reply
    return reply


def _closed(ws: Any) -> int | None:
    with pytest.raises(ConnectionClosed) as info:
        while True:
            ws.recv(timeout=GUARD_S)
    return info.value.rcvd.code if info.value.rcvd else None


def test_a_hostile_client_is_refused_or_cut_and_the_match_goes_on(tmp_path: Path) -> None:
    host, room = _host(tmp_path, "--hands", "1", "--seed", "hostile", "--friends", "0,1", "--bot", "random")
    join = {"kind": "join", "version": VERSION, "code": room["code"], "seat": 1}
    url = room["url"]
    with connect(url) as ws:
        ws.send(encode({**join, "code": "WRONG2"}))
        assert "wrong room code" in _refused(ws)["reason"]
        _closed(ws)
    with connect(url) as ws:
        ws.send(encode({**join, "version": VERSION + 1}))
        assert "protocol version" in _refused(ws)["reason"]
    with connect(url, max_size=None) as ws:
        ws.send("{" + " " * MAX_MESSAGE_BYTES + "}")  # over the size cap: the host closes (1009) without reading
        assert _closed(ws) == 1009
    wrong = _zipai("join", url, "--code", "WRONG3", "--seat", "2", stderr=subprocess.PIPE)
    _, err = wrong.communicate(timeout=GUARD_S)
    assert wrong.returncode == 1 and err.strip() == 'zipai join: the host refused: wrong room code "WRONG3"'
    friend = _join(room, 0, tmp_path / "seat0.log")
    got: list[dict[str, Any]] = []
    with connect(url) as ws:
        ws.send(encode(join))
        got.append(json.loads(ws.recv(timeout=GUARD_S)))
        assert got[0]["kind"] == "welcome"
        with connect(url) as intruder:  # a second join to the taken seat
            intruder.send(encode(join))
            assert "is taken" in _refused(intruder)["reason"]
        hostile = [
            encode({"kind": "act", "id": 1, "hand": 0, "step": 10_000, "action": {"type": "pass"}}),
            encode({"kind": "act", "id": 1, "hand": 0, "step": 0, "action": {"type": "discard", "card": "X"}}),
            encode(join),  # joined already
            "{",
            '{"kind": "act", "x": ' + "[" * 40 + "]" * 40 + "}",
        ] + [encode({"kind": "act", "id": 0})] * MAX_REFUSALS  # then a flood
        for text in hostile:
            try:
                ws.send(text)
            except ConnectionClosed:
                break
        with pytest.raises(ConnectionClosed) as info:
            while True:
                got.append(json.loads(ws.recv(timeout=GUARD_S)))
        assert info.value.rcvd is not None and info.value.rcvd.code == 1008
    refusals = [m for m in got if m["kind"] == "refused"]
    assert len(refusals) == MAX_REFUSALS
    assert any("another decision" in m["reason"] or "not your turn" in m["reason"] for m in refusals)
    assert any("nested" in m["reason"] or "deep" in m["reason"] for m in refusals)
    status, printed = _finish(friend)
    assert status == 0 and _finish(host)[0] == 0
    match = json.loads((tmp_path / "match.json").read_text(encoding="utf-8"))
    assert json.loads(printed)["totals"] == match["totals"] and all(verify(r) for r in match["records"])
    assert leaks(1, [m for m in got if "seq" in m], match["records"]) == []


def test_the_host_finishes_the_match_when_every_friend_has_left(tmp_path: Path) -> None:
    host, room = _host(tmp_path, "--hands", "2", "--seed", "alone", "--friends", "0", "--bot", "random")
    with connect(room["url"]) as ws:
        ws.send(encode({"kind": "join", "version": VERSION, "code": room["code"], "seat": 0}))
        assert json.loads(ws.recv(timeout=GUARD_S))["kind"] == "welcome"
    status, printed = _finish(host)  # the bots play seat 0 (托管) to the match's end, and the host stops
    assert status == 0 and json.loads(printed.splitlines()[-1])["hands"] == 2
    match = json.loads((tmp_path / "match.json").read_text(encoding="utf-8"))
    assert match["hands"] == 2 and all(verify(r) for r in match["records"])
