"""比赛 and 倍率 in the window, driven by posted input: title → competition setup → a hand at the player's table →
the standings; resuming a competition (between tables and in the middle of the player's table); a whole competition
to its final ranking and the record; a stakes match from the setup screen; every screen laid out at every size."""

from __future__ import annotations

import itertools
import time

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.competition import CompetitionScene, CompetitionSetupScene
from zipai_desktop.app.screens.match_result import MatchResultScene
from zipai_desktop.app.screens.setup import SetupScene
from zipai_desktop.app.screens.title import TitleScene
from zipai_desktop.app.table.scene import TableScene
from zipai_desktop.app.table.settlement_panel import buttons as result_buttons
from zipai_desktop.app.table.settlement_panel import frame_of
from zipai_desktop.engine.actions import Discard, Hu, Pass
from zipai_desktop.store.competition import load_competition
from zipai_desktop.store.history import open_history

from ..drive import key, press

QUICK = ("random", "beginner")


@pytest.fixture
def app():
    application = App((1280, 720), "zh", headless=True, resizable=False)
    yield application
    pygame.quit()


def click(app: App, pos: tuple[int, int]) -> None:
    """A click on a hand-drawn row (they answer the button's release)."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.frame(1 / 60)


def frames_until(app: App, done, limit_s: float = 180.0) -> None:  # type: ignore[no-untyped-def]
    """Run frames until ``done()``; the time limit only stops a hung test, it is never the thing tested."""
    end = time.monotonic() + limit_s
    while not done():
        assert time.monotonic() < end, "gave up waiting"
        app.frame(1 / 60)
        time.sleep(0.002)


def play_table_by_input(app: App, table: TableScene) -> int:
    """Play the player's table to the end of its match with posted clicks and keys; returns the human's moves."""
    moves = 0
    table.speed = 50.0
    for _ in range(200000):
        app.frame(1 / 60)
        if app.scenes[-1] is not table:
            return moves  # the match is over and the table was left
        if table.show_result:
            click(app, result_buttons(frame_of(table))["next"].center)  # 下一局 / the match is over: its result screen
            continue
        legal = table._my_decision()
        if not legal:
            time.sleep(0.001)
            continue
        before = len(table.controller.game.history)
        if any(isinstance(a, Discard) for a in legal):
            if moves % 2:
                key(app, pygame.K_RIGHT)
                key(app, pygame.K_RETURN)
            else:
                rect, _, _ = next(r for r in table._hand_rects() if not r[2])
                click(app, rect.center)
        else:
            hu = next((b for b in table.buttons if isinstance(b.action, Hu)), None)
            button = hu or next(b for b in table.buttons if isinstance(b.action, Pass))
            click(app, button.rect.center)
        assert len(table.controller.game.history) == before + 1, "the posted input did not become an action"
        moves += 1
    raise AssertionError("the table never finished")


@pytest.mark.parametrize(("rules", "players", "entrants", "seed"), [("guilin", 3, 6, 1), ("bohu", 4, 8, 2)])
def test_title_to_competition_to_a_hand_at_the_table_to_the_standings(
    app: App, rules: str, players: int, entrants: int, seed: int
) -> None:
    title = TitleScene(app, app.size, "zh")
    app.push(title)
    app.frame(1 / 60)
    press(app, title.button("competition").rect.center)
    setup = app.scenes[-1]
    assert isinstance(setup, CompetitionSetupScene)
    setup.levels = QUICK  # CI stays lean: random and beginner bots
    setup.seed = seed
    app.frame(1 / 60)
    for kind, value in (("game", rules), ("table_size", players), ("entrants", entrants), ("rounds", 2), ("hands", 1)):
        row = setup.row(kind, value)
        assert row is not None, (kind, value)
        click(app, row.rect.center)
        app.frame(1 / 60)
    assert (setup.rules, setup.table_size, setup.entrants, setup.rounds, setup.hands) == (
        rules,
        players,
        entrants,
        2,
        1,
    )
    key(app, pygame.K_RETURN)  # start
    comp = app.scenes[-1]
    assert isinstance(comp, CompetitionScene) and comp.phase == "play"
    assert len(comp.t.tables[0]) == entrants // players
    assert load_competition()[0] is not None  # saved from the first moment
    key(app, pygame.K_RETURN)  # take your seat
    table = app.scenes[-1]
    assert isinstance(table, TableScene)
    controller = table.controller
    moves = play_table_by_input(app, table)
    assert isinstance(app.scenes[-1], MatchResultScene) and moves >= 1  # the round's match result first
    key(app, pygame.K_RETURN)  # 查看排名
    assert app.scenes[-1] is comp
    # The bot tables finish in the worker process; the screen then shows the standings after round 1.
    frames_until(app, lambda: comp.phase == "standings")
    app.frame(1 / 60)
    assert comp.t.rounds_done == 1
    mine = next(r for r in comp.t.round_results(1) if r.table == comp.t.human_table(1))
    assert list(mine.points) == list(controller.match.totals)
    ranks = comp.t.standings()
    assert [s.rank for s in ranks] == list(range(1, entrants + 1))
    assert comp.row("go") is not None  # 下一轮
    state, _ = load_competition()
    assert state is not None and len(state["tournament"]["results"]) == entrants // players and state["table"] is None
    with open_history() as history:
        (row,) = history.competitions()
        assert row.finish is None and row.entrants == entrants
        assert len(history.hands(match_id=None)) >= 1  # the player's hands are in the history like any match
    key(app, pygame.K_RETURN)  # next round
    assert comp.phase == "play" and len(comp.t.tables) == 2
    comp.bots.close()


def start_inline(app: App, rules: str = "guilin", *, rounds: int = 2, seed: int = 3) -> CompetitionScene:
    setup = CompetitionSetupScene(app, app.size, "en")
    app.push(setup)
    setup.levels = QUICK
    setup.rules, setup.table_size, setup.entrants, setup.rounds, setup.hands = rules, 3, 6, rounds, 1
    return setup.start(seed=seed, inline=True)


def test_a_competition_resumes_in_the_middle_of_the_players_table(app: App) -> None:
    comp = start_inline(app)
    controller = comp.take_seat(inline_bots=True)
    for _ in range(12):  # a few moves, then the game is killed: nothing is closed
        seat = controller.to_act
        assert seat is not None
        if controller.is_human(seat):
            assert controller.submit(seat, controller.legal(seat)[0]) is None
        else:
            assert controller.step_bot()
    history = list(controller.game.history)
    booked = list(comp.t.results)
    # A new start of the game: the competition screen offers to continue, and the table is where it was.
    again = App((1024, 640), "en", headless=True, resizable=False)
    setup = CompetitionSetupScene(again, again.size, "en")
    again.push(setup)
    again.frame(1 / 60)
    assert setup.row("continue") is not None
    resumed = setup.resume(inline=True)
    assert resumed is not None and resumed.t.results == booked and resumed.phase == "play"
    again.frame(1 / 60)
    assert resumed.row("go") is not None
    controller2 = resumed.take_seat(inline_bots=True)
    assert list(controller2.game.history) == history
    assert controller2.match.seed == resumed.t.seed_of(1, resumed.t.human_table(1))  # type: ignore[arg-type]


def finish_table(comp: CompetitionScene) -> None:
    """Play the player's table to its end directly (its posted-input play is covered above)."""
    controller = comp.take_seat(inline_bots=True)
    while True:
        seat = controller.to_act
        if seat is None:
            if not controller.next_hand():
                break
            continue
        if controller.is_human(seat):
            assert controller.submit(seat, controller.legal(seat)[0]) is None
        else:
            assert controller.step_bot()
    comp._table_closed()


