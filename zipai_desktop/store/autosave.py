"""The autosave: the match in progress and the record of its current hand, written atomically after every action.

The file (``autosave.json`` in the data folder) is a versioned JSON object::

    {"format": "zipai-autosave", "version": 1,
     "match": {"rules", "options", "seed", "hands", "target", "rounds", "players", "dealer", "totals",
               "round_totals", "rounds_done", "played", "draw_streak", "stakes" (optional: 倍率, or null)},
     "seats": [...], "hand": <engine.record.to_record(game)> or null, "saved_at": "<ISO time>",
     "columns": [null or the seat's columns, one per seat] (optional), "hint_used": true or false (optional),
     "autoplay": [the human seats on 托管] (optional), "autoplay_hand": true or false (optional)}

``columns`` is each human seat's own arrangement of its hand (理牌 by hand: columns of card kinds, bottom card first)
and ``hint_used`` says a hint (F4) was used in this counted match: both only shape the table, so a save without them
(or with an arrangement that is not exactly the seat's hand) resumes with the sorted hand and no mark. ``autoplay``
lists the human seats a bot plays for their players (托管) and ``autoplay_hand`` says the hand in progress was played,
even partly, under 托管 (its mark in the history): a save without them resumes with 托管 off and no mark, and one with
a value that is not of that form is refused like any other bad field.

Resuming rebuilds the :class:`Match` from its fields and replays the hand's record (seed + actions), so the game is in
exactly the saved state. A file that cannot be resumed is moved aside, never deleted.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ..engine.cards import NUM_KINDS
from ..engine.game import Game
from ..engine.jsonsafe import quote
from ..engine.match import Match, Stakes, hand_seed
from ..engine.record import RecordError, replay, to_record
from ..engine.rules import UnknownRules, get_rules
from ..engine.rules.base import OptionError
from . import paths
from .atomic import read_saved_state, write_atomic
from .notice import Notice, error_text
from .settings import SEAT_KINDS

SEAT_NAME_CHARS = 40  # the longest seat name a save may hold (the app's names are far shorter)

FORMAT = "zipai-autosave"
VERSION = 1
MATCH_FIELDS = (
    "rules",
    "options",
    "seed",
    "hands",
    "target",
    "rounds",
    "players",
    "dealer",
    "totals",
    "round_totals",
    "rounds_done",
    "played",
    "draw_streak",
)


class AutosaveError(ValueError):
    """A saved state that cannot be resumed (the message says why)."""


def _seat_json(seat: Any) -> Any:
    if dataclasses.is_dataclass(seat) and not isinstance(seat, type):
        return dataclasses.asdict(seat)
    return seat


def match_state(
    match: Match,
    seats: Sequence[Any],
    game: Game | None = None,
    *,
    columns: Mapping[int, Sequence[Sequence[int]]] | None = None,
    hint_used: bool = False,
    autoplay: Sequence[int] = (),
    autoplay_hand: bool = False,
) -> dict[str, Any]:
    """The state to autosave: the match fields, the seats (plain JSON data or dataclasses) and the hand in progress.

    ``game`` defaults to ``match.game``; with no hand in progress the state has ``"hand": null``. ``columns``: the
    seats' own arrangements of their hands (by seat), ``hint_used``: a hint was used in this match, ``autoplay``: the
    seats on 托管, ``autoplay_hand``: the hand was played, even partly, under 托管.
    """
    if game is None:
        game = match.game
    if len(seats) != match.players:
        raise ValueError(f"{len(seats)} seats for a match of {match.players} players")
    fields = {
        "rules": match.rules.name,
        "options": dataclasses.asdict(match.options),
        "seed": match.seed,
        "hands": match.hands,
        "target": match.target,
        "rounds": match.rounds,
        "players": match.players,
        "dealer": match.dealer,
        "totals": list(match.totals),
        "round_totals": list(match.round_totals),
        "rounds_done": match.rounds_done,
        "played": match.played,
        "draw_streak": match.draw_streak,
        "stakes": match.stakes.to_json() if match.stakes is not None else None,
    }
    return {
        "format": FORMAT,
        "version": VERSION,
        "match": fields,
        "seats": [_seat_json(s) for s in seats],
        "hand": to_record(game) if game is not None else None,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "columns": [[list(c) for c in columns[s]] if columns and s in columns else None for s in range(match.players)],
        "hint_used": bool(hint_used),
        "autoplay": sorted(set(autoplay)),
        "autoplay_hand": bool(autoplay_hand),
    }


#: The largest count or total a saved match may hold (hands played, a seat's points, ...): far above any real match,
#: and short enough to draw at every frame. The sizes a player chooses (hands, target, stakes) have their own, smaller
#: bounds, which the engine's Match and Stakes check (engine.match.MAX_HANDS, ...).
MAX_FIELD = 10**9


#: The largest number a rule option of a saved game may take (the setup screen offers at most twice the default, e.g.
#: a 轮 target of 200): the table shows the option's number, and a rule reached only past it would never be reached.
MAX_OPTION = 10_000


def bounded_options(rules: Any, raw: Any) -> Any:
    """The rules' options from a saved ``raw`` object, each number bounded by :data:`MAX_OPTION`; raises
    ``OptionError`` (a ``ValueError``) naming the option otherwise."""
    options = rules.parse_options(raw)
    for f in dataclasses.fields(options):
        value = getattr(options, f.name)
        if isinstance(value, int) and not isinstance(value, bool) and value > MAX_OPTION:
            raise OptionError(f"option {f.name!r} takes at most {MAX_OPTION:,}, not {quote(value)}")
    return options


def _int(value: Any, name: str, *, minimum: int | None = 0, optional: bool = False) -> Any:
    if value is None and optional:
        return None
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or (minimum is not None and value < minimum)
        or not -MAX_FIELD <= value <= MAX_FIELD
    ):
        raise AutosaveError(f"match field {name!r} has an invalid value {quote(value)}")
    return value


def _ints(value: Any, name: str, length: int) -> list[int]:
    if not isinstance(value, list) or len(value) != length:
        raise AutosaveError(f"match field {name!r} must be a list of {length} numbers")
    return [_int(v, name, minimum=None) for v in value]


def _check_header(state: Any) -> Mapping[str, Any]:
    if not isinstance(state, Mapping):
        raise AutosaveError("it is not a saved game")
    if state.get("format") != FORMAT:
        raise AutosaveError(f"it is not a saved game (format {quote(state.get('format'))})")
    version = state.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise AutosaveError(f"its version {quote(version)} is not readable")
    if version > VERSION:
        raise AutosaveError(
            f"it was saved by a newer version of the game (save version {version}, this one reads {VERSION})"
        )
    if version < VERSION:
        raise AutosaveError(f"it was saved by an older version of the game (save version {version})")
    return state


def _check_seat(index: int, seat: Any) -> None:
    """A saved seat is ``{"kind": "human" or a bot level, "name": text, "entrant": text}`` (the name and the bot's given
    name, an entrant key like ``entrant.3``, may be left out), or the kind alone as a text."""
    if isinstance(seat, str):
        seat = {"kind": seat}
    if not isinstance(seat, Mapping):
        raise AutosaveError(f'seat {index} is not an object like {{"kind": "human"}} but {quote(seat)}')
    kind = seat.get("kind")
    if kind not in SEAT_KINDS:
        raise AutosaveError(f"seat {index} is {quote(kind)}, not one of {', '.join(SEAT_KINDS)}")
    name = seat.get("name", "")
    if not isinstance(name, str) or len(name) > SEAT_NAME_CHARS or not name.isprintable():
        raise AutosaveError(f"seat {index}'s name {quote(name)} is not a printable text of at most {SEAT_NAME_CHARS}")
    entrant = seat.get("entrant", "")
    if not isinstance(entrant, str) or len(entrant) > SEAT_NAME_CHARS or not entrant.isprintable():
        raise AutosaveError(
            f"seat {index}'s given name {quote(entrant)} is not a printable text of at most {SEAT_NAME_CHARS}"
        )


def _check_autoplay(state: Mapping[str, Any], seats: Sequence[Any]) -> None:
    """托管's fields, when present: ``autoplay`` a list of distinct human seats, ``autoplay_hand`` true or false."""
    if "autoplay" in state:
        chosen = state["autoplay"]
        kinds = [s if isinstance(s, str) else s.get("kind") for s in seats]
        if (
            not isinstance(chosen, list)
            or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < len(seats) for s in chosen)
            or len(set(chosen)) != len(chosen)
            or any(kinds[s] != "human" for s in chosen)
        ):
            raise AutosaveError(f"the seats on auto-play {quote(chosen)} are not a list of distinct human seats")
    if "autoplay_hand" in state and not isinstance(state["autoplay_hand"], bool):
        raise AutosaveError(f"the hand's auto-play mark {quote(state['autoplay_hand'])} is not true or false")


