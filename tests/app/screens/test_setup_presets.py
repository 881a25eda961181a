"""Presets on the setup screen: the built-in 老K 桂林 and 秀山 100分, and the player's own saved under a name typed
beside the list (listed, applied, deleted). A match started from a preset is played as the preset says."""

from __future__ import annotations

import pygame

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.setup import SetupScene
from zipai_desktop.app.table.scene import TableScene
from zipai_desktop.store.presets import Preset, load_presets, presets_path

from ..drive import press


def _setup(lang: str = "zh", size: tuple[int, int] = (1280, 720)) -> tuple[App, SetupScene]:
    app = App(size, lang, headless=True, resizable=False)
    setup = SetupScene(app, size, lang=lang)
    app.push(setup)
    app.frame(1 / 60)
    return app, setup


def _pick(app: App, drop: object, text: str) -> None:
    """Open a drop-down with a click and click its entry ``text``."""
    press(app, drop.rect.center)  # type: ignore[attr-defined]
    items = drop.menu_states["expanded"].options_selection_list.item_list_container.elements  # type: ignore[attr-defined]
    press(app, next(b for b in items if b.text == text).rect.center)
    for _ in range(3):  # the choice travels as events: item pressed, list selection, drop-down changed
        app.frame(1 / 60)


def test_the_xiushan_100_preset_plays_bohu_to_100_points() -> None:
    app, setup = _setup("zh")
    _pick(app, setup.preset_drop, "秀山 100分")
    assert setup.rules == "bohu" and setup.preset == "preset.xiushan_100"
    assert setup.hands is None and setup.target == 100
    setup.start()
    table = app.scenes[-1]
    assert isinstance(table, TableScene)
    match = table.controller.match
    assert match.rules.name == "bohu" and match.hands is None and match.target == 100
    assert match.options.round_target == 100
    table.controller.close()
    pygame.quit()


def test_the_laok_guilin_preset_restores_the_laok_defaults() -> None:
    app, setup = _setup("en")
    setup.set_game("bohu")
    setup.options = {"min_huxi": 15}
    setup.hands, setup.target, setup.stakes_on = 32, 50, True
    _pick(app, setup.preset_drop, "老K Guilin")
    assert setup.rules == "guilin" and setup.options == {} and setup.players == 3
    assert (setup.hands, setup.target, setup.stakes_on) == (8, None, False)
    pygame.quit()


def test_a_preset_is_saved_under_a_typed_name_listed_applied_and_deleted() -> None:
    app, setup = _setup("en")
    setup.set_game("bohu")
    setup.options = {"min_huxi": 15}
    setup.hands, setup.target = None, 50
    setup.stakes_on = True
    setup.stake["base"] = 5
    setup.name_entry.set_text("周末 4人")
    save = next(b for b, (kind, _) in setup.gui_buttons.items() if kind == "preset_save")
    press(app, save.rect.center)
    saved, message = load_presets()
    assert message is None
    assert saved == [
        Preset(
            "周末 4人",
            "bohu",
            {"min_huxi": 15},
            hands=None,
            target=50,
            stakes={"base": 5, "multiplier": 1, "start_balance": None},
        )
    ]
    assert "周末 4人" in [text for text, _ in setup._preset_entries()]
    # Another game, then the preset back from the list.
    setup.set_game("guilin")
    setup.hands, setup.target, setup.stakes_on = 8, None, False
    _pick(app, setup.preset_drop, "周末 4人")
    assert setup.rules == "bohu" and setup.options == {"min_huxi": 15} and setup.target == 50
    assert setup.stakes_on and setup.stake["base"] == 5
    delete = next(b for b, (kind, _) in setup.gui_buttons.items() if kind == "preset_delete")
    press(app, delete.rect.center)
    assert load_presets() == ([], None) and setup.preset == ""
    pygame.quit()


def test_a_built_in_preset_cannot_be_deleted_and_a_nameless_one_is_not_saved() -> None:
    app, setup = _setup("en")
    setup.apply_preset("preset.laok_guilin")
    setup.delete_preset()
    assert setup.error and setup.preset == "preset.laok_guilin"
    setup.name_entry.set_text("   ")
    setup.save_preset()
    assert setup.error and not presets_path().exists()
    pygame.quit()


def test_a_damaged_presets_file_is_reported_once_and_the_setup_still_opens() -> None:
    presets_path().write_text('{"format": "zipai-presets", "version": 1, "presets": [{"name": 7}]}', encoding="utf-8")
    app, setup = _setup("en")
    assert setup.user_presets == [] and len(setup.notes) == 1
    assert "moved aside" in setup.notes[0]
    assert [n for _, n in setup._preset_entries()] == ["preset.laok_guilin", "preset.xiushan_100"]
    pygame.quit()
