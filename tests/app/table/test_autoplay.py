"""托管 (auto-play): T or the 托管 button hands the player's seat to the casual bot, which sees only that seat's
observation and makes only legal moves through the controller, at the table's pace; 取消托管 / T takes it back. A hand
played under it, even partly, is marked in the autosave and the history. The turn timer turns it on when it runs out.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.table import controller as controller_module
from zipai_desktop.app.table.controller import AUTOPLAY_LEVEL, HUMAN, Controller, GameConfig, SeatConfig
from zipai_desktop.app.table.persist import Persistence, recover_at_start, resume_controller
from zipai_desktop.app.table.scene import TableScene
from zipai_desktop.bots.base import make_bot
from zipai_desktop.engine.actions import Action, Pass
from zipai_desktop.engine.observation import Observation, observe
from zipai_desktop.store.autosave import load_autosave
from zipai_desktop.store.history import open_history
from zipai_desktop.store.settings import Settings, save_settings

FRAME = 1 / 60
SIZE = (1280, 720)
ME = 0


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.frame(FRAME)


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.frame(FRAME)


@pytest.fixture
def tables() -> Iterator[list[TableScene]]:
    made: list[TableScene] = []
    yield made
    for scene in made:
        scene.controller.close()
    pygame.quit()


def table(
    tables: list[TableScene], *, practice: bool = False, persist: bool = False, seats: list[SeatConfig] | None = None
) -> tuple[App, TableScene]:
    seats = seats or [SeatConfig(HUMAN, "me"), SeatConfig("casual", "b"), SeatConfig("casual", "c")]
    config = GameConfig(rules="guilin", players=3, seats=seats, seed=11, practice=practice)
    controller = Controller(config, inline_bots=True, persistence=Persistence() if persist else None)
    app = App(SIZE, "zh", headless=True, resizable=False)
    scene = TableScene(controller, SIZE, speed=8.0)
    app.push(scene)
    tables.append(scene)
    return app, scene


def my_moves(scene: TableScene) -> int:
    return sum(1 for seat, _ in scene.controller.game.history if seat == ME)


def until(app: App, scene: TableScene, done: Any, limit: int = 20000) -> None:
    for _ in range(limit):
        if done():
            return
        app.frame(FRAME)
    raise AssertionError("the table never got there")


class Spy:
    """Wraps make_bot: every choice a bot makes for the player's seat, with what it was given."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[str, Observation, list[Action], Action, Observation]] = []
        self.scene: TableScene | None = None
        spy = self

        def spying(level: str, seed: int) -> Any:
            bot = make_bot(level, seed)

            class Recording:
                def choose(self, obs: Observation, legal: list[Action]) -> Action:
                    action = bot.choose(obs, legal)
                    assert spy.scene is not None
                    game = spy.scene.controller.game
                    if game.to_act == ME:
                        spy.calls.append((level, obs, list(legal), action, observe(game, ME)))
                    return action

            return Recording()

        monkeypatch.setattr(controller_module, "make_bot", spying)


def test_autoplay_plays_the_players_turns_with_legal_moves_from_the_seats_observation(
    tables: list[TableScene], monkeypatch: pytest.MonkeyPatch
) -> None:
    spy = Spy(monkeypatch)
    app, scene = table(tables)
    spy.scene = scene
    until(app, scene, lambda: bool(scene._my_decision()))
    assert not scene.autoplay_on
    key(app, pygame.K_t)  # 托管
    assert scene.autoplay_on and scene.controller.autoplay == {ME}
    until(app, scene, lambda: scene.controller.hand_over)
    assert my_moves(scene) >= 3 and len(spy.calls) == my_moves(scene)
    for level, obs, legal, action, seen in spy.calls:
        assert level == AUTOPLAY_LEVEL == "casual"
        assert action in legal  # a legal move, applied by the controller (the engine refuses any other)
        assert obs == seen and obs.seat == ME  # the seat's own observation, nothing more
    assert scene.controller.autoplay_hand


def test_taking_it_back_returns_the_seat_to_the_player(tables: list[TableScene]) -> None:
    app, scene = table(tables)
    until(app, scene, lambda: bool(scene._my_decision()))
    button = scene.autoplay_button()
    assert button is not None
    click(app, button.center)  # the 托管 button
    assert scene.autoplay_on
    until(app, scene, lambda: my_moves(scene) >= 2)
    button = scene.autoplay_button()
    assert button is not None
    click(app, button.center)  # 取消托管
    assert not scene.autoplay_on and scene.controller.autoplay == set()
    until(app, scene, lambda: bool(scene._my_decision()) or scene.controller.hand_over)
    if scene.controller.hand_over:
        pytest.skip("the hand ended before the player's next turn")
    moves = my_moves(scene)
    for _ in range(600):  # ten seconds of table time: the decision waits for the player
        app.frame(FRAME)
    assert my_moves(scene) == moves and scene._my_decision()


