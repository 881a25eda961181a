"""A match ends on its result screen: after the last hand's settlement, Enter shows each seat's figures (rebuilt here
from the history's rows), and Enter again goes to the title; a 比赛 round's result goes to the standings. The picture
of the screen is saved as a real PNG of the window's size, and a folder that cannot be written is refused in one
sentence with the screen kept."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.match_result import MatchResultScene
from zipai_desktop.app.screens.setup import SetupScene
from zipai_desktop.app.screens.title import TitleScene
from zipai_desktop.app.table.controller import HUMAN, Controller, GameConfig, SeatConfig
from zipai_desktop.app.table.persist import Persistence
from zipai_desktop.app.table.scene import TableScene
from zipai_desktop.app.table.settlement_panel import button_labels, frame_of
from zipai_desktop.app.ui.i18n import tr
from zipai_desktop.store.history import HandRow, open_history

from ..drive import key
from .test_competition import frames_until, play_table_by_input, start_inline


@pytest.fixture
def app():
    application = App((1280, 720), "zh", headless=True, resizable=False)
    yield application
    pygame.quit()


def seat_figures(rows: list[HandRow], seat: int) -> tuple[str, str, str, str]:
    """(biggest hand, wins, 自摸, 点炮) of ``seat``, counted from the stored hands' rows."""
    won = [r for r in rows if r.winner == seat]
    best = str(max(r.score for r in won)) if won else "-"
    drawn = sum(1 for r in won if r.source == "own_draw")
    dealt_in = sum(1 for r in rows if r.discarder == seat)
    return best, str(len(won)), str(drawn), str(dealt_in)


def play_to_the_end(app: App, table: TableScene) -> list[str]:
    """Play the table's match with the human's first legal action, Enter at each settlement; the next button's words
    at each settlement, until the table is left."""
    table.speed = 60.0
    footers: list[str] = []
    controller = table.controller
    for _ in range(200_000):
        app.frame(1 / 60)
        if app.scenes[-1] is not table:
            return footers
        if table.show_result:
            footers.append(button_labels(frame_of(table))["next"])
            key(app, pygame.K_RETURN)
            continue
        seat = controller.to_act
        if seat is not None and controller.is_human(seat) and table._my_decision():
            assert controller.submit(seat, controller.legal(seat)[0]) is None
    raise AssertionError("the match never ended")


def new_table(app: App, seats: list[SeatConfig], **config: object) -> tuple[TitleScene, TableScene]:
    """Title → setup → a table of ``seats`` (inline bots, recorded in the history), as the setup screen makes it."""
    title = TitleScene(app, app.size, "zh")
    app.push(title)
    setup = SetupScene(app, app.size, lang="zh")
    app.push(setup)
    game = GameConfig(seats=seats, players=len(seats), **config)  # type: ignore[arg-type]
    controller = Controller(game, inline_bots=True, persistence=Persistence())
    table = setup._table(controller)
    app.push(table)
    return title, table


def test_the_last_hand_ends_on_the_match_result_then_the_title(app: App) -> None:
    seats = [SeatConfig(HUMAN, "me"), SeatConfig("beginner", "b1"), SeatConfig("beginner", "b2")]
    title, table = new_table(app, seats, rules="guilin", seed=11, hands=3)
    match_id = table.controller.persistence.match_id  # type: ignore[union-attr]
    footers = play_to_the_end(app, table)
    # Hands 1 and 2 say 下一局; the last one says the match is over, and Enter shows its result (no 第4局).
    assert footers == [
        tr("result.next_hand", "zh") + "  (Enter)",
        tr("result.next_hand", "zh") + "  (Enter)",
        tr("result.to_match_result", "zh") + "  (Enter)",
    ]
    result = app.scenes[-1]
    assert isinstance(result, MatchResultScene), app.scenes
    with open_history() as history:
        rows = history.hands(match_id=match_id)
        (match,) = history.matches()
    assert len(rows) == 3 and match.id == match_id and match.finished_at is not None
    shown = {cells[1]: cells for cells in result.rows()}
    for seat, name in enumerate(["你", "电脑2", "电脑3"]):
        cells = shown[name]
        assert cells[2] == f"{match.totals[seat]:+d}"
        assert cells[3:7] == seat_figures(rows, seat)
        assert cells[7] == "3"  # every seat played the 3 hands
    ranks = [int(cells[0]) for cells in result.rows()]
    assert ranks == sorted(ranks)
    app.frame(1 / 60)
    key(app, pygame.K_RETURN)
    assert app.scenes == [title]


