"""A kill between the autosave of a finished hand and its history commit loses no hand, and records none twice.

The child plays a match through the table's own controller and persistence and kills itself (SIGKILL) at one exact
point of the second hand's recording: after the autosave, as each of the history's SQL statements starts, and after the
commit. The next start (the title screen's recovery, twice) and a resume must leave every finished hand in the history
exactly once.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from zipai_desktop.app.controller import Controller, GameConfig, SeatConfig
from zipai_desktop.app.persist import Persistence, recover_at_start
from zipai_desktop.store.autosave import load_autosave, restore
from zipai_desktop.store.history import open_history

CHILD = textwrap.dedent(
    """
    import os, signal, sys
    from zipai_desktop.app import persist
    from zipai_desktop.app.controller import Controller, GameConfig, SeatConfig

    point = sys.argv[1]
    KILL_HAND = 1  # the second hand: the first is recorded normally

    def die():
        os.kill(os.getpid(), signal.SIGKILL)

    persistence = persist.Persistence()

    def trace(sql):
        if controller.match.played == KILL_HAND and sql.lstrip().upper().startswith(point):
            die()

    persistence.history.conn.set_trace_callback(trace)
    original = persist.Persistence.hand_finished

    def hand_finished(self, ctl):
        if ctl.match.played == KILL_HAND and point == "AFTER-AUTOSAVE":
            die()  # the autosave of the finished hand is on disk, the history has not been asked yet
        original(self, ctl)
        if ctl.match.played == KILL_HAND and point == "AFTER-COMMIT":
            die()

    persist.Persistence.hand_finished = hand_finished
    seats = [SeatConfig("human", "me"), SeatConfig("random", "b1"), SeatConfig("random", "b2")]
    config = GameConfig(rules=sys.argv[2], players=3, seats=seats, seed=sys.argv[3], hands=4)
    controller = Controller(config, inline_bots=True, persistence=persistence)
    while True:
        if controller.hand_over:
            if not controller.next_hand():
                break
            continue
        seat = controller.to_act
        if controller.is_human(seat):
            controller.submit(seat, controller.legal(seat)[0])
        else:
            controller.step_bot()
    print("finished without a kill", flush=True)
    """
)

POINTS = ["AFTER-AUTOSAVE", "BEGIN", "INSERT INTO HANDS", "INSERT INTO HAND_BOTS", "COMMIT", "AFTER-COMMIT"]


def _hands(match_id: int) -> list[int]:
    with open_history() as history:
        return sorted(h.hand_no for h in history.hands(match_id=match_id))


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
@pytest.mark.parametrize(("point", "rules"), [(p, ("guilin", "bohu")[i % 2]) for i, p in enumerate(POINTS)])
def test_a_kill_at_every_point_of_recording_a_hand_loses_nothing(
    home: Path, tmp_path: Path, point: str, rules: str
) -> None:
    script = tmp_path / "child.py"
    script.write_text(CHILD, encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, ZIPAI_HOME=str(home), PYTHONPATH=str(root))
    args = [sys.executable, str(script), point, rules, f"kill-{point}"]
    proc = subprocess.run(args, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stdout + proc.stderr

    state, message = load_autosave()
    assert message is None and state is not None
    match_id = state["history_match"]
    finished = state["hand"]["result"] is not None
    assert finished  # every point is after the finished hand was autosaved
    lost = _hands(match_id) != [0, 1]
    # The kill points before the commit really lose the hand without the recovery (the test can fail).
    assert lost == (point not in ("AFTER-COMMIT",)), _hands(match_id)

    # The next start records it; a second start does not record it again.
    assert recover_at_start(state) == []
    assert _hands(match_id) == [0, 1]
    assert recover_at_start(state) == []
    assert _hands(match_id) == [0, 1]

    # Resuming the match from the autosave does not record it again either, and the match goes on and is recorded.
    match, seats, game = restore(state)
    config = GameConfig(
        rules=rules,
        players=3,
        seats=[SeatConfig(s["kind"], s["name"]) for s in seats],
        seed=match.seed,
        hands=match.hands,
    )
    controller = Controller(config, inline_bots=True, persistence=Persistence(match_id=match_id), resume=(match, game))
    assert controller.recorded and controller.hand_over
    assert _hands(match_id) == [0, 1]
    while controller.next_hand():
        while not controller.hand_over:
            seat = controller.to_act
            assert seat is not None
            if controller.is_human(seat):
                controller.submit(seat, controller.legal(seat)[0])
            else:
                controller.step_bot()
    assert _hands(match_id) == [0, 1, 2, 3]


def test_resuming_a_finished_hand_records_it_once(home: Path) -> None:
    """Without a kill: the resume path alone (no start recovery) records the autosaved finished hand exactly once."""
    seats = [SeatConfig("human", "me"), SeatConfig("random", "b1"), SeatConfig("random", "b2")]
    config = GameConfig(rules="guilin", players=3, seats=seats, seed="once", hands=3)
    persistence = Persistence()
    persistence.hand_finished = lambda controller: None  # type: ignore[method-assign]  # the kill: never committed
    controller = Controller(config, inline_bots=True, persistence=persistence)
    while not controller.hand_over:
        seat = controller.to_act
        assert seat is not None
        if controller.is_human(seat):
            controller.submit(seat, controller.legal(seat)[0])
        else:
            controller.step_bot()
    state, _ = load_autosave()
    assert state is not None
    match_id = state["history_match"]
    assert _hands(match_id) == []
    for _ in range(2):  # two resumes of the same autosave
        match, saved_seats, game = restore(state)
        resumed = Controller(config, inline_bots=True, persistence=Persistence(match_id=match_id), resume=(match, game))
        assert resumed.recorded
    assert _hands(match_id) == [0]


def test_a_resumed_finished_hand_is_recorded_even_when_the_history_was_replaced(home: Path) -> None:
    """The history was moved aside (damaged) between the kill and the resume: the match goes on under a new entry,
    and the finished hand the autosave holds is recorded there."""
    from zipai_desktop.store import paths

    seats = [SeatConfig("human", "me"), SeatConfig("random", "b1"), SeatConfig("random", "b2")]
    config = GameConfig(rules="bohu", players=3, seats=seats, seed="replaced", hands=3)
    persistence = Persistence()
    persistence.hand_finished = lambda controller: None  # type: ignore[method-assign]  # the kill: never committed
    controller = Controller(config, inline_bots=True, persistence=persistence)
    while not controller.hand_over:
        seat = controller.to_act
        assert seat is not None
        if controller.is_human(seat):
            controller.submit(seat, controller.legal(seat)[0])
        else:
            controller.step_bot()
    persistence.history.close()
    paths.history_path().unlink()  # a new history, where the saved match id belongs to another match
    with open_history() as other:
        assert other.start_match("guilin", ["human", "casual", "casual"], seed="another") == state_match_id(home)
    state, _ = load_autosave()
    assert state is not None
    match, _seats, game = restore(state)
    resumed = Persistence(match_id=state["history_match"])
    Controller(config, inline_bots=True, persistence=resumed, resume=(match, game))
    assert resumed.match_id is not None and resumed.match_id != state["history_match"]
    assert _hands(resumed.match_id) == [0] and _hands(state["history_match"]) == []
    assert recover_at_start(state) == [] and _hands(state["history_match"]) == []  # not under the other match


def state_match_id(home: Path) -> int:
    state, _ = load_autosave()
    assert state is not None
    return int(state["history_match"])
