"""The bot worker process holds only what the bot's seat may see (hidden information stays hidden).

The app's bots think in a worker process. A forked worker would be a copy of the window's process, with the whole
Game (every hand, the wall) in its memory; the worker is spawned instead, and everything that crosses the pipe to it is
recorded here: the start-up data and, for each decision, one Request (level, bot seed, Observation, legal actions).
"""

from __future__ import annotations

import contextlib
import io
import os
import pickle
import random
from collections.abc import Iterator
from concurrent.futures import Future
from concurrent.futures.process import _CallItem
from multiprocessing import queues, reduction
from typing import Any

import pytest

from zipai_desktop.bots.heuristic import bot_seed
from zipai_desktop.bots.worker import STARTUP_LIMIT_S, WORKER_NICENESS, BotRunner, Decision, Request
from zipai_desktop.engine.actions import Discard
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.rules import get_rules

from ..engine.notation import scrambled
from .worker_probe import engine_state_in_process


class Recorder:
    """Every object pickled on its way to the worker (ForkingPickler, as multiprocessing uses it), by type."""

    def __init__(self) -> None:
        self.types: list[type] = []
        self.sent: list[Any] = []
        recorder = self

        class Recording(reduction.ForkingPickler):
            def reducer_override(self, obj: Any) -> Any:
                recorder.types.append(type(obj))
                return NotImplemented

        self.pickler = Recording

    def dump(self, obj: Any, file: Any, protocol: int | None = None) -> None:  # reduction.dump: the start-up pipe
        self.sent.append(obj)
        self.pickler(file, protocol).dump(obj)

    def dumps(self, obj: Any, protocol: int | None = None) -> memoryview:  # _ForkingPickler.dumps: the call queue
        self.sent.append(obj)
        buf = io.BytesIO()
        self.pickler(buf, protocol).dump(obj)
        return buf.getbuffer()

    def calls(self) -> list[tuple[str, tuple[Any, ...]]]:
        """The tasks sent to the worker: (function name, arguments)."""
        return [(item.fn.__name__, item.args) for item in self.sent if isinstance(item, _CallItem)]


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Iterator[Recorder]:
    rec = Recorder()
    monkeypatch.setattr(reduction, "dump", rec.dump)
    monkeypatch.setattr(queues._ForkingPickler, "dumps", rec.dumps)  # type: ignore[attr-defined]
    yield rec


def a_decision(rules_name: str = "guilin") -> tuple[Game, int]:
    """A real hand, a few turns in, at a seat's decision with a choice."""
    game = Game(get_rules(rules_name), seed="worker-secret-seed", dealer=0)
    rng = random.Random(3)
    for _ in range(12):
        seat = game.to_act
        assert seat is not None
        game.apply(seat, rng.choice(game.legal_actions(seat)))
    while True:
        seat = game.to_act
        assert seat is not None
        if len(game.legal_actions(seat)) > 1:
            return game, seat
        game.apply(seat, game.legal_actions(seat)[0])


def test_the_worker_is_spawned_and_holds_no_game_and_gets_only_observations(recorder: Recorder) -> None:
    game, seat = a_decision()  # alive in this process: a forked worker would hold it (and every hand, the wall)
    legal = game.legal_actions(seat)
    runner = BotRunner("process", deadline_s=5.0)
    try:
        level_seed = bot_seed("worker-secret-seed:0", seat)
        action = runner.decide("strong", level_seed, observe(game, seat), legal).wait()
        assert action in legal
        state = runner._executor.submit(engine_state_in_process).result(timeout=STARTUP_LIMIT_S)
    finally:
        runner.close()
    # The worker (after a real strong decision: its sampled worlds are gone) holds no Game and no part of one.
    assert state["objects"] == {} and state["module_globals"] == [], state
    # What crossed the pipe: nothing of the engine's hand state, and for the decision exactly one Request holding the
    # seat's observation and legal actions.
    modules = {t.__module__ for t in recorder.types}
    assert "zipai_desktop.engine.game" not in modules, sorted(modules)
    assert Game not in recorder.types
    (started, decide, probe) = recorder.calls()  # the worker's start-up task, the decision, this test's probe
    assert started == ("_started", ()) and probe == ("engine_state_in_process", ())
    budget = runner.request("strong", level_seed, observe(game, seat), legal).budget_s
    assert decide == ("_decide", (Request("strong", level_seed, observe(game, seat), tuple(legal), budget),))


def test_what_is_sent_is_the_same_whatever_the_seat_cannot_see() -> None:
    """The request's bytes do not change when every card the seat cannot see is dealt again: nothing hidden is sent."""
    runner = BotRunner("thread")
    try:
        for rules_name in ("guilin", "bohu"):
            game, seat = a_decision(rules_name)
            seed = bot_seed("worker-secret-seed:0", seat)
            twin = scrambled(game, seat, random.Random(8))
            assert [sorted(twin.hands[s]) for s in range(3)] != [sorted(game.hands[s]) for s in range(3)]
            mine = pickle.dumps(runner.request("strong", seed, observe(game, seat), game.legal_actions(seat)))
            theirs = pickle.dumps(runner.request("strong", seed, observe(twin, seat), twin.legal_actions(seat)))
            assert mine == theirs
    finally:
        runner.close()


