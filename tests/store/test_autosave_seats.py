"""An autosave's seats are checked on load like every other field: a seat is a human or a known bot level with a
short printable name; anything else moves the save aside with one sentence, and the game starts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from zipai_desktop.store.autosave import load_autosave, match_state, save_match

from .play import match, play

SEATS: list[dict[str, Any]] = [{"kind": "human", "name": "你"}, {"kind": "random", "name": "电脑1"}, {"kind": "strong"}]


def saved(home: Path, seats: list[Any]) -> Path:
    m = match("guilin", seed="seats", hands=4)
    play(m.start_hand(), 10)
    return save_match({**match_state(m, SEATS), "seats": seats})


@pytest.mark.parametrize(
    "seats",
    [
        SEATS,
        ["human", "random", "casual"],
        [SEATS[0], {"kind": "casual", "name": "阿明", "entrant": "entrant.0"}, "strong"],
    ],
)
def test_seats_of_known_kinds_with_short_names_resume(home: Path, seats: list[Any]) -> None:
    saved(home, seats)
    state, message = load_autosave()
    assert message is None and state is not None and state["seats"] == seats


@pytest.mark.parametrize(
    ("seat", "words"),
    [
        ({"kind": "grandmaster"}, 'seat 2 is "grandmaster", not one of'),
        ({"kind": None}, "seat 2 is null, not one of"),
        ("grandmaster", 'seat 2 is "grandmaster", not one of'),
        (["strong"], "seat 2 is not an object"),
        ({"kind": "casual", "name": "x" * 5000}, "seat 2's name"),
        ({"kind": "casual", "name": "a\nb"}, "seat 2's name"),
        ({"kind": "casual", "entrant": "x" * 5000}, "seat 2's given name"),
        ({"kind": "casual", "entrant": 7}, "seat 2's given name"),
        ({"kind": "casual", "name": 7}, "seat 2's name 7"),
    ],
)
def test_a_seat_of_an_unknown_kind_or_name_moves_the_save_aside(home: Path, seat: Any, words: str) -> None:
    path = saved(home, [*SEATS[:2], seat])
    before = path.read_bytes()
    state, message = load_autosave()
    assert state is None and message is not None
    assert words in message and "moved aside" in message and "\n" not in message and len(message) < 400
    (aside,) = path.parent.glob("autosave.json.damaged-*")
    assert aside.read_bytes() == before and not path.exists()
    assert json.loads(before)["seats"][2] == seat
