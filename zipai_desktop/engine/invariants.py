"""Invariants checked after every action in tests and in ``zipai sim``."""

from __future__ import annotations

from .cards import DECK_SIZE
from .game import Game, Phase
from .hand_state import views_match


def check_invariants(game: Game) -> list[str]:
    """Every broken invariant, as a readable line (empty when all hold)."""
    problems: list[str] = []
    total = game.card_total()
    if total != DECK_SIZE:
        problems.append(f"{total} cards in play, not {DECK_SIZE}")
    for hand in game.hands:
        if any(c < 0 or c > 4 for c in hand):
            problems.append(f"impossible hand counts {hand}")
    # (the hand sizes, meld facts, melds as shown and the tuples every observation shows, kept by the hand state's
    # writers where the lists change)
    problems += views_match(game.state)
    if game.hands is not game.state.hands:
        problems.append("the game's hands are not its hand state's")
    if game.phase is Phase.ENDED:
        if game.result is None:
            problems.append("ended without a result")
        elif game.rules.zero_sum(game.options) and sum(game.result.points) != 0:
            problems.append(f"points are not zero-sum: {game.result.points}")
        return problems
    pending = game.pending
    if pending is None:
        problems.append("the game waits for nobody")
        return problems
    for seat in range(game.players):
        held, target = game.held(seat), game.target(seat)
        if seat not in game.active:
            if held:
                problems.append(f"seat {seat} sits out but holds {held} cards")
            continue
        # Held-count rule: a seat holds its target between turns, one more while it must discard (or while the
        # drawer is asked 胡 after a forced meld that needs a discard); a seat left short at the deal may be below it
        # by at most what it was short then (it catches up by skipping discards).
        extra = 0
        if seat == pending.seat and pending.kind in ("discard", "hu_drawer"):
            extra = 1 if pending.kind == "discard" else max(0, held - target)
        deficit = target + extra - held
        if not 0 <= deficit <= game.short[seat]:
            problems.append(f"seat {seat} holds {held} cards; the held-count rule says {target + extra}")
    if pending.kind == "hu_drawer" and game.held(pending.seat) - game.target(pending.seat) > 1:
        problems.append("the drawer is off count after a forced meld")
    return problems
