"""The tutorial's discard steps in each discard mode (Settings → 出牌方式: click, double-click, drag to the table).

The banner names the gesture of the chosen mode, and that gesture, posted as mouse events through the app's normal
input path, makes the discard and moves the tutorial on. In the double-click and drag modes a single click only selects
the card (issue 29: the banner used to say "click" there, and the tutorial seemed stuck).
"""

from __future__ import annotations

import dataclasses
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from zipai_desktop.app.main import App  # noqa: E402
from zipai_desktop.app.screens.tutorial import HUMAN_SEAT, SCRIPTS, TutorialScene  # noqa: E402
from zipai_desktop.app.ui.i18n import tr  # noqa: E402
from zipai_desktop.engine.actions import Chi, Discard, Pass  # noqa: E402
from zipai_desktop.engine.cards import parse_card  # noqa: E402
from zipai_desktop.store.settings import DISCARD_MODES, load_settings, save_settings  # noqa: E402

SIZE = (1280, 720)

#: What the banner asks at the first discard step, by game, mode and language: the gesture and the card.
ASKED = {
    ("guilin", "click", "en"): "Click 肆",
    ("guilin", "double", "en"): "Double-click 肆",
    ("guilin", "drag", "en"): "Drag 肆 up onto the table",
    ("guilin", "click", "zh"): "点击肆打出",
    ("guilin", "double", "zh"): "双击肆打出",
    ("guilin", "drag", "zh"): "把肆拖到桌上打出",
    ("bohu", "click", "en"): "Click 十",
    ("bohu", "double", "en"): "Double-click 十",
    ("bohu", "drag", "en"): "Drag 十 up onto the table",
    ("bohu", "click", "zh"): "点击十打出",
    ("bohu", "double", "zh"): "双击十打出",
    ("bohu", "drag", "zh"): "把十拖到桌上打出",
}


def post(app: App, kind: int, pos: tuple[int, int], **fields: object) -> None:
    """One mouse event (left button), then one frame."""
    if kind != pygame.MOUSEMOTION:
        fields["button"] = 1
    pygame.event.post(pygame.event.Event(kind, pos=pos, **fields))
    app.frame(1 / 60)


def click(app: App, pos: tuple[int, int]) -> None:
    """A press and a release at ``pos``."""
    post(app, pygame.MOUSEBUTTONDOWN, pos)
    post(app, pygame.MOUSEBUTTONUP, pos)


def gesture(app: App, mode: str, card: pygame.Rect) -> None:
    """The discard gesture of ``mode`` on the card at ``card``: a click, a double-click, or a drag up to the table."""
    if mode == "click":
        click(app, card.center)
    elif mode == "double":
        click(app, card.center)
        click(app, card.center)
    else:
        x, y = card.center
        post(app, pygame.MOUSEBUTTONDOWN, (x, y))
        for step in range(1, 6):  # the pointer moves up, over the table, in a few frames
            post(app, pygame.MOUSEMOTION, (x, y - step * 50), rel=(0, -50), buttons=(1, 0, 0))
        post(app, pygame.MOUSEBUTTONUP, (x, y - 250))


def to_first_discard(mode: str, lang: str, game: str) -> tuple[App, TutorialScene]:
    """The tutorial of ``game`` with the discard mode ``mode``, played by posted input up to its first discard step."""
    settings, _ = load_settings()
    save_settings(dataclasses.replace(settings, discard_mode=mode))
    app = App(SIZE, lang, headless=True, resizable=False)
    tutorial = TutorialScene(app, SIZE, lang, game=game, speed=4.0)
    app.push(tutorial)
    table = tutorial.table
    for _ in range(6000):
        app.frame(1 / 60)
        if tutorial.paused:
            click(app, (SIZE[0] // 2, SIZE[1] // 2))  # go on after the explanation
            continue
        legal = table._my_decision()
        if any(isinstance(a, Discard) for a in legal):
            return app, tutorial
        if any(isinstance(a, Chi) for a in legal):
            click(app, next(b for b in table.buttons if not isinstance(b.action, Pass)).rect.center)
    raise AssertionError(f"the tutorial never reached a discard (step {tutorial.step})")


def human_discards(tutorial: TutorialScene) -> int:
    """How many cards the player has discarded in the tutorial so far."""
    return tutorial._discards_made()


@pytest.mark.parametrize("game", ["guilin", "bohu"])
@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("mode", DISCARD_MODES)
def test_the_discard_step_names_the_gesture_of_the_mode_and_the_gesture_discards(
    mode: str, lang: str, game: str
) -> None:
    app, tutorial = to_first_discard(mode, lang, game)
    table = tutorial.table
    assert table.discard_mode == mode
    assert tutorial.step == "discard1"
    _, todo = tutorial.banner_lines()
    assert ASKED[(game, mode, lang)] in todo
    wanted = parse_card(SCRIPTS[game].discards[0])
    card = next(r for r, k, locked in table._hand_rects() if k == wanted and not locked)
    if mode != "click":
        # A single click only selects the card; the banner still asks for the mode's gesture.
        click(app, card.center)
        for _ in range(60):  # longer than a double-click
            app.frame(1 / 60)
        assert human_discards(tutorial) == 0 and tutorial.step == "discard1"
        assert ASKED[(game, mode, lang)] in tutorial.banner_lines()[1]
    gesture(app, mode, card)
    assert human_discards(tutorial) == 1, f"the {mode} gesture did not discard"
    assert (HUMAN_SEAT, Discard(wanted)) in tutorial.controller.game.history
    assert not table.message  # the tutorial took it as the step it asked for
    for _ in range(3000):  # the bots play on to the next explained move
        app.frame(1 / 60)
        if tutorial.step != "discard1":
            break
    assert tutorial.seen.index(tutorial.step) > tutorial.seen.index("discard1")
    tutorial.finish()
    pygame.quit()


#: The words that name each gesture, by mode and language.
GESTURE = {
    ("click", "en"): "Click ",
    ("double", "en"): "Double-click ",
    ("drag", "en"): "Drag ",
    ("click", "zh"): "点击",
    ("double", "zh"): "双击",
    ("drag", "zh"): "拖到桌上",
}


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("mode", DISCARD_MODES)
def test_every_discard_step_names_the_gesture_and_the_card(mode: str, lang: str) -> None:
    """Each tutorial's every discard step (桂林 has three, 博胡 one) has its text for each mode, naming the card."""
    app = App(SIZE, lang, headless=True, resizable=False)
    settings, _ = load_settings()
    save_settings(dataclasses.replace(settings, discard_mode=mode))
    for game, script in SCRIPTS.items():
        tutorial = TutorialScene(app, SIZE, lang, game=game, speed=4.0)
        steps = [s for s in script.steps if s.startswith("discard")]
        assert len(steps) == len(script.discards)
        for step, card in zip(steps, script.discards, strict=True):
            tutorial.step = step
            todo = tr(tutorial._todo_key(), lang)
            assert GESTURE[(mode, lang)] in todo and card in todo, (game, step, todo)
            others = [GESTURE[(m, lang)] for m in DISCARD_MODES if m != mode]
            assert not any(word in todo for word in others if word not in GESTURE[(mode, lang)]), (game, step, todo)
        tutorial.controller.close()
    pygame.quit()
