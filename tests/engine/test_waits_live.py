"""The 听 list says how many copies of each winning card may still come, as the seat sees the table.

A wait whose four copies are all in sight (a face-up 开舵 of it, the piles, the seat's own cards) is dead: live 0.
The count is read from the seat's observation only: another seat's hidden cards never change it.
"""

from __future__ import annotations

import random

from zipai_desktop.engine.cards import COPIES, parse_card
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import observe, seen_counts
from zipai_desktop.engine.position import game_from_position
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.engine.waits import live_counts, waits

from .test_waits import choose, rigged

FIVE = parse_card("五")
SEVEN = parse_card("七")
WAITING = "壹壹壹 贰贰贰 叁叁叁 四六"  # three big 坎 and 四六: 五 completes it


def five_waits(melds: list[str], hands: tuple[str, str] = ("", "")) -> Game:
    """Seat 1 waits on 五; seat 0 is about to discard; the others hold ``hands`` and ``melds``."""
    return game_from_position(
        get_rules("guilin"), hands=[hands[0], WAITING, hands[1]], melds=melds, dealer=0, flipped=1, to_discard=0
    )


def test_a_wait_whose_four_copies_lie_in_a_face_up_meld_is_dead() -> None:
    game = five_waits(["", "", "kai_duo 五五五五"])
    listed = [w for w in waits(game, 1) if w.card == FIVE]
    assert listed, "the shape is still a win on 五 (the helper lists it)"
    assert all(w.live == 0 and w.dead for w in listed)


def test_a_wait_with_copies_out_of_sight_counts_them() -> None:
    game = five_waits(["", "", "peng 五五五"])  # three 五 shown: one may still come
    listed = [w for w in waits(game, 1) if w.card == FIVE]
    assert listed and all(w.live == 1 and not w.dead for w in listed)


def test_the_live_count_is_four_less_what_the_seat_sees() -> None:
    """In seeded random play (hands rigged one card short of a win), each wait's count is a fresh count of what the
    seat's observation shows."""
    checked = 0
    for seed in range(4):
        game = rigged("guilin", {}, seed, 3)
        rng = random.Random(seed)
        while game.result is None:
            for seat in game.active:
                obs = observe(game, seat)
                seen = seen_counts(obs)
                if obs.dang_di is not None and seat != obs.dealer:  # the dealer still holds its face-up card
                    seen[obs.dang_di] += obs.dang_di not in obs.discarded[obs.dealer] and not any(
                        obs.dang_di in m.cards for m in obs.melds[obs.dealer]
                    )
                for w in waits(game, seat):
                    assert w.live == COPIES - seen[w.card] and w.dead == (w.live == 0)
                    checked += 1
            seat = game.to_act
            assert seat is not None
            game.apply(seat, choose(game.legal_actions(seat), rng))
    assert checked >= 50


def test_the_dealers_face_up_card_counts_as_seen_by_the_others() -> None:
    """Guilin's 挡底 is dealt face up into the dealer's hand: the others see that copy, the dealer counts it once."""
    rules = get_rules("guilin")
    game = Game(rules, rules.parse_options({}), seed=3)
    shown = game.dang_di
    assert shown is not None
    for seat in game.active:
        obs = observe(game, seat)
        extra = 0 if seat == game.dealer else 1
        assert live_counts(obs)[shown] == COPIES - seen_counts(obs)[shown] - extra


# Seat 1 waits on 五 (as above); seats 0 and 1 hold the same cards in every variant, seat 2 changes what it hides.
SEAT0 = "一一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾"
SEAT1 = "四六八九十壹壹壹贰贰贰叁叁叁肆伍陆柒捌玖"
SEAT2 = "一二三五六八九十肆伍伍陆陆柒柒玖拾拾"


def hiding(hand: str, meld: str = "") -> Game:
    """The position with seat 2 holding ``SEAT2`` changed to ``hand`` and the face-down ``meld``."""
    return game_from_position(
        get_rules("guilin"),
        hands=[SEAT0, SEAT1, hand],
        melds=["", "", meld],
        dealer=0,
        flipped=1,
        to_discard=0,
        fill_hands=False,
    )


def test_another_seats_hidden_cards_do_not_change_the_count() -> None:
    """Same observation, same answer: seat 2 hides two 七 or two 捌 in its hand, a face-down 扫 of 七 or of 二."""
    pairs = [
        (hiding(SEAT2 + "七七"), hiding(SEAT2 + "捌捌")),
        (hiding(SEAT2.replace("二", ""), "sao 七七七"), hiding(SEAT2.replace("二", ""), "sao 二二二")),
    ]
    for one, other in pairs:
        seen = observe(one, 1)
        assert seen == observe(other, 1)  # the seat cannot tell the two apart
        assert live_counts(seen)[SEVEN] == COPIES  # no 七 in sight of seat 1: seat 0 and seat 2 hide theirs
        assert waits(one, 1) == waits(other, 1)
        assert [w.live for w in waits(one, 1)] == [live_counts(seen)[w.card] for w in waits(one, 1)]
