"""Game records: rules + options + seed + deal version + dealer + actions, as versioned JSON. A replay deals again
(engine/deck.py) and applies the actions again."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from . import jsonsafe
from .actions import Action, ActionError, action_from_json
from .deck import VERSIONS as DEAL_VERSIONS
from .game import Game, IllegalAction
from .jsonsafe import name as show_name
from .jsonsafe import quote
from .rules import UnknownRules, get_rules
from .rules.base import OptionError

FORMAT = "zipai-record"
VERSION = 1
#: The fields a record must hold besides ``format`` and ``version`` (docs/contracts/sim-cli.md, notes): what the deal
#: and the play are made from. ``final`` (the state to verify against) and ``result`` (a finished hand's settlement)
#: are read by ``--verify``.
REQUIRED = ("rules", "options", "players", "seed", "dealer", "actions")


class RecordError(ValueError):
    """A file that is not a readable game record: bad JSON, or a field missing or of the wrong type."""


class ReplayMismatch(RecordError):
    """A well-formed record that does not replay: an action is not legal where it stands (the seed, the dealer or an
    action was changed). ``zipai replay`` exits 1 for it, 2 for any other :class:`RecordError`."""


def result_of(game: Game) -> dict[str, Any] | None:
    """The stored settlement of a finished hand (winner, points, score, 胡 / 胡息, special); None while it runs."""
    if game.result is None:
        return None
    settlement = game.result.settlement
    return {
        "winner": game.result.winner,
        "points": list(game.result.points),
        "score": game.result.score,
        "hu": settlement.hu if settlement else 0,
        "special": list(settlement.special) if settlement else [],
    }


def to_record(game: Game, **extra: Any) -> dict[str, Any]:
    """The record of a hand (finished or not)."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": game.rules.name,
        "options": asdict(game.options),
        "players": game.players,
        "seed": game.seed,
        "deal": game.deal,
        "dealer": game.dealer,
        "actions": [{"seat": seat, "action": action.to_json()} for seat, action in game.history],
        "final": game.snapshot(),
    }
    result = result_of(game)
    if result is not None:
        record["result"] = result
    record.update(extra)
    return record


