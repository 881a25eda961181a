"""The room's bots off the host's event loop: a decision is made in a worker process and handed back to the room.

A strong bot thinks for a few tenths of a second in pure Python; on the host's loop that would hold every connection
still. The worker is *spawned* (never forked: a fork would copy the host's whole game, wall and seeds included) and
gets only what a bot may see, a :class:`~zipai_desktop.net.room.BotTurn`: its level, its own seed, the seat's
observation and legal actions (the same contract as ``bots/worker.py``). It keeps each bot between decisions, keyed
by room, level, seed and generation (a new bot per hand, seat and rejoin, as the room makes them inline), so a bot
whose choices draw on a running stream (the random level) chooses exactly as the inline one would.
"""

from __future__ import annotations

import multiprocessing
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor

from ..bots import Bot, make_bot
from ..bots.worker import exit_with_parent
from ..engine.actions import Action
from .room import BotTurn

#: Bots a worker keeps: more than a few tables' seats; the oldest go first (a finished hand's bot is never asked again).
KEPT_BOTS = 64

_bots: OrderedDict[tuple[str, str, int, int], Bot] = OrderedDict()


def decide(turn: BotTurn) -> Action:
    """The choice of the bot ``turn`` names (in the worker); ``ValueError`` for an action not among its legal ones."""
    level, legal = turn.level, turn.legal
    key = (turn.room, level, turn.seed, turn.generation)
    bot = _bots.pop(key, None)
    if bot is None:
        bot = make_bot(level, turn.seed)
    _bots[key] = bot
    while len(_bots) > KEPT_BOTS:
        _bots.popitem(last=False)
    action = bot.choose(turn.observation, legal)
    if action not in legal:  # a bot bug must never reach the engine
        raise ValueError(f"bot {level} chose an illegal action {action}")
    return action


def _ready() -> bool:
    """The worker's first task: it is up with the bots imported."""
    return True


def bot_process() -> Executor:
    """A spawned one-process executor for :func:`decide` (started at once, so the first decision does not wait for
    the interpreter to start)."""
    executor = ProcessPoolExecutor(
        max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=exit_with_parent
    )
    executor.submit(_ready)
    return executor
