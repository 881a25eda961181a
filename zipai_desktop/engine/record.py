"""Game records: rules + options + seed + dealer + actions, as versioned JSON. A replay applies the actions again."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from .actions import ActionError, action_from_json
from .game import Game, IllegalAction
from .rules import get_rules
from .rules.base import OptionError

FORMAT = "zipai-record"
VERSION = 1


class RecordError(ValueError):
    """A file that is not a readable game record."""


def to_record(game: Game, **extra: Any) -> dict[str, Any]:
    """The record of a hand (finished or not)."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "rules": game.rules.name,
        "options": asdict(game.options),
        "players": game.players,
        "seed": game.seed,
        "dealer": game.dealer,
        "actions": [{"seat": seat, "action": action.to_json()} for seat, action in game.history],
        "final": game.snapshot(),
    }
    if game.result is not None:
        settlement = game.result.settlement
        record["result"] = {
            "winner": game.result.winner,
            "points": list(game.result.points),
            "score": game.result.score,
            "hu": settlement.hu if settlement else 0,
            "special": list(settlement.special) if settlement else [],
        }
    record.update(extra)
    return record


def dumps(record: Mapping[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1)


def replay(record: Mapping[str, Any], *, upto: int | None = None) -> Game:
    """Rebuild the game of a record by dealing from its seed and applying its actions (the first ``upto``)."""
    if not isinstance(record, Mapping):
        raise RecordError("a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"not a {FORMAT} file (format is {record.get('format')!r})")
    if record.get("version") != VERSION:
        raise RecordError(f"record version {record.get('version')!r} is not supported (this program reads {VERSION})")
    try:
        rules = get_rules(str(record["rules"]))
        options = rules.parse_options(record.get("options") or {})
        seed = record["seed"]
        dealer = record["dealer"]
        players = record.get("players", rules.default_players)
        actions = record["actions"]
    except KeyError as exc:
        raise RecordError(f"record is missing {exc.args[0]!r}") from None
    except (OptionError, ValueError) as exc:
        raise RecordError(str(exc)) from None
    if not isinstance(seed, int | str) or isinstance(seed, bool) or not isinstance(dealer, int):
        raise RecordError("record seed must be a number or string and dealer a seat number")
    if not isinstance(players, int) or isinstance(players, bool):
        raise RecordError("record players must be a number")
    if not isinstance(actions, list):
        raise RecordError("record actions must be a list")
    try:
        game = Game(rules, options, seed=seed, dealer=dealer, players=players)
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    for i, item in enumerate(actions[:upto] if upto is not None else actions):
        try:
            seat = item["seat"]
            action = action_from_json(item["action"])
            game.apply(seat, action)
        except (KeyError, TypeError) as exc:
            raise RecordError(f"action {i} is malformed: {exc}") from None
        except (ActionError, IllegalAction) as exc:
            raise RecordError(f"action {i} cannot be replayed: {exc}") from None
    return game


def load(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    return data


def verify(record: Mapping[str, Any]) -> bool:
    """Whether replaying the record gives the final state stored in it."""
    game = replay(record)
    return game.snapshot() == record.get("final")
