"""A resumed match keeps the table as the player left it: their own columns (理牌 by hand) and the hint mark."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.table.controller import HUMAN, Controller, GameConfig, SeatConfig
from zipai_desktop.app.table.hand_columns import auto_columns, counts_of
from zipai_desktop.app.table.persist import Persistence, resume_controller
from zipai_desktop.app.table.scene import TableScene
from zipai_desktop.engine.actions import Discard, Hu, Pass
from zipai_desktop.store import paths
from zipai_desktop.store.autosave import load_autosave, save_match
from zipai_desktop.store.history import open_history
from zipai_desktop.store.settings import Settings, save_settings

FRAME = 1 / 60
SIZE = (1280, 720)


def post(kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def key(app: App, k: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="")
    app.frame(FRAME)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=start)
    app.frame(FRAME)
    for pos in (((start[0] + end[0]) // 2, (start[1] + end[1]) // 2), end):
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        app.frame(FRAME)
    post(pygame.MOUSEBUTTONUP, button=1, pos=end)
    app.frame(FRAME)


@pytest.fixture
def tables() -> Iterator[list[TableScene]]:
    made: list[TableScene] = []
    yield made
    for scene in made:
        scene.controller.close()
    pygame.quit()


def seat(tables: list[TableScene], controller: Controller) -> tuple[App, TableScene]:
    """The table of ``controller`` in a headless window."""
    app = App(SIZE, "zh", headless=True, resizable=False)
    scene = TableScene(controller, SIZE, speed=8.0)
    app.push(scene)
    tables.append(scene)
    return app, scene


def new_match(
    tables: list[TableScene], seats: list[SeatConfig] | None = None, seed: int = 11
) -> tuple[App, TableScene]:
    seats = seats or [SeatConfig(HUMAN, "me"), SeatConfig("casual", "b"), SeatConfig("casual", "c")]
    config = GameConfig(rules="guilin", players=3, seats=seats, seed=seed)
    return seat(tables, Controller(config, inline_bots=True, persistence=Persistence()))


def resumed(tables: list[TableScene], state: dict[str, Any] | None = None) -> tuple[App, TableScene]:
    """The autosaved match going on at a new table, as 继续上局 starts it."""
    if state is None:
        state, message = load_autosave()
        assert message is None and state is not None
    return seat(tables, resume_controller(state, inline_bots=True))


def until_discard(app: App, scene: TableScene, limit: int = 5000) -> None:
    """Frames until the seat in front of the screen must discard (answering any claim offer with 过)."""
    for _ in range(limit):
        app.frame(FRAME)
        legal = scene._my_decision()
        if any(isinstance(a, Discard) for a in legal):
            return
        if legal and Pass() in legal:
            scene.controller.submit(scene.viewer, Pass())
        assert scene.controller.game.result is None, "the hand ended before the human's discard"
    raise AssertionError("no discard decision")


def arrange(app: App, scene: TableScene) -> int:
    """Drag a loose top card to a new column at the right, as the player does; returns its kind."""
    view = scene.hand_view
    area = scene.layout.seats[scene.viewer].hand
    spots = view.spots(area, scene.layout.hand_card_w)
    source = next(
        s for s in spots if not s.locked and len(view.columns[s.col]) > 1 and s.row == len(view.columns[s.col]) - 1
    )
    right = max(s.rect.right for s in spots) + 12
    drag(app, source.hit.center, (right, source.rect.centery))
    assert view.manual and view.columns[-1] == [source.kind]
    assert view.columns != auto_columns(scene.view.hand)
    return source.kind


def caught_up(app: App, scene: TableScene) -> None:
    """Frames until the deal has flown and the table shows the engine's present."""
    for _ in range(3000):
        app.frame(FRAME)
        if scene.caught_up() and scene.cover_for is None:
            app.frame(FRAME)
            return
    raise AssertionError("the table never caught up")


def test_the_players_columns_come_back_on_resume(tables: list[TableScene]) -> None:
    app, scene = new_match(tables)
    until_discard(app, scene)
    arrange(app, scene)
    arranged = [list(c) for c in scene.hand_view.columns]
    scene.controller.close()
    app2, again = resumed(tables)
    caught_up(app2, again)
    assert again.hand_view.columns == arranged and again.hand_view.manual


def test_the_columns_follow_the_hand_after_an_action_and_come_back(tables: list[TableScene]) -> None:
    app, scene = new_match(tables, seed=12)
    until_discard(app, scene)
    kind = arrange(app, scene)
    key(app, pygame.K_RETURN)  # a discard (an action): the autosave holds the columns of the hand after it
    until_discard(app, scene)
    shown = [list(c) for c in scene.hand_view.columns]
    assert any(c == [kind] or c[:1] == [kind] for c in shown) or counts_of(shown)[kind] == 0
    scene.controller.close()
    app2, again = resumed(tables)
    caught_up(app2, again)
    assert again.hand_view.columns == shown and again.hand_view.manual


