"""The tutorial hand played to its settlement by posted input only; the rules pages in both games, languages and sizes;
the title screen's two new buttons."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from zipai_desktop.app.main import App  # noqa: E402
from zipai_desktop.app.screens.rules import RulesScene, inline, parse  # noqa: E402
from zipai_desktop.app.screens.title import TitleScene  # noqa: E402
from zipai_desktop.app.screens.tutorial import BOHU, DISCARDS, HUMAN_SEAT, STEPS, TutorialScene, tutorial_game  # noqa: E402
from zipai_desktop.app.table.settlement_panel import buttons, frame_of  # noqa: E402
from zipai_desktop.app.ui.assets import asset_path, font_path  # noqa: E402
from zipai_desktop.engine import events as ev  # noqa: E402
from zipai_desktop.engine.actions import Chi, Discard, Hu, Pass, Peng  # noqa: E402
from zipai_desktop.engine.cards import parse_card  # noqa: E402
from zipai_desktop.engine.melds import MeldKind  # noqa: E402

from ..drive import press

REPO = Path(__file__).resolve().parents[3]


def click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def key(k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


# --- the tutorial


def test_the_position_needs_no_bot_decision() -> None:
    """Played straight through by the engine, every decision of the hand is the human's."""
    game = tutorial_game()
    script = ["chi", Discard(parse_card(DISCARDS[0])), Peng(), Discard(parse_card(DISCARDS[1]))]
    script += [Discard(parse_card(DISCARDS[2])), Hu()]
    for step in script:
        assert game.to_act == HUMAN_SEAT, game.pending
        action = next(a for a in game.legal_actions(HUMAN_SEAT) if isinstance(a, Chi)) if step == "chi" else step
        game.apply(HUMAN_SEAT, action)
    assert game.result is not None and game.result.winner == HUMAN_SEAT
    assert all(seat == HUMAN_SEAT for seat, _ in game.history)


