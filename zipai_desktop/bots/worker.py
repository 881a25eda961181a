"""Running bots off the UI thread, with a deadline and cancellation.

The window asks a :class:`BotRunner` for a decision and keeps drawing; it polls the returned :class:`Decision` each
frame. A thread runner suits the heuristic levels; the strong bot's search is pure Python and would hold the GIL, so the
app runs it in a worker *process* (``mode="process"``), where it cannot slow the frame loop. Either way a decision that
is not ready by its deadline falls back to the answer of the fast greedy policy the strong bot's rollouts use, and a
cancelled decision is dropped (a new hand, an undo, quitting).

Hidden information: the worker process is *spawned* (a fresh interpreter), never forked. A forked child would start as a
copy of the window's process, with the whole :class:`~zipai_desktop.engine.game.Game` (every hand, the wall) and the
match seed in its memory. A spawned one holds only what is sent to it: a :class:`Request` (the bot level, the bot's
own seed, the seat's :class:`~zipai_desktop.engine.observation.Observation` and its legal actions). The bot seed is a
hash of the match seed, from which the deal cannot be read back. A frozen program (the PyInstaller bundle) must call
``multiprocessing.freeze_support()`` first thing, as ``build/launcher.py`` does.

Starting a spawned worker costs a new interpreter and the bots' imports (a wait a player would notice), so the runner
starts it at once, while the table is set up, and a decision's deadline only starts counting once the worker is up.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import multiprocessing.connection
import os
import threading
import time
from collections.abc import Sequence
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from ..engine.actions import Action
from ..engine.observation import Observation
from .base import make_bot
from .expert import Choice, ExpertBot
from .heuristic import rollout_choice

T = TypeVar("T")

#: What the hint (F4) is answered with: the expert's searched actions, best first (see :meth:`ExpertBot.analyse`).
Analysis = tuple[Choice, ...]

#: How long a decision waits for the worker process to start before the fallback answers (a start-up this slow means
#: something is wrong; the game must go on).
STARTUP_LIMIT_S = 20.0


@dataclass(frozen=True, slots=True)
class Request:
    """Everything a bot gets for one decision: exactly what crosses the pipe to the worker."""

    level: str
    seed: int
    observation: Observation
    legal: tuple[Action, ...]
    budget_s: float | None


def _decide(request: Request) -> Action:
    bot = make_bot(request.level, request.seed)
    if request.budget_s is not None and hasattr(bot, "budget_s"):
        # The runner's budget keeps the search inside its deadline; a bot's own budget is never exceeded.
        own = bot.budget_s
        bot.budget_s = request.budget_s if own is None else min(own, request.budget_s)
    action = bot.choose(request.observation, request.legal)
    if action not in request.legal:  # a bot bug must never reach the engine
        raise ValueError(f"bot {request.level} chose an illegal action {action}")
    return action


def _analyse(request: Request) -> Analysis:
    """The expert's analysis of a decision (the F4 hint): its searched actions with their mean results, best first."""
    bot = ExpertBot(request.seed)
    if request.budget_s is not None and bot.budget_s is not None:
        bot.budget_s = min(bot.budget_s, request.budget_s)
    choices = tuple(bot.analyse(request.observation, request.legal))
    for choice in choices:
        if choice.action not in request.legal:  # a bot bug must never be shown as advice
            raise ValueError(f"the expert analysed an illegal action {choice.action}")
    return choices


#: How much lower than the window's the workers' priority is (POSIX niceness; 19 is the lowest). On two cores a strong
#: bot's play-outs, a competition's bot tables or a 包厢's bots would otherwise take the CPU from the frame loop; a
#: worker at a lower priority still gets every cycle the window leaves, so its decisions cost no more when it is idle.
WORKER_NICENESS = 10


def exit_with_parent() -> None:
    """A spawned worker's initializer (the bots' worker, a competition's bot tables): exit once the window is gone.

    A pool worker blocks reading its task queue, and it holds that queue's write end itself, so the window's death
    (a kill -9, a crash) never gives it an end of file: without a watch it would wait for ever. The parent's sentinel
    (``multiprocessing.parent_process().sentinel``, a handle that becomes ready when the parent ends, on every
    platform) is waited on by a daemon thread, which ends the worker at once. The worker also lowers its own priority
    by :data:`WORKER_NICENESS` where the platform has one (``os.nice``: not on Windows).
    """
    parent = multiprocessing.parent_process()
    if parent is None:
        return
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    sentinel = parent.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(0)  # (no clean-up to run: the worker holds nothing but the bots' code)

    threading.Thread(target=watch, name="zipai-parent-watch", daemon=True).start()


def _started() -> int:
    """The worker's first task: it is up, with the bots imported (this module imports them)."""
    return os.getpid()


