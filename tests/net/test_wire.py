"""An observation survives the trip to JSON and back, in both games, at every decision of seeded hands."""

from __future__ import annotations

import json

import pytest

from zipai_desktop.bots import make_bot
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.net.wire import observation_from_json, observation_to_json


@pytest.mark.parametrize("rules", ["guilin", "bohu"])
@pytest.mark.parametrize("seed", range(3))
def test_every_seats_observation_reads_back(rules: str, seed: int) -> None:
    game = Game(get_rules(rules), seed=f"wire-{seed}", dealer=seed % 3)
    bot = make_bot("random", seed)
    while game.to_act is not None:
        for seat in range(game.players):
            obs = observe(game, seat)
            text = json.dumps(observation_to_json(obs), ensure_ascii=False)
            assert observation_from_json(json.loads(text)) == obs
        seat = game.to_act
        game.apply(seat, bot.choose(observe(game, seat), game.legal_actions(seat)))