def test_a_whole_competition_ends_with_the_final_ranking_and_the_record(app: App) -> None:
    comp = start_inline(app, rounds=2, seed=8)
    for round_no in (1, 2):
        finish_table(comp)
        app.frame(1 / 60)
        assert comp.t.rounds_done == round_no
        if round_no == 1:
            assert comp.phase == "standings"
            key(app, pygame.K_RETURN)
    assert comp.phase == "final"
    app.frame(1 / 60)
    human = comp.t.human()
    rank = comp.t.finish(human)  # type: ignore[arg-type]
    assert rank is not None and 1 <= rank <= 6
    assert load_competition() == (None, None)  # a finished competition leaves no save
    with open_history() as history:
        assert history.best_finish() == rank
        assert history.competitions()[0].finish == rank
    key(app, pygame.K_RETURN)  # done: back to the setup, which shows the record
    setup = app.scenes[-1]
    assert isinstance(setup, CompetitionSetupScene)
    app.frame(1 / 60)
    assert setup.best == rank and setup.saved is None and setup.row("continue") is None


def test_a_stakes_match_from_the_setup_screen(app: App) -> None:
    title = TitleScene(app, app.size, "en")
    app.push(title)
    app.frame(1 / 60)
    press(app, title.button("new_game").rect.center)
    setup = app.scenes[-1]
    assert isinstance(setup, SetupScene)
    app.frame(1 / 60)
    toggle = next(r for r in setup.rows if r.kind == "stakes")
    click(app, toggle.rect.center)
    app.frame(1 / 60)
    for name, clicks in (("base", 1), ("multiplier", 2), ("start_balance", 1), ("hands", 1)):
        for _ in range(clicks):  # the hands (局数) are the match's, offered with or without stakes
            row = next(r for r in setup.rows if r.kind in ("stake", "match") and r.key == name)
            click(app, row.rect.center)
            app.frame(1 / 60)
    assert setup.stake == {"base": 2, "multiplier": 3, "start_balance": 100}
    assert (setup.hands, setup.target) == (4, None)
    key(app, pygame.K_RETURN)
    table = app.scenes[-1]
    assert isinstance(table, TableScene)
    match = table.controller.match
    assert match.stakes is not None and match.stakes.unit == 6 and match.balances == (100, 100, 100)
    assert match.hands == 4
    controller = table.controller
    while controller.to_act is not None:
        seat = controller.to_act
        if controller.is_human(seat):
            controller.submit(seat, controller.legal(seat)[0])
        else:
            controller.decision = None
            controller.inline_bots = True
            assert controller.step_bot()
    points = controller.game.result.points  # type: ignore[union-attr]
    app.frame(1 / 60)
    controller.next_hand()
    assert match.money_totals == tuple(p * 6 for p in points)
    with open_history() as history:
        stats = history.stats()
        assert stats.stake == 6 * stats.points
    controller.close()


