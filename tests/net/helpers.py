"""Shared pieces of the 包厢 tests: a room driven in-process, with bots answering each friend's turns."""

from __future__ import annotations

import json
from typing import Any

from zipai_desktop.bots import make_bot
from zipai_desktop.engine.events import redact
from zipai_desktop.engine.match import Match
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.record import replay
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.net.protocol import VERSION
from zipai_desktop.net.room import Outbox, Room
from zipai_desktop.net.wire import observation_from_json, observation_to_json, settlement_to_json


def make_room(rules: str = "guilin", hands: int = 2, seed: str = "room", **kw: Any) -> Room:
    r = get_rules(rules)
    return Room(Match(r, r.parse_options({}), seed, hands=hands), code="ABC234", bot="random", **kw)


def join(room: Room, seat: int, **extra: Any) -> tuple[int, Outbox]:
    return room.join({"kind": "join", "version": VERSION, "code": room.code, "seat": seat, **extra})


class Table:
    """Friends at some seats of ``room``: every message each one got, and a bot that answers its turns."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.got: dict[int, list[dict[str, Any]]] = {s: [] for s in range(len(room.seats))}
        self.ids: dict[int, int] = {s: 0 for s in range(len(room.seats))}
        self.bots = {s: make_bot("random", seed=s) for s in range(len(room.seats))}

    def deliver(self, out: Outbox) -> list[tuple[int, dict[str, Any]]]:
        """Record the messages; return the turns among them."""
        turns = []
        for seat, message in out:
            self.got[seat].append(message)
            if message["kind"] == "turn":
                turns.append((seat, message))
        return turns

    def answer(self, seat: int, turn: dict[str, Any]) -> dict[str, Any]:
        obs = observation_from_json(turn["observation"])
        self.ids[seat] += 1
        action = self.bots[seat].choose(obs, obs.legal)
        return {
            "kind": "act",
            "id": self.ids[seat],
            "hand": turn["hand"],
            "step": turn["step"],
            "action": action.to_json(),
        }

    def play(self, out: Outbox, *, stop: Any = None) -> None:
        """Answer every turn until none is left (or ``stop(seat, turn)`` says stop)."""
        turns = self.deliver(out)
        while turns:
            seat, turn = turns.pop(0)
            if stop is not None and stop(seat, turn):
                return
            turns += self.deliver(self.room.act(seat, self.answer(seat, turn)))


def _plain(value: Any) -> Any:
    """The value as JSON gives it back (tuples become lists), so that sent and recomputed values compare."""
    return json.loads(json.dumps(value, ensure_ascii=False))


#: What a ``status`` message holds, and each of its seats: the room's public state, nothing of any hand.
STATUS_KEYS = {"kind", "seq", "started", "paused", "over", "ended_by_host", "hand", "hands", "totals", "seats"}
SEAT_KEYS = {"seat", "name", "connected", "joined", "away", "bot"}
#: What an ``events`` and a ``hand_end`` message hold: nothing beyond the seat's redacted events and view, the result.
EVENTS_KEYS = {"kind", "seq", "hand", "from", "events", "step", "view"}
HAND_END_KEYS = {"kind", "seq", "hand", "result", "totals", "settlement", "round_totals"}


def leaks(seat: int, messages: list[dict[str, Any]], records: list[dict[str, Any]]) -> list[str]:
    """Every way the messages a seat got differ from what its seat may see, checked against the records' replays:
    each hand's events are the replayed game's events redacted for the seat, each turn's observation and each events
    message's view are observe(replayed game up to that step, seat) (the view without the legal actions), a hand's
    result and itemised settlement are the record's, and the records (whose seeds tell every deal of the match) come
    only once the match is over; a status holds only the room's public fields."""
    problems: list[str] = []
    events: dict[int, list[dict[str, Any]]] = {}
    ended: set[int] = set()
    for message in messages:
        kind = message["kind"]
        hand = message.get("hand")
        if kind in ("events", "turn") and hand in ended:
            problems.append(f"{kind} of hand {hand} after its end")
        if kind == "events":
            if message["from"] == 0:  # the hand's events from its start (a new hand, or a rejoin): a fresh list
                events[hand] = []
            events.setdefault(hand, []).extend(message["events"])
            if set(message) != EVENTS_KEYS:
                problems.append(f"an events message with other fields: {sorted(message)}")
            else:
                view = observation_to_json(observe(replay(records[hand], upto=message["step"]), seat))
                del view["legal"]
                if _plain(message["view"]) != _plain(view):
                    problems.append(f"events of hand {hand} step {message['step']}: another view")
        elif kind == "turn":
            game = replay(records[hand], upto=message["step"])
            if _plain(message["observation"]) != _plain(observation_to_json(observe(game, seat))):
                problems.append(f"turn of hand {hand} step {message['step']}: another observation")
        elif kind == "status":
            if set(message) != STATUS_KEYS or any(set(s) != SEAT_KEYS for s in message["seats"]):
                problems.append(f"a status with other fields: {sorted(message)}")
            elif any(not isinstance(s[k], bool) for s in message["seats"] for k in SEAT_KEYS - {"seat", "name"}):
                problems.append("a status seat with a field that is not a flag")
        elif kind == "hand_end":
            ended.add(hand)
            if _plain(message["result"]) != _plain(records[hand]["result"]):
                problems.append(f"hand {hand}: another result")
            finished = replay(records[hand]).result
            assert finished is not None
            if set(message) != HAND_END_KEYS:
                problems.append(f"a hand_end with other fields: {sorted(message)}")
            elif _plain(message["settlement"]) != _plain(settlement_to_json(finished.settlement)):
                problems.append(f"hand {hand}: another settlement")
            elif not all(isinstance(t, int) for t in message["round_totals"]):
                problems.append(f"hand {hand}: round totals that are not whole numbers")
        elif kind == "record":
            if len(ended) < len(records):
                problems.append(f"the record of hand {hand} before the match's end")
            if _plain(message["record"]) != _plain(records[hand]):
                problems.append(f"hand {hand}: another record")
    for hand, seen in events.items():
        game = replay(records[hand])
        may = [e.to_json() for e in (redact(ev, seat) for ev in game.events) if e is not None]
        if _plain(seen) != _plain(may if hand in ended else may[: len(seen)]):
            problems.append(f"hand {hand}: events the seat may not see, or out of order")
    return problems
