"""Real hands for the store tests: the engine with a random chooser that depends only on the game state."""

from __future__ import annotations

import random

from zipai_desktop.engine.game import Game
from zipai_desktop.engine.match import Match
from zipai_desktop.engine.rules import get_rules


def step(game: Game, salt: str = "") -> bool:
    """Apply one random legal action (chosen from the seed and the number of actions so far); False when over."""
    seat = game.to_act
    if seat is None:
        return False
    legal = game.legal_actions(seat)
    rng = random.Random(f"{game.seed}/{len(game.history)}/{salt}")
    game.apply(seat, legal[rng.randrange(len(legal))])
    return True


def play(game: Game, actions: int | None = None, salt: str = "") -> Game:
    """Play ``actions`` actions (all of them by default)."""
    n = 0
    while (actions is None or n < actions) and step(game, salt):
        n += 1
    return game


def finished_hand(rules: str = "guilin", seed: int | str = 0, dealer: int = 0, players: int | None = None) -> Game:
    return play(Game(get_rules(rules), seed=seed, dealer=dealer, players=players))


def match(rules: str = "guilin", seed: int | str = 7, **kwargs: object) -> Match:
    r = get_rules(rules)
    return Match(r, r.parse_options({}), seed=seed, **kwargs)  # type: ignore[arg-type]