@pytest.mark.parametrize(("lang", "size"), [("zh", (1280, 720)), ("en", (1024, 640))])
def test_tutorial_played_through_by_posted_input(lang: str, size: tuple[int, int]) -> None:
    app = App(size, lang, headless=True, resizable=False)
    tutorial = TutorialScene(app, size, lang, speed=4.0)
    app.push(tutorial)
    table = tutorial.table
    refused = False
    for _ in range(20000):
        app.frame(1 / 60)
        if not app.scenes or table.show_result:
            break
        if tutorial.paused:
            key(pygame.K_RETURN) if tutorial.step == "sao" else click((size[0] // 2, size[1] // 2))
            continue
        legal = table._my_decision()
        if not legal:
            continue
        before = len(tutorial.controller.game.history)
        if any(isinstance(a, Discard) for a in legal):
            rects = [(r, k) for r, k, locked in table._hand_rects() if not locked]
            wanted = parse_card(DISCARDS[tutorial._discards_made()])
            if not refused:  # an off-script discard is refused, with a message
                wrong = next(r for r, k in rects if k != wanted)
                click(wrong.center)
                app.frame(1 / 60)
                assert len(tutorial.controller.game.history) == before and table.message
                refused = True
            click(next(r for r, k in rects if k == wanted).center)
        elif tutorial.step == "peng":
            key(pygame.K_p)
        else:
            click(next(b for b in table.buttons if not isinstance(b.action, Pass)).rect.center)
        app.frame(1 / 60)
        assert len(tutorial.controller.game.history) == before + 1, "the posted input did not become an action"
    game = tutorial.controller.game
    assert table.show_result and game.result is not None and game.result.winner == HUMAN_SEAT
    assert tutorial.seen == list(STEPS)
    events = game.events
    kinds = [type(e).__name__ for e in events]
    flipped = next(i for i, e in enumerate(events) if isinstance(e, ev.Flipped))
    chi = next(
        i for i, e in enumerate(events) if isinstance(e, ev.Melded) and e.meld.kind is MeldKind.CHI and e.seat == 1
    )
    assert isinstance(events[chi + 1], ev.Melded) and events[chi + 1].meld.kind is MeldKind.CHI  # the 比 group
    assert any(isinstance(a, Chi) and len(a.groups) == 2 for s, a in game.history if s == HUMAN_SEAT)
    peng = next(i for i, e in enumerate(events) if isinstance(e, ev.Melded) and e.meld.kind is MeldKind.PENG)
    assert events[peng].seat == HUMAN_SEAT and not events[peng].forced
    sao = next(i for i, e in enumerate(events) if isinstance(e, ev.Melded) and e.meld.kind is MeldKind.SAO)
    assert events[sao].seat == HUMAN_SEAT and events[sao].forced
    assert isinstance(events[sao - 1], ev.Flipped) and events[sao - 1].seat == HUMAN_SEAT  # on its own flip
    won = next(i for i, e in enumerate(events) if isinstance(e, ev.Won))
    assert events[won].seat == HUMAN_SEAT and "HandEnded" in kinds
    assert flipped < chi < peng < sao < won
    what, todo = tutorial.banner_lines()
    assert "18" in what and todo
    # The settlement closes the tutorial with a click on its button.
    click(buttons(frame_of(tutorial.table))["next"].center)
    app.frame(1 / 60)
    assert not app.scenes
    pygame.quit()


def test_tutorial_banner_fits_and_esc_leaves() -> None:
    app = App((1024, 640), "en", headless=True, resizable=False)
    tutorial = TutorialScene(app, (1024, 640), "en", speed=4.0)
    app.push(tutorial)
    for _ in range(600):
        app.frame(1 / 60)
        if tutorial.paused:
            break
    assert tutorial.step == "flip"
    rect = tutorial.banner_rect()
    size, blocks = tutorial._fit(rect, "Tutorial", *tutorial.banner_lines())
    assert size >= 12  # the longest English text still fits at a readable size
    key(pygame.K_ESCAPE)
    app.frame(1 / 60)
    assert not app.scenes
    pygame.quit()


# --- the 秀山博胡 tutorial


def test_the_bohu_position_needs_no_bot_decision() -> None:
    """Straight through the engine: the human discards 十 and wins; 偎, 跑 and 提 come by themselves, no bot acts."""
    game = tutorial_game("bohu")
    for action in (Discard(parse_card("十")), Hu()):
        assert game.to_act == HUMAN_SEAT, game.pending
        game.apply(HUMAN_SEAT, action)
    assert game.result is not None and game.result.winner == HUMAN_SEAT
    assert all(seat == HUMAN_SEAT for seat, _ in game.history)
    assert not any(isinstance(e, ev.Melded) and e.seat != HUMAN_SEAT for e in game.events)
    s = game.result.settlement
    assert (s.hu, s.fan, s.score, s.special) == (24, 3, 72, ("hei_hu",))


@pytest.mark.parametrize(("lang", "size"), [("zh", (1024, 640)), ("en", (1280, 720))])
def test_bohu_tutorial_played_through_by_posted_input(lang: str, size: tuple[int, int]) -> None:
    """偎, 跑 and 提 each stop the table with their banner; the human discards 十 by a click and wins with 胡 (H)."""
    app = App(size, lang, headless=True, resizable=False)
    tutorial = TutorialScene(app, size, lang, game="bohu", speed=4.0)
    app.push(tutorial)
    table = tutorial.table
    paused_at: list[str] = []
    refused = False
    for _ in range(20000):
        app.frame(1 / 60)
        if not app.scenes or table.show_result:
            break
        if tutorial.paused:
            paused_at.append(tutorial.step)
            what, todo = tutorial.banner_lines()
            assert what == tutorial_text(tutorial.step, lang)
            key(pygame.K_RETURN) if len(paused_at) % 2 else click((size[0] // 2, size[1] // 2))
            continue
        legal = table._my_decision()
        if not legal:
            continue
        before = len(tutorial.controller.game.history)
        if any(isinstance(a, Discard) for a in legal):
            rects = [(r, k) for r, k, locked in table._hand_rects() if not locked]
            if not refused:  # an off-script discard is refused, with a message
                click(next(r for r, k in rects if k != parse_card("十")).center)
                app.frame(1 / 60)
                assert len(tutorial.controller.game.history) == before and table.message
                refused = True
            click(next(r for r, k in rects if k == parse_card("十")).center)
        else:
            assert tutorial.step == "hu"
            key(pygame.K_h)
        app.frame(1 / 60)
        assert len(tutorial.controller.game.history) == before + 1, "the posted input did not become an action"
    game = tutorial.controller.game
    assert table.show_result and game.result is not None and game.result.winner == HUMAN_SEAT
    assert paused_at == ["wei", "pao", "ti"]
    assert tutorial.seen == list(BOHU.steps)
    melds = [(e.meld.kind, e.forced) for e in game.events if isinstance(e, ev.Melded)]
    assert melds == [(MeldKind.WEI, True), (MeldKind.PAO, True), (MeldKind.TI, True)]
    won = next(e for e in game.events if isinstance(e, ev.Won))
    assert won.seat == HUMAN_SEAT and won.source == "own_draw" and won.special == ("hei_hu",)
    what, _ = tutorial.banner_lines()
    assert "72" in what and ("黑胡" in what)
    key(pygame.K_RETURN)  # the settlement closes the tutorial
    app.frame(1 / 60)
    assert not app.scenes
    pygame.quit()


def tutorial_text(step: str, lang: str) -> str:
    from zipai_desktop.app.ui.i18n import tr

    return tr(f"tutorial.bohu.{step}", lang)


def test_the_title_asks_which_tutorial() -> None:
    from zipai_desktop.app.screens.title import MENU, TutorialChoiceScene

    app = App((1280, 720), "zh", headless=True, resizable=False)
    title = TitleScene(app, (1280, 720), "zh")
    app.push(title)
    app.frame(1 / 60)
    press(app, title.button("tutorial").rect.center)
    choice = app.scenes[-1]
    assert isinstance(choice, TutorialChoiceScene)
    press(app, choice.button("bohu").rect.center)
    tutorial = app.scenes[-1]
    assert isinstance(tutorial, TutorialScene) and tutorial.script is BOHU and app.scenes[-2] is title
    tutorial.finish()
    app.frame(1 / 60)
    key(pygame.K_0 + MENU.index("tutorial"))  # the tutorial entry, by its number key (its place in the menu)
    app.frame(1 / 60)
    assert isinstance(app.scenes[-1], TutorialChoiceScene)
    key(pygame.K_1)
    app.frame(1 / 60)
    assert isinstance(app.scenes[-1], TutorialScene) and app.scenes[-1].script.rules == "guilin"
    app.scenes[-1].finish()
    app.frame(1 / 60)
    press(app, title.button("tutorial").rect.center)
    key(pygame.K_ESCAPE)
    app.frame(1 / 60)
    assert app.scenes[-1] is title
    pygame.quit()


# --- the rules pages


@pytest.mark.parametrize("name", ["rules-guilin.md", "rules-bohu.md", "rules-guilin.zh.md", "rules-bohu.zh.md"])
def test_shipped_rules_equal_the_docs(name: str) -> None:
    shipped = asset_path("rules", name).read_bytes()
    assert shipped == (REPO / "docs" / name).read_bytes(), f"copy docs/{name} to assets/rules/{name}"


def test_markdown_is_simplified() -> None:
    assert inline("**胡** and `min_hu`, see [section 8](#8-settlement)") == "胡 and min_hu, see section 8"
    blocks = parse(
        "# Title\n\ntext **bold**\nmore\n\n* item\n  continued\n1. first\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    )
    assert [b.kind for b in blocks] == ["heading", "para", "item", "item", "table"]
    assert blocks[1].text == "text bold more" and blocks[2].text == "item continued" and blocks[3].marker == "1."
    assert blocks[4].rows == (("a", "b"), ("1", "2"))
    # A Chinese paragraph broken over two source lines is joined without a space; English keeps one.
    assert parse("每一条\n规则，and\nmore")[0].text == "每一条规则，and more"


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_rules_pages_scroll_and_every_character_is_in_the_font(lang: str, size: tuple[int, int]) -> None:
    import pygame.freetype

    from zipai_desktop.app.ui.fonts import font

    app = App(size, lang, headless=True, resizable=False)
    pygame.freetype.init()
    faces = {bold: pygame.freetype.Font(str(font_path(bold)), 20) for bold in (False, True)}
    scene = RulesScene(app, size, lang, "guilin")
    app.push(scene)
    for rules in ("guilin", "bohu"):
        if rules != scene.rules:
            key(pygame.K_TAB)
            app.frame(1 / 60)
        assert scene.rules == rules and scene.scroll == 0
        assert len(scene.lines) > 300 and scene.max_scroll > size[1] * 5
        width = scene.view_rect().width
        chars = set()
        for line in scene.lines:
            chars |= set(line.text)
            # Every line fits the page (a table's cells wrap inside their columns).
            assert line.x + font(line.size, bold=line.bold).size(line.text)[0] <= width, line.text
        missing = [ch for bold in (False, True) for ch in sorted(chars) if faces[bold].get_metrics(ch)[0] is None]
        assert not missing, f"the font lacks {''.join(missing)!r}: run python build/make_font_subset.py"
        # Down to the end and back to the top with the keys and the wheel.
        key(pygame.K_END)
        app.frame(1 / 60)
        assert scene.scroll == scene.max_scroll
        key(pygame.K_PAGEUP)
        app.frame(1 / 60)
        assert scene.scroll < scene.max_scroll
        key(pygame.K_PAGEDOWN)
        key(pygame.K_DOWN)
        app.frame(1 / 60)
        assert scene.scroll == scene.max_scroll
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0))
        app.frame(1 / 60)
        assert scene.scroll < scene.max_scroll
        key(pygame.K_HOME)
        app.frame(1 / 60)
        assert scene.scroll == 0
        key(pygame.K_UP)
        app.frame(1 / 60)
        assert scene.scroll == 0
    key(pygame.K_ESCAPE)
    app.frame(1 / 60)
    assert not app.scenes
    pygame.quit()


def test_rules_game_buttons_switch() -> None:
    app = App((1280, 720), "zh", headless=True, resizable=False)
    scene = RulesScene(app, (1280, 720), "zh", "bohu")
    app.push(scene)
    app.frame(1 / 60)
    press(app, scene.button("game:guilin").rect.center)
    assert scene.rules == "guilin"
    press(app, scene.button("back").rect.center)
    assert not app.scenes
    pygame.quit()


# --- the title screen


@pytest.mark.parametrize("size", [(1280, 720), (1024, 640)])
def test_title_opens_the_tutorial_and_the_rules(size: tuple[int, int]) -> None:
    app = App(size, "en", headless=True, resizable=False)
    title = TitleScene(app, size, "en")
    app.push(title)
    app.frame(1 / 60)
    buttons = [b.rect for b in title.gui_buttons if b.rect.top > size[1] * 0.3]
    assert all(r.bottom <= size[1] * 0.95 for r in buttons)  # every menu button fits above the version line
    assert not any(a.colliderect(b) for i, a in enumerate(buttons) for b in buttons[i + 1 :])
    press(app, title.button("tutorial").rect.center)
    press(app, app.scenes[-1].button("guilin").rect.center)  # which game: 桂林字牌
    assert isinstance(app.scenes[-1], TutorialScene)
    app.scenes[-1].finish()
    app.frame(1 / 60)
    assert app.scenes[-1] is title
    press(app, title.button("rules").rect.center)
    assert isinstance(app.scenes[-1], RulesScene) and app.scenes[-1].lang == "en"
    key(pygame.K_ESCAPE)
    app.frame(1 / 60)
    assert app.scenes[-1] is title
    pygame.quit()


@pytest.mark.parametrize(("lang", "first_chapter"), [("zh", "1. 牌"), ("en", "1. The cards")])
def test_rules_pages_speak_the_interface_language_and_the_contents_jump(lang: str, first_chapter: str) -> None:
    """The Chinese interface shows the Chinese page; each contents entry scrolls its chapter to the top of the page."""
    app = App((1280, 720), lang, headless=True, resizable=False)
    scene = RulesScene(app, (1280, 720), lang, "guilin")
    app.push(scene)
    app.frame(1 / 60)
    headings = [ln.heading for ln in scene.lines if ln.heading and ln.level == 2]
    assert headings[0] == first_chapter and len(headings) == 13 == len(scene.toc)
    if lang == "zh":
        assert "持牌数规则" in " ".join(ln.text for ln in scene.lines)
        scene.show("bohu")
        assert [ln.heading for ln in scene.lines if ln.heading and ln.level == 2][8] == "9. 番和分数"
        assert len(scene.toc) == 14
        scene.show("guilin")
    for index in (7, 2, 12):  # a chapter in the middle, one further up, the last (as far as the page scrolls)
        rect, _, y = scene.toc[index]
        click(rect.center)
        app.frame(1 / 60)
        assert scene.scroll == min(scene.max_scroll, y - scene.base_size)
        assert scene.current_chapter() == index
    pygame.quit()
