"""Autosave: resume gives the identical state; damaged, foreign and other-version files are moved aside."""

from __future__ import annotations

import copy
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from zipai_desktop.engine.match import Match
from zipai_desktop.store import paths
from zipai_desktop.store.autosave import (
    AutosaveError,
    clear_autosave,
    load_autosave,
    match_state,
    restore,
    save_match,
    saved_autoplay,
)
from zipai_desktop.store.settings import load_settings, save_settings

from .play import match, play, step

SEATS = ["human", "random", "casual"]


def match_fields(m: Match) -> dict[str, Any]:
    return {
        "rules": m.rules.name,
        "options": m.options,
        "seed": m.seed,
        "hands": m.hands,
        "target": m.target,
        "rounds": m.rounds,
        "players": m.players,
        "dealer": m.dealer,
        "totals": m.totals,
        "round_totals": m.round_totals,
        "rounds_done": m.rounds_done,
        "played": m.played,
        "draw_streak": m.draw_streak,
    }


def midway(rules: str = "guilin", players: int | None = None, hands_done: int = 2, actions: int = 15) -> Match:
    """A match with some hands booked and a hand in progress."""
    m = match(rules, seed="resume", hands=10, players=players)
    for _ in range(hands_done):
        play(m.start_hand())
        m.finish_hand()
    play(m.start_hand(), actions)
    return m


@pytest.mark.parametrize(("rules", "players"), [("guilin", 3), ("bohu", 2), ("bohu", 4)])
def test_resume_gives_the_identical_state_and_play_continues_identically(home: Path, rules: str, players: int) -> None:
    m = midway(rules, players)
    game = m.game
    assert game is not None and game.to_act is not None
    seats = (SEATS + ["strong"])[:players]
    save_match(match_state(m, seats, game))
    state, message = load_autosave()
    assert message is None and state is not None
    m2, seats2, game2 = restore(state)
    assert game2 is not None and m2.game is game2
    assert seats2 == seats
    assert game2.snapshot() == game.snapshot()
    assert game2.history == game.history and game2.events == game.events
    assert match_fields(m2) == match_fields(m)
    # Continue both: the rest of the hand and the next hands of the match stay identical.
    for mm in (m, m2):
        assert mm.game is not None
        play(mm.game)
        mm.finish_hand()
        play(mm.start_hand(), 10)
    assert m.game is not None and m2.game is not None
    assert m2.game.snapshot() == m.game.snapshot()
    assert match_fields(m2) == match_fields(m)


def test_every_action_of_a_hand_resumes_exactly(home: Path) -> None:
    m = match("guilin", seed=3)
    game = m.start_hand()
    while True:
        save_match(match_state(m, SEATS))
        state, message = load_autosave()
        assert message is None and state is not None
        _, _, again = restore(state)
        assert again is not None and again.snapshot() == game.snapshot()
        if not step(game):
            break
    assert game.result is not None and again.result is not None
    assert again.result.points == game.result.points


def test_between_hands_there_is_no_game(home: Path) -> None:
    m = match("guilin")
    play(m.start_hand())
    m.finish_hand()
    save_match(match_state(m, SEATS))
    state, message = load_autosave()
    assert message is None and state is not None and state["hand"] is None
    m2, _, game = restore(state)
    assert game is None and match_fields(m2) == match_fields(m)


def test_state_is_versioned_json(home: Path) -> None:
    m = midway()
    state = match_state(m, SEATS)
    assert state["format"] == "zipai-autosave" and state["version"] == 1
    assert set(state) >= {"match", "seats", "hand", "saved_at"}
    assert state["hand"]["format"] == "zipai-record"
    path = save_match(state)
    assert path == paths.data_dir() / "autosave.json"
    assert json.loads(path.read_text(encoding="utf-8")) == json.loads(json.dumps(state))


def test_dataclass_seats_are_saved_as_objects(home: Path) -> None:
    from dataclasses import dataclass

    @dataclass
    class Seat:
        kind: str
        name: str

    m = midway()
    save_match(match_state(m, [Seat("human", "you"), Seat("casual", "b1"), Seat("strong", "b2")]))
    state, _ = load_autosave()
    assert state is not None
    assert restore(state)[1][0] == {"kind": "human", "name": "you"}


def test_no_file_and_clear(home: Path) -> None:
    assert load_autosave() == (None, None)
    save_match(match_state(midway(), SEATS))
    assert load_autosave()[0] is not None
    clear_autosave()
    clear_autosave()
    assert load_autosave() == (None, None)


def good_state() -> dict[str, Any]:
    return match_state(midway(), SEATS)


