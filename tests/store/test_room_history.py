"""A 包厢's hands in the histories (store/room_history.py): the host's history keeps the room's match like a local one,
and each friend's history, fed every message the friend received in a real match (the room driven in-process, as
tests/net does), ends with the same hands, figures and records as the host's. A friend sees each hand's result as it
ends (stored at once, without a replay) and the records only at the match's end; one who dropped keeps what they saw;
hands played while away are marked 托管. Both games."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

from zipai_desktop.bots import make_bot
from zipai_desktop.engine.match import Match
from zipai_desktop.engine.record import RecordError, replay
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.net.room import Outbox, Room
from zipai_desktop.store import paths
from zipai_desktop.store.history import MEMORY, SEEN_FORMAT, HandRow, History, hand_facts
from zipai_desktop.store.room_history import BOT, FRIEND, HUMAN, FriendRoomRecorder, HostRoomRecorder

from ..net.helpers import Table, join
from .histories import rows

Hook = Callable[[int, dict[str, Any]], Outbox]
NAMES = ["房主", "阿明", "Lily", "小红"]


def new_room(rules: str, players: int, hands: int, seed: str) -> tuple[Room, Table]:
    r = get_rules(rules)
    room = Room(Match(r, r.parse_options({}), seed, hands=hands, players=players), code="ABC234", bot="casual")
    table = Table(room)
    table.bots = {s: make_bot("casual", seed=s) for s in range(players)}  # casual bots win hands (random ones rarely)
    return room, table


def drive(room: Room, table: Table, out: Outbox, hook: Hook | None = None) -> None:
    """Deliver the messages and answer every turn still pending (``hook`` may make a friend leave or rejoin first)."""
    turns = table.deliver(out)
    while turns:
        seat, turn = turns.pop(0)
        if hook is not None:
            turns += table.deliver(hook(seat, turn))
        game = room.game
        pending = game is not None and game.to_act == seat and turn["step"] == len(game.history)
        if room.seats[seat].connected and pending and turn["hand"] == room.match.played:
            turns += table.deliver(room.act(seat, table.answer(seat, turn)))


def play_match(rules: str, players: int, hands: int, seed: str, hook: Hook | None = None) -> tuple[Room, Table]:
    """Every seat a friend; the host's history sees each hand end as the room finishes it."""
    room, table = new_room(rules, players, hands, seed)
    for seat in range(players):
        _, out = join(room, seat, name=NAMES[seat])
        table.deliver(out)
    drive(room, table, room.start(), hook)
    assert room.match.over
    return room, table


def host_history(room: Room, table: Table) -> tuple[History, int]:
    """The host's history of the match: the host plays seat 0, friends the others. Each hand is stored from the
    room's record with the result its hand_end told every seat."""
    history = History(MEMORY)
    players = len(room.seats)
    recorder = HostRoomRecorder(history, room.match, [HUMAN] + [FRIEND] * (players - 1), NAMES[:players])
    ends = [m for m in table.got[0] if m["kind"] == "hand_end"]
    assert [m["hand"] for m in ends] == list(range(len(room.records)))
    for message in ends:
        assert recorder.hand_finished(room.records[message["hand"]], message["result"], message["totals"]) is not None
    recorder.match_finished(room.match.totals)
    assert recorder.messages == [] and recorder.match_id is not None
    return history, recorder.match_id


def friend_history(table: Table, seat: int, upto: int | None = None) -> tuple[History, FriendRoomRecorder]:
    history = History(MEMORY)
    recorder = FriendRoomRecorder(history)
    for message in json.loads(json.dumps(table.got[seat][:upto])):  # as the wire gives them: lists, not tuples
        recorder.feed(message)
    assert recorder.skipped == 0 and recorder.messages == []
    return history, recorder


def facts(row: HandRow) -> tuple[Any, ...]:
    return (row.hand_no, row.rules, row.dealer, row.winner, row.source, row.discarder, row.score, row.hu, row.points,
            row.special)  # fmt: skip


def by_hand(history: History, match_id: int) -> dict[int, HandRow]:
    return {row.hand_no: row for row in history.hands(match_id=match_id)}


