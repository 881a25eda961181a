"""A room's autosave: reopened at any point it rebuilds the same room (hands replayed, code, seats, tokens, counters),
and the reopened match ends as the uninterrupted one does; a damaged or hostile save is one sentence and is kept."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from zipai_desktop.cli import main
from zipai_desktop.net.protocol import encode
from zipai_desktop.net.room import Room
from zipai_desktop.net.room_save import Autosaver, SaveError, load, restore, room_state

from .helpers import Table, join, leaks, make_room


def _seated(rules: str, seed: str, hands: int = 2) -> tuple[Room, Table]:
    room = make_room(rules, hands=hands, seed=seed)
    table = Table(room)
    for seat in range(len(room.seats)):
        table.deliver(join(room, seat)[1])
    return room, table


@pytest.mark.parametrize("rules", ["guilin", "bohu"])
@pytest.mark.parametrize("stop_at", [1, 25, 45])
def test_a_room_reopened_from_its_save_ends_as_the_uninterrupted_one(rules: str, stop_at: int) -> None:
    whole, whole_table = _seated(rules, "resume", hands=3)
    whole_table.play(whole.start())
    room, table = _seated(rules, "resume", hands=3)
    decisions: list[Any] = []
    table.play(room.start(), stop=lambda seat, turn: len(decisions) == stop_at or bool(decisions.append(turn)))
    state = json.loads(encode(room_state(room, [0, 1, 2])))
    reopened, friends = restore(state)
    assert friends == [0, 1, 2] and reopened.code == room.code and reopened.records == room.records
    assert [(s.name, s.token, s.seq, s.last_action_id) for s in reopened.seats] == [
        (s.name, s.token, s.seq, s.last_action_id) for s in room.seats
    ]
    game, again = room.game, reopened.game
    assert game is not None and again is not None and again.history == game.history  # (mid-hand)
    assert reopened.match.totals == room.match.totals and reopened.match.dealer == room.match.dealer
    # The friends rejoin with their tokens (the reopened room waits for them meanwhile) and play on: the same bots,
    # seeded as before, answer the same decisions.
    # Until they are back the reopened room waits for its friends (a bot playing for a friend who is only
    # reconnecting would play another match): no bot decision, nothing applied, each seat away and not played by a bot.
    reopened.inline_bots = False
    reopened.advance()
    assert reopened.bot_turn() is None and again.history == game.history
    assert all(s.away and not s.played_by_bot for s in reopened.status().seats)
    table.room = reopened
    pending = []
    for seat in range(3):
        _, out = join(reopened, seat, token=room.seats[seat].token)
        table.ids[seat] = out[0][1]["last_action_id"]
        pending += table.deliver(out)
    while pending:
        seat, turn = pending.pop(0)
        pending += table.deliver(reopened.act(seat, table.answer(seat, turn)))
    assert reopened.match.over and reopened.records == whole.records and reopened.match.totals == whole.match.totals
    for seat in range(3):
        assert leaks(seat, table.got[seat], reopened.records) == []


def test_the_autosave_is_written_after_a_change_and_reads_back(tmp_path: Path) -> None:
    room, table = _seated("guilin", "autosave")
    save = Autosaver(tmp_path / "room.json", [0, 1, 2])
    table.play(room.start(), stop=lambda seat, turn: len(room.game.history) > 10)  # type: ignore[union-attr]
    save(room)
    save.close()
    reopened, _ = load(tmp_path / "room.json")
    assert reopened.game is not None and room.game is not None and reopened.game.history == room.game.history


def _state() -> dict[str, Any]:
    room, table = _seated("guilin", "hostile")
    table.play(room.start(), stop=lambda seat, turn: len(room.game.history) > 5)  # type: ignore[union-attr]
    return json.loads(encode(room_state(room, [0, 1, 2])))


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"format": "x"}, "not a room save"),
        ({"version": 9}, "version"),
        ({"rules": "chess"}, "rules"),
        ({"options": {"min_hu": "x"}}, "rules"),
        ({"hands": -1}, "match"),
        ({"players": 9}, "match"),
        ({"first_dealer": 7}, "first dealer"),
        ({"code": "x" * 40}, "room code"),
        ({"bot": "god"}, "bot level"),
        ({"seats": []}, "seats"),
        ({"seats": [{"name": None, "token": "../../etc", "seq": 0, "last_action_id": 0, "replaced": False}] * 3},
         "token"),
        ({"friends": [5]}, "friends"),
        ({"current": [{"seat": 0, "action": {"type": "hu"}}] * 3}, "cannot be replayed"),
        ({"current": [{"seat": 99, "action": {"type": "pass"}}]}, "cannot be replayed"),
        ({"current": [[]]}, "not an object"),
        ({"finished": [[]]}, "not finished"),
        ({"seed": "s" * 1000}, "seed"),
    ],
)  # fmt: skip
def test_a_hostile_save_is_refused_in_one_sentence(change: dict[str, Any], problem: str) -> None:
    with pytest.raises(SaveError, match=problem) as info:
        restore({**_state(), **change})
    assert "\n" not in str(info.value) and len(str(info.value)) < 300


def test_zipai_host_refuses_a_damaged_save_in_one_line_and_keeps_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    damaged = tmp_path / "room.json"
    damaged.write_text('{"format": "zipai-room", "version": 1, "rules": ', encoding="utf-8")
    assert main(["host", "--resume", str(damaged)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("zipai host: cannot resume") and "\n" not in err and "Traceback" not in err
    assert damaged.read_text(encoding="utf-8").startswith('{"format"')
    assert sorted(p.name for p in tmp_path.iterdir()) == ["room.json"]
    assert main(["host", "--resume", str(tmp_path / "none.json")]) == 2
    assert "there is no save" in capsys.readouterr().err


def test_the_app_may_ask_to_move_a_damaged_save_aside(tmp_path: Path) -> None:
    damaged = tmp_path / "room.json"
    damaged.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(SaveError, match="moved aside as room.json.damaged-"):
        load(damaged, set_aside=True)
    assert not damaged.exists() and [p.read_text() for p in tmp_path.iterdir()] == ["[1, 2]"]
