"""A saved competition (``competition.json``), changed anywhere: it either resumes into a competition the screen draws
and plays on, or it is moved aside with one sentence. Never a crash at 继续比赛, never a hang, never the memory filled.

Property tests change one place of a real saved competition at a time (any field of the tournament, of an entrant, of
a round's seating, of a booked result, of the player's table in progress, of the table's winners): a random JSON
value, a value chosen to hit a known weak spot (an unknown bot level or game, an entrant named "²" or 5,000 digits, a
bad option, huge counts), a removed field or item, or a repeated item. Whatever loads is then drawn in both languages
and played on: the player's table to the end of its match and the bot tables of the round, then the next round seated.
"""

from __future__ import annotations

import copy
import json
import os
import resource
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.competition import CompetitionScene, entrant_name, level_name
from zipai_desktop.app.table.controller import Controller
from zipai_desktop.app.ui.banner import localize
from zipai_desktop.app.ui.i18n import tr
from zipai_desktop.competition.play import make_field, play_bot_table, play_table
from zipai_desktop.engine.match import Match
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.engine.tournament import TableResult, Tournament
from zipai_desktop.store import paths
from zipai_desktop.store.autosave import match_state
from zipai_desktop.store.competition import competition_state, load_competition

from ...store.play import play

MESSAGE_LIMIT = 400  # one readable line
FIELD = ("random", "beginner")  # quick bots: the property is about the save, not about play strength


def _table_state(t: Tournament, round_no: int, actions: int) -> tuple[dict[str, Any], dict[str, int | None]]:
    """The player's table of ``round_no``: its first hand played out, the second ``actions`` actions in."""
    rules = get_rules(t.rules)
    table = t.human_table(round_no)
    assert table is not None
    match = Match(rules, rules.parse_options(t.options), seed=t.seed_of(round_no, table), hands=t.hands, players=3)
    game = play(match.start_hand())
    assert game.result is not None
    wins = {"0": game.result.winner}
    match.finish_hand()
    hand = play(match.start_hand(), actions)
    seats = [{"kind": t.entrants[e].level, "name": t.entrants[e].name} for e in t.tables[round_no - 1][table]]
    # What the table keeps goes into the save too (the player's own columns, the hint mark, 托管), so the changes
    # reach those fields as well.
    me = next(i for i, s in enumerate(seats) if s["kind"] == "human")
    kinds = [k for k, n in enumerate(hand.hands[me]) for _ in range(n)]
    columns = {me: [kinds[i : i + 2] for i in range(0, len(kinds), 2)]}
    state = match_state(match, seats, columns=columns, hint_used=True, autoplay=[me], autoplay_hand=True)
    state["history_match"] = None
    return state, wins


def _mid_table(rules: str, seed: int) -> dict[str, Any]:
    """Round 1 seated, the bot tables booked, the player in the middle of the second hand of the table."""
    t = Tournament(rules, 3, make_field(6, FIELD), rounds=2, hands=2, seed=seed)
    t.start_round()
    for table in t.pending():
        if table != t.human_table(1):
            t.record(play_bot_table(t, 1, table))
    table, wins = _table_state(t, 1, 6)
    state = competition_state(t, table, history_competition=None)
    state["table_wins"] = wins
    return state


def _between_rounds() -> dict[str, Any]:
    """Round 1 complete (the player's table booked too), round 2 not yet seated: the standings."""
    t = Tournament("guilin", 3, make_field(6, FIELD), rounds=2, hands=1, seed=11, duplicate=True)
    t.start_round()
    for table in t.pending():
        if table != t.human_table(1):
            t.record(play_bot_table(t, 1, table))
        else:  # the player's table, played by random bots in its place
            points, won = play_table(t.rules, t.options, t.seed_of(1, table), ["random"] * 3, t.hands)
            t.record(TableResult(1, table, t.tables[0][table], points, won))
    return competition_state(t, None, history_competition=None)


BASES = [_mid_table("guilin", 5), _mid_table("bohu", 7), _between_rounds()]


