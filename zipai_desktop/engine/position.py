"""Set up a hand in a given position (for tests, puzzles and the tutorial), then let the real engine play it.

The position is made through the engine's public constructor (:meth:`Game.from_state` on a
:meth:`HandState.from_parts`) and set going by :meth:`Game.resume_at_deal`, :meth:`Game.resume_flip` or
:meth:`Game.resume_discard`: nothing here writes the game's lists or calls its private steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .cards import COPIES, NUM_KINDS, parse_cards, to_counts
from .game import Game
from .hand_state import HandState
from .melds import Meld, MeldKind
from .rules.base import RuleSet
from .win import meld_facts


class PositionError(ValueError):
    """A position that cannot be: a kind more than four times, or too few spare cards to fill the hands."""


def parse_melds(text: str) -> list[Meld]:
    """Melds written ``"peng 捌捌捌, chi 壹贰叁"`` (kind names as in the score contract)."""
    melds: list[Meld] = []
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        kind, _, cards = part.partition(" ")
        melds.append(Meld(MeldKind(kind), tuple(parse_cards(cards))))
    return melds


def game_from_position(
    rules: RuleSet,
    *,
    hands: Sequence[str],
    melds: Sequence[str] = (),
    wall: str = "",
    dealer: int = 0,
    flipped: int = 0,
    to_flip: int | None = None,
    to_discard: int | None = None,
    options: Any = None,
    fill_hands: bool = True,
    at_deal: bool = False,
    players: int | None = None,
) -> Game:
    """A hand where seat ``i`` holds ``hands[i]`` and ``melds[i]``; ``wall`` is read from its top.

    With ``fill_hands`` each seat's hand is topped up to the held-count rule (the seat about to discard and the dealer
    at the deal get one more) from the cards not placed anywhere, spreading kinds so no 坎 is made by accident; the
    remaining cards go to the bottom of the wall, below the given top cards. Play resumes with ``to_flip`` turning the
    top wall card, ``to_discard`` choosing a discard, or (``at_deal``) the deal checks and the dealer's first discard.
    ``flipped`` > 0 marks that the dealer's opening discard is past (no 地胡).
    """
    opts = options if options is not None else rules.parse_options({})
    n = rules.default_players if players is None else players
    table = rules.win_table_for(opts)
    held_hands = [to_counts(parse_cards(hands[seat])) if seat < len(hands) else [0] * NUM_KINDS for seat in range(n)]
    held_melds = [parse_melds(melds[seat]) if seat < len(melds) else [] for seat in range(n)]
    top = parse_cards(wall)
    used = [0] * NUM_KINDS
    for seat in range(n):
        for k in range(NUM_KINDS):
            used[k] += held_hands[seat][k]
        for m in held_melds[seat]:
            for k in m.cards:
                used[k] += 1
    for k in top:
        used[k] += 1
    if any(c > COPIES for c in used):
        raise PositionError("a kind appears more than four times")
    spare = [COPIES - used[k] for k in range(NUM_KINDS)]
    if fill_hands:
        for seat in rules.active_seats(n, dealer, opts):
            hand, facts = held_hands[seat], meld_facts(held_melds[seat])
            # (the held-count rule's target, as Game.target reads it: by the quads in melds and the 龙 held)
            size = rules.held_target(facts[1] + hand.count(4))
            size += 1 if seat == to_discard or (at_deal and seat == dealer) else 0
            k = (7 * seat) % NUM_KINDS
            misses = 0
            while sum(hand) + facts[0] < size:
                if spare[k] and hand[k] < 2:
                    hand[k] += 1
                    spare[k] -= 1
                    misses = 0
                elif (misses := misses + 1) > NUM_KINDS:
                    raise PositionError(f"not enough spare cards to fill seat {seat}")
                k = (k + 1) % NUM_KINDS
    rest = [k for k in range(NUM_KINDS) for _ in range(spare[k])]
    state = HandState.from_parts(n, table.erqishi, hands=held_hands, melds=held_melds, wall=rest + list(reversed(top)))
    game = Game.from_state(
        rules, opts, state, seed="position", dealer=dealer, players=players, flips=flipped, opening_done=flipped > 0
    )
    if at_deal:
        game.resume_at_deal()
    elif to_flip is not None:
        game.resume_flip(to_flip)
    elif to_discard is not None:
        game.resume_discard(to_discard)
    return game
