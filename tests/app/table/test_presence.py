"""Table presence (issue 29): the named bots' emblems at their seats, each call announced big with a sound of its
own, flips and forced melds held long enough to see at every pace, and quick phrases that bots answer now and then
without ever telling anything about their hands."""

from __future__ import annotations

import dataclasses
import wave

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.table import presence
from zipai_desktop.app.table.calls import CALL_SOUNDS, call_of
from zipai_desktop.app.table.controller import Controller, GameConfig, SeatConfig
from zipai_desktop.app.table.phrases import PHRASES, REPLIES, Chat
from zipai_desktop.app.table.scene import PACES, TableScene
from zipai_desktop.app.table.state import MIN_SEEN_S
from zipai_desktop.app.ui import assets
from zipai_desktop.app.ui.i18n import tr
from zipai_desktop.app.ui.personas import BOT_COLOUR, PERSONAS
from zipai_desktop.app.ui.sound import CALL_EFFECTS
from zipai_desktop.engine import events as ev
from zipai_desktop.engine.cards import glyph
from zipai_desktop.store.settings import SPEED_RANGE, Settings, save_settings

FRAME = 1 / 60
CALLS = ("peng", "chi", "wei", "pao", "ti", "kai_duo", "sao", "long", "hu", "zimo")


def named_table(
    size: tuple[int, int] = (1280, 720),
    *,
    lang: str = "zh",
    rules: str = "guilin",
    players: int = 3,
    seed: int = 7,
    speed: float = 8.0,
    human: bool = True,
) -> tuple[App, TableScene]:
    """A table of 阿强 (entrant.3) and 阿杰 (entrant.6), with the player (or a plain bot) in seat 1."""
    app = App(size, lang, headless=True, resizable=False)
    first = SeatConfig("human", "you") if human else SeatConfig("casual", "bot 0")
    seats = [first] + [SeatConfig("casual", f"bot {i}", entrant=f"entrant.{3 * i}") for i in range(1, players)]
    controller = Controller(GameConfig(rules=rules, players=players, seats=seats, seed=seed), inline_bots=True)
    scene = TableScene(controller, size, lang=lang, speed=speed)
    app.push(scene)
    for _ in range(60):  # the hand under way
        scene.update(FRAME)
    return app, scene


# --- emblems ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_each_seat_label_starts_with_its_emblem_a_named_bot_in_its_colour(lang: str) -> None:
    app, scene = named_table(lang=lang, human=False)
    for _ in range(300):
        scene.update(FRAME)
    scene.draw(app.screen)
    expected = {0: BOT_COLOUR, 1: PERSONAS["entrant.3"].colour, 2: PERSONAS["entrant.6"].colour}
    for seat, colour in expected.items():
        rect = scene.emblems[seat]
        label = scene.layout.seats[seat].label
        assert label.collidepoint(rect.center) and rect.left == label.left  # at the start of the seat's label line
        pixels = [
            app.screen.get_at((x, y))[:3] for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
        ]
        assert pixels.count(colour) > 0.25 * rect.width * rect.height, seat
    scene.controller.close()


# --- calls ------------------------------------------------------------------------------------------------------------


def test_each_call_has_a_distinct_sound_file_that_is_a_short_valid_wav() -> None:
    files = [CALL_SOUNDS[c] for c in CALLS]
    assert len(set(files)) == len(CALLS) and set(CALL_SOUNDS.values()) == set(CALL_EFFECTS)
    contents = set()
    for name in files:
        path = assets.asset_path("sounds", name + ".wav")
        with wave.open(str(path), "rb") as w:
            assert w.getnchannels() == 1 and w.getsampwidth() == 2 and 0.2 < w.getnframes() / w.getframerate() < 1.0
        contents.add(path.read_bytes())
    assert len(contents) == len(CALLS)
    for call in CALLS:
        assert tr(f"cue.{call}", "zh") and tr(f"cue.{call}", "en") != tr(f"cue.{call}", "zh")


class Recorder:
    """Stands in for the mixer: what was played, in order."""

    muted = False

    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> bool:
        self.played.append(name)
        return True


@pytest.mark.parametrize(("seed", "win"), [(2, "zimo"), (7, "hu")])
def test_every_call_is_announced_at_its_seat_with_its_own_sound(seed: int, win: str) -> None:
    seats = [SeatConfig("casual", f"bot{i}") for i in range(3)]
    controller = Controller(GameConfig(rules="guilin", players=3, seats=seats, seed=seed), inline_bots=True)
    recorder = Recorder()
    scene = TableScene(controller, (1024, 640), speed=8.0, sound=recorder)  # type: ignore[arg-type]
    seen: list[list[object]] = []  # each announcement once (kept, so no two are the same object)
    for _ in range(40000):
        scene.update(FRAME)
        seen += [cue for cue in scene.cues if not any(cue is s for s in seen)]
        if scene.show_result:
            break
    announced = [(int(cue[0]), str(cue[1])) for cue in seen]  # type: ignore[call-overload]
    calls = [(e.seat, call_of(e)) for e in controller.all_events(scene.viewer) if call_of(e) is not None]
    assert len(calls) >= 3 and calls[-1][1] == win
    assert [(s, tr(f"cue.{c}", "zh")) for s, c in calls] == announced
    assert [p for p in recorder.played if p.startswith("call_")] == [CALL_SOUNDS[str(c)] for _, c in calls]
    controller.close()