# The Guilin seed has a win on a discard (点炮: the friend's history learns who dealt in from the Won event it saw).
GAMES = [("guilin", 3, 6, "guilin room 0"), ("bohu", 4, 6, "bohu room"), ("bohu", 3, 4, "bohu three")]


@pytest.mark.parametrize(("rules", "players", "hands", "seed"), GAMES)
def test_host_history_holds_the_room_match_like_a_local_one(rules: str, players: int, hands: int, seed: str) -> None:
    room, table = play_match(rules, players, hands, seed)
    history, match_id = host_history(room, table)
    result = history.match_result(match_id)
    assert result.match.finished_at is not None
    assert list(result.match.totals) == list(room.match.totals)
    assert result.match.seats == (HUMAN,) + (FRIEND,) * (players - 1)
    assert result.match.names == tuple(NAMES[:players])
    rows = by_hand(history, match_id)
    assert sorted(rows) == list(range(len(room.records)))
    for hand, record in enumerate(room.records):
        stored = history.get_record(rows[hand].id)
        assert stored == json.loads(json.dumps({**record, "names": NAMES[:players]}))
        assert facts(rows[hand]) == facts_of_record(record, hand)
    wins = [sum(1 for r in room.records if r["result"]["winner"] == s) for s in range(players)]
    assert [s.wins for s in result.seats] == wins
    # The statistics count the host's own seat only (a friend's seat is another person's).
    stats = history.stats()
    active = [replay(r).active for r in room.records]
    assert stats.hands == sum(1 for a in active if 0 in a)
    assert stats.wins == wins[0]
    assert stats.points == sum(r["result"]["points"][0] for r, a in zip(room.records, active, strict=True) if 0 in a)
    assert stats.vs == {}  # a friend is not a bot level


def facts_of_record(record: dict[str, Any], hand: int) -> tuple[Any, ...]:
    f = hand_facts(replay(record))
    return (hand, f.rules, f.dealer, f.winner, f.source, f.discarder, f.score, f.hu, f.points, f.special)


@pytest.mark.parametrize(("rules", "players", "hands", "seed"), GAMES)
def test_a_friend_history_ends_with_the_host_figures_and_records(
    rules: str, players: int, hands: int, seed: str
) -> None:
    room, table = play_match(rules, players, hands, seed)
    host, host_id = host_history(room, table)
    host_result = host.match_result(host_id)
    sources = {hand_facts(replay(r)).source for r in room.records}
    assert sources & {"own_draw", "other_draw"} and (rules == "bohu" or "discard" in sources)  # figures not all 0
    for seat in range(1, players):
        mine, recorder = friend_history(table, seat)
        assert recorder.match_id is not None
        result = mine.match_result(recorder.match_id)
        assert result.seats == host_result.seats
        assert result.match.totals == host_result.match.totals and result.match.finished_at is not None
        assert result.match.seats[seat] == HUMAN and result.match.seats.count(HUMAN) == 1
        assert result.match.names == tuple(NAMES[:players])
        rows = by_hand(mine, recorder.match_id)
        hosts = by_hand(host, host_id)
        assert {h: facts(r) for h, r in rows.items()} == {h: facts(r) for h, r in hosts.items()}
        for hand, record in enumerate(room.records):
            assert mine.get_record(rows[hand].id) == json.loads(json.dumps({**record, "names": NAMES[:players]}))
            assert rows[hand].seed == record["seed"] and not rows[hand].autoplay
        # The friend's statistics count their own seat, as the host's count the host's.
        stats = mine.stats()
        active = [replay(r).active for r in room.records]
        assert stats.hands == sum(1 for a in active if seat in a) and stats.matches == 1
        assert stats.wins == host_result.seats[seat].wins
        assert stats.dealt_in == host_result.seats[seat].dealt_in