def variants() -> list[tuple[str, bytes, str]]:
    state = good_state()
    text = json.dumps(state, ensure_ascii=False).encode("utf-8")
    newer = dict(state, version=2)
    older = dict(state, version=0)
    foreign_record = state["hand"]
    wrong_seed = copy.deepcopy(state)
    wrong_seed["hand"]["seed"] = "elsewhere:0"
    bad_action = copy.deepcopy(state)
    bad_action["hand"]["actions"][3]["action"] = {"type": "discard", "card": "十"}
    bad_action["hand"]["actions"][3]["seat"] = 5
    wrong_final = copy.deepcopy(state)
    wrong_final["hand"]["final"]["wall"] += 1
    missing = copy.deepcopy(state)
    del missing["match"]["totals"]
    return [
        ("empty", b"", "empty"),
        ("truncated", text[: len(text) // 2], "damaged or incomplete"),
        ("garbage", b"\x00\x01\x02\xff" * 50, "damaged or incomplete"),
        ("foreign", json.dumps({"hello": "world"}).encode(), "not a saved game"),
        ("a record", json.dumps(foreign_record).encode(), "not a saved game"),
        ("a list", b"[]", "not a saved game"),
        ("newer", json.dumps(newer).encode(), "newer version"),
        ("older", json.dumps(older).encode(), "older version"),
        ("wrong seed", json.dumps(wrong_seed).encode(), "does not belong"),
        ("bad action", json.dumps(bad_action).encode(), "cannot be replayed"),
        ("wrong final", json.dumps(wrong_final).encode(), "does not replay"),
        ("missing field", json.dumps(missing).encode(), "totals"),
    ]


@pytest.mark.parametrize(("name", "content", "word"), variants(), ids=[v[0] for v in variants()])
def test_bad_files_are_moved_aside_and_reported_in_one_sentence(
    home: Path, name: str, content: bytes, word: str
) -> None:
    path = paths.autosave_path()
    path.write_bytes(content)
    state, message = load_autosave()
    assert state is None and message is not None
    assert word in message and message.count(". ") == 0 and message.endswith(".")
    moved = sorted(path.parent.glob("autosave.json.damaged-*"))
    assert len(moved) == 1 and moved[0].read_bytes() == content and moved[0].name in message
    assert not path.exists()
    assert load_autosave() == (None, None)


def test_restore_refuses_with_a_reason() -> None:
    with pytest.raises(AutosaveError, match="not a saved game"):
        restore({"format": "zipai-record", "version": 1})
    state = good_state()
    state["match"]["rules"] = "mahjong"
    with pytest.raises(AutosaveError, match="unknown rules"):
        restore(state)
    state = good_state()
    state["seats"] = ["human"]
    with pytest.raises(AutosaveError, match="seats"):
        restore(state)


def test_a_start_removes_the_temporary_files_a_killed_save_left(home: Path) -> None:
    """The title (and the demo) read the settings and the autosave at start: the half-written copies a kill left next
    to them go, the files themselves and a fresh copy being written stay."""
    m = match("guilin", seed="temps", hands=4)
    play(m.start_hand(), 5)
    save_match(match_state(m, SEATS, m.game))
    save_settings(load_settings()[0])
    left = [paths.autosave_path().parent / ".autosave.json.k1llEd00.tmp",
            paths.settings_path().parent / ".settings.json.k1llEd00.tmp"]  # fmt: skip
    fresh = paths.autosave_path().parent / ".autosave.json.wr1t1ng0.tmp"
    for tmp in [*left, fresh]:
        tmp.write_text('{"half', encoding="utf-8")
    for tmp in left:
        os.utime(tmp, (time.time() - 3600, time.time() - 3600))
    assert load_settings()[1] == []
    state, message = load_autosave()
    assert state is not None and message is None
    assert not any(tmp.exists() for tmp in left) and fresh.exists()


def test_autoplay_and_the_hands_mark_round_trip(home: Path) -> None:
    state = match_state(midway(), SEATS, autoplay=[0], autoplay_hand=True)
    save_match(state)
    loaded, message = load_autosave()
    assert message is None and loaded is not None
    assert saved_autoplay(loaded) == (frozenset({0}), True)
    assert saved_autoplay(good_state()) == (frozenset(), False)  # 托管 off, no mark
    older = good_state()
    del older["autoplay"], older["autoplay_hand"]  # a save from before 托管 resumes with it off
    restore(older)
    assert saved_autoplay(older) == (frozenset(), False)


@pytest.mark.parametrize(
    ("field", "value", "word"),
    [
        ("autoplay", [1], "auto-play"),  # seat 1 is a bot: only a person's seat goes on 托管
        ("autoplay", [0, 0], "auto-play"),
        ("autoplay", "0", "auto-play"),
        ("autoplay", [True], "auto-play"),
        ("autoplay", [7], "auto-play"),
        ("autoplay_hand", 1, "auto-play mark"),
        ("autoplay_hand", "yes", "auto-play mark"),
    ],
)
def test_a_bad_autoplay_field_is_refused_like_any_bad_field(field: str, value: Any, word: str) -> None:
    state = good_state()
    state[field] = value
    with pytest.raises(AutosaveError, match=word):
        restore(state)
