"""Invariants checked after every action in tests and in ``zipai sim``."""

from __future__ import annotations

from .cards import DECK_SIZE
from .game import Game, Phase


def check_invariants(game: Game) -> list[str]:
    """Every broken invariant, as a readable line (empty when all hold)."""
    problems: list[str] = []
    total = game.card_total()
    if total != DECK_SIZE:
        problems.append(f"{total} cards in play, not {DECK_SIZE}")
    for hand in game.hands:
        if any(c < 0 or c > 4 for c in hand):
            problems.append(f"impossible hand counts {hand}")
    if game.phase is Phase.ENDED:
        if game.result is None:
            problems.append("ended without a result")
        elif sum(game.result.points) != 0:
            problems.append(f"points are not zero-sum: {game.result.points}")
        return problems
    pending = game.pending
    if pending is None:
        problems.append("the game waits for nobody")
        return problems
    for seat in range(game.players):
        held, target = game.held(seat), game.target(seat)
        extra = 0
        if seat == pending.seat and (pending.kind == "discard" or pending.kind == "hu_drawer"):
            extra = 1 if pending.kind == "discard" else held - target
        # A seat dealt two 龙 under the skip-discard option is one card short until its next take.
        short_ok = game.options.two_long == "skip_discard"
        if held != target + extra and not (short_ok and held == target + extra - 1):
            problems.append(f"seat {seat} holds {held} cards, the held-count rule says {target + extra}")
    if pending.kind == "hu_drawer" and game.held(pending.seat) - game.target(pending.seat) not in (0, 1):
        problems.append("the drawer is off count after a forced meld")
    return problems
