"""The host's controls on the room without a network: start with empty seats, pause, replace an away friend by the
bot, end the match; the room's status; bot decisions made elsewhere and handed back (stale ones dropped)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from zipai_desktop.engine.record import verify
from zipai_desktop.net.botpool import decide
from zipai_desktop.net.protocol import ProtocolError
from zipai_desktop.net.room import PAUSED, Outbox, Room

from .helpers import Table, join, leaks, make_room


def drive_bots(room: Room, table: Table | None = None) -> Outbox:
    """Make every bot decision the room asks for, as the host's worker does (same function, in this process)."""
    out: Outbox = []
    while (turn := room.bot_turn()) is not None:
        got = room.apply_bot(turn, decide(turn))
        if table is not None:
            table.deliver(got)
        out += got
    return out


def play_out(room: Room, table: Table, out: Outbox) -> None:
    """Friends answer their turns and bots theirs until nothing is pending."""
    pending = table.deliver(out)
    while True:
        while pending:
            seat, turn = pending.pop(0)
            pending += table.deliver(room.act(seat, table.answer(seat, turn)))
        pending = table.deliver(drive_bots(room))
        if not pending and room.bot_turn() is None:
            return


@pytest.mark.parametrize("rules", ["guilin", "bohu"])
def test_bots_decided_elsewhere_play_the_same_match_as_bots_on_the_loop(rules: str) -> None:
    inline = make_room(rules, hands=2, seed="same")
    table = Table(inline)
    table.deliver(join(inline, 1)[1])
    table.play(inline.start())
    apart = make_room(rules, hands=2, seed="same")
    apart.inline_bots = False
    other = Table(apart)
    other.deliver(join(apart, 1)[1])
    play_out(apart, other, apart.start())
    assert apart.match.over and apart.records == inline.records and apart.match.totals == inline.match.totals

    def plain(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{k: v for k, v in m.items() if k not in ("seq", "token")} for m in messages if m["kind"] != "status"]

    assert plain(other.got[1]) == plain(table.got[1])
    assert leaks(1, other.got[1], apart.records) == []


def test_the_host_starts_with_empty_seats_and_a_friend_takes_a_bot_played_seat_at_its_next_decision() -> None:
    room = make_room(hands=2, seed="early")
    room.inline_bots = False
    table = Table(room)
    table.deliver(join(room, 0)[1])
    out = room.start()  # seat 1 and 2 are friends' seats nobody has taken yet: bots play them
    assert room.started and room.status().seats[1].played_by_bot and not room.status().seats[1].joined
    pending = table.deliver(out)
    late_joined = False
    while not room.match.over:
        while pending:
            seat, turn = pending.pop(0)
            pending += table.deliver(room.act(seat, table.answer(seat, turn)))
        turn = room.bot_turn()
        if turn is None:
            continue
        if turn.seat == 2 and not late_joined:  # the friend sits down while the bot was about to decide for seat 2
            _, out = join(room, 2)
            late_joined = True
            pending += table.deliver(out)
            assert room.apply_bot(turn, turn.legal[0]) == []  # the bot's answer came too late: dropped
            assert any(s == 2 and m["step"] == turn.step for s, m in pending)  # the friend decides instead
            continue
        pending += table.deliver(room.apply_bot(turn, decide(turn)))
    assert late_joined and all(verify(r) for r in room.records)
    assert any(a["seat"] == 2 for r in room.records for a in r["actions"])
    for seat in (0, 2):
        assert leaks(seat, table.got[seat], room.records) == []


