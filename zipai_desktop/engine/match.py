"""A match: a series of hands with running totals, the next dealer after each hand (§10.6)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .game import Game


def hand_seed(match_seed: int | str, hand_no: int) -> str:
    """The seed of one hand of a match: the same match seed always gives the same deals."""
    return f"{match_seed}:{hand_no}"


@dataclass
class Match:
    """Hands until ``hands`` are played or a seat's running total reaches +/- ``target`` (if set)."""

    rules: Any
    options: Any
    seed: int | str
    hands: int | None = 8
    target: int | None = None
    dealer: int = -1
    totals: list[int] = field(default_factory=list)
    played: int = 0
    draw_streak: int = 0
    game: Game | None = None

    def __post_init__(self) -> None:
        n = self.rules.players[0]
        if not self.totals:
            self.totals = [0] * n
        if self.dealer < 0:
            self.dealer = random.Random(f"{self.seed}:dealer").randrange(n)  # first dealer: random (§2)

    @property
    def over(self) -> bool:
        if self.hands is not None and self.played >= self.hands:
            return True
        return self.target is not None and any(abs(t) >= self.target for t in self.totals)

    def start_hand(self) -> Game:
        if self.over:
            raise ValueError("the match is over")
        self.game = Game(self.rules, self.options, seed=hand_seed(self.seed, self.played), dealer=self.dealer)
        return self.game

    def finish_hand(self) -> None:
        """Book the finished hand: running totals and the next dealer (winner deals; dealer stays after 荒庄)."""
        game = self.game
        if game is None or game.result is None:
            raise ValueError("no finished hand to book")
        for seat, pts in enumerate(game.result.points):
            self.totals[seat] += pts
        if game.result.winner is None:
            self.draw_streak += 1
        else:
            self.draw_streak = 0
            self.dealer = game.result.winner
        self.played += 1
        self.game = None
