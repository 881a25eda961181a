"""A new game never silently replaces the saved match: with an autosave, Start asks first (resume it / start the new
game / cancel), in the player's language, by mouse or keyboard."""

from __future__ import annotations

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.setup import SetupScene
from zipai_desktop.app.table.controller import HUMAN, Controller, GameConfig, SeatConfig
from zipai_desktop.app.table.persist import Persistence
from zipai_desktop.app.table.scene import TableScene
from zipai_desktop.store.autosave import load_autosave

from ..drive import key, press


def _saved_match() -> int | str:
    """A match in progress, autosaved after a few actions; its seed."""
    seats = [SeatConfig(HUMAN, "me"), SeatConfig("casual", "b"), SeatConfig("casual", "c")]
    config = GameConfig(rules="guilin", seats=seats, seed=4242)
    controller = Controller(config, inline_bots=True, persistence=Persistence())
    for _ in range(4):
        seat = controller.to_act
        if seat is None:
            break
        if controller.is_human(seat):
            controller.submit(seat, controller.legal(seat)[0])
        else:
            controller.step_bot()
    controller.close()
    state, _ = load_autosave()
    assert state is not None
    return state["match"]["seed"]


def _setup(lang: str) -> tuple[App, SetupScene]:
    app = App((1280, 720), lang, headless=True, resizable=False)
    setup = SetupScene(app, (1280, 720), lang=lang)
    app.push(setup)
    app.frame(1 / 60)
    return app, setup


def _answer(setup: SetupScene, kind: str) -> object:
    assert setup.confirm is not None
    return next(b for b, k in setup.confirm[1].items() if k == kind)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_start_with_a_saved_match_asks_first_and_cancel_keeps_it(lang: str) -> None:
    seed = _saved_match()
    app, setup = _setup(lang)
    start = next(b for b, (kind, _) in setup.gui_buttons.items() if kind == "start")
    press(app, start.rect.center)
    assert app.scenes[-1] is setup and setup.confirm is not None  # no table yet: a question
    labels = {k: b.text for b, k in setup.confirm[1].items()}  # type: ignore[attr-defined]
    expected = {"zh": ("继续上局", "开始新游戏", "取消"), "en": ("Resume it", "Start new", "Cancel")}[lang]
    assert (labels["resume"], labels["replace"], labels["cancel"]) == expected
    press(app, _answer(setup, "cancel").rect.center)  # type: ignore[attr-defined]
    assert setup.confirm is None and app.scenes[-1] is setup
    state, _ = load_autosave()
    assert state is not None and state["match"]["seed"] == seed
    pygame.quit()


def test_enter_on_the_question_resumes_the_saved_match() -> None:
    seed = _saved_match()
    app, setup = _setup("en")
    key(app, pygame.K_RETURN)  # Enter starts: the question comes first
    assert setup.confirm is not None
    key(app, pygame.K_RETURN)  # Enter on the question: resume
    table = app.scenes[-1]
    assert isinstance(table, TableScene) and table.controller.match.seed == seed
    table.controller.close()
    pygame.quit()


def test_replacing_starts_the_new_game_and_its_autosave() -> None:
    seed = _saved_match()
    app, setup = _setup("zh")
    setup.seed = "777"
    setup.start()
    press(app, _answer(setup, "replace").rect.center)  # type: ignore[attr-defined]
    table = app.scenes[-1]
    assert isinstance(table, TableScene) and table.controller.match.seed == 777
    state, _ = load_autosave()
    assert state is not None and state["match"]["seed"] == 777 != seed
    table.controller.close()
    pygame.quit()


def test_esc_on_the_question_cancels_and_does_not_leave_the_setup() -> None:
    _saved_match()
    app, setup = _setup("en")
    setup.start()
    key(app, pygame.K_ESCAPE)
    assert setup.confirm is None and app.scenes[-1] is setup
    pygame.quit()


def test_without_a_saved_match_start_opens_the_table_at_once() -> None:
    app, setup = _setup("en")
    setup.start()
    assert setup.confirm is None and isinstance(app.scenes[-1], TableScene)
    app.scenes[-1].controller.close()  # type: ignore[attr-defined]
    pygame.quit()
