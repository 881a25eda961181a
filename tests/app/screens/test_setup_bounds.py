"""The setup screens offer only what the loaders accept: every 倍率 choice is within the engine's bounds (the
largest combination starts a match), and every competition choice within the competition save's bounds."""

from __future__ import annotations

import itertools

from zipai_desktop.app.screens.competition import ENTRANTS, HANDS, ROUNDS
from zipai_desktop.app.screens.setup import MATCH_CHOICES
from zipai_desktop.app.screens.setup import STAKE_CHOICES as STAKES
from zipai_desktop.app.table.controller import Controller, GameConfig
from zipai_desktop.engine import match as engine_match
from zipai_desktop.store import competition as saved


def test_every_stakes_choice_is_within_the_engine_bounds() -> None:
    """Stakes, and the match length every match chooses (局数 / target, with or without stakes)."""
    STAKE_CHOICES = {**STAKES, **MATCH_CHOICES}
    bounds = {
        "base": engine_match.MAX_STAKE_BASE,
        "multiplier": engine_match.MAX_STAKE_MULTIPLIER,
        "start_balance": engine_match.MAX_START_BALANCE,
        "hands": engine_match.MAX_HANDS,
        "target": engine_match.MAX_TARGET,
    }
    assert set(STAKE_CHOICES) == set(bounds)
    for name, values in STAKE_CHOICES.items():
        assert all(v is None or 1 <= v <= bounds[name] for v in values), name
    largest = {name: max(v for v in values if v is not None) for name, values in STAKE_CHOICES.items()}
    config = GameConfig(
        rules="guilin",
        players=3,
        seed=1,
        hands=largest["hands"],
        target=largest["target"],
        stakes={k: largest[k] for k in ("base", "multiplier", "start_balance")},
    )
    controller = Controller(config, inline_bots=True)
    assert (
        controller.match.stakes is not None and controller.match.stakes.unit == largest["base"] * largest["multiplier"]
    )


def test_every_competition_choice_is_within_the_saves_bounds() -> None:
    sizes = set(itertools.chain.from_iterable(ENTRANTS.values()))
    assert max(sizes) <= saved.MAX_ENTRANTS
    assert max(ROUNDS) <= saved.MAX_ROUNDS and min(ROUNDS) >= 1
    assert max(HANDS) <= saved.MAX_HANDS and min(HANDS) >= 1
