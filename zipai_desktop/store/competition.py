"""The competition save (比赛): ``competition.json`` in the data folder, written atomically after every change.

    {"format": "zipai-competition", "version": 1,
     "tournament": <engine.tournament.Tournament.to_json()>,
     "table": <store.autosave.match_state of the player's table> or null,
     "history_competition": <the competitions row id> or null, "saved_at": "<ISO time>"}

The tournament holds every booked table, so a kill loses at most the tables being played (never a finished round);
the player's table resumes from its own match state, like the autosave. A file that cannot be resumed is moved aside
with one sentence, never deleted.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..engine.game import Game
from ..engine.jsonsafe import name as show_name
from ..engine.jsonsafe import quote
from ..engine.match import Match
from ..engine.rules import RULESETS
from ..engine.rules.base import OptionError
from ..engine.tournament import Entrant, TableResult, Tournament, TournamentError
from . import paths
from .atomic import read_saved_state, write_atomic
from .autosave import AutosaveError, bounded_options, restore
from .notice import Notice, error_text
from .settings import SEAT_KINDS

FORMAT = "zipai-competition"
VERSION = 1

#: Bounds of a saved competition, above every choice of the competition setup (at most 12 entrants, 5 rounds, 8
#: hands a table): a saved file names the sizes that drive the seating, the standings and the bot tables' loops, so a
#: bound on each keeps a damaged or hostile file from filling the memory or playing for ever.
MAX_ENTRANTS = 24
MAX_ROUNDS = 10
MAX_HANDS = 16
#: An entrant's name (the catalog's key, or a name as written): short enough for a line of the standings.
MAX_NAME_CHARS = 40
#: A seed: a number of at most this many digits, or a text of at most this many characters.
MAX_SEED_CHARS = 100
#: A table's points in a result: far above any real match of MAX_HANDS hands, and short enough to draw.
MAX_POINTS = 10**9
#: The tournament's fields a saved competition must have (options and duplicate have defaults).
REQUIRED = ("rules", "table_size", "entrants", "rounds", "hands", "seed", "tables", "results")


class CompetitionError(ValueError):
    """A saved competition that cannot be resumed (the message says why)."""


def competition_path() -> Path:
    """Where the competition in progress is saved: ``competition.json`` in the data folder (created if missing)."""
    return paths.data_dir() / "competition.json"


def competition_state(
    tournament: Tournament, table: Mapping[str, Any] | None = None, history_competition: int | None = None
) -> dict[str, Any]:
    """The state to save: the tournament, the player's table in progress (an autosave match state) and the row id."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "tournament": tournament.to_json(),
        "table": dict(table) if table is not None else None,
        "history_competition": history_competition,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }


def _count(value: Any, what: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``, or :class:`CompetitionError` naming ``what`` and the value."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise CompetitionError(f"its {what} {quote(value)} is not a whole number from {low} to {high}")
    return value


def _list(value: Any, what: str, most: int) -> list[Any]:
    """A list of at most ``most`` items (checked before anything walks it)."""
    if not isinstance(value, list):
        raise CompetitionError(f"its {what} {quote(value)} are not a list")
    if len(value) > most:
        raise CompetitionError(f"it has {len(value):,} {what}, more than the {most} a competition can have")
    return value


def _seed(value: Any) -> int | str:
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**MAX_SEED_CHARS:
        return value
    if isinstance(value, str) and len(value) <= MAX_SEED_CHARS:
        return value
    raise CompetitionError(f"its seed {quote(value)} is not a number or a text of at most {MAX_SEED_CHARS} characters")


def _entrant(value: Any) -> Entrant:
    if not isinstance(value, Mapping):
        raise CompetitionError(f"an entrant {quote(value)} is not an object")
    name, level = value.get("name"), value.get("level")
    if level not in SEAT_KINDS:
        raise CompetitionError(f"an entrant's level {quote(level)} is not one of {', '.join(SEAT_KINDS)}")
    if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME_CHARS or not name.isprintable():
        raise CompetitionError(
            f"an entrant's name {quote(name)} is not a printable text of 1 to {MAX_NAME_CHARS} characters"
        )
    return Entrant(name, level)


def _round(value: Any, t: Tournament) -> tuple[tuple[int, ...], ...]:
    """One round's tables: every entrant seated once, at tables of the competition's size."""
    tables = _list(value, "tables in a round", len(t.entrants) // t.table_size)
    seated = []
    for table in tables:
        seated.append(tuple(_count(x, "seat", 0, len(t.entrants) - 1) for x in _list(table, "seats", t.table_size)))
    if sorted(x for table in seated for x in table) != list(range(len(t.entrants))) or any(
        len(table) != t.table_size for table in seated
    ):
        raise CompetitionError("a round's tables do not seat every entrant once")
    return tuple(seated)


def _result(value: Any, t: Tournament) -> TableResult:
    """One booked table: its numbers bounded (hands won by the competition's hands, points by MAX_POINTS)."""
    if not isinstance(value, Mapping):
        raise CompetitionError(f"a table result {quote(value)} is not an object")
    size, last = t.table_size, len(t.entrants) - 1

    def numbers(field: str, what: str, low: int, high: int) -> tuple[int, ...]:
        return tuple(_count(x, what, low, high) for x in _list(value.get(field), what, size))

    result = TableResult(
        _count(value.get("round"), "result's round", 1, len(t.tables)),
        _count(value.get("table"), "result's table", 0, len(t.entrants) // size - 1),
        numbers("entrants", "result's entrants", 0, last),
        numbers("points", "result's points", -MAX_POINTS, MAX_POINTS),
        numbers("hands_won", "result's hands won", 0, t.hands),
    )
    if sum(result.hands_won) > t.hands:  # a hand has one winner at most
        raise CompetitionError(f"a table won {sum(result.hands_won)} hands of the {t.hands} it played")
    return result


def _tournament(data: Any) -> Tournament:
    """The saved tournament, every field the screen and the bot tables use checked and bounded (the game, its
    options at the competition's table size, the entrants' names and levels, the rounds, hands, seed, the seating
    of every round and every booked result). Raises :class:`CompetitionError` naming the first bad field."""
    if not isinstance(data, Mapping):
        raise CompetitionError("its tournament is not an object")
    missing = [key for key in REQUIRED if key not in data]
    if missing:
        raise CompetitionError(f"its tournament lacks {', '.join(missing)}")
    rules_name = data.get("rules")
    if not isinstance(rules_name, str) or rules_name not in RULESETS:
        raise CompetitionError(f"its game {show_name(rules_name)} is not one of {', '.join(RULESETS)}")
    rules = RULESETS[rules_name]
    table_size = data.get("table_size")
    if not isinstance(table_size, int) or isinstance(table_size, bool) or table_size not in rules.players:
        sizes = ", ".join(str(n) for n in rules.players)
        raise CompetitionError(f"its table size {quote(table_size)} is not one of {sizes} for {rules_name}")
    raw_entrants = _list(data.get("entrants"), "entrants", MAX_ENTRANTS)
    options = data.get("options", {})
    duplicate = data.get("duplicate", False)
    if not isinstance(duplicate, bool):
        raise CompetitionError(f"its duplicate deals {quote(duplicate)} are not true or false")
    try:
        bounded_options(rules, options)
        t = Tournament(
            rules=rules_name,
            table_size=table_size,
            entrants=tuple(_entrant(e) for e in raw_entrants),
            rounds=_count(data.get("rounds"), "rounds", 1, MAX_ROUNDS),
            hands=_count(data.get("hands"), "hands", 1, MAX_HANDS),
            seed=_seed(data.get("seed")),
            duplicate=duplicate,
            options=dict(options),
        )
        # The options make a game at this table size (some combinations are refused only when a hand is dealt).
        Match(rules, rules.parse_options(options), seed=t.seed, hands=t.hands, players=table_size).start_hand()
    except (TournamentError, OptionError) as exc:
        raise CompetitionError(str(exc)) from None
    except ValueError as exc:  # the game refuses the options at this table size
        raise CompetitionError(f"its options cannot be played: {exc}") from None
    rounds = _list(data.get("tables"), "rounds", t.rounds)
    results = _list(data.get("results"), "table results", t.rounds * (len(t.entrants) // table_size))
    for number, value in enumerate(rounds, start=1):
        if number > 1 and not t.round_complete(number - 1):
            raise CompetitionError(f"round {number} was seated before round {number - 1} was finished")
        t.tables.append(_round(value, t))
        for result in [r for r in results if isinstance(r, Mapping) and r.get("round") == number]:
            try:
                t.record(_result(result, t))
            except TournamentError as exc:
                raise CompetitionError(str(exc)) from None
    if len(t.results) != len(results):
        raise CompetitionError("a table result does not belong to a round that was seated")
    return t


def _table(table: Any, t: Tournament) -> tuple[Match, list[Any], Game | None]:
    """The player's table in progress: a match state that is this round's table of the player, not yet booked."""
    try:
        match, seats, game = restore(table)
    except AutosaveError as exc:
        raise CompetitionError(f"the player's table cannot be resumed: {exc}") from None
    round_no = len(t.tables)
    human_table = t.human_table(round_no)
    if human_table is None or match.seed != t.seed_of(round_no, human_table):
        raise CompetitionError("the player's table does not belong to the current round")
    if human_table not in t.pending():
        raise CompetitionError("the player's table is already booked")
    same = (
        match.rules.name == t.rules
        and match.players == t.table_size
        and match.hands == t.hands
        and match.target is None
        and match.rounds is None
        and match.stakes is None
        and match.options == match.rules.parse_options(t.options)
    )
    if not same:
        raise CompetitionError("the player's table is not played as the competition's tables are")
    return match, seats, game


def _table_wins(value: Any, t: Tournament) -> None:
    """The winners of the player's table's hands so far: hand number (as text) -> seat or null."""
    if value is None:
        return
    if not isinstance(value, Mapping) or len(value) > t.hands:
        raise CompetitionError(f"its table winners {quote(value)} are not an object of at most {t.hands} hands")
    for hand, winner in value.items():
        if not (isinstance(hand, str) and hand.isascii() and hand.isdigit() and int(hand) < t.hands):
            raise CompetitionError(f"its table winners name a hand {quote(hand)} the table does not play")
        if winner is not None:
            _count(winner, "table winner", 0, t.table_size - 1)


def restore_competition(state: Mapping[str, Any]) -> tuple[Tournament, tuple[Match, list[Any], Game | None] | None]:
    """The tournament and, when the player was at a table, that table's match (as :func:`autosave.restore` gives it).

    Every field the competition screen and the bot tables use is checked, and every size bounded, so a state this
    returns can be drawn and played to its end. Raises :class:`CompetitionError` with the reason otherwise.
    """
    if not isinstance(state, Mapping) or state.get("format") != FORMAT:
        raise CompetitionError("it is not a saved competition")
    version = state.get("version")
    if version != VERSION or isinstance(version, bool):
        raise CompetitionError(f"its version {quote(version)} is not the one this game reads ({VERSION})")
    tournament = _tournament(state.get("tournament"))
    history_id = state.get("history_competition")
    if history_id is not None:
        _count(history_id, "history entry", 1, 2**63 - 1)
    _table_wins(state.get("table_wins"), tournament)
    table = state.get("table")
    if table is None:
        return tournament, None
    return tournament, _table(table, tournament)


def save_competition(state: Mapping[str, Any], path: str | os.PathLike[str] | None = None) -> Path:
    """Write a :func:`competition_state` to ``path`` (default :func:`competition_path`) atomically, so the file holds
    either the old state or the new, and return the path written; an ``OSError`` is left to the caller."""
    target = Path(path) if path is not None else competition_path()
    write_atomic(target, json.dumps(state, ensure_ascii=False, separators=(",", ":")))
    return target


def load_competition(path: str | os.PathLike[str] | None = None) -> tuple[dict[str, Any] | None, str | None]:
    """(state, message): the saved competition if it can be resumed; never raises (a bad file is moved aside).

    The message is one sentence, a :class:`Notice` the window shows in the player's language.
    """
    try:
        target = Path(path) if path is not None else competition_path()
    except OSError as exc:
        text = f"The data folder cannot be created ({exc}), so no competition can be resumed."
        return None, Notice(text, "competition_unreadable", error=error_text(exc))
    state, problem = read_saved_state(target, restore_competition, CompetitionError, "a saved competition")
    if problem is None:
        return state, None
    error = error_text(problem.error) if problem.error is not None else ""
    if problem.unreadable:
        text = f"The saved competition cannot be read ({problem.error})."
        return None, Notice(text, "competition_unreadable", error=error)
    if problem.moved is None:
        text = (
            f"The saved competition cannot be resumed because {problem.reason}, and it could not be moved aside "
            f"({problem.error})."
        )
        return None, Notice(text, "competition_unreadable", error=error)
    text = (
        f"The saved competition cannot be resumed because {problem.reason}; it was moved aside to {problem.moved.name}."
    )
    key = "competition_not_a_file" if problem.not_a_file else "competition_moved"
    return None, Notice(text, key, moved=problem.moved.name)


def clear_competition(path: str | os.PathLike[str] | None = None) -> None:
    """Delete the saved competition (it is over or abandoned); a missing file or an error deleting it is ignored."""
    with contextlib.suppress(OSError):
        (Path(path) if path is not None else competition_path()).unlink(missing_ok=True)