def restore(state: Mapping[str, Any]) -> tuple[Match, list[Any], Game | None]:
    """Rebuild the match, its seats and the hand in progress (replayed from its record; ``None`` between hands).

    Raises :class:`AutosaveError` with the reason when the state cannot be resumed.
    """
    _check_header(state)
    fields = state.get("match")
    if not isinstance(fields, Mapping):
        raise AutosaveError("it has no match")
    missing = [name for name in MATCH_FIELDS if name not in fields]
    if missing:
        raise AutosaveError(f"the match lacks {', '.join(missing)}")
    try:
        rules = get_rules(str(fields["rules"]))
        options = bounded_options(rules, fields["options"])
    except (UnknownRules, OptionError) as exc:
        raise AutosaveError(str(exc)) from None
    seed = fields["seed"]
    if not isinstance(seed, int | str) or isinstance(seed, bool):
        raise AutosaveError(f"match seed {quote(seed)} is not a number or a string")
    players = _int(fields["players"], "players", minimum=1)
    try:
        stakes_json = fields.get("stakes")  # optional: saves from before 倍率 have none
        stakes = Stakes.from_json(stakes_json) if stakes_json is not None else None
    except ValueError as exc:
        raise AutosaveError(str(exc)) from None
    try:
        match = Match(
            rules,
            options,
            seed=seed,
            hands=_int(fields["hands"], "hands", optional=True),
            target=_int(fields["target"], "target", optional=True),
            rounds=_int(fields["rounds"], "rounds", optional=True),
            players=players,
            dealer=_int(fields["dealer"], "dealer"),
            totals=_ints(fields["totals"], "totals", players),
            round_totals=_ints(fields["round_totals"], "round_totals", players),
            rounds_done=_int(fields["rounds_done"], "rounds_done"),
            played=_int(fields["played"], "played"),
            draw_streak=_int(fields["draw_streak"], "draw_streak"),
            stakes=stakes,
        )
    except ValueError as exc:
        raise AutosaveError(str(exc)) from None
    if match.dealer >= players:
        raise AutosaveError(f"the dealer {match.dealer} is not a seat of {players} players")
    seats = state.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        raise AutosaveError(f"the seats must be a list of {players}")
    for i, seat in enumerate(seats):
        _check_seat(i, seat)
    _check_autoplay(state, seats)
    hand = state.get("hand")
    if hand is None:
        if match.over:  # between hands: the next hand is dealt at once, and an over match has none
            raise AutosaveError("the match is already over")
        return match, list(seats), None
    if not isinstance(hand, Mapping):
        raise AutosaveError("the hand in progress is not a game record")
    expected = {
        "rules": rules.name,
        "players": players,
        "seed": hand_seed(match.seed, match.played),
        "dealer": match.dealer,
        "options": dataclasses.asdict(options),
    }
    for key, value in expected.items():
        if hand.get(key) != value:
            raise AutosaveError(f"the hand in progress does not belong to the match ({key} {quote(hand.get(key))})")
    try:
        game = replay(hand)
    except RecordError as exc:
        raise AutosaveError(f"the hand in progress cannot be replayed: {exc}") from None
    if "final" in hand and game.snapshot() != hand["final"]:
        raise AutosaveError("the hand in progress does not replay to the saved position")
    match.game = game
    return match, list(seats), game


