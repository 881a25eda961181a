"""Matches: running totals, the next dealer, Bohu rounds (§14, procedure P7 and P13)."""

from __future__ import annotations

import pytest

from zipai_desktop.engine.game import HandResult
from zipai_desktop.engine.match import Match, Stakes
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.engine.rules.bohu import BohuRules, BohuSettlement

GUILIN = get_rules("guilin")
BOHU = get_rules("bohu")


def book(match: Match, winner: int | None, score: int = 0) -> None:
    """Book a hand with the given outcome (the booking is what is tested here)."""
    game = match.start_hand()
    n = match.players or 3
    if winner is None:
        game.result = HandResult(None, None, None, (0,) * n)
    else:
        points = [0] * n
        points[winner] = score
        game.result = HandResult(winner, None, BohuSettlement(score, score, 1, score, ()), tuple(points))
    match.finish_hand()


def test_guilin_winner_deals_and_dealer_stays_after_a_draw() -> None:
    m = Match(GUILIN, GUILIN.parse_options({}), seed=1, hands=3, dealer=0)
    game = m.start_hand()
    game.result = HandResult(2, None, None, (-4, -4, 8))
    m.finish_hand()
    assert m.dealer == 2 and m.totals == [-4, -4, 8]
    game = m.start_hand()
    game.result = HandResult(None, None, None, (0, 0, 0))
    m.finish_hand()
    assert m.dealer == 2 and m.played == 2 and not m.over
    m.start_hand().result = HandResult(None, None, None, (0, 0, 0))
    m.finish_hand()
    assert m.over


def test_guilin_points_target_ends_the_match() -> None:
    m = Match(GUILIN, GUILIN.parse_options({}), seed=1, hands=None, target=10, dealer=0)
    m.start_hand().result = HandResult(1, None, None, (-5, 10, -5))
    m.finish_hand()
    assert m.over


def test_bohu_three_draws_in_a_row_move_the_deal_and_a_win_resets_the_streak() -> None:
    m = Match(BOHU, BOHU.parse_options({}), seed=1, hands=None, rounds=1, dealer=0)
    book(m, None)
    book(m, None)
    assert m.dealer == 0
    book(m, None)
    assert m.dealer == 1 and m.draw_streak == 0
    book(m, None)
    book(m, 2, 15)
    assert m.dealer == 2 and m.draw_streak == 0
    book(m, None)
    book(m, None)
    assert m.dealer == 2


def test_bohu_each_time_option_moves_the_deal_after_every_draw() -> None:
    m = Match(BOHU, BOHU.parse_options({"huang_zhuang_dealer": "each_time"}), seed=1, hands=None, rounds=1, dealer=0)
    book(m, None)
    assert m.dealer == 1


def test_bohu_round_ends_at_100_and_the_next_is_dealt_by_the_last_winners_xiajia() -> None:
    m = Match(BOHU, BOHU.parse_options({}), seed=1, hands=None, rounds=2, dealer=0)
    book(m, 1, 72)
    assert m.dealer == 1 and m.rounds_done == 0
    book(m, 1, 30)
    assert m.rounds_done == 1 and m.dealer == 2 and m.round_totals == [0, 0, 0]
    assert m.totals == [0, 102, 0] and not m.over


def test_p7_four_seated_next_seated_chair_deals_and_the_opposite_sits_out() -> None:
    m = Match(BOHU, BOHU.parse_options({}), seed=1, players=4, hands=None, rounds=2, dealer=0)
    book(m, 1, 100)  # seat 1 wins the hand that ends the 轮
    assert m.dealer == 2
    assert BOHU.active_seats(4, m.dealer, m.options) == (1, 2, 3)  # seat 0 sits out


def test_zero_sum_round_settlement() -> None:
    assert BohuRules.round_end_settlement([102, 35, 0], 3) == [11 * 2 - 4, 4 * 2 - 11, 0 * 2 - 15]
    m = Match(BOHU, BOHU.parse_options({"settlement": "zero_sum_round"}), seed=1, hands=None, rounds=1, dealer=0)
    book(m, 1, 35)
    book(m, 0, 102)
    assert m.rounds_done == 1 and sum(m.totals) == 0 and m.totals == [18, -3, -15]


# --- 倍率: stakes ---------------------------------------------------------------------------------------------------


def test_stakes_pay_points_times_base_times_multiplier() -> None:
    stakes = Stakes(base=5, multiplier=3)
    assert stakes.unit == 15
    assert stakes.payments((-4, -4, 8)) == (-60, -60, 120)
    assert stakes.balances((1, 2, 3)) is None and not stakes.broke((-1000, 0, 1000))


def test_a_stakes_match_keeps_points_and_stake_units_side_by_side() -> None:
    m = Match(GUILIN, GUILIN.parse_options({}), seed=1, hands=4, dealer=0, stakes=Stakes(2, 5, start_balance=500))
    m.start_hand().result = HandResult(2, None, None, (-4, -4, 8))
    m.finish_hand()
    assert m.totals == [-4, -4, 8]
    assert m.money_totals == (-40, -40, 80)
    assert m.balances == (460, 460, 580)
    assert not m.over


def test_a_balance_falling_to_zero_ends_the_match() -> None:
    m = Match(GUILIN, GUILIN.parse_options({}), seed=1, hands=None, dealer=0, stakes=Stakes(10, 1, start_balance=100))
    m.start_hand().result = HandResult(2, None, None, (-6, -6, 12))
    m.finish_hand()
    assert m.balances == (40, 40, 220) and not m.over
    m.start_hand().result = HandResult(2, None, None, (-4, -4, 8))
    m.finish_hand()
    assert m.balances == (0, 0, 300)
    assert m.over  # at exactly 0, not only below
    with pytest.raises(ValueError, match="over"):
        m.start_hand()


def test_a_points_target_ends_a_stakes_match() -> None:
    m = Match(GUILIN, GUILIN.parse_options({}), seed=1, hands=None, target=10, dealer=0, stakes=Stakes(1, 2))
    m.start_hand().result = HandResult(1, None, None, (-5, 10, -5))
    m.finish_hand()
    assert m.over and m.money_totals == (-10, 20, -10)


@pytest.mark.parametrize(
    "data, message",
    [
        ({"base": 0}, "base"),
        ({"multiplier": True}, "multiplier"),
        ({"start_balance": -5}, "start_balance"),
        ({"base": "2"}, "base"),
        ({"bet": 1}, "unknown"),
    ],
)
def test_bad_stakes_are_refused_with_the_field_named(data: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Stakes.from_json(data)


def test_stakes_survive_json() -> None:
    stakes = Stakes(5, 2, 200)
    assert Stakes.from_json(stakes.to_json()) == stakes


def test_a_typed_seed_is_a_number_only_when_it_is_ascii_digits() -> None:
    from zipai_desktop.engine.match import seed_from_text

    assert seed_from_text("42") == 42 and seed_from_text("0") == 0
    assert seed_from_text("-3") == "-3" and seed_from_text("-3", negative=True) == -3
    for text in ("²", "٣", "4²", "x1", "", "1 2", "9" * 101, "9" * 5000):  # "²".isdigit() is true; int("²") fails
        assert seed_from_text(text) == text
        assert seed_from_text(text, negative=True) == text
    assert seed_from_text("9" * 100) == int("9" * 100)
