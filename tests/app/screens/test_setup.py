"""The setup screen: choose the game, seats and options with the mouse, then start a table."""

from __future__ import annotations

import pygame

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.setup import SetupScene, option_choices
from zipai_desktop.app.table.scene import TableScene

from ..drive import press


def test_setup_to_table_with_the_mouse() -> None:
    app = App((1280, 720), "zh", headless=True, resizable=False)
    setup = SetupScene(app, (1280, 720), lang="zh")
    app.push(setup)
    app.frame(1 / 60)
    game_row = next(r for r in setup.rows if r.kind == "game" and r.key == "bohu")
    press(app, game_row.rect.center)
    assert setup.rules == "bohu"
    players_row = next(r for r in setup.rows if r.kind == "players" and r.key == 4)
    press(app, players_row.rect.center)
    assert setup.players == 4
    option_row = next(r for r in setup.rows if r.kind == "option" and r.key == "min_huxi")
    press(app, option_row.rect.center)
    assert setup.options == {"min_huxi": 15}
    level = next(d for d, (kind, seat) in setup.drops.items() if kind == "seat_kind" and seat == 1)
    press(app, level.rect.center)  # the level list opens; its entries are the levels and 真人
    strong = next(
        b for b in level.menu_states["expanded"].options_selection_list.item_list_container.elements if b.text == "高手"
    )
    press(app, strong.rect.center)
    for _ in range(3):  # the choice travels as events: item pressed, list selection, drop-down changed
        app.frame(1 / 60)
    assert setup.seats[1] == "strong"
    start = next(b for b, (kind, _) in setup.gui_buttons.items() if kind == "start")
    press(app, start.rect.center)
    table = app.scenes[-1]
    assert isinstance(table, TableScene)
    assert table.controller.config.rules == "bohu" and table.controller.config.players == 4
    assert table.controller.options.min_huxi == 15
    table.controller.close()
    pygame.quit()


def test_every_option_lists_its_default_first() -> None:
    for rules in ("guilin", "bohu"):
        choices = option_choices(rules)
        assert choices and all(len(v) >= 1 for v in choices.values())


def test_a_game_autosaves_after_every_action_and_resumes_identically() -> None:
    from zipai_desktop.app.table.controller import HUMAN, Controller, GameConfig, SeatConfig
    from zipai_desktop.app.table.persist import Persistence
    from zipai_desktop.store.autosave import load_autosave

    seats = [SeatConfig(HUMAN, "me"), SeatConfig("casual", "b"), SeatConfig("casual", "c")]
    controller = Controller(
        GameConfig(rules="guilin", seats=seats, seed=31), inline_bots=True, persistence=Persistence()
    )
    for _ in range(12):  # a few real actions: the human takes the first legal choice, bots their own
        seat = controller.to_act
        if seat is None:
            break
        if controller.is_human(seat):
            assert controller.submit(seat, controller.legal(seat)[0]) is None
        else:
            controller.step_bot()
        state, message = load_autosave()
        assert message is None and state is not None
        assert len(state["hand"]["actions"]) == len(controller.game.history)
    snapshot = controller.game.snapshot()
    match_id = controller.persistence.match_id if controller.persistence else None
    assert match_id is not None
    controller.close()

    app = App((1280, 720), "zh", headless=True, resizable=False)
    setup = SetupScene(app, (1280, 720), lang="zh")
    app.push(setup)
    app.frame(1 / 60)
    resume = next(b for b, (kind, _) in setup.gui_buttons.items() if kind == "resume")
    press(app, resume.rect.center)
    table = app.scenes[-1]
    assert isinstance(table, TableScene)
    assert table.controller.game.snapshot() == snapshot
    persistence = table.controller.persistence
    assert persistence is not None and persistence.match_id == match_id  # its hands stay under the same match
    table.controller.close()
    pygame.quit()


def test_the_last_games_choices_are_the_next_defaults() -> None:
    from zipai_desktop.store.settings import load_settings

    app = App((1280, 720), "zh", headless=True, resizable=False)
    setup = SetupScene(app, (1280, 720), lang="zh")
    app.push(setup)
    app.frame(1 / 60)
    press(app, next(r for r in setup.rows if r.kind == "game" and r.key == "bohu").rect.center)
    press(app, next(r for r in setup.rows if r.kind == "players" and r.key == 2).rect.center)
    press(app, next(r for r in setup.rows if r.kind == "option" and r.key == "min_huxi").rect.center)
    setup.start()
    settings, problems = load_settings()
    assert not problems
    assert settings.default_rules == "bohu" and len(settings.default_seats) == 2
    assert settings.options_for("bohu") == {"min_huxi": 15}
    app.scenes[-1].controller.close()  # type: ignore[attr-defined]
    again = SetupScene(app, (1280, 720), lang="zh")
    assert again.rules == "bohu" and again.players == 2 and again.options == {"min_huxi": 15}
    pygame.quit()


def test_the_way_out_of_setup_is_labelled_back_and_goes_back() -> None:
    """It only ever went back to the title, so it says 返回 / Back (it said 退出 / Quit)."""
    for lang, label in (("zh", "返回"), ("en", "Back")):
        app = App((1024, 640), lang, headless=True, resizable=False)
        from zipai_desktop.app.screens.title import TitleScene

        title = TitleScene(app, (1024, 640), lang)
        app.push(title)
        setup = SetupScene(app, (1024, 640), lang=lang)
        app.push(setup)
        app.frame(1 / 60)
        back = next(b for b, (kind, _) in setup.gui_buttons.items() if kind == "back")
        assert back.text == label
        press(app, back.rect.center)
        assert app.scenes == [title]
        pygame.quit()


def test_rows_centre_their_text_vertically() -> None:
    """Every option row's text sits in the middle of its row (it hung from the row's top)."""
    app = App((1280, 720), "en", headless=True, resizable=False)
    setup = SetupScene(app, (1280, 720), lang="en")
    app.push(setup)
    app.frame(1 / 60)
    rows = {r.rect.topleft: r for r in setup.rows if r.kind not in ("preset", "seat_kind", "seat_name")}
    texts = [d for d in setup.paint.drawn if d.text and d.box.topleft in rows]
    assert len(texts) >= len(rows) - 1
    assert all(abs(d.text_rect.centery - d.box.centery) <= 1 for d in texts)
    pygame.quit()
