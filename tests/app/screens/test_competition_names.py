"""A 比赛 table names its seats after the entrants the standings list (阿强, 老李 / Ah Qiang, Old Li), never 电脑n:
the seat labels (with the level), the log, the win banner and the settlement (its lines, payments and scores),
in Chinese and English, and again in round 2 with its new seating."""

from __future__ import annotations

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.competition import CompetitionScene, CompetitionSetupScene, entrant_name, level_name
from zipai_desktop.app.screens.replay_viewer import ReplayScene
from zipai_desktop.app.screens.replays import ReplaysScene
from zipai_desktop.app.table.scene import TableScene
from zipai_desktop.app.table.settlement_panel import build_panel
from zipai_desktop.app.ui.i18n import tr
from zipai_desktop.engine.tournament import HUMAN
from zipai_desktop.store.history import open_history

from ..drive import key

GENERIC = ("电脑", "Bot ")  # the numbered bot names the table used to show


@pytest.fixture(autouse=True)
def _quit() -> object:
    yield None
    pygame.quit()


def start(lang: str, seed: int) -> tuple[App, CompetitionScene]:
    app = App((1280, 720), lang, headless=True, resizable=False)
    setup = CompetitionSetupScene(app, app.size, lang)
    app.push(setup)
    setup.levels = ("random", "beginner")
    setup.rules, setup.table_size, setup.entrants, setup.rounds, setup.hands = "guilin", 3, 6, 2, 1
    return app, setup.start(seed=seed, inline=True)


def standings_names(comp: CompetitionScene) -> dict[int, str]:
    """Each entrant's name as the standings show it, by entrant number."""
    return {s.entrant: entrant_name(comp.t, s.entrant, comp.lang) for s in comp.t.standings()}


def sit_down(app: App, comp: CompetitionScene) -> tuple[TableScene, dict[int, str]]:
    """The player's table through the competition screen, and the standings' name of each bot seat's entrant."""
    comp.take_seat(inline_bots=True)
    table = app.scenes[-1]
    assert isinstance(table, TableScene)
    names = standings_names(comp)
    entrants = comp.session.seating().entrants
    bots = {seat: names[e] for seat, e in enumerate(entrants) if comp.t.entrants[e].level != HUMAN}
    assert len(bots) == 2
    catalog = {tr(f"entrant.{i}", comp.lang) for i in range(12)}
    assert set(bots.values()) <= catalog  # 阿强 / Ah Qiang: the catalog's names, not numbers
    return table, bots


def play_hand(app: App, table: TableScene) -> None:
    """Play the hand to its end (the human takes its first legal action), then let the table show the settlement."""
    controller = table.controller
    while controller.to_act is not None:
        seat = controller.to_act
        if controller.is_human(seat):
            assert controller.submit(seat, controller.legal(seat)[0]) is None
        else:
            assert controller.step_bot()
    table.speed = 50.0
    for _ in range(5000):
        app.frame(1 / 60)
        if table.show_result:
            return
    raise AssertionError("the settlement never showed")


@pytest.mark.parametrize(("lang", "seed"), [("zh", 3), ("en", 3), ("zh", 11), ("en", 11)])
def test_every_bot_seat_of_a_competition_table_is_named_after_its_entrant(lang: str, seed: int) -> None:
    app, comp = start(lang, seed)
    tables = []
    for round_no in (1, 2):
        table, bots = sit_down(app, comp)
        entrants = dict(enumerate(comp.session.seating().entrants))
        for seat, name in bots.items():
            level = level_name(table.controller.config.seats[seat].kind, lang)
            label = f"{name}（{level}）" if lang == "zh" else f"{name} ({level})"
            assert table._name(seat) == label  # was 电脑2（初学） / Bot 2 (Beginner)
            assert table.short_name(seat) == name
        play_hand(app, table)
        game = table.controller.game
        tables.append((game.seed, entrants))
        log = [line for line in (table.describe(e) for e in game.events) if line]
        for name in bots.values():
            said = [line for line in log if line.startswith(name)]
            assert said, (name, log)
            if lang == "en":  # a named entrant is a third person: "Ah Qiang discards 叁", never "Ah Qiang discard"
                assert any(line.startswith(f"{name} discards ") for line in said), said
        assert not [line for line in log if line.startswith(GENERIC)]
        model = build_panel(table)
        seat_names = [name for name, _, _ in model.seats]
        texts = [model.title, model.how, *model.payments, *seat_names, *(name for name, _ in model.hands)]
        assert not [t for t in texts if any(g in t for g in GENERIC)], texts
        for seat, name in bots.items():
            assert seat_names[seat] == name
        result = game.result
        assert result is not None
        if result.winner is not None and result.winner in bots:
            assert bots[result.winner] in model.title
        if model.payments:
            assert all(any(n in line for n in bots.values()) for line in model.payments), model.payments
        assert not table.controller.next_hand()  # one hand a round: the table's match is over
        comp._table_closed()
        app.frame(1 / 60)
        assert comp.t.rounds_done == round_no
        if round_no == 1:
            key(app, pygame.K_RETURN)  # 下一轮: a new draw, the same entrants' names
    comp.bots.close()
    # The replays (the list and the viewer) name the seats as the table did, in the language they are watched in.
    for watch in ("zh", "en"):
        names = {s.entrant: entrant_name(comp.t, s.entrant, watch) for s in comp.t.standings()}
        with open_history() as history:
            rows = {row.seed: row for row in history.hands()}
            replays = ReplaysScene(app, app.size, watch, history=history)
            labels = [entry.label for entry in replays.entries()]
            for match_seed, entrants in tables:
                row = rows[match_seed]
                bots = {s: names[e] for s, e in entrants.items() if comp.t.entrants[e].level != HUMAN}
                record = history.get_record(row.id)
                viewer = ReplayScene(app, app.size, watch, record, hand_id=row.id, seats=row.seats, hand_no=0)
                for seat, name in bots.items():
                    assert viewer.person(seat).name == name and viewer.name(seat).startswith(name)
                if row.winner in bots:
                    assert any(bots[row.winner] in label for label in labels), labels