def test_sorting_again_is_saved_too(tables: list[TableScene]) -> None:
    app, scene = new_match(tables)
    until_discard(app, scene)
    arrange(app, scene)
    key(app, pygame.K_r)  # R: 理牌 again, the arrangement forgotten
    state, _ = load_autosave()
    assert state is not None and state["columns"][0] is None
    scene.controller.close()
    app2, again = resumed(tables)
    caught_up(app2, again)
    assert again.hand_view.columns == auto_columns(again.view.hand) and not again.hand_view.manual


def test_hot_seat_keeps_each_players_columns(tables: list[TableScene]) -> None:
    seats = [SeatConfig(HUMAN, "a"), SeatConfig(HUMAN, "b"), SeatConfig("casual", "c")]
    app, scene = new_match(tables, seats)
    arranged: dict[int, list[list[int]]] = {}
    for _ in range(5000):  # each human player in turn, once the cover hands them the screen, arranges their hand
        if scene.cover_for is not None:
            post(pygame.MOUSEBUTTONUP, button=1, pos=(SIZE[0] // 2, SIZE[1] // 2))
        app.frame(FRAME)
        if scene.cover_for is None and scene.caught_up() and scene.viewer not in arranged:
            arrange(app, scene)
            arranged[scene.viewer] = [list(c) for c in scene.hand_view.columns]
            state, _ = load_autosave()
            assert state is not None and state["columns"][scene.viewer] == arranged[scene.viewer]
            if len(arranged) == 2:
                break
        legal = scene._my_decision()
        if legal:
            choice = next((a for a in legal if isinstance(a, Pass)), None) or next(
                a for a in legal if isinstance(a, Discard)
            )
            scene.controller.submit(scene.viewer, choice)
        assert scene.controller.game.result is None, "the hand ended before both players arranged their hands"
    assert sorted(arranged) == [0, 1]
    state, _ = load_autosave()
    assert state is not None
    game = scene.controller.game
    for s in (0, 1):
        assert state["columns"][s] is not None
        assert counts_of(state["columns"][s]) == list(game.hands[s])  # each player's, brought up to their hand now
    assert state["columns"][2] is None  # a bot arranges nothing
    scene.controller.close()
    app2, again = resumed(tables)
    assert again.controller.columns == {s: state["columns"][s] for s in (0, 1)}


def test_a_hint_used_stays_marked_after_resume(tables: list[TableScene]) -> None:
    save_settings(Settings(hints=True))
    app, scene = new_match(tables, seed=12)
    until_discard(app, scene)
    key(app, pygame.K_F4)
    assert scene.controller.assisted
    scene.controller.close()
    app2, again = resumed(tables)
    caught_up(app2, again)
    assert again.controller.assisted  # the table says [用了提示] again
    state, _ = load_autosave()
    assert state is not None and state["hint_used"] is True
    finish_hand(again.controller)
    history = open_history()
    try:
        hands = history.hands(match_id=again.controller.persistence.match_id)  # type: ignore[union-attr]
    finally:
        history.close()
    assert hands and not any(h.counted for h in hands)  # recorded as hinted: out of the statistics


def test_a_hint_used_marks_the_new_history_entry_of_a_resumed_match(tables: list[TableScene]) -> None:
    save_settings(Settings(hints=True))
    app, scene = new_match(tables, seed=12)
    until_discard(app, scene)
    key(app, pygame.K_F4)
    scene.controller.close()
    state, _ = load_autosave()
    assert state is not None
    state["history_match"] = 9999  # the history was replaced meanwhile: the match goes on under a new entry
    save_match(state)
    app2, again = resumed(tables)
    assert again.controller.persistence.match_id != 9999  # type: ignore[union-attr]
    finish_hand(again.controller)
    history = open_history()
    try:
        hands = history.hands(match_id=again.controller.persistence.match_id)  # type: ignore[union-attr]
    finally:
        history.close()
    assert hands and not any(h.counted for h in hands)


def test_a_hostile_arrangement_resumes_sorted(tables: list[TableScene]) -> None:
    app, scene = new_match(tables)
    until_discard(app, scene)
    arrange(app, scene)
    scene.controller.close()
    state, _ = load_autosave()
    assert state is not None
    good = state["columns"][0]
    nested: Any = 0
    for _ in range(40):
        nested = [nested]
    for bad in ([*good, [0]], [[k] for c in good for k in c] * 3, [["x"]], [[True]], nested, {"0": good}, 5):
        state["columns"][0] = bad
        path = save_match(json.loads(json.dumps(state)))
        app2, again = resumed(tables)
        caught_up(app2, again)
        assert again.hand_view.columns == auto_columns(again.view.hand) and not again.hand_view.manual
        assert path.exists() and not list(paths.autosave_path().parent.glob("*.damaged-*"))  # the game is kept
        again.controller.close()


def finish_hand(controller: Controller) -> None:
    """Play the hand out: the humans win when they can, else pass or discard the first card offered."""
    for _ in range(2000):
        if controller.hand_over:
            return
        to_act = controller.to_act
        assert to_act is not None
        if controller.is_human(to_act):
            legal = controller.legal(to_act)
            choice = next((a for a in legal if isinstance(a, Hu)), None) or next(
                (a for a in legal if isinstance(a, Pass)), legal[0]
            )
            assert controller.submit(to_act, choice) is None
        else:
            controller.step_bot()
    raise AssertionError("the hand did not end")
