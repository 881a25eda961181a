"""The table's view model, rebuilt from one seat's redacted events, always equals that seat's observation."""

from __future__ import annotations

import random

import pytest

from zipai_desktop.app.table.view_model import TableView
from zipai_desktop.engine.events import redact
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.rules import get_rules


def view_for(game: Game, viewer: int) -> TableView:
    view = TableView(viewer)
    for event in game.events:
        seen = redact(event, viewer)
        if seen is not None:
            view.apply(seen)
    return view


@pytest.mark.parametrize(("rules_name", "players"), [("guilin", 3), ("bohu", 2), ("bohu", 3), ("bohu", 4)])
def test_view_model_matches_the_observation_after_every_action(rules_name: str, players: int) -> None:
    rules = get_rules(rules_name)
    for hand_no in range(40):
        game = Game(rules, seed=hand_no, dealer=hand_no % players, players=players)
        rng = random.Random(hand_no)
        while True:
            for viewer in game.active:
                obs = observe(game, viewer)
                view = view_for(game, viewer)
                assert view.hand == list(obs.hand)
                assert view.hand_sizes == list(obs.hand_sizes)
                assert view.melds == [list(m) for m in obs.melds]
                assert view.piles == [list(p) for p in obs.piles]
                assert view.wall == obs.wall
                if obs.offer is not None and game.pending is not None and game.pending.kind != "hu_dead":
                    assert view.offer is not None and view.offer.card == obs.offer
            if game.to_act is None:
                break
            seat = game.to_act
            game.apply(seat, rng.choice(game.legal_actions(seat)))
        assert view_for(game, game.active[0]).ended is not None