def dumps(record: Mapping[str, Any]) -> str:
    """A record as the JSON text of a record file: indented, with the card glyphs written as they are (no escapes)."""
    return json.dumps(record, ensure_ascii=False, indent=1)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _start(record: Mapping[str, Any]) -> tuple[Any, Any, int | str, int, int, int, list[tuple[int, Action]]]:
    """Check a record's shape and read it: (rules, options, seed, deal, dealer, players, actions); RecordError
    otherwise. A record without ``deal`` (written before records named it) was dealt by version 1.

    Every action is read before any is applied, so a malformed action anywhere is a malformed record (exit 2), while an
    action that is well-formed but not legal where it stands is a :class:`ReplayMismatch` (exit 1).
    """
    if not isinstance(record, Mapping):
        raise RecordError("a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"not a {FORMAT} file (format is {quote(record.get('format'))})")
    if record.get("version") != VERSION:
        raise RecordError(
            f"record version {quote(record.get('version'))} is not supported (this program reads {VERSION})"
        )
    # Every field that decides the deal is required: a record without its options or its seat count would replay
    # another game (the defaults), and be reported as not replaying rather than as incomplete.
    for key in REQUIRED:
        if key not in record:
            raise RecordError(f"record is missing {key!r}")
    name = record["rules"]
    if not isinstance(name, str):
        raise RecordError(f'record rules must be a name like "guilin", not {quote(name)}')
    try:
        rules = get_rules(name)
    except UnknownRules:
        raise RecordError(f"record rules {show_name(name)} are not a game this program knows") from None
    raw_options = record["options"]
    if not isinstance(raw_options, dict):
        raise RecordError(f"record options must be a JSON object, not {quote(raw_options)}")
    try:
        options = rules.parse_options(raw_options)
    except OptionError as exc:
        raise RecordError(f"record options: {exc}") from None
    seed = record["seed"]
    if not (_whole(seed) or isinstance(seed, str)):
        raise RecordError(f"record seed must be a number or a string, not {quote(seed)}")
    deal = record.get("deal", 1)
    if not _whole(deal) or deal not in DEAL_VERSIONS:
        known = ", ".join(map(str, DEAL_VERSIONS))
        raise RecordError(f"record deal version {quote(deal)} is not one this program deals ({known})")
    dealer = record["dealer"]
    players = record["players"]
    if not _whole(players) or players not in rules.players:
        raise RecordError(
            f"record players must be {' or '.join(map(str, rules.players))} for {rules.name}, not {quote(players)}"
        )
    if not _whole(dealer) or not 0 <= dealer < players:
        raise RecordError(f"record dealer must be a seat 0..{players - 1}, not {quote(dealer)}")
    items = record["actions"]
    if not isinstance(items, list):
        raise RecordError(f"record actions must be a list, not {quote(items)}")
    actions: list[tuple[int, Action]] = []
    for i, item in enumerate(items):
        if not isinstance(item, dict) or "seat" not in item or "action" not in item:
            raise RecordError(f'action {i} must be an object like {{"seat": 0, "action": {{...}}}}, not {quote(item)}')
        seat = item["seat"]
        if not _whole(seat) or not 0 <= seat < players:
            raise RecordError(f"action {i}: seat must be 0..{players - 1}, not {quote(seat)}")
        try:
            actions.append((seat, action_from_json(item["action"])))
        except ActionError as exc:
            raise RecordError(f"action {i} is malformed: {exc}") from None
    return rules, options, seed, deal, dealer, players, actions


def replay(record: Mapping[str, Any], *, upto: int | None = None) -> Game:
    """Rebuild the game of a record by dealing from its seed and applying its actions (the first ``upto``).

    Raises :class:`RecordError` for a record of the wrong shape and :class:`ReplayMismatch` (a RecordError) when an
    action is not legal where it stands.
    """
    rules, options, seed, deal, dealer, players, actions = _start(record)
    try:
        game = Game(rules, options, seed=seed, dealer=dealer, players=players, deal=deal)
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    for i, (seat, action) in enumerate(actions[:upto] if upto is not None else actions):
        try:
            game.apply(seat, action)
        except IllegalAction as exc:
            raise ReplayMismatch(f"action {i} cannot be replayed: {exc}") from None
    return game


def load(text: str | bytes) -> dict[str, Any]:
    """Decode a record file's text (``bytes`` must be UTF-8); RecordError for anything but a JSON object."""
    try:
        data = jsonsafe.loads(text, what="the file")
    except jsonsafe.JsonInputError as exc:
        raise RecordError(str(exc)) from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    return data


def read(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a record file: RecordError for a pipe, device or folder (never waits on a FIFO), a file over 16 MB, bad
    UTF-8 or JSON; ``OSError`` (missing, no permission) is left to the caller."""
    try:
        raw = jsonsafe.read_file(path)
    except jsonsafe.JsonInputError as exc:
        raise RecordError(str(exc)) from None
    return load(raw)


def differences(record: Mapping[str, Any]) -> list[str]:
    """What replaying the record gives differently from what it stores: the final state and the result (winner, points,
    score, 胡, special); empty when the record verifies. RecordError for a record of the wrong shape (among them one
    without a final state to compare); a record that does not replay gives one difference naming the action."""
    _start(record)  # the shape first: a malformed record is exit 2 whatever else it holds
    if "final" not in record:
        raise RecordError("record is missing 'final' (the state to verify against)")
    stored = record.get("result")
    if stored is not None and not isinstance(stored, dict):
        raise RecordError(f"record result must be a JSON object, not {quote(stored)}")
    try:
        game = replay(record)
    except ReplayMismatch as exc:
        return [f"does not replay: {exc}"]
    found: list[str] = []
    if game.snapshot() != record["final"]:
        found.append("the final state differs")
    replayed = result_of(game)
    if replayed is None or stored is None:
        if replayed != stored:
            found.append("the hand is " + ("unfinished on replay" if replayed is None else "finished on replay") +
                         " but the record says the opposite")  # fmt: skip
    else:
        for key in ("winner", "points", "score", "hu", "special"):
            if stored.get(key) != replayed[key]:
                found.append(f"result {key}: stored {quote(stored.get(key))}, replay gives {quote(replayed[key])}")
    return found


def verify(record: Mapping[str, Any]) -> bool:
    """Whether replaying the record gives the final state and the result stored in it (see :func:`differences`)."""
    return not differences(record)
