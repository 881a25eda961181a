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
from ..engine.match import Match
from ..engine.tournament import Tournament, TournamentError
from . import paths
from .atomic import read_saved_state, write_atomic
from .autosave import AutosaveError, restore

FORMAT = "zipai-competition"
VERSION = 1


class CompetitionError(ValueError):
    """A saved competition that cannot be resumed (the message says why)."""


def competition_path() -> Path:
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


def restore_competition(state: Mapping[str, Any]) -> tuple[Tournament, tuple[Match, list[Any], Game | None] | None]:
    """The tournament and, when the player was at a table, that table's match (as :func:`autosave.restore` gives it).

    Raises :class:`CompetitionError` with the reason when the state cannot be resumed.
    """
    if not isinstance(state, Mapping) or state.get("format") != FORMAT:
        raise CompetitionError("it is not a saved competition")
    version = state.get("version")
    if version != VERSION:
        raise CompetitionError(f"its version {version!r} is not the one this game reads ({VERSION})")
    try:
        tournament = Tournament.from_json(state.get("tournament"))  # type: ignore[arg-type]
    except TournamentError as exc:
        raise CompetitionError(str(exc)) from None
    table = state.get("table")
    if table is None:
        return tournament, None
    try:
        match, seats, game = restore(table)
    except AutosaveError as exc:
        raise CompetitionError(f"the player's table cannot be resumed: {exc}") from None
    round_no = len(tournament.tables)
    human_table = tournament.human_table(round_no)
    if human_table is None or match.seed != tournament.seed_of(round_no, human_table):
        raise CompetitionError("the player's table does not belong to the current round")
    return tournament, (match, seats, game)


def save_competition(state: Mapping[str, Any], path: str | os.PathLike[str] | None = None) -> Path:
    target = Path(path) if path is not None else competition_path()
    write_atomic(target, json.dumps(state, ensure_ascii=False, separators=(",", ":")))
    return target


def load_competition(path: str | os.PathLike[str] | None = None) -> tuple[dict[str, Any] | None, str | None]:
    """(state, message): the saved competition if it can be resumed; never raises (a bad file is moved aside)."""
    try:
        target = Path(path) if path is not None else competition_path()
    except OSError as exc:
        return None, f"The data folder cannot be created ({exc}), so no competition can be resumed."
    state, problem = read_saved_state(target, restore_competition, CompetitionError, "a saved competition")
    if problem is None:
        return state, None
    if problem.unreadable:
        return None, f"The saved competition cannot be read ({problem.error})."
    if problem.moved is None:
        return None, (
            f"The saved competition cannot be resumed because {problem.reason}, and it could not be moved aside "
            f"({problem.error})."
        )
    return None, (
        f"The saved competition cannot be resumed because {problem.reason}; it was moved aside to {problem.moved.name}."
    )


def clear_competition(path: str | os.PathLike[str] | None = None) -> None:
    with contextlib.suppress(OSError):
        (Path(path) if path is not None else competition_path()).unlink(missing_ok=True)
