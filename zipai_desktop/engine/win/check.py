"""The win check (胡的判定): the game's question at every card, with every pre-check in front of the role evaluation.

:func:`find_wins` is what the game asks (engine/game.py ``Game._win_check``): the reach filter (engine/win/reach.py)
and two refusals that need no role evaluation, then :func:`~zipai_desktop.engine.win.roles.evaluate_roles`.
:func:`best_free` is the free cards' best 胡 by the automaton, for callers holding plain counts.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..melds import Meld
from .automaton import CAP, free_value, held_value
from .model import FREE_COUNTS, Source, WinTable, free_symbols
from .reach import Kept
from .reference import NO27, PAIR, best_value
from .reference import pack as pack3
from .roles import MeldFacts, MeldsKnown, evaluate_roles, evaluate_win, meld_facts
from .split import Split

__all__ = [
    "MeldFacts",
    "MeldsKnown",
    "Source",
    "Split",
    "WinTable",
    "best_free",
    "evaluate_roles",
    "evaluate_win",
    "find_wins",
    "meld_facts",
]


# ---------------------------------------------------------------------------------------------------------------------
# The value of the free cards: the automaton of engine.win.automaton, fed ten symbols (十 first, 4 x small + big count).

_MAX_COUNT = 3


def pack(counts: Sequence[int]) -> int:
    """A count vector (counts <= 3) as the automaton's ten symbols, read as one int (a compact key for caches)."""
    return int.from_bytes(free_symbols(int.from_bytes(bytes(counts), "little")), "big")


def best_free(counts: Sequence[int], need_pair: bool, erqishi: bool = True) -> int:
    """Max 胡 of the free cards split into 吃-type groups (and one pair if ``need_pair``), or -1."""
    total = sum(counts)
    if total % 3 != (2 if need_pair else 0):
        return -1
    if max(counts) > _MAX_COUNT:  # never free cards of a hand; the search handles any count
        return best_value(pack3(counts) | (PAIR if need_pair else 0) | (0 if erqishi else NO27))
    if total > CAP:
        return best_value(pack3(counts) | (PAIR if need_pair else 0) | (0 if erqishi else NO27))
    return free_value(free_symbols(int.from_bytes(bytes(counts), "little")), need_pair, erqishi)


# ---------------------------------------------------------------------------------------------------------------------
# The game's question at every card: every pre-check, then the roles.


def find_wins(
    hand: list[int],
    melds: Sequence[Meld],
    card: int | None,
    source: Source,
    table: WinTable,
    facts: MeldFacts,
    reach: Kept,
) -> list[Split]:
    """Every role of ``card`` that completes a seat's hand, with its best split (:func:`evaluate_roles`): the game's
    win check at every card it offers, and at a hand as it stands (``card`` None).

    ``facts`` is :func:`meld_facts` of ``melds`` and ``reach`` what
    :func:`~zipai_desktop.engine.win.reach.keep_function` gives for ``hand`` (the game keeps both per seat until they
    change). Most checks find nothing, so three cheap refusals come first, each exact (tests/engine/win/test_check.py
    holds them to :func:`evaluate_roles`):

    1. the reach filter: a hand with a loose card no card of this kind can join cannot complete;
    2. a card the hand holds at most once, in no 扫 / 偎 / 碰 of the seat, has one role only ("card_free"): it joins
       the free cards, which must then split;
    3. another's card the hand holds a pair of, in no meld of the seat, has two ("other_triple", "card_free"): the
       free cards without the pair must split, or the free cards with three of it.

    ``hand`` is read, and changed for a moment and put back as it was (no copy is made).
    """
    mask = reach[1]
    if mask >= 0 and (card is None or not mask >> card & 1):
        return []
    if card is not None and hand[card] < 2:
        _, quads, by_card = facts
        if card not in by_card:
            # Of a kind the hand does not hold: a group of two free cards of the hand must take it (no pair can),
            # a 吃 plan's group, which the kept 吃 mask tells (no table walk at all).
            if not hand[card] and not reach[2] >> card & 1:
                return []
            # Otherwise the free cards with the card must split (into groups, and the pair the rules ask for: Bohu
            # always, Guilin with a quad, a 龙 held included): read straight from the held counts with the card
            # counted in, the tables' own answer; -1 is "no split, and no search finds one" (-2, past the tables,
            # goes on to the roles).
            need_pair = table.pair_always or quads > 0 or 4 in hand
            hand[card] += 1
            value = held_value(hand, need_pair, table.erqishi)
            hand[card] -= 1
            if value == -1:
                return []
    elif card is not None and hand[card] == 2 and source is not Source.OWN_DRAW:
        _, quads, by_card = facts
        if card not in by_card:
            # A 碰-type triple (the free cards without the pair must split) or three free copies (the free counts
            # with a 3 at the card, made into the automaton's symbols as evaluate_roles makes them: held_value reads
            # a 3 as a 坎). Neither splits: no win.
            need_pair = table.pair_always or quads > 0 or 4 in hand
            hand[card] = 0
            value = held_value(hand, need_pair, table.erqishi)
            hand[card] = 2
            if value == -1:
                free = bytearray(bytes(hand).translate(FREE_COUNTS))
                free[card] = 3
                if free_value(free_symbols(int.from_bytes(free, "little")), need_pair, table.erqishi) == -1:
                    return []
    return evaluate_roles(hand, melds, card, source, table, None, facts)
