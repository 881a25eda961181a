"""托管 outside the table: the replays list and the replay viewer show a hand's 托管 mark, the statistics footnote says
how many counted hands were played under 托管, and the settings screen cycles the turn timer."""

from __future__ import annotations

import pygame

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.replays import ReplaysScene
from zipai_desktop.app.screens.settings import SettingsScene
from zipai_desktop.app.screens.stats import StatsScene
from zipai_desktop.store.history import MEMORY, History
from zipai_desktop.store.settings import load_settings

from ...store.play import finished_hand

SIZE = (1280, 720)
SEATS = ["human", "casual", "casual"]


def stored(history: History) -> None:
    """A counted match of two hands, the second played under 托管, and a practice hand under 托管."""
    match = history.start_match("guilin", SEATS, seed=1)
    history.add_hand(match, 0, finished_hand("guilin", seed=3))
    history.add_hand(match, 1, finished_hand("guilin", seed=4), autoplay=True)
    practice = history.start_match("guilin", SEATS, seed=2, practice=True)
    history.add_hand(practice, 0, finished_hand("guilin", seed=5), autoplay=True)


def drawn_text(scene: object) -> str:
    return " ".join(d.text for d in scene.paint.drawn)  # type: ignore[attr-defined]


def test_the_replays_list_and_viewer_show_the_autoplay_mark() -> None:
    for lang, mark in (("zh", "[托管]"), ("en", "[auto-play]")):
        app = App(SIZE, lang, headless=True, resizable=False)
        history = History(MEMORY)
        stored(history)
        scene = ReplaysScene(app, SIZE, lang, history=history)
        app.push(scene)
        entries = scene.entries()
        marked = [e for e in entries if mark in e.label]
        assert len(marked) == 2 and all(e.hand is not None and e.hand.autoplay for e in marked)
        assert all(e.hand is not None and not e.hand.autoplay for e in entries if e not in marked)
        viewer = scene.open(marked[0])
        assert viewer is not None and viewer.autoplay
        viewer.draw(app.screen)
        assert mark in drawn_text(viewer)
        plain = scene.open(next(e for e in entries if e not in marked))
        assert plain is not None and not plain.autoplay
        plain.draw(app.screen)
        assert mark not in drawn_text(plain)
        pygame.quit()


def test_the_statistics_footnote_counts_the_counted_autoplay_hands() -> None:
    app = App(SIZE, "en", headless=True, resizable=False)
    history = History(MEMORY)
    stored(history)
    scene = StatsScene(app, SIZE, "en", history=history)
    app.push(scene)
    scene.draw(app.screen)
    assert dict(scene.rows())["Hands played"] == "2"  # the 托管 hand counts
    assert "Auto-play: 1 of the counted hands" in drawn_text(scene)  # the practice one is not a counted hand
    scene.set_filter(None, None, include_practice=True)
    scene.draw(app.screen)
    assert "Auto-play: 2 of the counted hands" in drawn_text(scene)
    pygame.quit()


def test_the_settings_screen_cycles_the_turn_timer() -> None:
    app = App(SIZE, "zh", headless=True, resizable=False)
    scene = SettingsScene(app, SIZE, lang="zh")
    app.push(scene)
    seen = []
    for _ in range(4):
        scene._change("turn_timer")
        seen.append(load_settings()[0].turn_timer)
    assert seen == [15, 30, 60, 0]
    scene._change("turn_timer")
    scene.draw(app.screen)
    assert "15秒" in drawn_text(scene) and "出牌计时" in drawn_text(scene)
    pygame.quit()