def test_while_paused_no_bot_moves_and_a_friends_action_is_refused_then_the_game_goes_on() -> None:
    room = make_room(hands=1, seed="pause")
    room.inline_bots = False
    table = Table(room)
    for seat in (0, 1):
        table.deliver(join(room, seat)[1])
    pending = table.deliver(room.start())
    while not pending:  # bots (seat 2) until a friend must decide
        pending = table.deliver(drive_bots(room))
    seat, turn = pending[0]
    game = room.game
    assert game is not None
    steps = len(game.history)
    out = room.pause(True)
    table.deliver(out)
    assert {m["kind"] for _, m in out} == {"status"} and all(m["paused"] for _, m in out)
    with pytest.raises(ProtocolError, match=PAUSED):
        room.act(seat, table.answer(seat, turn))
    assert room.bot_turn() is None and len(game.history) == steps
    out = room.pause(False)
    again = table.deliver(out)  # the pending decision is told again
    assert [(s, m["step"]) for s, m in again] == [(seat, turn["step"])]
    assert not [m for _, m in out if m["kind"] == "status"][-1]["paused"]
    room.act(seat, {**table.answer(seat, again[0][1]), "id": table.ids[seat] + 1})
    assert len(game.history) == steps + 1


def test_an_away_friend_is_waited_for_until_replaced_then_gets_the_seat_back_with_the_token() -> None:
    room = make_room(hands=2, seed="replace", wait_for_away=True)
    room.inline_bots = False
    table = Table(room)
    tokens = {s: join(room, s)[1][0][1]["token"] for s in range(3)}
    table.play(room.start(), stop=lambda seat, turn: seat == 1)
    room.leave(1)
    assert room.bot_turn() is None  # waited for
    away = room.status().seats[1]
    assert away.joined and away.away and not away.played_by_bot
    room.seats[0].connected = True
    out = room.take_over(1)
    told = [m for s, m in out if s == 0 and m["kind"] == "status"]
    assert told and told[-1]["seats"][1] == {
        "seat": 1,
        "name": "seat 1",
        "connected": False,
        "joined": True,
        "away": True,
        "bot": True,
    }  # fmt: skip  (托管, on the others' screens)
    turn = room.bot_turn()
    assert turn is not None and turn.seat == 1
    drive_bots(room)
    _, out = join(room, 1, token=tokens[1])
    assert out[0][1]["kind"] == "welcome" and not room.status().seats[1].played_by_bot
    with pytest.raises(ValueError, match="connected"):
        room.take_over(1)


def test_the_host_ends_the_match_the_hand_in_play_is_not_scored() -> None:
    room = make_room(hands=3, seed="end")
    table = Table(room)
    for seat in range(3):
        table.deliver(join(room, seat)[1])
    hands_done: list[Any] = []
    table.play(room.start(), stop=lambda seat, turn: turn["hand"] == 1 and not hands_done.append(turn))
    totals = list(room.match.totals)
    out = room.end()
    table.deliver(out)
    assert room.over and room.game is None and len(room.records) == 1 and room.match.played == 1
    for seat in range(3):
        final = table.got[seat][-1]
        assert final == {"kind": "match_end", "totals": totals, "hands": 1, "ended_by_host": True,
                         "seq": final["seq"]}  # fmt: skip
        assert [m["record"] for m in table.got[seat] if m["kind"] == "record"] == room.records
        finished = [m for m in table.got[seat] if m.get("hand", 0) < 1 or m["kind"] not in ("events", "turn")]
        assert leaks(seat, finished, room.records) == []
    assert room.end() == [] and room.status().ended_by_host
    with pytest.raises(ProtocolError, match="over"):
        join(room, 0)


def test_status_messages_hold_nothing_a_seat_may_not_see() -> None:
    room = make_room(hands=2, seed="public")
    table = Table(room)
    for seat in range(3):
        table.deliver(join(room, seat)[1])
    table.play(room.start())
    for seat, messages in table.got.items():
        statuses = [m for m in messages if m["kind"] == "status"]
        assert statuses and statuses[-1]["over"] and not statuses[0]["started"]
        assert leaks(seat, messages, room.records) == []  # (it checks each status's fields)
        assert room.match.seed not in json.dumps(statuses)
