"""Running bots off the UI thread, with a deadline and cancellation.

The window asks a :class:`BotRunner` for a decision and keeps drawing; it polls the returned :class:`Decision` each
frame. A thread runner suits the heuristic levels; the strong bot's search is pure Python and would hold the GIL, so the
app runs it in a worker *process* (``mode="process"``), where it cannot slow the frame loop. Either way a decision that
is not ready by its deadline falls back to the casual level's answer, and a cancelled decision is dropped (a new hand,
an undo, quitting).
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass, field

from ..engine.actions import Action
from ..engine.observation import Observation
from .base import make_bot
from .heuristic import rollout_choice


def _decide(name: str, seed: int, obs: Observation, legal: Sequence[Action], budget_s: float | None) -> Action:
    bot = make_bot(name, seed)
    if budget_s is not None and hasattr(bot, "budget_s"):
        bot.budget_s = budget_s
    action = bot.choose(obs, legal)
    if action not in legal:  # a bot bug must never reach the engine
        raise ValueError(f"bot {name} chose an illegal action {action}")
    return action


@dataclass
class Decision:
    """A decision in progress."""

    future: Future[Action]
    fallback: Action
    deadline: float
    cancelled: threading.Event = field(default_factory=threading.Event)

    def ready(self) -> bool:
        return self.future.done() or time.monotonic() >= self.deadline or self.cancelled.is_set()

    def result(self) -> Action | None:
        """The bot's action, the fallback if the deadline passed or the bot failed, or None if cancelled."""
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
        self.cancelled.set()
        self.future.cancel()

    def wait(self) -> Action | None:
        """Block until ready (for tools and tests; the window polls :meth:`ready` instead)."""
        remaining = self.deadline - time.monotonic()
        if remaining > 0 and not self.cancelled.is_set():
            with contextlib.suppress(Exception):  # a timeout or a bot failure: result() below decides
                self.future.result(timeout=remaining)
        return self.result()


class BotRunner:
    """Decides for bot seats in a worker thread or process."""

    def __init__(self, mode: str = "thread", deadline_s: float = 1.0) -> None:
        if mode not in ("thread", "process"):
            raise ValueError("mode is 'thread' or 'process'")
        self.mode = mode
        self.deadline_s = deadline_s
        self._executor: Executor = ProcessPoolExecutor(max_workers=1) if mode == "process" else ThreadPoolExecutor(1)

    def decide(self, name: str, seed: int, obs: Observation, legal: Sequence[Action]) -> Decision:
        # The bot's own budget stays inside the deadline; the fallback is the O(20) greedy policy, computed at once so
        # that it never costs the frame loop more than a few microseconds.
        budget = max(0.05, self.deadline_s * 0.6)
        future = self._executor.submit(_decide, name, seed, obs, tuple(legal), budget)
        fallback = rollout_choice(obs.hand, legal)
        return Decision(future, fallback, time.monotonic() + self.deadline_s)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