@pytest.mark.parametrize(("rules", "players", "hands", "seed"), GAMES[:2])
def test_before_the_records_each_hand_is_stored_from_what_the_friend_saw(
    rules: str, players: int, hands: int, seed: str
) -> None:
    room, table = play_match(rules, players, hands, seed)
    host, host_id = host_history(room, table)
    first_record = next(i for i, m in enumerate(table.got[1]) if m["kind"] == "record")
    mine, recorder = friend_history(table, 1, upto=first_record)
    assert recorder.match_id is not None
    rows = by_hand(mine, recorder.match_id)
    assert {h: facts(r) for h, r in rows.items()} == {h: facts(r) for h, r in by_hand(host, host_id).items()}
    assert all(r.seed is None for r in rows.values())
    seen = mine.get_record(rows[0].id)
    assert seen is not None and seen["format"] == SEEN_FORMAT and seen["names"] == NAMES[:players]
    with pytest.raises(RecordError):
        replay(seen)  # no replay until the records come
    assert mine.match_result(recorder.match_id).seats[1] == host.match_result(host_id).seats[1]
    # The records then replace the stand-ins, keeping when each hand was played.
    for message in json.loads(json.dumps(table.got[1][first_record:])):
        recorder.feed(message)
    after = by_hand(mine, recorder.match_id)
    assert {h: r.played_at for h, r in after.items()} == {h: r.played_at for h, r in rows.items()}
    assert all(mine.get_record(r.id) is not None and r.seed is not None for r in after.values())


@pytest.mark.parametrize("rules", ["guilin", "bohu"])
def test_a_friend_who_dropped_keeps_the_hands_seen_without_replays(rules: str) -> None:
    players = 3
    left: list[int] = []

    def leave_after_first_hand(seat: int, turn: dict[str, Any]) -> Outbox:
        if seat == 1 and not left and any(m["kind"] == "hand_end" for m in table.got[1]):
            left.append(len(table.got[1]))
            return room.leave(1)
        return []

    room, table = new_room(rules, players, 4, f"{rules} drop")
    for seat in range(players):
        table.deliver(join(room, seat, name=NAMES[seat])[1])
    drive(room, table, room.start(), leave_after_first_hand)
    assert room.match.over and left
    host, host_id = host_history(room, table)
    mine, recorder = friend_history(table, 1)
    assert recorder.match_id is not None
    rows = by_hand(mine, recorder.match_id)
    seen = [m["hand"] for m in table.got[1] if m["kind"] == "hand_end"]
    assert sorted(rows) == seen and len(seen) < len(room.records)
    hosts = by_hand(host, host_id)
    assert {h: facts(r) for h, r in rows.items()} == {h: facts(hosts[h]) for h in seen}
    match = mine.match(recorder.match_id)
    assert match is not None and match.finished_at is None  # the match's end never came: it stays unfinished
    assert list(match.totals) == [sum(rows[h].points[s] for h in seen) for s in range(players)]
    assert all(mine.get_record(r.id)["format"] == SEEN_FORMAT for r in rows.values())  # type: ignore[index]


@pytest.mark.parametrize("rules", ["guilin", "bohu"])
def test_hands_played_while_a_friend_was_away_are_marked_and_come_with_the_records(rules: str) -> None:
    players, hands = 3, 6
    state: dict[str, bool] = {}

    def away_from_hand_1_to_3(seat: int, turn: dict[str, Any]) -> Outbox:
        if seat == 1 and turn["hand"] == 1 and "left" not in state:
            state["left"] = True
            return room.leave(1)
        if seat != 1 and turn["hand"] == 3 and "left" in state and "back" not in state:
            state["back"] = True
            token = next(m["token"] for m in table.got[1] if m["kind"] == "welcome")
            return join(room, 1, name=NAMES[1], token=token)[1]
        return []

    room, table = new_room(rules, players, hands, f"{rules} away")
    for seat in range(players):
        table.deliver(join(room, seat, name=NAMES[seat])[1])
    drive(room, table, room.start(), away_from_hand_1_to_3)
    assert room.match.over and state == {"left": True, "back": True}
    host, host_id = host_history(room, table)
    mine, recorder = friend_history(table, 1)
    assert recorder.match_id is not None
    rows = by_hand(mine, recorder.match_id)
    assert sorted(rows) == list(range(hands))
    assert {h for h, r in rows.items() if r.autoplay} == {1, 2, 3}  # left in hand 1, back in hand 3
    assert mine.match_result(recorder.match_id).seats == host.match_result(host_id).seats
    assert mine.stats().autoplay == 3


