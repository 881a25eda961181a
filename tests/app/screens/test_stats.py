"""The statistics screen: practice and hinted hands are counted and can be put in, each figure is the history's
definition, and the settings' hint row says what a hint costs."""

from __future__ import annotations

import pygame
import pygame_gui

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.settings import SettingsScene
from zipai_desktop.app.screens.stats import StatsScene
from zipai_desktop.app.ui.i18n import tr
from zipai_desktop.store.history import MEMORY, History

from ...store.test_history_figures import seeded


def press(app: App, scene: StatsScene, kind: str, key: object) -> None:
    button = scene.button(kind, key)
    assert button is not None, (kind, key)
    pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    app.frame(1 / 60)


def test_the_screen_shows_the_practice_hands_and_its_filter_puts_them_in() -> None:
    app = App((1280, 720), "en", headless=True, resizable=False)
    history = History(MEMORY)
    seeded(history)
    scene = StatsScene(app, (1280, 720), "en", history=history)
    app.push(scene)
    app.frame(1 / 60)
    counted = history.stats()
    shown = dict(scene.rows())
    assert shown["Hands played"] == str(counted.hands) == "9"  # hot-seat hands once per human seat
    assert shown["Hands won"] == "2" and shown["Win rate"] == f"{2 / 9:.1%}"  # wins / hands played
    assert shown["Net stake units (倍率)"] == f"{counted.stake:+d}"  # the stakes match alone
    assert shown["Practice, hint or card count hands"] == "3 (left out)"  # never silently missing
    press(app, scene, "practice", True)
    everything = history.stats(include_practice=True)
    shown = dict(scene.rows())
    assert shown["Hands played"] == str(everything.hands) == "12"
    assert shown["Hands won"] == str(everything.wins) and shown["Net points"] == f"{everything.points:+d}"
    assert shown["Practice, hint or card count hands"] == "3 (included)"
    press(app, scene, "practice", False)
    assert dict(scene.rows())["Hands played"] == "9"
    for lang in ("zh", "en"):  # the footnote defines the figures and says why hands are left out
        note = tr("stats.note", lang)
        assert ("÷" in note) and (("提示" in note) if lang == "zh" else ("hint" in note))
    pygame.quit()


def test_the_hint_setting_says_what_it_costs() -> None:
    for lang, cost in (("zh", "不计入统计"), ("en", "leaves the statistics")):
        app = App((1280, 720), lang, headless=True, resizable=False)
        scene = SettingsScene(app, (1280, 720), lang=lang)
        app.push(scene)
        app.frame(1 / 60)
        label = next(row.cells[0] for row in scene.list.rows if row.key == "hints")
        assert cost in label
        pygame.quit()


def test_the_footnote_names_both_aids_that_leave_a_match_out() -> None:
    """A counted match is left out after the discard hint (F4) and after 记牌, the card count (F5): the table marks
    it the same way for both (controller.mark_assisted), so the footnote names both, by the names the table's toasts
    give them, in both languages."""
    for lang in ("zh", "en"):
        note = tr("stats.note", lang)
        for aid, key in (("helper.hint", "F4"), ("helper.count", "F5")):
            name = tr(aid, lang)
            assert f"{name}（{key}）" in note if lang == "zh" else f"{name.lower()} ({key})" in note, (lang, aid)
