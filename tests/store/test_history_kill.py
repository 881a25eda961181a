"""A kill between the autosave of a finished hand and its history commit loses no hand, and records none twice.

The child plays a match through the table's own controller and persistence and kills itself (SIGKILL) at one exact
point of one hand's recording: after the autosave, as each of the history's SQL statements starts, and after the
commit. The next start (the title screen's recovery, twice) and a resume must leave every finished hand in the history
exactly once.

The hand killed is an ordinary one (the second hand, ended by an action), or a 秀山博胡 hand that ends at the deal
(天胡 and the other deal wins): the match's second hand, dealt by ``next_hand``, or its first, dealt when the match
starts. Those are recorded by other paths than a hand ended by an action, and at every point too.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from zipai_desktop.app.table.controller import Controller, GameConfig, SeatConfig
from zipai_desktop.app.table.persist import Persistence, recover_at_start
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.match import hand_seed
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.store.autosave import load_autosave, restore
from zipai_desktop.store.history import open_history

CHILD = textwrap.dedent(
    """
    import os, signal, sys
    from zipai_desktop.app.table import persist
    from zipai_desktop.app.table.controller import Controller, GameConfig, SeatConfig

    point = sys.argv[1]
    KILL_HAND = int(sys.argv[4])  # the hand whose recording is killed
    recording = None  # the hand being recorded now

    def die():
        os.kill(os.getpid(), signal.SIGKILL)

    persistence = persist.Persistence()

    def trace(sql):
        if recording == KILL_HAND and sql.lstrip().upper().startswith(point):
            die()

    persistence.history.conn.set_trace_callback(trace)
    original = persist.Persistence.hand_finished

    def hand_finished(self, ctl):
        global recording
        if ctl.match.played == KILL_HAND and point == "AFTER-AUTOSAVE":
            die()  # the autosave of the finished hand is on disk, the history has not been asked yet
        recording = ctl.match.played
        original(self, ctl)
        recording = None
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
#: 3-seat 秀山博胡 match seeds whose first hand (``deal-26``) or second hand (``deal-1149``) ends at the deal, whoever
#: deals it (checked by :func:`ends_at_deal` in each test).
DEAL_WIN_SEEDS = {0: "deal-26", 1: "deal-1149"}
CASES = [
    # An ordinary second hand, the games taking turns.
    *[(p, ("guilin", "bohu")[i % 2], f"kill-{p}", 1) for i, p in enumerate(POINTS)],
    # A 秀山博胡 hand that ends at the deal: the second hand, and the match's first.
    *[(p, "bohu", DEAL_WIN_SEEDS[hand], hand) for hand in (1, 0) for p in POINTS],
]
HANDS = 4


def _hands(match_id: int) -> list[int]:
    with open_history() as history:
        return sorted(h.hand_no for h in history.hands(match_id=match_id))


def ends_at_deal(match_seed: str, hand_no: int) -> bool:
    rules = get_rules("bohu")
    options = rules.parse_options({})
    seed = hand_seed(match_seed, hand_no)
    return all(Game(rules, options, seed=seed, dealer=d, players=3).result is not None for d in range(3))


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
@pytest.mark.parametrize(("point", "rules", "seed", "kill_hand"), CASES)
def test_a_kill_at_every_point_of_recording_a_hand_loses_nothing(
    home: Path, tmp_path: Path, point: str, rules: str, seed: str, kill_hand: int
) -> None:
    at_deal = seed in DEAL_WIN_SEEDS.values()
    assert not at_deal or ends_at_deal(seed, kill_hand)
    script = tmp_path / "child.py"
    script.write_text(CHILD, encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, ZIPAI_HOME=str(home), PYTHONPATH=str(root))
    args = [sys.executable, str(script), point, rules, seed, str(kill_hand)]
    proc = subprocess.run(args, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL, proc.stdout + proc.stderr

    state, message = load_autosave()
    assert message is None and state is not None
    match_id = state["history_match"]
    assert state["hand"]["result"] is not None  # every point is after the finished hand was autosaved
    assert state["match"]["played"] == kill_hand
    assert (state["hand"]["actions"] == []) == at_deal  # a deal win has no action
    recorded = list(range(kill_hand + 1))
    lost = _hands(match_id) != recorded
    # The kill points before the commit really lose the hand without the recovery (the test can fail).
    assert lost == (point not in ("AFTER-COMMIT",)), _hands(match_id)

    # The next start records it; a second start does not record it again.
    assert recover_at_start(state) == []
    assert _hands(match_id) == recorded
    assert recover_at_start(state) == []
    assert _hands(match_id) == recorded

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
    assert _hands(match_id) == recorded
    while controller.next_hand():
        while not controller.hand_over:
            seat = controller.to_act
            assert seat is not None
            if controller.is_human(seat):
                controller.submit(seat, controller.legal(seat)[0])
            else:
                controller.step_bot()
    assert _hands(match_id) == list(range(HANDS))
    with open_history() as history:
        assert history.stats().hands == HANDS  # the statistics count every hand, the deal win too


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