def test_practice_undo_under_autoplay_takes_the_move_back_and_ends_autoplay(tables: list[TableScene]) -> None:
    app, scene = table(tables, practice=True)
    until(app, scene, lambda: bool(scene._my_decision()))
    key(app, pygame.K_t)
    until(app, scene, lambda: my_moves(scene) >= 2 and scene.caught_up())
    before = my_moves(scene)
    key(app, pygame.K_u)  # take back the last move of the seat (the 托管 bot's)
    assert not scene.autoplay_on
    assert my_moves(scene) == before - 1
    until(app, scene, lambda: bool(scene._my_decision()))
    for _ in range(300):  # the bot does not make the move again: the player decides
        app.frame(FRAME)
    assert my_moves(scene) == before - 1 and scene._my_decision()


def test_hot_seat_autoplay_never_calls_the_cover_for_its_seat(tables: list[TableScene]) -> None:
    seats = [SeatConfig(HUMAN, "p1"), SeatConfig(HUMAN, "p2"), SeatConfig("casual", "c")]
    app, scene = table(tables, seats=seats)
    until(app, scene, lambda: scene.cover_for is not None)
    first = scene.cover_for
    click(app, (5, 5))  # the player named by the cover takes the screen
    assert scene.viewer == first
    key(app, pygame.K_t)  # this player's seat goes on 托管
    assert scene.controller.autoplay == {first}
    other = next(s for s in (0, 1) if s != first)
    seen_other = False
    for _ in range(20000):
        if scene.controller.hand_over:
            break
        if scene.cover_for is not None:
            assert scene.cover_for == other  # only the other player is ever asked to the screen
            click(app, (5, 5))
            seen_other = True
        if scene.viewer == other:
            assert scene.view.viewer == other  # the table is the other player's own view: no hand of the 托管 seat
            legal = scene._my_decision()
            if legal:  # the other player plays: a pass when offered, else the first legal move
                scene._act(next((a for a in legal if isinstance(a, Pass)), legal[0]))
        app.frame(FRAME)
    assert scene.controller.hand_over and seen_other
    assert sum(1 for seat, _ in scene.controller.game.history if seat == first) >= 2


def test_the_mark_and_autoplay_survive_a_resume_and_reach_the_history(tables: list[TableScene]) -> None:
    app, scene = table(tables, persist=True)
    until(app, scene, lambda: bool(scene._my_decision()))
    key(app, pygame.K_t)
    until(app, scene, lambda: my_moves(scene) >= 1 and not scene.controller.hand_over)
    state, message = load_autosave()
    assert message is None and state is not None
    assert state["autoplay"] == [ME] and state["autoplay_hand"] is True
    scene.controller.close()
    resumed = resume_controller(state, inline_bots=True)
    assert resumed.autoplay == {ME} and resumed.autoplay_hand
    app2 = App(SIZE, "zh", headless=True, resizable=False)
    again = TableScene(resumed, SIZE, speed=8.0)
    app2.push(again)
    tables.append(again)
    assert again.autoplay_on
    until(app2, again, lambda: resumed.hand_over)
    with open_history() as history:
        (row,) = history.hands()
    assert row.autoplay
    # A kill between the finished hand's autosave and its history commit: the next start records it, mark and all.
    finished, _ = load_autosave()
    assert finished is not None and finished["hand"]["result"] is not None and finished["autoplay_hand"] is True
    with open_history() as history:
        history.conn.execute("DELETE FROM hands")
    assert recover_at_start(finished) == []
    with open_history() as history:
        (row,) = history.hands()
    assert row.autoplay


def test_a_hand_without_autoplay_carries_no_mark(tables: list[TableScene]) -> None:
    app, scene = table(tables, persist=True)
    until(app, scene, lambda: bool(scene._my_decision()))
    key(app, pygame.K_t)
    key(app, pygame.K_t)  # on and off before the bot moved: the player played every move
    assert not scene.controller.autoplay_hand
    state, _ = load_autosave()
    assert state is not None and state["autoplay"] == [] and state["autoplay_hand"] is False