def test_hot_seat_and_stakes_name_every_player_and_give_stake_units(app: App) -> None:
    seats = [SeatConfig(HUMAN, "a"), SeatConfig(HUMAN, "b")]
    stakes = {"base": 2, "multiplier": 5, "start_balance": None}
    title, table = new_table(app, seats, rules="bohu", seed=4, hands=1, stakes=stakes)
    match_id = table.controller.persistence.match_id  # type: ignore[union-attr]
    for _ in range(100_000):  # hot-seat: each player's click lifts the cover; the human seats take their first action
        app.frame(1 / 60)
        if not isinstance(app.scenes[-1], TableScene):
            break
        if table.cover_for is not None:
            key(app, pygame.K_SPACE)
            continue
        if table.show_result:
            key(app, pygame.K_RETURN)
            continue
        seat = table.controller.to_act
        if seat is not None and table._my_decision():
            assert table.controller.submit(seat, table.controller.legal(seat)[0]) is None
    result = app.scenes[-1]
    assert isinstance(result, MatchResultScene)
    with open_history() as history:
        match = history.match(match_id)
    assert match is not None
    headings = result.headings()
    assert tr("match.stake", "zh") in headings
    shown = {cells[1]: cells for cells in result.rows()}
    assert set(shown) == {"玩家1", "玩家2"}  # each human named, never 你
    for seat in range(2):
        assert shown[f"玩家{seat + 1}"][3] == f"{match.totals[seat] * 10:+d}"
    key(app, pygame.K_ESCAPE)
    assert app.scenes == [title]


def test_a_competition_round_shows_its_result_then_the_standings(app: App) -> None:
    comp = start_inline(app, rounds=2, seed=5)
    key(app, pygame.K_RETURN)  # take your seat
    table = app.scenes[-1]
    assert isinstance(table, TableScene)
    play_table_by_input(app, table)
    result = app.scenes[-1]
    assert isinstance(result, MatchResultScene)
    assert result.button("close").text.startswith(tr("match.to_standings", "en"))
    key(app, pygame.K_RETURN)
    assert app.scenes[-1] is comp and comp.child is None
    frames_until(app, lambda: comp.phase == "standings")
    assert comp.t.rounds_done == 1
    comp.bots.close()


def test_the_picture_is_a_png_of_the_window_and_an_unwritable_folder_is_refused(app: App) -> None:
    seats = [SeatConfig(HUMAN, "me"), SeatConfig("beginner", "b1"), SeatConfig("beginner", "b2")]
    new_table(app, seats, rules="guilin", seed=2, hands=1)
    play_to_the_end(app, app.scenes[-1])  # type: ignore[arg-type]
    result = app.scenes[-1]
    assert isinstance(result, MatchResultScene)
    app.frame(1 / 60)
    key(app, pygame.K_s, "s")
    path = result.saved
    assert path is not None and path.parent == Path(os.environ["ZIPAI_HOME"]) / "data" / "results"
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pygame.image.load(str(path)).get_size() == (1280, 720)
    assert result.toast is not None and str(path) in result.toast[0] and not result.toast[1]
    # A folder that cannot be written: one sentence naming it, the screen stays, the first picture is kept.
    folder = path.parent
    folder.chmod(stat.S_IRUSR | stat.S_IXUSR)
    try:
        writable = os.access(folder, os.W_OK)
        if writable:  # root ignores the mode: put a file where the folder should be instead
            folder.chmod(0o755)
            moved = folder.with_name("results-kept")
            folder.rename(moved)
            folder.write_text("not a folder")
        result.saved = None
        key(app, pygame.K_s, "s")
        assert result.saved is None and app.scenes[-1] is result
        assert result.toast is not None and result.toast[1]
        text = result.toast[0]
        assert str(folder) in text and "\n" not in text and "Traceback" not in text
        kept = (moved if writable else folder) / path.name
        assert kept.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    finally:
        if folder.is_dir():
            folder.chmod(0o755)


