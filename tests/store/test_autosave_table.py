"""What the autosave keeps of the table: each seat's own columns and the hint mark, never trusted blindly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from zipai_desktop.engine.cards import NUM_KINDS
from zipai_desktop.store import paths
from zipai_desktop.store.autosave import (
    COLUMN_CARDS,
    load_autosave,
    match_state,
    restore,
    save_match,
    saved_columns,
    saved_hint_used,
)

from .play import match, play

SEATS = [{"kind": "human", "name": "me"}, {"kind": "casual", "name": "b"}, {"kind": "casual", "name": "c"}]


def columns_of(hand: Any) -> list[list[int]]:
    """The hand's cards in columns of at most two, kinds in order (an arrangement a player could make)."""
    cards = [k for k in range(NUM_KINDS) for _ in range(hand[k])]
    return [cards[i : i + 2] for i in range(0, len(cards), 2)]


def saved(columns: Any = None, hint_used: Any = False) -> tuple[dict[str, Any], Any]:
    """A state midway through a hand, saved with the seat 0 columns given (the seat's own by default)."""
    m = match(hands=4)
    game = m.start_hand()
    play(game, 6)
    state = match_state(m, SEATS, game, columns={0: columns_of(game.hands[0])}, hint_used=hint_used)
    if columns is not None:  # written as a hostile file would hold it
        state["columns"][0] = columns
    return json.loads(json.dumps(state)), game.hands[0]


def test_the_seats_columns_and_the_hint_mark_are_saved_and_read_back(home: Path) -> None:
    state, hand = saved(hint_used=True)
    save_match(state)
    loaded, message = load_autosave()
    assert message is None and loaded is not None
    assert saved_columns(loaded, 0, hand) == columns_of(hand)
    assert saved_columns(loaded, 1, restore(loaded)[2].hands[1]) is None  # a seat that did not arrange its hand
    assert saved_hint_used(loaded) is True


def test_a_save_without_them_resumes_sorted_and_unmarked(home: Path) -> None:
    state, hand = saved()
    del state["columns"], state["hint_used"]
    save_match(state)
    loaded, message = load_autosave()
    assert message is None and loaded is not None
    assert saved_columns(loaded, 0, hand) is None and saved_hint_used(loaded) is False


def hostile(hand: Any) -> list[tuple[str, Any]]:
    good = columns_of(hand)
    other = next(k for k in range(NUM_KINDS) if hand[k] == 0)
    nested: Any = 1
    for _ in range(40):
        nested = [nested]
    return [
        ("a card the hand does not hold", [*good[:-1], [*good[-1][:-1], other]]),
        ("a card missing", [*good[:-1], good[-1][:-1]] if len(good[-1]) > 1 else good[:-1]),
        ("a card twice", [*good, [good[0][0]]]),
        ("too many columns", [[k] for column in good for k in column] + [[]] * 100_000),
        ("a column too tall", [[k for column in good for k in column]]),
        ("an empty column", [*good, []]),
        ("a kind out of range", [*good, [NUM_KINDS]]),
        ("a negative kind", [*good, [-1]]),
        ("true for a card", [[True if k == 1 else k for k in column] for column in good]),
        ("a float for a card", [[float(k) for k in column] for column in good]),
        ("text for a card", [[str(k) for k in column] for column in good]),
        ("an object", {"0": good}),
        ("a text", "一二三"),
        ("a number", 7),
        ("deep nesting", nested),
        ("a column nested", [[column] for column in good]),
    ]


def test_a_hostile_arrangement_is_ignored_and_the_game_still_resumes(home: Path) -> None:
    _, hand = saved()
    for name, columns in hostile(hand):
        state, _ = saved(columns=columns)
        state["hint_used"] = "yes"
        save_match(state)
        loaded, message = load_autosave()
        assert message is None and loaded is not None, name  # the game is kept: the save resumes
        assert saved_columns(loaded, 0, hand) is None, name
        assert saved_hint_used(loaded) is False  # only true marks a hint used
        assert paths.autosave_path().exists() and not list(paths.autosave_path().parent.glob("*.damaged-*"))


@pytest.mark.parametrize("where", ["columns", "seat list"])
def test_columns_saved_for_the_wrong_seats_are_ignored(where: str) -> None:
    state, hand = saved()
    if where == "columns":
        assert saved_columns(state, 5, hand) is None and saved_columns(state, -1, hand) is None
    else:
        state["columns"] = {"0": columns_of(hand)}
        assert saved_columns(state, 0, hand) is None


def test_a_column_holds_at_most_a_long() -> None:
    hand = [0] * NUM_KINDS
    hand[3] = 4
    state = {"columns": [[[3, 3, 3, 3]]]}
    assert COLUMN_CARDS == 4 and saved_columns(state, 0, hand) == [[3, 3, 3, 3]]
    hand[3], hand[4] = 4, 1
    assert saved_columns({"columns": [[[3, 3, 3, 3, 4]]]}, 0, hand) is None
