"""A whole hand played as a human through posted mouse and key events, against bots, in both games."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from zipai_desktop.app.main import App  # noqa: E402
from zipai_desktop.app.table.controller import HUMAN, Controller, GameConfig, SeatConfig  # noqa: E402
from zipai_desktop.app.table.scene import TableScene  # noqa: E402
from zipai_desktop.app.table.settlement_panel import buttons, frame_of  # noqa: E402
from zipai_desktop.engine.actions import Discard, Hu, Pass  # noqa: E402


def click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def key(k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


@pytest.mark.parametrize(("rules", "players", "seed"), [("guilin", 3, 11), ("bohu", 3, 12), ("bohu", 4, 13)])
def test_a_human_plays_a_whole_hand_with_mouse_and_keys(rules: str, players: int, seed: int) -> None:
    app = App((1280, 720), "zh", headless=True, resizable=False)
    seats = [SeatConfig(HUMAN, "me")] + [SeatConfig("casual", f"bot{i}") for i in range(1, players)]
    controller = Controller(GameConfig(rules=rules, players=players, seats=seats, seed=seed), inline_bots=True)
    table = TableScene(controller, (1280, 720), speed=8.0)
    app.push(table)
    human_moves = 0
    use_keys = False
    for _ in range(20000):
        app.frame(1 / 60)
        if table.show_result:
            break
        legal = table._my_decision()
        if not legal:
            continue
        before = len(controller.game.history)
        if any(isinstance(a, Discard) for a in legal):
            if use_keys:  # alternate: arrow keys and Enter, or a click on a card
                key(pygame.K_RIGHT)
                key(pygame.K_RETURN)
            else:
                rect, _, _ = next(r for r in table._hand_rects() if not r[2])
                click(rect.center)
            use_keys = not use_keys
        else:
            wanted = next((b for b in table.buttons if isinstance(b.action, Hu)), None) or next(
                (b for b in table.buttons if not isinstance(b.action, Pass)), None
            )
            button = wanted if wanted is not None and human_moves % 2 == 0 else table.buttons[-1]
            click(button.rect.center)
        app.frame(1 / 60)
        assert len(controller.game.history) == before + 1, "the posted input did not become an action"
        human_moves += 1
    assert table.show_result and controller.game.result is not None
    assert human_moves >= 1
    # The settlement screen goes on to the next hand with a click on 下一局.
    click(buttons(frame_of(table))["next"].center)
    app.frame(1 / 60)
    assert not table.show_result and controller.match.played == 1
    controller.close()
    pygame.quit()


def _play_hot_seat(app: App, table: TableScene, *, until_result: bool = True) -> bool:
    """Play the hand in front of the screen: clicks through each cover, discards the first free card, passes claims.

    Returns whether a cover handed the screen to another seat; every covered frame is checked to show no hand.
    """
    switched = False
    for _ in range(20000):
        app.frame(1 / 60)
        if table.show_result and until_result:
            break
        if table.cover_for is not None:
            other = table.cover_for
            # While covered, nothing of either hand is drawn: the frame is the cover alone.
            colours = {app.screen.get_at((x, 650))[:3] for x in range(0, 1280, 40)}
            assert len(colours) == 1
            if other != table.viewer:
                switched = True
            click((640, 360))
            app.frame(1 / 60)
            assert table.viewer == other and table.cover_for is None
            continue
        legal = table._my_decision()
        if legal:
            if any(isinstance(a, Discard) for a in legal):
                rect, _, _ = next(r for r in table._hand_rects() if not r[2])
                click(rect.center)
            else:
                click(table.buttons[-1].rect.center)
            app.frame(1 / 60)
    return switched


def test_hot_seat_cover_hides_the_table_until_the_next_player_clicks() -> None:
    app = App((1280, 720), "zh", headless=True, resizable=False)
    seats = [SeatConfig(HUMAN, "a"), SeatConfig(HUMAN, "b"), SeatConfig("casual", "c")]
    controller = Controller(GameConfig(rules="guilin", players=3, seats=seats, seed=21), inline_bots=True)
    table = TableScene(controller, (1280, 720), speed=8.0)
    app.push(table)
    # The first deal is covered too: whoever started the match does not see the first player's hand.
    assert table.cover_for is not None
    assert _play_hot_seat(app, table)
    controller.close()
    pygame.quit()


def test_hot_seat_next_hand_is_dealt_behind_the_cover(tmp_path: Path) -> None:
    """下一局 after a settlement: the new hand is covered before any card of it is drawn face up."""
    app = App((1280, 720), "zh", headless=True, resizable=False)
    seats = [SeatConfig(HUMAN, "a"), SeatConfig(HUMAN, "b"), SeatConfig("casual", "c")]
    controller = Controller(GameConfig(rules="guilin", players=3, seats=seats, seed=21, hands=4), inline_bots=True)
    table = TableScene(controller, (1280, 720), speed=8.0)
    app.push(table)
    _play_hot_seat(app, table)
    assert table.show_result and controller.match.played == 0
    click(buttons(frame_of(table))["next"].center)  # 下一局
    app.frame(1 / 60)
    assert controller.match.played == 1 and not table.show_result
    # Covered before anything of the new hand is shown, whoever the cover names (the last viewer included).
    assert table.cover_for is not None and table.cover_for in controller.humans
    for _ in range(30):  # the deal animates behind the cover; still nothing but the cover
        app.frame(1 / 60)
        assert table.cover_for is not None
        assert sum(table.view.hand) == 0 and not table.queue  # the scene holds no card of the new deal
        colours = {app.screen.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in (560, 650, 700)}
        assert len(colours) == 1, "a card is drawn under the hot-seat cover"
    pygame.image.save(app.screen, str(tmp_path / "next_hand_cover.png"))
    if os.environ.get("ZIPAI_SAVE_SHOTS"):
        pygame.image.save(app.screen, os.environ["ZIPAI_SAVE_SHOTS"] + "/hotseat_next_hand.png")
    seat = table.cover_for
    key(pygame.K_RETURN)
    app.frame(1 / 60)
    assert table.cover_for is None and table.viewer == seat
    assert sum(table.view.hand) > 0  # now the named player's own hand is shown
    controller.close()
    pygame.quit()


def test_practice_undo_goes_back_to_the_previous_decision_and_is_marked() -> None:
    from zipai_desktop.engine.record import replay, to_record

    app = App((1280, 720), "zh", headless=True, resizable=False)
    seats = [SeatConfig(HUMAN, "me"), SeatConfig("casual", "b"), SeatConfig("casual", "c")]
    config = GameConfig(rules="guilin", players=3, seats=seats, seed=11, practice=True)
    controller = Controller(config, inline_bots=True)
    table = TableScene(controller, (1280, 720), speed=50.0)
    app.push(table)
    before = None
    for _ in range(5000):
        app.frame(1 / 60)
        legal = table._my_decision()
        if legal and before is None:
            before = controller.game.snapshot()
            decided_at = len(controller.game.history)
            action = (
                legal[0]
                if not any(isinstance(a, Discard) for a in legal)
                else next(a for a in legal if isinstance(a, Discard))
            )
            assert controller.submit(0, action) is None
            for _ in range(30):
                app.frame(1 / 60)
            break
    assert before is not None and controller.can_undo
    key(pygame.K_u)
    app.frame(1 / 60)
    assert len(controller.game.history) == decided_at
    assert controller.game.snapshot() == before  # exactly the position before the decision
    assert controller.game.snapshot() == replay(to_record(controller.game)).snapshot()
    assert controller.game.legal_actions(0)  # the human is at its decision again
    controller.close()
    pygame.quit()


def test_esc_on_the_hot_seat_cover_asks_to_leave_without_showing_a_hand() -> None:
    """Esc behind the cover opens the leave dialog over the cover (no card is drawn); Esc / N keeps the cover, and
    Enter / Y leaves the table; before, Esc on the cover did nothing."""
    app = App((1280, 720), "zh", headless=True, resizable=False)
    seats = [SeatConfig(HUMAN, "a"), SeatConfig(HUMAN, "b"), SeatConfig("casual", "c")]
    controller = Controller(GameConfig(rules="guilin", players=3, seats=seats, seed=21), inline_bots=True)
    left: list[bool] = []
    table = TableScene(controller, (1280, 720), speed=8.0, on_exit=lambda: left.append(True))
    app.push(table)
    app.frame(1 / 60)
    covered = table.cover_for
    assert covered is not None
    key(pygame.K_ESCAPE)
    app.frame(1 / 60)
    assert table.confirm_leave and table.cover_for == covered and not left
    assert sum(table.view.hand) == 0  # the cover still hides the deal
    colours = {app.screen.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in (560, 650, 700)}
    assert len(colours) == 1, "a card is drawn under the leave dialog on the cover"
    key(pygame.K_n)
    app.frame(1 / 60)
    assert not table.confirm_leave and table.cover_for == covered and not left
    key(pygame.K_ESCAPE)
    app.frame(1 / 60)
    key(pygame.K_RETURN)
    app.frame(1 / 60)
    assert left == [True]
    controller.close()
    pygame.quit()