def test_a_friend_who_sat_down_during_the_match_has_the_hands_from_then_on() -> None:
    players, hands = 3, 5
    joined: list[int] = []

    def late(seat: int, turn: dict[str, Any]) -> Outbox:
        if turn["hand"] == 2 and not joined:
            joined.append(turn["hand"])
            return join(room, 1, name=NAMES[1])[1]
        return []

    room, table = new_room("guilin", players, hands, "late")
    for seat in (0, 2):
        table.deliver(join(room, seat, name=NAMES[seat])[1])
    drive(room, table, room.start(), late)
    assert room.match.over and joined == [2]
    mine, recorder = friend_history(table, 1)
    assert recorder.match_id is not None
    rows = by_hand(mine, recorder.match_id)
    assert sorted(rows) == [2, 3, 4]
    records = [json.loads(json.dumps({**room.records[h], "names": NAMES[:players]})) for h in (2, 3, 4)]
    assert [mine.get_record(rows[h].id) for h in (2, 3, 4)] == records


def test_malformed_messages_are_skipped_and_nothing_is_stored() -> None:
    room, table = play_match("guilin", 3, 1, "hostile")
    history = History(MEMORY)
    recorder = FriendRoomRecorder(history)
    welcome = table.got[1][0]
    recorder.feed(welcome)
    record = room.records[0]
    bad: list[Any] = [
        "not a message",
        {"kind": "nonsense"},
        {"kind": "welcome", "seat": 9, "rules": "guilin", "players": 3, "hand": 0},
        {"kind": "seats", "seats": "all"},
        {"kind": "events", "hand": -1, "from": 0, "events": []},
        {"kind": "hand_end", "hand": 0, "result": {"winner": 7, "points": [0, 0, 0], "score": 0}},
        {"kind": "hand_end", "hand": 0, "result": {"winner": None, "points": [0, 0], "score": 0}},
        {"kind": "hand_end", "hand": 0, "result": {"winner": None, "points": ["x", 0, 0], "score": 0}},
        {"kind": "hand_end", "hand": 0, "result": {"winner": None, "points": [0, 0, 0], "score": 0}},  # unseen hand
        {"kind": "record", "hand": 0, "record": {**record, "actions": record["actions"][:3]}},  # unfinished
        {"kind": "record", "hand": 0, "record": {**record, "seed": "another deal"}},  # does not replay
        {"kind": "record", "hand": 0, "record": {**record, "rules": "bohu"}},  # another game
        {"kind": "record", "hand": 0, "record": "text"},
        {"kind": "match_end", "totals": [1, 2]},
    ]
    for message in json.loads(json.dumps(bad)):
        recorder.feed(message)
    assert recorder.skipped == len(bad)
    assert history.hands() == [] and recorder.messages == []


def test_a_record_whose_result_is_not_the_hand_end_result_is_not_stored_by_the_host() -> None:
    room, table = play_match("guilin", 3, 2, "host check")
    history = History(MEMORY)
    recorder = HostRoomRecorder(history, room.match, ["human", "casual", "casual"])
    wrong = {**room.records[0]["result"], "score": room.records[0]["result"]["score"] + 1}
    assert recorder.hand_finished(room.records[0], wrong) is None
    assert recorder.hand_finished(room.records[1]) is not None
    assert [r.hand_no for r in history.hands()] == [1] and len(recorder.messages) == 1
    # A reopened room goes on with its history match.
    again = HostRoomRecorder(history, room.match, ["human", "casual", "casual"], match_id=recorder.match_id)
    assert again.match_id == recorder.match_id
    assert again.hand_finished(room.records[0], room.records[0]["result"]) is not None
    assert sorted(r.hand_no for r in history.hands(match_id=recorder.match_id)) == [0, 1]


