"""The 吃 offers the claim arbiter makes (Game.chi_options, engine/chi.py's chi_offers) are the plain enumeration.

§7.2: a 吃 is a main group (the taken card and two unlocked hand cards), then, with 比, every copy of the card still
held put out in 比 groups of unlocked hand cards, and it must leave a card to discard. The engine counts "a card is
left" from the hand's unlocked kinds instead of trying it on a copy, and reads only what it needs; here every offer
list is compared, order included (the random bot picks by position), with a reference that enumerates the groups and
tries each choice on a copy of the hand. Seeded random hands of every size (the small ones reach "no card left") and
the positions of seeded hands of both games, with and without 二七十 and 比.
"""

from __future__ import annotations

import random

import pytest

from zipai_desktop.bots import make_bot
from zipai_desktop.engine.cards import NUM_KINDS, full_deck, parse_card
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.melds import chi_groups_with
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.rules import get_rules

from .notation import act, hand

Group = tuple[int, int, int]


def _groups(card: int, erqishi: bool) -> list[Group]:
    return [g for g in chi_groups_with(card) if erqishi or sorted(k % 10 for k in g) != [1, 6, 9]]


def _without(cards: list[int], group: Group) -> list[int] | None:
    """``cards`` less the group's cards, or None when a card is missing or locked (held three or four times)."""
    out = list(cards)
    for k in group:
        if cards[k] >= 3 or out[k] == 0:
            return None
        out[k] -= 1
    return out


def _bi_ways(rest: list[int], card: int, erqishi: bool, original: list[int]) -> list[tuple[Group, ...]]:
    if rest[card] == 0:
        return [()]
    ways: list[tuple[Group, ...]] = []
    for g in _groups(card, erqishi):
        if any(original[k] >= 3 for k in g):
            continue
        after = _without(rest, g)
        if after is not None:
            ways.extend(tuple(sorted((g, *more))) for more in _bi_ways(after, card, erqishi, original))
    return list(dict.fromkeys(ways))


def reference(cards: list[int], card: int, erqishi: bool, bi: bool) -> list[tuple[Group, ...]]:
    """Each legal 吃 as its groups (main written taken card first), main groups in sorted order."""
    if cards[card] >= 3:
        return []
    out: list[tuple[Group, ...]] = []
    for g in _groups(card, erqishi):
        part = list(g)
        part.remove(card)
        rest = list(cards)
        if any(cards[k] >= 3 for k in part):
            continue
        for k in part:
            rest[k] -= 1
        if min(rest) < 0:
            continue
        main = (card, part[0], part[1])
        for bis in _bi_ways(rest, card, erqishi, cards) if bi else [()]:
            after = list(rest)
            for b in bis:
                for k in b:
                    after[k] -= 1
            if any(count in (1, 2) for count in after):
                out.append((main, *bis))
    return out


def _game(name: str, erqishi: bool = True, bi: bool = True) -> Game:
    rules = get_rules(name)
    options = rules.parse_options({}) if name == "guilin" else rules.parse_options({"erqishi": erqishi, "bi": bi})
    game = Game(rules, options, seed=0)
    assert (game.table.erqishi, game.procedure.bi) == (erqishi, bi)
    return game


def offered(game: Game, seat: int, card: int) -> list[tuple[Group, ...]]:
    return [chi.groups for chi in game.chi_options(seat, card)]


@pytest.mark.parametrize("erqishi", [True, False])
@pytest.mark.parametrize("bi", [True, False])
def test_offers_on_random_hands_of_every_size_are_the_plain_enumeration(erqishi: bool, bi: bool) -> None:
    rng = random.Random(f"chi:{erqishi}:{bi}")
    game = _game("bohu", erqishi, bi)
    offers = none_left = 0
    for _ in range(3000):
        deck = full_deck()
        rng.shuffle(deck)
        cards = [0] * NUM_KINDS
        card = rng.randrange(NUM_KINDS)
        if rng.random() < 0.5:
            for k in deck[: rng.randint(1, 21)]:
                cards[k] += 1
        else:  # a few cards of the card's groups beside 坎s: the 吃 may leave no card to discard
            for k in deck[:2]:
                cards[k] = 3
            near = sorted({k for g in chi_groups_with(card) for k in g})
            for _ in range(rng.randint(1, 5)):
                k = rng.choice(near)
                cards[k] = min(cards[k] + 1, 4)
        if cards[card] == 4:
            continue  # (all four copies held: the card cannot be on offer)
        game.state.set_hand(1, cards)
        expected = reference(cards, card, erqishi, bi)
        assert offered(game, 1, card) == expected, (cards, card)
        offers += bool(expected)
        none_left += not expected and bool(reference(cards + [1], card, erqishi, bi))  # (a 21st kind held once)
    assert offers > 300 and none_left > 20  # the sample reaches offers, and refusals for "no card left"


@pytest.mark.parametrize(
    ("name", "erqishi", "bi"), [("guilin", True, True), ("bohu", True, True), ("bohu", False, False)]
)
def test_offers_in_seeded_hands_are_the_plain_enumeration(name: str, erqishi: bool, bi: bool) -> None:
    """At every decision of seeded hands, every seat's offers for every kind match the reference (臭牌 aside)."""
    rules = get_rules(name)
    options = rules.parse_options({}) if name == "guilin" else rules.parse_options({"erqishi": erqishi, "bi": bi})
    compared = 0
    for i in range(6):
        game = Game(rules, options, seed=f"chi:{i}", dealer=i % 3)
        bots = [make_bot("random", f"chi:{i}:{s}") for s in range(3)]
        while game.to_act is not None:
            for seat in game.active:
                for card in range(NUM_KINDS):
                    if card in game.chou[seat] or game.hands[seat][card] == 4:
                        continue
                    assert offered(game, seat, card) == reference(game.hands[seat], card, erqishi, bi)
                    compared += 1
            seat = game.to_act
            game.apply(seat, bots[seat].choose(observe(game, seat), game.legal_actions(seat)))
    assert compared > 5000


def test_a_chi_that_leaves_no_card_to_discard_is_not_offered() -> None:
    game = _game("guilin")
    game.state.set_hand(1, hand("二三 七七七"))  # 吃一二三 would leave only the 坎
    assert game.chi_options(1, parse_card("一")) == []
    game.state.set_hand(1, hand("二三 五 七七七"))
    assert game.chi_options(1, parse_card("一")) == [act("吃一二三")]


def test_a_held_copy_of_the_card_goes_out_in_a_bi_group() -> None:
    game = _game("guilin")
    game.state.set_hand(1, hand("二 三四"))  # 吃二三四 leaves the held 二 with no 比 group
    assert game.chi_options(1, parse_card("二")) == []
    game.state.set_hand(1, hand("二 三三 四四 五"))
    assert game.chi_options(1, parse_card("二")) == [act("吃二三四 比二三四")]
    game.state.set_hand(1, hand("二 三三 四四"))  # the 比 would leave no card to discard
    assert game.chi_options(1, parse_card("二")) == []