#: The most cards a column of a saved arrangement may hold (a 龙 of four; the table builds no taller column).
COLUMN_CARDS = 4


def saved_columns(state: Mapping[str, Any], seat: int, hand: Sequence[int]) -> list[list[int]] | None:
    """The seat's own arrangement from the save, when it is exactly the seat's ``hand`` (a count vector) in columns
    of one to :data:`COLUMN_CARDS` card kinds; ``None`` otherwise (no arrangement saved, or one that is not this hand:
    the table then sorts the hand itself). Only two levels are looked at, so no value of the save is trusted or walked.
    """
    every = state.get("columns")
    if not isinstance(every, list) or not 0 <= seat < len(every):
        return None
    columns = every[seat]
    total = sum(hand)
    if not isinstance(columns, list) or not 0 < len(columns) <= total:
        return None
    counts = [0] * NUM_KINDS
    for column in columns:
        if not isinstance(column, list) or not 0 < len(column) <= COLUMN_CARDS:
            return None
        for kind in column:
            if not isinstance(kind, int) or isinstance(kind, bool) or not 0 <= kind < NUM_KINDS:
                return None
            counts[kind] += 1
    if counts != list(hand):
        return None
    return [list(column) for column in columns]


def saved_hint_used(state: Mapping[str, Any]) -> bool:
    """The save says a hint was used in its match (anything but ``true`` is no)."""
    return state.get("hint_used") is True