def test_a_seen_hand_gives_way_to_its_record_but_a_stored_record_stays() -> None:
    room, _ = play_match("guilin", 3, 1, "seen")
    game = replay(room.records[0])
    history = History(MEMORY)
    match_id = history.start_match("guilin", ["human", FRIEND, "casual"], options=asdict(game.options))
    seen = hand_facts(game)
    seen = type(seen)(**{**asdict(seen), "seed": None})
    first = history.add_seen_hand(match_id, 0, seen, names=["", "阿明", ""])
    assert history.add_seen_hand(match_id, 0, seen) == first  # a second sight of the hand changes nothing
    row = history.hands()[0]
    assert row.seed is None and history.get_record(first)["names"] == ["", "阿明", ""]  # type: ignore[index]
    full = history.add_hand(match_id, 0, game, record=room.records[0])
    (after,) = history.hands()
    assert after.id == full and after.seed == game.seed and after.played_at == row.played_at
    assert history.get_record(full) == json.loads(json.dumps(room.records[0]))
    assert history.add_seen_hand(match_id, 0, seen) == full  # the record is never replaced by a stand-in
    assert history.get_record(full) == json.loads(json.dumps(room.records[0]))


def test_seen_hands_survive_a_salvage_of_a_damaged_history(home: Path) -> None:
    """A seen hand's row is a sound row for the salvage (its stand-in record agrees with its columns)."""
    room, table = play_match("guilin", 3, 6, "guilin room 0")
    first_record = next(i for i, m in enumerate(table.got[1]) if m["kind"] == "record")
    path = paths.history_path()
    with History(path) as history:
        recorder = FriendRoomRecorder(history)
        for message in json.loads(json.dumps(table.got[1][:first_record])):
            recorder.feed(message)
        assert recorder.match_id is not None and len(history.hands()) == 6
    before = rows(path, "hands")
    data = bytearray(path.read_bytes())
    data[:16] = b"\0" * 16  # SQLite's name in the header lost: every row is read back from the pages
    path.write_bytes(bytes(data))
    with History(path) as history:
        assert getattr(history.message, "key", None) == "history_salvaged"
        assert rows(path, "hands") == before


def test_bot_seats_take_the_level_the_welcome_names_and_an_unknown_one_is_bot() -> None:
    room, table = new_room("guilin", 3, 1, "levels")
    table.deliver(join(room, 1, name=NAMES[1])[1])
    drive(room, table, room.start())
    messages = json.loads(json.dumps(table.got[1]))
    assert messages[0]["kind"] == "welcome" and messages[0]["bot"] == "casual"  # the host tells its bots' level
    told, other, untold = History(MEMORY), History(MEMORY), History(MEMORY)
    a, b, c = FriendRoomRecorder(told), FriendRoomRecorder(other), FriendRoomRecorder(untold)
    for message in messages:
        a.feed(message)
        b.feed({**message, "bot": "strong"} if message["kind"] == "welcome" else message)
        c.feed({k: v for k, v in message.items() if k != "bot"})  # an older host's welcome
    assert a.match_id is not None and b.match_id is not None and c.match_id is not None
    assert told.match(a.match_id).seats == ("casual", HUMAN, "casual")  # type: ignore[union-attr]
    assert other.match(b.match_id).seats == ("strong", HUMAN, "strong")  # type: ignore[union-attr]
    assert untold.match(c.match_id).seats == (BOT, HUMAN, BOT)  # type: ignore[union-attr]
    assert set(other.stats().vs) == {"strong"} and other.stats().hands == 1


def test_rule_options_are_taken_only_as_the_rules_read_them() -> None:
    room, table = new_room("bohu", 4, 1, "options")
    table.deliver(join(room, 1, name=NAMES[1])[1])
    drive(room, table, room.start())
    messages = json.loads(json.dumps(table.got[1]))
    history = History(MEMORY)
    recorder = FriendRoomRecorder(history)
    hostile = {"kind": "turn", "hand": 0, "step": 0, "observation": {"options": {"no such option": "x" * 1000}}}
    for message in messages[:1] + [hostile] + messages[1:]:
        recorder.feed(message)
    assert recorder.options == asdict(get_rules("bohu").parse_options({}))
    assert recorder.match_id is not None
    assert history._options(recorder.match_id) == recorder.options
