"""记牌 (the card-counting aid): for each of the 20 kinds, the copies a seat has not seen.

What a seat has seen is its own hand and melds, every face-up meld card, every pile, the card on offer when it is face
up, and the dealer's face-up card (挡底 / 亮张) while the dealer may still hold it. The count is read from the seat's
observation alone: another seat's hidden cards (its hand, a face-down 偎 / 扫) never change it.
"""

from __future__ import annotations

import random

from zipai_desktop.engine.cards import COPIES, HIDDEN, NUM_KINDS
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import Observation, observe
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.engine.waits import unseen

from .test_waits import choose
from .test_waits_live import SEAT2, hiding


def counted_by_hand(obs: Observation) -> list[int]:
    """A fresh count, field by field, of the copies ``obs`` shows its seat; four less each is what it has not seen."""
    seen = [0] * NUM_KINDS
    for kind, n in enumerate(obs.hand):
        seen[kind] += n
    for seat_melds in obs.melds:
        for meld in seat_melds:
            for kind in meld.cards:
                if kind != HIDDEN:
                    seen[kind] += 1
    for pile in obs.piles:
        for kind in pile:
            seen[kind] += 1
    if obs.offer is not None:
        seen[obs.offer] += 1
    shown = obs.dang_di
    # The dealer's face-up card: seen by the others until the dealer shows that kind itself (then which copy left is
    # unknown); the dealer counts its own copy in its hand.
    if shown is not None and obs.seat != obs.dealer:
        shown_again = shown in obs.discarded[obs.dealer] or any(shown in m.cards for m in obs.melds[obs.dealer])
        seen[shown] += not shown_again
    return [max(0, COPIES - n) for n in seen]


def test_the_count_is_four_less_what_the_seat_sees_at_every_decision() -> None:
    """Seeded games of both rules, every seat at every decision point: the aid equals the fresh count."""
    checked = 0
    for rules_name, players in (("guilin", 3), ("bohu", 4), ("bohu", 2)):
        rules = get_rules(rules_name)
        for seed in range(3):
            game = Game(rules, rules.parse_options({}), seed=seed, players=players)
            rng = random.Random(seed)
            while game.result is None:
                for seat in game.active:
                    counts = unseen(game, seat)
                    assert len(counts) == NUM_KINDS
                    assert list(counts) == counted_by_hand(observe(game, seat))
                    checked += 1
                seat = game.to_act
                assert seat is not None
                game.apply(seat, choose(game.legal_actions(seat), rng))
    assert checked >= 500


def test_the_count_falls_as_cards_come_into_sight() -> None:
    """Over a hand nothing once seen is forgotten: the total unseen only falls (the dealer's face-up card aside, which
    the others may count back once the dealer shows its kind)."""
    rules = get_rules("bohu")
    game = Game(rules, rules.parse_options({}), seed=5, players=2)
    rng = random.Random(5)
    seat = next(s for s in game.active if s != game.dealer)
    before = sum(unseen(game, seat))
    assert before < COPIES * NUM_KINDS  # its own hand is in sight from the deal
    while game.result is None:
        to_act = game.to_act
        assert to_act is not None
        game.apply(to_act, choose(game.legal_actions(to_act), rng))
        now = sum(unseen(game, seat))
        assert now <= before + 1
        before = min(before, now)


def test_another_seats_hidden_cards_do_not_change_the_count() -> None:
    """Seat 2 holds other cards, or hides three of them in a face-down 偎: seat 1's count is the same."""
    plain = unseen(hiding(SEAT2), 1)
    swapped = unseen(hiding("一一二三五六八九十肆伍陆陆柒柒玖拾拾"), 1)  # a 伍 swapped for an 一 (the wall's copy)
    face_down = unseen(hiding("二三五六八九十肆伍陆陆柒柒玖", "wei 拾拾拾"), 1)
    assert plain == swapped == face_down
    assert unseen(hiding(SEAT2), 2) != unseen(hiding("一一二三五六八九十肆伍陆陆柒柒玖拾拾"), 2)  # its own view moves