def test_the_turn_timer_running_out_turns_autoplay_on(tables: list[TableScene]) -> None:
    save_settings(Settings(turn_timer=15))
    app, scene = table(tables)
    until(app, scene, lambda: bool(scene._my_decision()))
    app.frame(FRAME)
    assert scene.turn_left is not None and scene.turn_left < 15
    scene.show_help = True  # the key help pauses the timer
    left = scene.turn_left
    for _ in range(20 * 60):
        app.frame(FRAME)
    assert scene.turn_left == left and not scene.autoplay_on
    scene.show_help = False
    frames = 0
    while not scene.autoplay_on:
        app.frame(FRAME)
        frames += 1
        assert frames <= 15 * 60 + 2, "the timer did not run out"
    assert frames >= int(left * 60) - 1  # the table's time: 15 s of frames in all, however fast the machine
    assert scene.controller.autoplay == {ME} and scene.turn_left is None
    moves = my_moves(scene)
    until(app, scene, lambda: my_moves(scene) > moves)  # the 托管 bot plays the decision
    key(app, pygame.K_t)  # and the same key takes it back
    assert not scene.autoplay_on


def test_there_is_no_turn_timer_in_practice(tables: list[TableScene]) -> None:
    save_settings(Settings(turn_timer=15))
    app, scene = table(tables, practice=True)
    until(app, scene, lambda: bool(scene._my_decision()))
    for _ in range(20 * 60):
        app.frame(FRAME)
    assert scene.turn_left is None and not scene.autoplay_on and scene._my_decision()


def test_the_key_help_lists_the_autoplay_key() -> None:
    from zipai_desktop.app.ui.i18n import tr

    assert "T" in tr("help.keys", "zh") and "取消托管" in tr("help.keys", "zh")
    assert "T or Auto-play" in tr("help.keys", "en") and "Take back" in tr("help.keys", "en")


def test_the_worker_is_sent_only_the_seats_observation_under_autoplay() -> None:
    """With the bots in the worker process, the 托管 decision is asked of it with the seat's observation and legal
    moves (never the game), as for a bot seat."""
    sent: list[tuple[str, Observation, list[Action]]] = []

    class Ready:
        def __init__(self, action: Action) -> None:
            self.action = action

        def ready(self) -> bool:
            return True

        def result(self) -> Action:
            return self.action

        def cancel(self) -> None:
            pass

    class Worker:
        def decide(self, level: str, seed: int, obs: Observation, legal: list[Action]) -> Ready:
            sent.append((level, obs, list(legal)))
            return Ready(make_bot(level, seed).choose(obs, legal))

        def close(self) -> None:
            pass

    seats = [SeatConfig(HUMAN, "p1"), SeatConfig(HUMAN, "p2"), SeatConfig(HUMAN, "p3")]
    controller = Controller(GameConfig(rules="guilin", players=3, seats=seats, seed=5))
    assert controller.runner is None  # people only: no worker until 托管 needs one
    controller.runner = Worker()  # type: ignore[assignment]
    for seat in range(3):
        controller.set_autoplay(seat, True)
    for _ in range(400):
        if controller.hand_over:
            break
        seat = controller.to_act
        assert seat is not None
        seen = observe(controller.game, seat)
        if controller.step_bot():
            level, obs, legal = sent[-1]
            assert level == AUTOPLAY_LEVEL and obs == seen and obs.seat == seat
            assert controller.game.history[-1][0] == seat and controller.game.history[-1][1] in legal
    assert controller.hand_over and len(sent) >= 3


def test_the_tutorial_offers_no_autoplay_and_no_turn_timer(tables: list[TableScene]) -> None:
    from zipai_desktop.app.screens.tutorial import TutorialScene

    save_settings(Settings(turn_timer=15))
    app = App(SIZE, "zh", headless=True, resizable=False)
    tutorial = TutorialScene(app, SIZE, "zh", game="guilin", speed=4.0)
    app.push(tutorial)
    scene = tutorial.table
    tables.append(scene)
    for _ in range(6000):
        app.frame(FRAME)
        if tutorial.paused:
            click(app, (SIZE[0] // 2, SIZE[1] // 2))  # go on after the explanation
        elif scene._my_decision():
            break
    assert scene._my_decision()
    key(app, pygame.K_t)
    for _ in range(20 * 60):  # longer than the timer: the player reads at their own pace
        app.frame(FRAME)
    assert scene.autoplay_button() is None and scene.controller.autoplay == set() and scene.turn_left is None
    assert scene._my_decision()
