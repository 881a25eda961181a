"""Every menu works from the keyboard: arrows move, Enter / Space choose, number keys jump, Esc goes back."""

from __future__ import annotations

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.settings import SettingsScene
from zipai_desktop.app.screens.setup import SetupScene
from zipai_desktop.app.screens.stats import StatsScene
from zipai_desktop.app.screens.title import TitleScene
from zipai_desktop.app.table.scene import TableScene
from zipai_desktop.store.settings import load_settings

from ..drive import key


def test_title_setup_and_table_by_keyboard() -> None:
    app = App((1280, 720), "zh", headless=True, resizable=False)
    app.push(TitleScene(app, (1280, 720), "zh"))
    app.frame(1 / 60)
    key(app, pygame.K_DOWN)  # highlight the first entry (new game)
    key(app, pygame.K_RETURN)
    setup = app.scenes[-1]
    assert isinstance(setup, SetupScene)
    app.frame(1 / 60)
    game_row = next(i for i, r in enumerate(setup.rows) if r.kind == "game" and r.key == "bohu")
    for _ in range(game_row - setup.focus):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_SPACE)
    assert setup.rules == "bohu"
    key(app, pygame.K_RETURN)
    table = app.scenes[-1]
    assert isinstance(table, TableScene) and table.controller.config.rules == "bohu"
    key(app, pygame.K_ESCAPE)  # leave the table: it asks first
    assert app.scenes[-1] is table and table.confirm_leave
    key(app, pygame.K_RETURN)
    app.frame(1 / 60)
    title = app.scenes[-1]
    assert isinstance(title, TitleScene) and setup not in app.scenes  # leaving a hand goes back to the title
    menu = [k for k in title.gui_buttons.values() if not k.startswith("lang:")]
    assert menu[0] == "resume"  # the match just left was autosaved
    key(app, pygame.K_0)  # 继续上局: back at the table, and leaving it again goes back to the title
    resumed = app.scenes[-1]
    assert isinstance(resumed, TableScene) and resumed.controller.config.rules == "bohu"
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    app.frame(1 / 60)
    assert app.scenes == [title]
    key(app, pygame.K_6)  # number keys open an entry directly: 6 is 统计
    assert isinstance(app.scenes[-1], StatsScene)
    stats = app.scenes[-1]
    before = stats.rules
    key(app, pygame.K_RIGHT)
    assert stats.rules != before
    key(app, pygame.K_ESCAPE)
    pygame.quit()


def test_settings_by_keyboard() -> None:
    app = App((1024, 640), "en", headless=True, resizable=False)
    scene = SettingsScene(app, (1024, 640), lang="en")
    app.push(scene)
    app.frame(1 / 60)
    names = [name for _, name in scene.rows]
    for _ in range(names.index("large_cards")):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    settings, _ = load_settings()
    assert settings.large_cards
    key(app, pygame.K_ESCAPE)
    assert not app.scenes
    pygame.quit()


def test_settings_rows_and_the_back_button_form_a_ring() -> None:
    """The rows are one list: ↑ from the first row frames the back button (Enter then closes), ↓ from it the first
    row again; a click on a row changes that setting and moves the highlight there."""
    app = App((1280, 720), "en", headless=True, resizable=False)
    scene = SettingsScene(app, (1280, 720), lang="en")
    app.push(scene)
    app.frame(1 / 60)
    assert scene.list.selected == 0 and not scene.on_back
    key(app, pygame.K_UP)
    assert scene.on_back
    key(app, pygame.K_DOWN)
    assert not scene.on_back and scene.list.selected == 0
    rect = next(r for r, name in scene.rows if name == "sound")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=rect.center))
    app.frame(1 / 60)
    chosen = scene.list.chosen()
    assert chosen is not None and chosen.key == "sound" and not load_settings()[0].sound
    for _ in range(len(scene.list.rows) - scene.list.selected):  # down past the last row: the back button
        key(app, pygame.K_DOWN)
    assert scene.on_back
    key(app, pygame.K_RETURN)
    assert not app.scenes
    pygame.quit()


@pytest.mark.parametrize("resume", [False, True])
def test_title_number_keys_stay_fixed_whether_or_not_resume_is_shown(resume: bool) -> None:
    """Each number key opens the same entry, and its button carries that number, with or without 继续上局 (0)."""
    from zipai_desktop.app.screens.title import MENU

    app = App((1280, 720), "en", headless=True, resizable=False)
    title = TitleScene(app, (1280, 720), "en")
    title.saved = {} if resume else None
    title._build_gui()
    app.push(title)
    app.frame(1 / 60)
    opened = []
    title.choose = opened.append  # type: ignore[method-assign]
    for n in range(10):
        key(app, pygame.K_0 + n)
    expected = [k for k in MENU if (resume or k != "resume") and MENU.index(k) <= 9]
    assert opened == expected
    assert MENU.index("new_game") == 1 and MENU.index("competition") == 2 and MENU.index("room") == 3
    assert MENU.index("stats") == 6 and MENU.index("replays") == 7 and MENU.index("record") == 8
    assert MENU.index("quit") == 10  # no number key: Esc quits
    for kind in expected:
        assert title.button(kind).text.startswith(f"{MENU.index(kind)} ")
    pygame.quit()


def test_the_match_record_is_one_step_from_the_title() -> None:
    """8 (or the 战绩 / Match record entry) opens the replays screen in its by-match view; 7 in its by-hand view."""
    from zipai_desktop.app.screens.replays import ReplaysScene

    app = App((1024, 640), "zh", headless=True, resizable=False)
    title = TitleScene(app, (1024, 640), "zh")
    app.push(title)
    app.frame(1 / 60)
    assert title.button("record").text == "8  战绩"
    key(app, pygame.K_8)
    record = app.scenes[-1]
    assert isinstance(record, ReplaysScene) and record.mode == "matches"
    key(app, pygame.K_ESCAPE)
    assert app.scenes[-1] is title
    key(app, pygame.K_7)
    replays = app.scenes[-1]
    assert isinstance(replays, ReplaysScene) and replays.mode == "hands"
    pygame.quit()