@pytest.mark.parametrize(
    ("rules", "players", "humans", "hands", "target"),
    [("guilin", 3, 1, None, 8), ("bohu", 4, 1, 3, None), ("bohu", 3, 3, 2, None)],
)
def test_target_bohu_and_hot_seat_matches_end_on_their_result(
    app: App, rules: str, players: int, humans: int, hands: int | None, target: int | None
) -> None:
    seats = [SeatConfig(HUMAN, f"p{i}") for i in range(humans)]
    seats += [SeatConfig("beginner", f"b{i}") for i in range(players - humans)]
    title, table = new_table(app, seats, rules=rules, seed=21, hands=hands, target=target)
    match_id = table.controller.persistence.match_id  # type: ignore[union-attr]
    for _ in range(300_000):
        app.frame(1 / 60)
        if not isinstance(app.scenes[-1], TableScene):
            break
        table.speed = 60.0
        if table.cover_for is not None:
            key(app, pygame.K_SPACE)
        elif table.show_result:
            key(app, pygame.K_RETURN)
        else:
            seat = table.controller.to_act
            if seat is not None and table._my_decision():
                assert table.controller.submit(seat, table.controller.legal(seat)[0]) is None
    result = app.scenes[-1]
    assert isinstance(result, MatchResultScene)
    with open_history() as history:
        rows = history.hands(match_id=match_id)
        match = history.match(match_id)
    assert match is not None
    if target is not None:  # the match ended when a total reached the target, and the screen says which target
        assert any(abs(t) >= target for t in match.totals)
        assert tr("match.target_line", "zh", n=target) in result.details()
    else:
        assert len(rows) == hands
    names = [cells[1] for cells in result.rows()]
    assert len(names) == players and len(set(names)) == players
    if humans > 1:
        assert {f"玩家{s + 1}" for s in range(humans)} <= set(names)
    played = {cells[1]: int(cells[7]) for cells in result.rows()}
    if players == 4:  # one seat sits out each hand
        assert sum(played.values()) == 3 * len(rows)
    else:
        assert set(played.values()) == {len(rows)}
    key(app, pygame.K_RETURN)
    assert app.scenes == [title]


def test_without_a_history_the_tables_totals_are_shown_and_the_rest_are_dashes(app: App) -> None:
    from zipai_desktop.app.screens.match_result import ResultView, result_of

    seats = [SeatConfig(HUMAN, "me"), SeatConfig("beginner", "b1"), SeatConfig("beginner", "b2")]
    config = GameConfig(rules="guilin", players=3, seats=seats, seed=6, hands=1, practice=True)
    controller = Controller(config, inline_bots=True)  # nothing recorded
    while controller.to_act is not None:
        seat = controller.to_act
        if controller.is_human(seat):
            assert controller.submit(seat, controller.legal(seat)[0]) is None
        else:
            assert controller.step_bot()
    assert controller.ends_match() and not controller.next_hand()
    view = result_of(controller)
    assert isinstance(view, ResultView) and not view.figures
    scene = MatchResultScene(app, app.size, "en", view)
    app.push(scene)
    app.frame(1 / 60)
    for cells in scene.rows():
        assert cells[3:] == ("-",) * 5
    assert sorted(int(cells[2]) for cells in scene.rows()) == sorted(controller.match.totals)
    assert tr("match.practice", "en") in scene.details()
    assert any(d.text.startswith("The history could not") for d in scene.paint.drawn)