SIZES = [(1024, 640), (1280, 720), (3840, 2160)]


def check_rows(scene, size: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    w, h = size
    assert scene.rows
    for row in scene.rows:
        assert pygame.Rect(0, 0, w, h).contains(row.rect), row
    for a, b in itertools.combinations(scene.rows, 2):
        assert not a.rect.colliderect(b.rect), (a, b)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_competition_screens_fit_every_size(size: tuple[int, int], lang: str) -> None:
    app = App(size, lang, headless=True, resizable=False)
    try:
        setup = CompetitionSetupScene(app, size, lang)
        app.push(setup)
        app.frame(1 / 60)
        check_rows(setup, size)
        setup.levels = QUICK
        setup.rules, setup.table_size, setup.entrants, setup.rounds, setup.hands = "guilin", 3, 12, 2, 1
        comp = setup.start(seed=1, inline=True)
        app.frame(1 / 60)
        check_rows(comp, size)
        finish_table(comp)
        app.frame(1 / 60)
        assert comp.phase == "standings"
        check_rows(comp, size)
    finally:
        pygame.quit()


def test_a_resumed_competition_table_keeps_the_columns_the_hint_mark_and_autoplay(app: App) -> None:
    """As at an ordinary table's resume: the player's own columns, the 用了提示 mark and 托管 come back with the
    competition save's table."""
    comp = start_inline(app, seed=5)
    controller = comp.take_seat(inline_bots=True)
    me = next(s for s in range(controller.config.players) if controller.is_human(s))
    for _ in range(40):  # on to a position where the hand is still in play
        seat = controller.to_act
        assert seat is not None
        if controller.is_human(seat):
            break
        assert controller.step_bot()
    hand = controller.game.hands[me]
    kinds = [k for k, n in enumerate(hand) for _ in range(n)]
    arranged = [kinds[i : i + 2] for i in range(0, len(kinds), 2)]  # pairs: not how the table sorts a hand
    controller.arranged(me, arranged)
    controller.mark_assisted()
    controller.set_autoplay(me, True)
    assert controller.game.result is None
    kept = controller.saved_columns()  # a 坎 split by the pairs is made whole again
    again = App((1024, 640), "en", headless=True, resizable=False)
    setup = CompetitionSetupScene(again, again.size, "en")
    again.push(setup)
    again.frame(1 / 60)
    resumed = setup.resume(inline=True)
    assert resumed is not None and resumed.phase == "play"
    controller2 = resumed.take_seat(inline_bots=True)
    assert me in kept and controller2.saved_columns() == kept
    assert controller2.assisted
    assert controller2.autoplay == {me} and not controller2.autoplay_hand
