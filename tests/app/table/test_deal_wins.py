"""A hand that ends at the deal (秀山博胡's 天胡 and the other deal wins) is a finished hand like any other: it is in
the history exactly once, whether it is the match's first hand or a later one, at a plain table or at the player's
table of a competition.

The seeds are chosen so that the hand named ends at the deal whoever deals it (checked by each test first, so a
change of the deal cannot silently turn the test into one without deal wins).
"""

from __future__ import annotations

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.competition import CompetitionScene, CompetitionSetupScene
from zipai_desktop.app.table.controller import Controller, GameConfig, SeatConfig
from zipai_desktop.app.table.persist import Persistence
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.match import hand_seed
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.store.history import open_history

#: Match seeds of 3-seat 秀山博胡 whose hand 0 (the first) or hand 1 ends at the deal, for every dealer.
FIRST_HAND_AT_DEAL = "deal-26"
SECOND_HAND_AT_DEAL = "deal-1149"
#: Competition seeds (duplicate deals: every table of round 1 plays match seed "<seed>:r1") with the same property.
COMPETITION_FIRST = 394
COMPETITION_SECOND = 164


def ends_at_deal(match_seed: str, hand_no: int, players: int = 3) -> bool:
    rules = get_rules("bohu")
    options = rules.parse_options({})
    seed = hand_seed(match_seed, hand_no)
    return all(Game(rules, options, seed=seed, dealer=d, players=players).result is not None for d in range(players))


def hands_in_history(match_id: int | None = None) -> list[int]:
    with open_history() as history:
        return sorted(h.hand_no for h in history.hands(match_id=match_id))


def play_out(controller: Controller) -> list[int]:
    """Play the match to its end (the human takes its first legal action); the hands that ended at the deal."""
    at_deal = [controller.match.played] if controller.hand_over else []
    while True:
        if controller.hand_over:
            if not controller.next_hand():
                return at_deal
            if controller.hand_over:
                at_deal.append(controller.match.played)
            continue
        seat = controller.to_act
        assert seat is not None
        if controller.is_human(seat):
            assert controller.submit(seat, controller.legal(seat)[0]) is None
        else:
            assert controller.step_bot()


@pytest.mark.parametrize(("seed", "hand"), [(FIRST_HAND_AT_DEAL, 0), (SECOND_HAND_AT_DEAL, 1)])
def test_a_hand_that_ends_at_the_deal_is_in_the_history_once(seed: str, hand: int) -> None:
    assert ends_at_deal(seed, hand)
    seats = [SeatConfig("human", "me"), SeatConfig("random", "b1"), SeatConfig("random", "b2")]
    config = GameConfig(rules="bohu", players=3, seats=seats, seed=seed, hands=4)
    persistence = Persistence()
    controller = Controller(config, inline_bots=True, persistence=persistence)
    at_deal = play_out(controller)
    assert hand in at_deal
    match_id = persistence.match_id
    assert match_id is not None
    assert hands_in_history(match_id) == [0, 1, 2, 3]
    with open_history() as history:
        assert history.stats().hands == 4  # and the statistics count it


@pytest.mark.parametrize(("seed", "hand"), [(COMPETITION_FIRST, 0), (COMPETITION_SECOND, 1)])
def test_a_deal_win_at_the_players_competition_table_is_in_the_history_once(seed: int, hand: int) -> None:
    assert ends_at_deal(f"{seed}:r1", hand)
    app = App((1280, 720), "en", headless=True, resizable=False)
    try:
        setup = CompetitionSetupScene(app, app.size, "en")
        app.push(setup)
        setup.levels = ("random",)
        setup.rules, setup.table_size, setup.entrants, setup.rounds, setup.hands = "bohu", 3, 6, 1, 3
        setup.duplicate = True
        comp = setup.start(seed=seed, inline=True)
        assert isinstance(comp, CompetitionScene)
        controller = comp.take_seat(inline_bots=True)
        assert isinstance(controller.persistence, Persistence)
        match_id = controller.persistence.match_id
        at_deal = play_out(controller)
        assert hand in at_deal
        assert hands_in_history(match_id) == [0, 1, 2]
        # The table's result counts the deal win among the hands won.
        mine = next(r for r in comp.t.results if r.table == comp.t.human_table(1))
        assert sum(mine.hands_won) == sum(1 for h in history_winners(match_id) if h is not None)
    finally:
        pygame.quit()


def history_winners(match_id: int | None) -> list[int | None]:
    with open_history() as history:
        return [h.winner for h in history.hands(match_id=match_id)]