@dataclass
class Pending(Generic[T]):
    """An answer in progress from the worker. Its deadline counts from when the worker is up (``started``), not from
    the request."""

    future: Future[T]
    fallback: T
    deadline_s: float
    started: Future[int] | None = None
    requested: float = field(default_factory=time.monotonic)
    cancelled: threading.Event = field(default_factory=threading.Event)
    _deadline: float | None = None

    @property
    def deadline(self) -> float:
        """The monotonic time after which the fallback answers."""
        if self._deadline is None:
            if self.started is None:  # the worker was up when asked
                self._deadline = self.requested + self.deadline_s
            elif self.started.done():  # it came up since (seen within a frame: the window polls every frame)
                self._deadline = time.monotonic() + self.deadline_s
            else:  # still starting: wait for it, up to a limit
                return self.requested + STARTUP_LIMIT_S + self.deadline_s
        return self._deadline

    def ready(self) -> bool:
        """Whether :meth:`result` will answer now: the bot has answered (or failed), the deadline passed, or the
        decision was cancelled. Never blocks (the window calls it every frame)."""
        return self.future.done() or time.monotonic() >= self.deadline or self.cancelled.is_set()

    def result(self) -> T | None:
        """The bot's answer, the fallback if the deadline passed or the bot failed, or None if cancelled."""
        if self.cancelled.is_set():
            return None
        if self.future.done():
            try:
                return self.future.result()
            except Exception:  # noqa: BLE001 - a failing bot is replaced by the fallback, the game goes on
                return self.fallback
        if time.monotonic() >= self.deadline:
            self.future.cancel()
            return self.fallback
        return None

    def cancel(self) -> None:
        """Drop the decision (a new hand, an undo, quitting): :meth:`result` gives None from now on, and the bot's
        task is cancelled if it has not begun (a running search is left to finish and is ignored)."""
        self.cancelled.set()
        self.future.cancel()

    def wait(self) -> T | None:
        """Block until ready (for tools and tests; the window polls :meth:`ready` instead)."""
        if self.started is not None and not self.cancelled.is_set():
            with contextlib.suppress(Exception):  # a worker that cannot start: the deadline below decides
                self.started.result(timeout=STARTUP_LIMIT_S)
        remaining = self.deadline - time.monotonic()
        if remaining > 0 and not self.cancelled.is_set():
            with contextlib.suppress(Exception):  # a timeout or a bot failure: result() below decides
                self.future.result(timeout=remaining)
        return self.result()


@dataclass
class Decision(Pending[Action]):
    """A bot's decision in progress (its fallback: the greedy rollout policy's action)."""


@dataclass
class HintAnalysis(Pending[Analysis]):
    """The expert's analysis for the hint in progress (its fallback: the greedy policy's action, no world played)."""


class BotRunner:
    """Decides for bot seats in a worker thread or a spawned worker process (started at once, see the module doc).

    ``mode`` is ``"thread"`` or ``"process"`` (``ValueError`` otherwise); ``deadline_s`` is how long a decision may take
    once the worker is up before the fallback answers.
    """

    def __init__(self, mode: str = "thread", deadline_s: float = 1.0) -> None:
        if mode not in ("thread", "process"):
            raise ValueError("mode is 'thread' or 'process'")
        self.mode = mode
        self.deadline_s = deadline_s
        self.started: Future[int] | None = None
        self._executor: Executor = self._start()

    def _start(self) -> Executor:
        if self.mode == "thread":
            return ThreadPoolExecutor(1)
        executor = ProcessPoolExecutor(
            max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=exit_with_parent
        )
        self.started = executor.submit(_started)
        return executor

    def request(self, name: str, seed: int, obs: Observation, legal: Sequence[Action]) -> Request:
        """What is sent for a decision. The bot's own budget stays inside the deadline."""
        return Request(name, seed, obs, tuple(legal), max(0.05, self.deadline_s * 0.6))

    def decide(self, name: str, seed: int, obs: Observation, legal: Sequence[Action]) -> Decision:
        """Start the ``name`` bot deciding for ``obs`` in the worker and return the :class:`Decision` to poll; a worker
        that has died is replaced first. Its fallback is the greedy rollout policy's choice, made at once."""
        # The fallback is the O(20) greedy policy, computed at once: cheap enough never to hold up the frame loop.
        request = self.request(name, seed, obs, legal)
        try:
            future = self._executor.submit(_decide, request)
        except BrokenExecutor:  # the worker died (killed, out of memory): start a new one, the game goes on
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = self._start()
            future = self._executor.submit(_decide, request)
        fallback = rollout_choice(obs.hand, legal)
        started = self.started if self.started is not None and not self.started.done() else None
        return Decision(future, fallback, self.deadline_s, started)

    def analyse(self, seed: int, obs: Observation, legal: Sequence[Action]) -> HintAnalysis:
        """Start the expert's analysis of ``obs``'s decision (the F4 hint) in the worker and return the
        :class:`HintAnalysis` to poll; like :meth:`decide`, a dead worker is replaced first."""
        request = self.request(ExpertBot.name, seed, obs, legal)
        try:
            future = self._executor.submit(_analyse, request)
        except BrokenExecutor:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = self._start()
            future = self._executor.submit(_analyse, request)
        fallback = (Choice(rollout_choice(obs.hand, legal), 0.0, 0),)
        started = self.started if self.started is not None and not self.started.done() else None
        return HintAnalysis(future, fallback, self.deadline_s, started)

    def close(self) -> None:
        """Shut the worker down without waiting, dropping any decision not yet begun."""
        self._executor.shutdown(wait=False, cancel_futures=True)