def _paths(value: Any, here: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in the state (the hand record's snapshot left out: the autosave's own tests cover it)."""
    yield here
    if here[-1:] == ("final",):
        return
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*here, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*here, i))


PLACES = [(b, p) for b, base in enumerate(BASES) for p in _paths(base) if p]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=10,
)
# The values that crashed the window, hung it or filled the memory, and their neighbours. (No "strong": the strong
# bot thinks 0.3 s a decision at the player's table; the loader treats every level alike.)
weak_spots = st.sampled_from(
    [
        "wizard",
        "human",
        "random",
        "casual",
        "mahjong",
        "guilin",
        "bohu",
        "²",
        "7" * 5000,
        "",
        "x" * 41,
        "\x1b[31m",
        "0",
        "11",
        "12",
        -1,
        0,
        1,
        2,
        3,
        4,
        5,
        16,
        17,
        24,
        10**6,
        10**900,
        -(10**900),
        True,
        1.5,
        {"min_hu": 99},
        {"round_target": 10**12},
        {"nonsense": 1},
        {"xing": "none"},
        [],
        {},
        list(range(30)),
    ]
)


@st.composite
def changed_states(draw: st.DrawFn) -> dict[str, Any]:
    base, place = draw(st.sampled_from(PLACES))
    state = copy.deepcopy(BASES[base])
    *parents, last = place
    parent = state
    for step in parents:
        parent = parent[step]
    how = draw(st.sampled_from(["value", "weak", "weak", "remove", "repeat"]))
    if how == "remove":
        del parent[last]
    elif how == "repeat" and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[last]))
    else:
        parent[last] = draw(weak_spots if how != "value" else json_values)
    return state


@pytest.fixture(scope="module")
def app() -> Iterator[App]:
    application = App((1280, 720), "zh", headless=True, resizable=False)
    yield application
    pygame.quit()


def _refused_in_one_sentence(content: bytes, message: str) -> None:
    assert message.endswith(".") and "\n" not in message and len(message) < MESSAGE_LIMIT, message
    moved = paths.data_dir() / getattr(message, "params", {}).get("moved", "")
    assert moved.name in message and moved.is_file() and moved.read_bytes() == content, message
    for lang in ("zh", "en"):
        line = localize(message, lang)
        assert line != str(message) and "\n" not in line  # the player's language, not the English sentence


def _play_table(controller: Controller) -> None:
    while True:
        seat = controller.to_act
        if seat is None:
            if not controller.next_hand():
                return
            continue
        if controller.is_human(seat):
            assert controller.submit(seat, controller.legal(seat)[0]) is None
        else:
            assert controller.step_bot()


def _draw_and_play(app: App, state: dict[str, Any]) -> None:
    """The competition the loader let through: drawn in both languages, then played on to the next round."""
    scene = CompetitionScene.from_state(app, app.size, "zh", state, inline=True)
    app.push(scene)
    try:
        t = scene.t
        for lang in ("zh", "en"):
            scene.lang = lang
            app.frame(1 / 60)
            assert scene.rows
            tr(f"game.{t.rules}", lang)
            for e in range(len(t.entrants)):
                assert entrant_name(t, e, lang) and level_name(t.entrants[e].level, lang) is not None
        if scene.phase == "play":
            controller = scene.take_seat(inline_bots=True)
            app.frame(1 / 60)  # the table scene draws
            _play_table(controller)
            scene._table_closed()
        if scene.phase == "standings":
            scene.confirm()  # the next round is seated and its bot tables played
        app.frame(1 / 60)
        assert scene.phase in ("play", "final", "standings")
    finally:
        scene.bots.close()
        while app.scenes:
            app.pop()


def _check(app: App, state: dict[str, Any]) -> str:
    """ "loaded" (and drawn and played on) or "refused" (moved aside with one sentence)."""
    path = paths.data_dir() / "competition.json"
    content = json.dumps(state, ensure_ascii=False).encode()
    path.write_bytes(content)
    loaded, message = load_competition()
    if loaded is None:
        assert message is not None
        _refused_in_one_sentence(content, message)
        assert not path.exists()
        return "refused"
    assert message is None
    _draw_and_play(app, loaded)
    return "loaded"


def test_the_unchanged_saves_resume_and_play(app: App) -> None:
    for base in BASES:
        assert _check(app, copy.deepcopy(base)) == "loaded"
        assert not list(paths.data_dir().glob("competition.json.damaged-*"))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(state=changed_states())
def test_a_changed_competition_save_resumes_and_plays_or_is_moved_aside_with_one_sentence(
    app: App, state: dict[str, Any]
) -> None:
    event(_check(app, state))


# The variants that crashed the window at 继续比赛 (an i18n key, int() of a name, an option at the seat), and those
# that filled the memory or never ended. Each is refused at load, before the screen or the tournament uses it.
def _with(base: int, place: tuple[Any, ...], value: Any) -> dict[str, Any]:
    state = copy.deepcopy(BASES[base])
    *parents, last = place
    parent = state
    for step in parents:
        parent = parent[step]
    parent[last] = value
    return state


KNOWN = [
    ("unknown level", ("tournament", "entrants", 1, "level"), "wizard", "level"),
    ("unknown rules", ("tournament", "rules"), "mahjong", "game"),
    ("superscript name", ("tournament", "entrants", 1, "name"), "²", None),
    ("5,000-digit name", ("tournament", "entrants", 1, "name"), "7" * 5000, "name"),
    ("bad option", ("tournament", "options"), {"min_hu": 99}, "min_hu"),
    ("option too large", ("tournament", "options"), {"round_target": 10**12}, "round_target"),
    ("hands for ever", ("tournament", "hands"), 10**9, "hands"),
    ("rounds for ever", ("tournament", "rounds"), 10**9, "rounds"),
    ("table winners", ("table_wins",), {str(n): 0 for n in range(100_000)}, "winners"),
]


@pytest.mark.parametrize(("name", "place", "value", "word"), KNOWN, ids=[k[0] for k in KNOWN])
def test_the_variants_that_crashed_the_window_are_refused_or_drawn(
    app: App, name: str, place: tuple[Any, ...], value: Any, word: str | None
) -> None:
    state = _with(0, place, value)
    path = paths.data_dir() / "competition.json"
    path.write_text(json.dumps(state), encoding="utf-8")
    loaded, message = load_competition()
    if word is None:  # a name that is no catalog number is shown as written
        assert loaded is not None and message is None
        _draw_and_play(app, loaded)
        return
    assert loaded is None and message is not None and word in message, message
    _refused_in_one_sentence(path.with_name(message.params["moved"]).read_bytes(), message)  # type: ignore[attr-defined]


# Loaded in a child with its address space capped: a file built to fill the memory (100,000 entrants; a million
# table winners) is refused before anything walks it.
CHILD = textwrap.dedent(
    """
    import resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (int(sys.argv[1]), int(sys.argv[1])))
    from zipai_desktop.store.competition import load_competition
    state, message = load_competition()
    print("refused" if state is None else "loaded", message)
    """
)


def _huge(kind: str) -> dict[str, Any]:
    state = copy.deepcopy(BASES[0])
    if kind == "entrants":  # a well-formed field of 99,998 bots and the player, no round seated yet
        t = state["tournament"]
        t["entrants"] = [t["entrants"][0]] + [{"name": str(i), "level": "random"} for i in range(99_998)]
        t["tables"], t["results"], state["table"], state["table_wins"] = [], [], None, None
    else:
        state["table_wins"] = {str(n): 0 for n in range(1_000_000)}
    return state


@pytest.mark.skipif(not hasattr(resource, "RLIMIT_AS"), reason="needs RLIMIT_AS")
@pytest.mark.parametrize("kind", ["entrants", "table winners"])
def test_a_save_built_to_fill_the_memory_is_refused_under_a_memory_cap(tmp_path: Path, kind: str) -> None:
    home = tmp_path / "home"
    env = dict(os.environ, ZIPAI_HOME=str(home), PYTHONPATH=str(Path(__file__).resolve().parents[3]))
    data = home / "data"
    data.mkdir(parents=True)
    (data / "competition.json").write_text(json.dumps(_huge(kind)), encoding="utf-8")
    script = tmp_path / "child.py"
    script.write_text(CHILD, encoding="utf-8")
    cap = str(768 * 1024 * 1024)
    proc = subprocess.run([sys.executable, str(script), cap], env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.startswith("refused") and "moved aside" in proc.stdout, proc.stdout