def test_a_decision_deadline_counts_from_when_the_worker_is_up() -> None:
    """Asked while the spawned worker still starts, a decision waits for it rather than falling back at once."""
    started: Future[int] = Future()
    answer: Future[Any] = Future()
    fallback = Discard(0)
    decision = Decision(answer, fallback, deadline_s=1.0, started=started, requested=100.0)
    assert decision.deadline == 100.0 + STARTUP_LIMIT_S + 1.0  # provisional while the worker starts
    started.set_result(1)
    up = decision.deadline
    assert up > 100.0 + 1.0 and decision.deadline == up  # fixed once the worker is up, counted from then
    on_time = Decision(answer, fallback, deadline_s=1.0, requested=100.0)
    assert on_time.deadline == 101.0  # a worker already up: from the request
    assert on_time.ready() and on_time.result() is fallback  # past its deadline: the fallback answers
    on_time.cancel()
    assert on_time.result() is None  # cancelled: nothing is applied


def test_a_worker_that_died_is_replaced_and_the_game_goes_on() -> None:
    game, seat = a_decision()
    runner = BotRunner("process", deadline_s=5.0)
    try:
        first = runner.decide("casual", 1, observe(game, seat), game.legal_actions(seat))
        assert first.wait() in game.legal_actions(seat)
        for process in list(runner._executor._processes.values()):  # type: ignore[attr-defined]
            process.kill()
            process.join()
        answers = [runner.decide("casual", 1, observe(game, seat), game.legal_actions(seat)).wait() for _ in range(3)]
        assert all(a in game.legal_actions(seat) for a in answers)
    finally:
        runner.close()


def test_the_competitions_bot_table_worker_is_spawned_too() -> None:
    """The window's other worker (a competition's bot tables, played while the player plays) holds no copy of the
    player's Game either: it is spawned, and its own tables' games are gone once played."""
    from zipai_desktop.competition.play import BotTables, make_field
    from zipai_desktop.engine.tournament import Tournament

    game, _ = a_decision()  # the player's hand, alive in this process
    t = Tournament("bohu", 2, make_field(6, ("random", "beginner")), rounds=1, hands=1, seed=3)
    t.start_round()
    tables = BotTables()
    try:
        tables.submit(t)
        assert tables._executor is not None
        state = tables._executor.submit(engine_state_in_process).result(timeout=120)  # after the tables (one worker)
        assert tables.poll()  # the tables were played
    finally:
        tables.close()
    assert game.to_act is not None
    assert state["objects"] == {} and state["module_globals"] == [], state


@pytest.mark.parametrize("which", ["bots", "tables"])
def test_a_worker_ends_when_the_window_is_killed_outright(which: str) -> None:
    """The issue's defect: a kill -9 of the game left its bot worker running. A spawned worker (the bots', a
    competition's bot tables') now ends on its own once its parent process is gone."""
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": str(root)}
    parent = subprocess.Popen(
        [sys.executable, "-m", "tests.bots.orphan_probe", which], cwd=root, env=env, stdout=subprocess.PIPE, text=True
    )
    worker = 0
    try:
        assert parent.stdout is not None
        worker = int(parent.stdout.readline())
        os.kill(worker, 0)  # the worker is up
        parent.send_signal(signal.SIGKILL)
        parent.wait(timeout=30)
        for _ in range(300):  # up to 30 s; it takes a moment on a busy machine
            try:
                os.kill(worker, 0)
            except ProcessLookupError:
                break
            with contextlib.suppress(ChildProcessError):
                os.waitpid(worker, os.WNOHANG)  # (not our child: a no-op, but harmless)
            time.sleep(0.1)
        else:
            pytest.fail(f"the {which} worker (pid {worker}) outlived its killed parent")
    finally:
        if parent.poll() is None:
            parent.kill()
        if worker:
            with contextlib.suppress(ProcessLookupError):
                os.kill(worker, signal.SIGKILL)


@pytest.mark.skipif(not hasattr(os, "nice"), reason="no process priority on this platform")
def test_the_bots_think_at_a_lower_priority_than_the_window() -> None:
    """On two cores the bots' play-outs and the window's frames compete: the worker runs at WORKER_NICENESS below the
    window (the scheduler gives the frame loop the CPU first), the room's worker as the table's."""
    from zipai_desktop.net.botpool import bot_process

    window = os.nice(0)
    expected = min(19, window + WORKER_NICENESS)
    runner = BotRunner("process", deadline_s=5.0)
    room = bot_process()
    try:
        assert runner._executor.submit(os.nice, 0).result(timeout=STARTUP_LIMIT_S) == expected
        assert room.submit(os.nice, 0).result(timeout=STARTUP_LIMIT_S) == expected
    finally:
        runner.close()
        room.shutdown()
    assert os.nice(0) == window  # the window's own priority is untouched