def saved_autoplay(state: Mapping[str, Any]) -> tuple[frozenset[int], bool]:
    """托管 as saved (checked by :func:`restore`): the seats on 托管, and whether the hand is marked as played
    under it; none and no mark for a save from before 托管."""
    seats = state.get("autoplay", [])
    return frozenset(seats if isinstance(seats, list) else []), state.get("autoplay_hand") is True


def _path(path: str | os.PathLike[str] | None) -> Path:
    return Path(path) if path is not None else paths.autosave_path()


def save_match(state: Mapping[str, Any], path: str | os.PathLike[str] | None = None) -> Path:
    """Write the state atomically (the old save stays complete until the new one is); returns the file written."""
    target = _path(path)
    write_atomic(target, json.dumps(state, ensure_ascii=False, separators=(",", ":")))
    return target


def load_autosave(path: str | os.PathLike[str] | None = None) -> tuple[dict[str, Any] | None, str | None]:
    """(state, message): the saved game if there is one that can be resumed; never raises.

    No file: ``(None, None)``. A damaged, truncated, foreign, older- or newer-version file, or one that does not replay,
    is moved aside and reported in one sentence: ``(None, message)``.
    """
    try:
        target = _path(path)
    except OSError as exc:
        text = f"The data folder cannot be created ({exc}), so no saved game can be resumed."
        return None, Notice(text, "autosave_unreadable", error=error_text(exc))
    state, problem = read_saved_state(target, restore, AutosaveError, "a saved game")
    if problem is None:
        return state, None
    error = error_text(problem.error) if problem.error is not None else ""
    if problem.unreadable:
        text = f"The saved game cannot be read ({problem.error})."
        return None, Notice(text, "autosave_unreadable", error=error)
    if problem.moved is None:
        text = (
            f"The saved game cannot be resumed because {problem.reason}, and it could not be moved aside "
            f"({problem.error})."
        )
        return None, Notice(text, "autosave_unreadable", error=error)
    text = f"The saved game cannot be resumed because {problem.reason}; it was moved aside to {problem.moved.name}."
    key = "autosave_not_a_file" if problem.not_a_file else "autosave_moved"
    return None, Notice(text, key, moved=problem.moved.name)


def clear_autosave(path: str | os.PathLike[str] | None = None) -> None:
    """Remove the autosave (the match is over or abandoned)."""
    with contextlib.suppress(OSError):
        _path(path).unlink(missing_ok=True)
