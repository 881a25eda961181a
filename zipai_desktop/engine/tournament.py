"""比赛: a Swiss-style competition of entrants (the player and named bots) over rounds of tables.

Every round seats the entrants at tables of the game's size (3 for 桂林字牌, 2-4 for 秀山博胡); each table plays a
match of a fixed number of hands. Round 1 is seated by a seeded draw; every later round by the standings (Swiss
style): the leader and the entrants just below fill the first table, avoiding entrants who already met where the
standings allow it. Standings rank by points (the match totals, 舵 or 胡息 × 番), then hands won, then the points
of the opponents met (Buchholz), then the entry order, so a ranking never has a tie.

Duplicate seeding (复式): every table of a round plays the same deals (the same match seed), so a strong finish
is skill, not the cards. This module is pure data and arithmetic: playing the tables is the caller's business (the
headless runner for bot tables, the window for the player's table). The state is JSON, so a competition can be saved
after any table and resumed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

HUMAN = "human"


class TournamentError(ValueError):
    """A competition that cannot be set up or a result that does not fit it (the message says why)."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """One entrant: ``name`` is a key (the window shows a name in the player's language), ``level`` is
    ``"human"`` or a bot level."""

    name: str
    level: str


@dataclass(frozen=True, slots=True)
class TableResult:
    """What one table of one round gave: its entrants in seat order, their match totals and hands won."""

    round: int
    table: int
    entrants: tuple[int, ...]
    points: tuple[int, ...]
    hands_won: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON object of its five fields (the tuples as lists); :meth:`from_json` reads it back."""
        return {
            "round": self.round,
            "table": self.table,
            "entrants": list(self.entrants),
            "points": list(self.points),
            "hands_won": list(self.hands_won),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableResult:
        """A result from its JSON object; :class:`TournamentError` when a field is missing, not a whole number, or
        negative (only ``points`` may be below 0)."""
        try:
            return cls(
                _whole(data["round"]),
                _whole(data["table"]),
                tuple(_whole(x) for x in data["entrants"]),
                tuple(_whole(x, minimum=None) for x in data["points"]),
                tuple(_whole(x) for x in data["hands_won"]),
            )
        except (KeyError, TypeError) as exc:
            raise TournamentError(f"a table result lacks or mistypes {exc}") from None


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings: ``rank`` from 1, ``opponents`` the Buchholz tie-break."""

    rank: int
    entrant: int
    points: int
    hands_won: int
    opponents: int
    tables: int


def _whole(value: Any, *, minimum: int | None = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or (minimum is not None and value < minimum):
        raise TournamentError(f"{value!r} is not a valid count")
    return value


def table_seed(seed: int | str, round_no: int, table: int, duplicate: bool) -> str:
    """The match seed of a table: with duplicate seeding every table of a round gets the same one (the same deals)."""
    return f"{seed}:r{round_no}" if duplicate else f"{seed}:r{round_no}:t{table}"


def standings(entrants: int, results: Sequence[TableResult]) -> tuple[Standing, ...]:
    """The ranking after ``results``: points, then hands won, then opponents' points, then entry order."""
    points = [0] * entrants
    won = [0] * entrants
    tables = [0] * entrants
    met: list[list[int]] = [[] for _ in range(entrants)]
    for r in results:
        for seat, e in enumerate(r.entrants):
            points[e] += r.points[seat]
            won[e] += r.hands_won[seat]
            tables[e] += 1
            met[e].extend(o for o in r.entrants if o != e)
    buchholz = [sum(points[o] for o in met[e]) for e in range(entrants)]
    order = sorted(range(entrants), key=lambda e: (-points[e], -won[e], -buchholz[e], e))
    return tuple(Standing(rank, e, points[e], won[e], buchholz[e], tables[e]) for rank, e in enumerate(order, start=1))


def meetings(results: Sequence[TableResult]) -> dict[frozenset[int], int]:
    """How often each pair of entrants sat at the same table."""
    out: dict[frozenset[int], int] = {}
    for r in results:
        for i, a in enumerate(r.entrants):
            for b in r.entrants[i + 1 :]:
                key = frozenset((a, b))
                out[key] = out.get(key, 0) + 1
    return out


def pair_round(
    round_no: int,
    entrants: int,
    table_size: int,
    results: Sequence[TableResult],
    seed: int | str,
) -> tuple[tuple[int, ...], ...]:
    """The tables of round ``round_no`` (from 1), each a tuple of entrants in seat order.

    Round 1: a seeded draw. Later rounds: Swiss. The highest-ranked unseated entrant opens the next table, which is
    filled from the next few in the standings, preferring those who met the table's entrants least (rematches only
    when the field is too small to avoid them). Seat order inside a table is a seeded shuffle, so the leader is not
    always in the first chair.
    """
    if entrants % table_size:
        raise TournamentError(f"{entrants} entrants do not fill tables of {table_size}")
    rng = random.Random(f"{seed}:pairing:{round_no}")
    if round_no == 1:
        order = list(range(entrants))
        rng.shuffle(order)
        tables = [order[i : i + table_size] for i in range(0, entrants, table_size)]
    else:
        ranked = [s.entrant for s in standings(entrants, results)]
        met = meetings(results)
        tables = []
        while ranked:
            table = [ranked.pop(0)]
            while len(table) < table_size:
                # Look a little way down the standings (at most the next table's worth) for the least rematches.
                window = ranked[: table_size * 2]
                best = min(window, key=lambda c: (sum(met.get(frozenset((c, t)), 0) for t in table), ranked.index(c)))
                ranked.remove(best)
                table.append(best)
            tables.append(table)
    for table in tables:
        rng.shuffle(table)
    return tuple(tuple(t) for t in tables)


@dataclass
class Tournament:
    """A competition in progress: its settings, the tables of every round started and the results so far."""

    rules: str
    table_size: int
    entrants: tuple[Entrant, ...]
    rounds: int
    hands: int
    seed: int | str
    duplicate: bool = False
    options: dict[str, Any] = field(default_factory=dict)
    tables: list[tuple[tuple[int, ...], ...]] = field(default_factory=list)  # per round started
    results: list[TableResult] = field(default_factory=list)

    def __post_init__(self) -> None:
        """Reject a field that cannot make a competition (:class:`TournamentError` says why): tables of fewer than 2,
        an entry that does not fill at least two tables exactly, no round or no hand, more than one human."""
        n = len(self.entrants)
        if self.table_size < 2:
            raise TournamentError(f"tables of {self.table_size} cannot play")
        if n < self.table_size * 2 or n % self.table_size:
            raise TournamentError(
                f"{n} entrants cannot fill tables of {self.table_size} "
                f"(take a multiple of {self.table_size}, at least {self.table_size * 2})"
            )
        if self.rounds < 1 or self.hands < 1:
            raise TournamentError("a competition needs at least one round of at least one hand")
        if sum(1 for e in self.entrants if e.level == HUMAN) > 1:
            raise TournamentError("a competition has at most one human entrant")

    # --- rounds -----------------------------------------------------------------------------------------------------

    @property
    def round_no(self) -> int:
        """The round being played (from 1), or the last round when the competition is over."""
        return max(1, len(self.tables))

    def round_results(self, round_no: int) -> list[TableResult]:
        """The results booked so far for round ``round_no``, in booking order."""
        return [r for r in self.results if r.round == round_no]

    def round_complete(self, round_no: int) -> bool:
        """Whether round ``round_no`` has started and every one of its tables has a result."""
        return 0 < round_no <= len(self.tables) and len(self.round_results(round_no)) == len(self.tables[round_no - 1])

    @property
    def rounds_done(self) -> int:
        """How many rounds are complete (every table booked)."""
        return sum(1 for r in range(1, len(self.tables) + 1) if self.round_complete(r))

    @property
    def over(self) -> bool:
        """Whether every one of the competition's rounds is complete."""
        return self.rounds_done >= self.rounds

    def start_round(self) -> tuple[tuple[int, ...], ...]:
        """Seat the next round (the previous one must be complete) and return its tables."""
        if self.over:
            raise TournamentError("the competition is over")
        if self.tables and not self.round_complete(len(self.tables)):
            raise TournamentError(f"round {len(self.tables)} is not finished")
        round_no = len(self.tables) + 1
        tables = pair_round(round_no, len(self.entrants), self.table_size, self.results, self.seed)
        self.tables.append(tables)
        return tables

    def seed_of(self, round_no: int, table: int) -> str:
        """The match seed of a table of a round (see :func:`table_seed`; shared by the round with duplicate seeding)."""
        return table_seed(self.seed, round_no, table, self.duplicate)

    def pending(self) -> list[int]:
        """The tables of the current round that have no result yet."""
        if not self.tables:
            return []
        round_no = len(self.tables)
        done = {r.table for r in self.round_results(round_no)}
        return [t for t in range(len(self.tables[-1])) if t not in done]

    def record(self, result: TableResult) -> None:
        """Book one table's result (a table is booked once; the entrants must be the round's)."""
        if not 1 <= result.round <= len(self.tables):
            raise TournamentError(f"round {result.round} has not started")
        seated = self.tables[result.round - 1]
        if not 0 <= result.table < len(seated) or seated[result.table] != result.entrants:
            raise TournamentError(f"table {result.table} of round {result.round} is not {result.entrants}")
        if any(r.round == result.round and r.table == result.table for r in self.results):
            raise TournamentError(f"table {result.table} of round {result.round} is already booked")
        n = len(result.entrants)
        if len(result.points) != n or len(result.hands_won) != n:
            raise TournamentError("a table result needs points and hands won for every seat")
        self.results.append(result)

    def human(self) -> int | None:
        """The human entrant's index, or ``None`` in a competition of bots only."""
        return next((i for i, e in enumerate(self.entrants) if e.level == HUMAN), None)

    def human_table(self, round_no: int | None = None) -> int | None:
        """The human's table in a round (default: the current one)."""
        human = self.human()
        r = round_no if round_no is not None else len(self.tables)
        if human is None or not 1 <= r <= len(self.tables):
            return None
        return next(i for i, t in enumerate(self.tables[r - 1]) if human in t)

    def standings(self, upto_round: int | None = None) -> tuple[Standing, ...]:
        """Standings after the finished rounds (or after ``upto_round``): a round counts only when complete."""
        last = self.rounds_done if upto_round is None else upto_round
        return standings(len(self.entrants), [r for r in self.results if r.round <= last])

    def finish(self, entrant: int) -> int | None:
        """An entrant's final rank (``None`` while the competition goes on)."""
        if not self.over:
            return None
        return next(s.rank for s in self.standings() if s.entrant == entrant)

    # --- JSON -------------------------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole competition as a JSON object (settings, the tables of every round started, the results), to save
        after any table; :meth:`from_json` reads it back."""
        return {
            "rules": self.rules,
            "table_size": self.table_size,
            "entrants": [{"name": e.name, "level": e.level} for e in self.entrants],
            "rounds": self.rounds,
            "hands": self.hands,
            "seed": self.seed,
            "duplicate": self.duplicate,
            "options": dict(self.options),
            "tables": [[list(t) for t in r] for r in self.tables],
            "results": [r.to_json() for r in self.results],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tournament:
        """Rebuild a saved competition; anything that does not fit raises :class:`TournamentError`."""
        if not isinstance(data, Mapping):
            raise TournamentError("a competition must be an object")
        try:
            seed = data["seed"]
            if not isinstance(seed, int | str) or isinstance(seed, bool):
                raise TournamentError(f"seed {seed!r} is not a number or a string")
            options = data.get("options", {})
            if not isinstance(options, dict):
                raise TournamentError("options must be an object")
            t = cls(
                rules=str(data["rules"]),
                table_size=_whole(data["table_size"]),
                entrants=tuple(Entrant(str(e["name"]), str(e["level"])) for e in data["entrants"]),
                rounds=_whole(data["rounds"]),
                hands=_whole(data["hands"]),
                seed=seed,
                duplicate=bool(data.get("duplicate", False)),
                options=dict(options),
            )
            for r in data["tables"]:
                tables = tuple(tuple(_whole(x) for x in table) for table in r)
                if sorted(x for table in tables for x in table) != list(range(len(t.entrants))) or any(
                    len(table) != t.table_size for table in tables
                ):
                    raise TournamentError("a round's tables do not seat every entrant once")
                t.tables.append(tables)
            for r in data["results"]:
                t.record(TableResult.from_json(r))
        except (KeyError, TypeError) as exc:
            raise TournamentError(f"the competition lacks or mistypes {exc}") from None
        return t
