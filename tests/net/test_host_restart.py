"""The host killed mid-hand (SIGKILL: no goodbye, no last save) and restarted from its autosave: the room reopens with
its code and seats, the friends' `zipai join` rejoin by themselves with their tokens, and the match ends as an
uninterrupted one with the same seeds does (records and totals), in both games. Timeouts are failure guards only."""

from __future__ import annotations

import json
import signal
import time
from pathlib import Path

import pytest

from zipai_desktop.engine.record import verify

from .helpers import leaks
from .test_loopback import GUARD_S, _finish, _host, _join, _messages, _no_process_left  # noqa: F401 (the fixture)

SETUP = ("--hands", "2", "--seed", "restart", "--code", "RSTRT2", "--friends", "0,1", "--bot", "casual")


def _turns(log: Path) -> list[dict[str, object]]:
    if not log.exists():
        return []
    return [m for m in _messages(log) if m["kind"] == "turn"]


@pytest.mark.parametrize("rules", ["guilin", "bohu"])
def test_a_host_killed_mid_hand_reopens_from_its_save_and_the_match_ends_as_an_uninterrupted_one(
    tmp_path: Path, rules: str
) -> None:
    once, again = tmp_path / "once", tmp_path / "again"
    once.mkdir()
    again.mkdir()
    host, room = _host(once, "--rules", rules, *SETUP)
    friends = [_join(room, seat, once / f"seat{seat}.log") for seat in (0, 1)]
    assert [_finish(f)[0] for f in friends] == [0, 0] and _finish(host)[0] == 0
    uninterrupted = json.loads((once / "match.json").read_text(encoding="utf-8"))

    save = again / "room.json"
    host, room = _host(again, "--rules", rules, *SETUP, "--save", str(save))
    logs = [again / f"seat{seat}.log" for seat in (0, 1)]
    friends = [_join(room, seat, log) for seat, log in zip((0, 1), logs, strict=True)]
    guard = time.monotonic() + GUARD_S
    while len(_turns(logs[0])) < 4:  # seat 0 has decided three times and is asked a fourth: mid-hand
        assert time.monotonic() < guard and host.poll() is None, "the match never got going"
        time.sleep(0.02)
    host.send_signal(signal.SIGKILL)
    host.wait(timeout=GUARD_S)
    killed_at = len(_turns(logs[0]))
    assert _turns(logs[0])[-1]["hand"] == 0
    host, reopened = _host(again, "--resume", str(save), "--port", str(room["port"]))
    assert reopened["code"] == room["code"] == "RSTRT2"
    results = [_finish(f) for f in friends]
    assert [r[0] for r in results] == [0, 0] and _finish(host)[0] == 0
    match = json.loads((again / "match.json").read_text(encoding="utf-8"))
    assert match["records"] == uninterrupted["records"] and match["totals"] == uninterrupted["totals"]
    assert all(verify(r) for r in match["records"])
    for seat, ((_, printed), log) in enumerate(zip(results, logs, strict=True)):
        messages = _messages(log)
        assert json.loads(printed)["totals"] == match["totals"]
        assert [m["kind"] for m in messages].count("welcome") == 2  # joined, then rejoined the reopened room
        assert not any(m["kind"] == "refused" for m in messages)
        assert leaks(seat, messages, match["records"]) == []
    assert len(_turns(logs[0])) > killed_at
