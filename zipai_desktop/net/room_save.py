"""A room's autosave: what a host restart needs to reopen the room where it stood (``zipai host --resume``).

The file holds the match's setup (rules, options, seed, hands, target, rounds, players, stakes, the first dealer), the
actions of every finished hand and of the hand in play, the room's code, bot level and controls, and per seat the
friend's name, token, last action id and message count. Everything else is rebuilt by replaying the actions through
the engine (deterministic: the same seed deals the same cards), so a reopened room is the one that stopped: the
friends rejoin with their tokens and go on from their ``last_action_id`` and ``seq``.

The host writes it after every change (:class:`Autosaver`, through ``store.atomic.write_atomic``: a crash leaves the
old or the new file, never a mix). Reading goes through the bounded JSON reader and checks every field: a damaged or
hostile file gives :class:`SaveError`, one sentence, and the file is kept (moved aside only when the caller asks).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict
from pathlib import Path
from typing import Any

from ..bots import BOTS
from ..engine.actions import ActionError, action_from_json
from ..engine.flow_types import IllegalAction
from ..engine.jsonsafe import JsonInputError, clip, loads, quote
from ..engine.match import MAX_HANDS, Match, Stakes
from ..engine.record import to_record
from ..engine.rules import UnknownRules, get_rules
from ..engine.rules.base import OptionError
from ..store.atomic import quarantine, read_regular, write_atomic
from .protocol import MAX_CODE_CHARS, MAX_NAME_CHARS, encode
from .room import MAX_ACTION_ID, Room, Seat

FORMAT = "zipai-room"
VERSION = 1
#: Actions of one hand a save may hold (a hand has a few hundred at most).
MAX_HAND_ACTIONS = 10_000
_TOKEN = re.compile(r"[0-9a-f]{32}")


class SaveError(ValueError):
    """A room save that cannot be reopened: one sentence saying why."""


def _actions(game: Any) -> list[dict[str, Any]]:
    return [{"seat": seat, "action": action.to_json()} for seat, action in game.history]


def room_state(room: Room, friends: Iterable[int]) -> dict[str, Any]:
    """The room as its save holds it (JSON-ready)."""
    match = room.match
    game = match.game
    first_dealer = room.records[0]["dealer"] if room.records else game.dealer if game is not None else match.dealer
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": match.rules.name,
        "options": asdict(match.options),
        "seed": match.seed,
        "hands": match.hands,
        "target": match.target,
        "rounds": match.rounds,
        "players": match.players,
        "stakes": match.stakes.to_json() if match.stakes is not None else None,
        "first_dealer": first_dealer,
        "code": room.code,
        "bot": room.bot,
        "wait_for_away": room.wait_for_away,
        "friends": sorted(friends),
        "started": room.started,
        "paused": room.paused,
        "ended_by_host": room.ended_by_host,
        "finished": [record["actions"] for record in room.records],
        "current": _actions(game) if game is not None else None,
        "seats": [
            {"name": s.name, "token": s.token, "seq": s.seq, "last_action_id": s.last_action_id, "replaced": s.replaced}
            for s in room.seats
        ],
    }


class Autosaver:
    """A ``Host.on_change`` that keeps the room's save at ``path``.

    The save's text is made on the host's loop at each change (so it is the room as it stood), but written by a
    thread of its own: a write (a temporary file, fsync, rename, fsync of the folder) takes far longer than an action,
    and the loop must not wait for it. When changes come faster than the disk, only the newest text waiting is
    written: the file is always a whole save of a recent moment. A write that fails (a full disk) is told to
    ``on_error`` once per kind of failure and tried again at the next change. :meth:`close` writes what is waiting.
    """

    def __init__(self, path: str | Path, friends: Iterable[int], on_error: Callable[[str], None] | None = None) -> None:
        self.path = Path(path)
        self.friends = sorted(friends)
        self.on_error = on_error or (lambda message: None)
        self._queued: str | None = None  # the newest text handed over
        self._waiting: str | None = None  # the text the writer has yet to write
        self._closing = False
        self._told: set[str] = set()
        self._ready = threading.Condition()
        self._writer = threading.Thread(target=self._write, name="zipai-room-autosave", daemon=True)
        self._writer.start()

    def __call__(self, room: Room) -> None:
        """The room changed: hand its save to the writer (nothing if it is the same as the last)."""
        text = encode(room_state(room, self.friends))
        with self._ready:
            if text != self._queued:
                self._queued = self._waiting = text
                self._ready.notify()

    def _write(self) -> None:
        while True:
            with self._ready:
                while self._waiting is None and not self._closing:
                    self._ready.wait()
                text, self._waiting = self._waiting, None
                if text is None:  # closing, nothing left
                    return
            try:
                write_atomic(self.path, text)
            except OSError as exc:
                problem = f"the room's autosave cannot be written to {clip(str(self.path))}: {clip(str(exc))}"
                if type(exc).__name__ not in self._told:
                    self._told.add(type(exc).__name__)
                    self.on_error(problem)

    def close(self) -> None:
        """Write the save still waiting, then stop the writer."""
        with self._ready:
            self._closing = True
            self._ready.notify()
        self._writer.join()


# -- reading -----------------------------------------------------------------------------------------------------------


def _field(data: Mapping[str, Any], name: str, kind: type | tuple[type, ...], *, optional: bool = False) -> Any:
    value = data.get(name)
    if value is None and optional:
        return None
    if not isinstance(value, kind) or (isinstance(value, bool) and kind in (int, (int, str))):
        raise SaveError(f"the save's {name} is not valid: {quote(value)}")
    return value


def _count(data: Mapping[str, Any], name: str, high: int) -> int:
    value = _field(data, name, int)
    if not 0 <= value <= high:
        raise SaveError(f"the save's {name} must be from 0 to {high}, not {quote(value)}")
    return int(value)


def _seat(data: Any, index: int) -> Seat:
    if not isinstance(data, dict):
        raise SaveError(f"the save's seat {index} is not an object: {quote(data)}")
    name = _field(data, "name", str, optional=True)
    token = _field(data, "token", str, optional=True)
    if name is not None and len(name) > MAX_NAME_CHARS:
        raise SaveError(f"the save's seat {index} has a name over {MAX_NAME_CHARS} characters")
    if token is not None and not _TOKEN.fullmatch(token):
        raise SaveError(f"the save's seat {index} has a token that is not one this host gives: {quote(token)}")
    seq = _count(data, "seq", MAX_ACTION_ID)
    last = _count(data, "last_action_id", MAX_ACTION_ID)
    replaced = bool(_field(data, "replaced", bool))
    # A reopened room waits for each friend who had joined, until they rejoin or the host replaces them: a bot playing
    # for a friend who is only reconnecting would play another match than the one that stopped.
    return Seat(name=name, token=token, seq=seq, last_action_id=last, replaced=replaced,
                held=token is not None and not replaced)  # fmt: skip


def _play(match: Match, actions: Any, hand: int) -> Any:
    """Deal hand ``hand`` and apply its saved actions; the game."""
    if not isinstance(actions, list) or len(actions) > MAX_HAND_ACTIONS:
        raise SaveError(f"the save's hand {hand} is not a list of at most {MAX_HAND_ACTIONS} actions")
    game = match.start_hand()
    for i, entry in enumerate(actions):
        if not isinstance(entry, dict) or set(entry) != {"seat", "action"}:
            raise SaveError(f"the save's action {i} of hand {hand} is not an object of seat and action")
        try:
            game.apply(entry["seat"], action_from_json(entry["action"]))
        except (ActionError, IllegalAction, ValueError, TypeError, IndexError, KeyError, AttributeError) as exc:
            raise SaveError(f"the save's action {i} of hand {hand} cannot be replayed: {clip(str(exc))}") from None
    return game


def _match(data: Mapping[str, Any]) -> Match:
    try:
        rules = get_rules(_field(data, "rules", str))
        options = rules.parse_options(_field(data, "options", dict))
        stakes = data.get("stakes")
        seed = _field(data, "seed", (int, str))
        if (isinstance(seed, str) and len(seed) > 200) or (isinstance(seed, int) and abs(seed) >= 10**100):
            raise SaveError("the save's seed is too long")
        return Match(rules, options, seed, hands=_field(data, "hands", int, optional=True),
                     target=_field(data, "target", int, optional=True),
                     rounds=_field(data, "rounds", int, optional=True), players=_field(data, "players", int),
                     dealer=_count(data, "first_dealer", 16),
                     stakes=Stakes.from_json(stakes) if stakes is not None else None)  # fmt: skip
    except (UnknownRules, OptionError) as exc:
        raise SaveError(f"the save's rules cannot be read: {clip(str(exc))}") from None
    except SaveError:
        raise
    except ValueError as exc:
        raise SaveError(f"the save's match cannot be set up: {clip(str(exc))}") from None


def restore(data: Any) -> tuple[Room, list[int]]:
    """The room a save holds, rebuilt by replaying its hands, and its friends' seats; :class:`SaveError` otherwise."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(
            f"it is not a room save (format {quote(data.get('format') if isinstance(data, dict) else data)})"
        )
    if data.get("version") != VERSION:
        raise SaveError(f"the save's version {quote(data.get('version'))} is not this program's ({VERSION})")
    match = _match(data)
    assert match.players is not None
    if not match.dealer < match.players:
        raise SaveError(f"the save's first dealer {match.dealer} is not a seat of {match.players}")
    code = _field(data, "code", str)
    if not 0 < len(code) <= MAX_CODE_CHARS or code != code.upper():
        raise SaveError(f"the save's room code is not valid: {quote(code)}")
    bot = _field(data, "bot", str)
    if bot not in BOTS:
        raise SaveError(f"the save's bot level {quote(bot)} is not one of {', '.join(sorted(BOTS))}")
    seats_data = _field(data, "seats", list)
    if len(seats_data) != match.players:
        raise SaveError(f"the save has {len(seats_data)} seats for {match.players} players")
    friends = _field(data, "friends", list)
    if any(not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < match.players for s in friends):
        raise SaveError(f"the save's friends' seats are not valid: {quote(friends)}")
    room = Room(match, code=code, bot=bot, wait_for_away=bool(_field(data, "wait_for_away", bool)),
                seats=[_seat(s, i) for i, s in enumerate(seats_data)])  # fmt: skip
    finished = _field(data, "finished", list)
    if len(finished) > MAX_HANDS:
        raise SaveError(f"the save holds more than {MAX_HANDS} hands")
    for hand, actions in enumerate(finished):
        if match.over:
            raise SaveError(f"the save holds hand {hand} after the match's end")
        game = _play(match, actions, hand)
        if game.to_act is not None:
            raise SaveError(f"the save's hand {hand} is not finished")
        room.records.append(to_record(game, hand=hand))
        match.finish_hand()
    room.started = bool(_field(data, "started", bool))
    room.paused = bool(_field(data, "paused", bool))
    room.ended_by_host = bool(_field(data, "ended_by_host", bool))
    current = data.get("current")
    if current is not None:
        if match.over or not room.started or room.ended_by_host:
            raise SaveError("the save holds a hand in play after the match's end or before its start")
        _play(match, current, len(finished))
    elif room.started and not room.over:
        match.start_hand()
    return room, list(friends)


def load(path: str | Path, *, set_aside: bool = False) -> tuple[Room, list[int]]:
    """The room saved at ``path`` and its friends' seats; :class:`SaveError` (one sentence) when there is no file or
    it cannot be reopened. The file is kept; with ``set_aside`` a damaged one is moved aside as
    ``<name>.damaged-<time>`` (the message says where)."""
    target = Path(path)
    try:
        raw = read_regular(target, "the save")
        if raw is None:
            raise SaveError(f"there is no save at {clip(str(target))}")
        return restore(loads(raw, what="the save"))
    except OSError as exc:  # (no permission, say: the file may be fine, it is not moved)
        raise SaveError(f"the save cannot be read: {clip(str(exc))}") from None
    except (JsonInputError, SaveError) as exc:  # (JsonInputError: also what is not a regular file)
        if str(exc).startswith("there is no save"):
            raise
        reason = str(exc)
    if set_aside:
        moved = quarantine(target, reason)
        raise SaveError(f"{reason} (the file was moved aside as {moved.name})")
    raise SaveError(reason)
