"""Playing a competition's bot tables headless, at full speed: the same code for ``zipai tournament``, the tests and
the window's worker process. Bots see only their observations, as everywhere."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from ..bots import make_bot
from ..bots.heuristic import bot_seed
from ..bots.worker import exit_with_parent
from ..engine.match import Match
from ..engine.observation import observe
from ..engine.rules import get_rules
from ..engine.tournament import HUMAN, Entrant, TableResult, Tournament

#: The bot levels of a default field, weakest first; the field cycles through them.
FIELD_LEVELS = ("beginner", "casual", "strong")

#: The strong bot at a bot table plays a world count, not the window's 0.3 s budget: no decision reads the clock, so a
#: seeded competition gives the same tables on any machine and under any load. 48 worlds is about what the budget
#: holds in play (bench/strong_worlds.py: median 46 worlds per decision on a loaded 2-core machine).
TABLE_WORLDS = 48
#: The expert (a level a field may be given, e.g. ``zipai tournament --levels``) likewise reads no clock: its own world
#: and play-out caps stand for its budget.
BOT_SETTINGS: dict[str, dict[str, Any]] = {
    "strong": {"worlds": TABLE_WORLDS, "budget_s": None},
    "expert": {"budget_s": None},
}


def make_field(entrants: int, levels: Sequence[str] = FIELD_LEVELS, *, human: bool = True) -> tuple[Entrant, ...]:
    """The player (when ``human``) and named bots of mixed levels: bot ``i`` is named ``str(i)`` (the window shows a
    name from its catalog) and plays ``levels[i % len(levels)]``."""
    out = [Entrant("you", HUMAN)] if human else []
    for i in range(entrants - len(out)):
        out.append(Entrant(str(i), levels[i % len(levels)]))
    return tuple(out)


def play_table(
    rules_name: str, options: dict[str, Any], seed: str, levels: Sequence[str], hands: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """One table's match of ``hands`` hands, bots in every seat: (match totals, hands won) per seat."""
    rules = get_rules(rules_name)
    match = Match(rules, rules.parse_options(options), seed=seed, hands=hands, players=len(levels))
    won = [0] * len(levels)
    while not match.over:
        game = match.start_hand()
        # The same per-hand bot seeds as the table in the window (controller.step_bot), so a hand plays alike.
        bots = [
            make_bot(level, bot_seed(f"{seed}:{match.played}", s), **BOT_SETTINGS.get(level, {}))
            for s, level in enumerate(levels)
        ]
        while game.to_act is not None:
            seat = game.to_act
            game.apply(seat, bots[seat].choose(observe(game, seat), game.legal_actions(seat)))
        assert game.result is not None
        if game.result.winner is not None:
            won[game.result.winner] += 1
        match.finish_hand()
    return tuple(match.totals), tuple(won)


def play_bot_table(t: Tournament, round_no: int, table: int) -> TableResult:
    """Play one table of the tournament (every seat a bot) and return its result."""
    seated = t.tables[round_no - 1][table]
    levels = [t.entrants[e].level for e in seated]
    if HUMAN in levels:
        raise ValueError("the human's table is played at the window, not headless")
    points, won = play_table(t.rules, t.options, t.seed_of(round_no, table), levels, t.hands)
    return TableResult(round_no, table, seated, points, won)


def _play_job(rules: str, options: dict[str, Any], seed: str, levels: tuple[str, ...], hands: int) -> Any:
    return play_table(rules, options, seed, levels, hands)


def run_tournament(t: Tournament, after_table: Callable[[Tournament], None] | None = None) -> Tournament:
    """Play every remaining table of a bots-only competition, in order; ``after_table`` runs after each booking (the
    place to save, so that a kill loses at most the table being played)."""
    while not t.over:
        if not t.tables or t.round_complete(len(t.tables)):
            t.start_round()
            if after_table is not None:
                after_table(t)
        for table in t.pending():
            t.record(play_bot_table(t, len(t.tables), table))
            if after_table is not None:
                after_table(t)
    return t


class BotTables:
    """The bot tables of the current round, played in a worker process while the player plays (never blocking the
    window): :meth:`poll` hands back each finished table once. The worker process is spawned on the first
    :meth:`submit` and shut down by :meth:`close`."""

    def __init__(self) -> None:
        self._executor: ProcessPoolExecutor | None = None
        self._jobs: dict[tuple[int, int], Future[Any]] = {}
        self._seated: dict[tuple[int, int], tuple[int, ...]] = {}

    def submit(self, t: Tournament) -> None:
        """Start every pending bot table of the current round that is not already running."""
        round_no = len(t.tables)
        human_table = t.human_table(round_no)
        for table in t.pending():
            key = (round_no, table)
            if table == human_table or key in self._jobs:
                continue
            if self._executor is None:
                # Spawned, not forked: a fork would copy the window's process, the player's own Game included.
                # It ends with the window, even one killed outright (exit_with_parent).
                self._executor = ProcessPoolExecutor(
                    max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=exit_with_parent
                )
            seated = t.tables[round_no - 1][table]
            levels = tuple(t.entrants[e].level for e in seated)
            seed = t.seed_of(round_no, table)
            self._jobs[key] = self._executor.submit(_play_job, t.rules, dict(t.options), seed, levels, t.hands)
            self._seated[key] = seated

    def poll(self) -> list[TableResult]:
        """The tables finished since the last call (a failed table raises here, in the caller's frame)."""
        out = []
        for key, future in list(self._jobs.items()):
            if future.done():
                points, won = future.result()
                out.append(TableResult(key[0], key[1], self._seated[key], tuple(points), tuple(won)))
                del self._jobs[key]
        return out

    @property
    def busy(self) -> bool:
        """Whether a submitted table has not yet been handed back by :meth:`poll`."""
        return bool(self._jobs)

    def close(self) -> None:
        """Shut the worker down without waiting and forget every table not yet handed back (a later :meth:`submit`
        plays them again)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
        self._jobs.clear()
