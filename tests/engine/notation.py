"""Compact hand notation for tests: cards as glyphs, actions as short strings."""

from __future__ import annotations

import copy
import random

from zipai_desktop.engine.actions import Action, Chi, Discard, Hu, Pass, Peng
from zipai_desktop.engine.cards import NUM_KINDS, parse_card, parse_cards
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.rules import get_rules

GUILIN = get_rules("guilin")


def act(text: str) -> Action:
    """``"胡"``, ``"过"``, ``"碰"``, ``"打五"``, ``"吃一二三 比三四五"`` (main group first, taken card first)."""
    text = text.strip()
    if text == "胡":
        return Hu()
    if text == "过":
        return Pass()
    if text == "碰":
        return Peng()
    if text.startswith("打"):
        return Discard(parse_card(text[1:]))
    if text.startswith("吃"):
        parts = text[1:].replace("比", " ").split()
        groups = []
        for p in parts:
            c = parse_cards(p)
            groups.append((c[0], c[1], c[2]))
        main, *bis = groups
        return Chi((main, *sorted(tuple(sorted(g)) for g in bis)))  # type: ignore[misc]
    raise ValueError(text)


def drive(game: Game, *script: tuple[int, str]) -> None:
    """Play the scripted ``(seat, action)`` steps; every other decision on the way is a pass."""
    for seat, text in script:
        action = act(text)
        while not (game.to_act == seat and action in game.legal_actions(seat)):
            other = game.to_act
            assert other is not None, f"the hand ended before seat {seat} could {text}"
            legal = game.legal_actions(other)
            assert Pass() in legal, f"seat {other} must decide {legal} before seat {seat} can {text}"
            game.apply(other, Pass())
        game.apply(seat, action)


def hand(text: str) -> list[int]:
    from zipai_desktop.engine.cards import to_counts

    return to_counts(parse_cards(text))


def scrambled(game: Game, seat: int, rng: random.Random) -> Game:
    """The same game with every card ``seat`` cannot see (other hands, the wall) dealt out again at random."""
    other = copy.deepcopy(game)
    pool = list(other.wall)
    sizes = {}
    for s in other.active:
        if s != seat:
            sizes[s] = sum(other.hands[s])
            pool += [k for k in range(NUM_KINDS) for _ in range(other.hands[s][k])]
    rng.shuffle(pool)
    for s, size in sizes.items():
        counts = [0] * NUM_KINDS
        for k in pool[:size]:
            counts[k] += 1
        pool = pool[size:]
        other.state.set_hand(s, counts)
    other.state.set_wall(pool)
    return other