def test_a_call_is_big_and_grows_with_the_window() -> None:
    heights = {}
    for size in ((1024, 640), (1280, 720), (3840, 2160)):
        app, scene = named_table(size)
        scene.cues = [[seat, tr("cue.kai_duo", "zh"), 1.0] for seat in range(3)]
        scene.draw(app.screen)
        window = pygame.Rect((0, 0), size)
        assert len(scene.call_rects) == 3 and all(window.contains(r) for r in scene.call_rects)
        heights[size] = min(r.height for r in scene.call_rects)
        scene.controller.close()
    assert heights[(1024, 640)] >= 40  # a headline, not the log's 13 px
    assert heights[(3840, 2160)] >= 3 * heights[(1024, 640)]


# --- flips and forced melds stay in view --------------------------------------------------------------------------


@pytest.mark.parametrize("pace", sorted(PACES))
@pytest.mark.parametrize("speed", [1.0, SPEED_RANGE[1]])
def test_a_flip_or_a_forced_meld_stays_in_view_before_the_next_move(pace: str, speed: float) -> None:
    save_settings(dataclasses.replace(Settings(), bot_pace=pace))
    app, scene = named_table(rules="bohu", seed=11, speed=speed, human=False)
    shown: list[tuple[ev.Event, int]] = []  # each flip / forced meld and the frames nothing newer was shown
    frames = -(10**6)  # the event shown when counting starts is not counted (it was shown before)
    for _ in range(int(240 / FRAME)):
        count = len(scene.view.log)
        scene.update(FRAME)
        log = scene.view.log
        if len(log) != count:
            # The event shown until now had ``frames`` frames; any event applied with another in one frame, none.
            for event, seen in [(log[count - 1] if count else None, frames)] + [(e, 0) for e in log[count:-1]]:
                if seen >= 0 and (isinstance(event, ev.Flipped) or (isinstance(event, ev.Melded) and event.forced)):
                    shown.append((event, seen))
            frames = 0
        frames += 1
        if scene.show_result:
            break
    assert any(isinstance(e, ev.Melded) for e, _ in shown) and any(isinstance(e, ev.Flipped) for e, _ in shown)
    least = min(n for _, n in shown)
    assert least * FRAME >= MIN_SEEN_S, (pace, speed, least)
    scene.controller.close()


# --- quick phrases ------------------------------------------------------------------------------------------------


def key(scene: TableScene, k: int) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def test_q_opens_the_phrases_a_number_says_one_and_a_bubble_shows_at_the_players_seat_for_a_few_seconds() -> None:
    app, scene = named_table((1024, 640))
    key(scene, pygame.K_q)
    assert scene.phrase_menu
    scene.draw(app.screen)
    items = presence.menu_items(scene)
    assert len(items) == len(PHRASES) and all(pygame.Rect((0, 0), (1024, 640)).contains(r) for r, _ in items)
    key(scene, pygame.K_2)
    assert not scene.phrase_menu
    assert [(b.seat, b.key) for b in scene.chat.shown()] == [(scene.viewer, "phrase.nice")]
    scene.draw(app.screen)
    assert scene.bubble_rects and pygame.Rect((0, 0), (1024, 640)).contains(scene.bubble_rects[0])
    for _ in range(int(2.0 / FRAME)):
        scene.update(FRAME)
    assert any(b.seat == scene.viewer for b in scene.chat.shown())
    for _ in range(int(4.0 / FRAME)):
        scene.update(FRAME)
    assert scene.chat.shown() == []
    # The button says the same with a click.
    button = presence.phrase_button(scene)
    assert button is not None
    scene.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=button.center))
    assert scene.phrase_menu
    scene.controller.close()


def test_phrases_turned_off_in_the_settings_show_no_button_and_t_does_nothing() -> None:
    save_settings(dataclasses.replace(Settings(), phrases=False))
    app, scene = named_table()
    assert presence.phrase_button(scene) is None
    key(scene, pygame.K_q)
    assert not scene.phrase_menu and scene.chat.shown() == []
    scene.controller.close()


def answers(chat: Chat, said: list[str]) -> list[tuple[int, str]]:
    out = []
    for phrase in said:
        answer = chat.say(0, phrase)
        if answer is not None:
            out.append((answer.seat, answer.key))
    return out


def test_bot_answers_repeat_with_the_seed_and_never_depend_on_the_hand() -> None:
    said = [PHRASES[i % len(PHRASES)] for i in range(40)]
    app, scene = named_table(seed=5)
    first = answers(scene._make_chat(True), said)
    for _ in range(int(30 / FRAME)):  # later in the hand (other cards in every hand), the same answers
        scene.update(FRAME)
        if scene._my_decision():
            break
    later = answers(scene._make_chat(True), said)
    app2, other = named_table(seed=5)
    assert first == later == answers(other._make_chat(True), said)
    assert 5 <= len(first) < len(said)  # now and then, not always
    _, reseeded = named_table(seed=6)
    assert answers(reseeded._make_chat(True), said) != first
    # An answer is a reply to the phrase or the persona's catch phrase: words that name no card.
    allowed = {k for keys in REPLIES.values() for k in keys} | {p.says_key for p in PERSONAS.values()}
    assert {k for _, k in first} <= allowed and {s for s, _ in first} <= {1, 2}
    cards = {glyph(k) for k in range(20)}
    for k in allowed:
        for lang in ("zh", "en"):
            assert not cards & set(tr(k, lang)), k
    for s in (scene, other, reseeded):
        s.controller.close()


def test_the_table_draws_the_bots_answer_at_the_bots_seat() -> None:
    app, scene = named_table()
    answer = None
    for phrase in PHRASES * 3:
        answer = scene.chat.say(scene.viewer, phrase)
        if answer is not None:
            break
    assert answer is not None
    for _ in range(int(1.7 / FRAME)):  # after its short delay
        scene.update(FRAME)
    assert answer.seat in {b.seat for b in scene.chat.shown()}
    scene.draw(app.screen)
    assert len(scene.bubble_rects) == len(scene.chat.shown())
    scene.controller.close()
