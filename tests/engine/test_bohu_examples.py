"""The test vectors of rules/bohu.md §18 (E1-E11) and the procedure items for Bohu, played through the engine."""

from __future__ import annotations

import pytest

from zipai_desktop.engine.actions import Discard, Hu, Peng
from zipai_desktop.engine.cards import parse_card
from zipai_desktop.engine.events import Offered, ToPile
from zipai_desktop.engine.game import Game, Phase
from zipai_desktop.engine.match import Match
from zipai_desktop.engine.melds import MeldKind
from zipai_desktop.engine.position import game_from_position
from zipai_desktop.engine.rules import get_rules

from .notation import drive

BOHU = get_rules("bohu")


def position(**kwargs):  # type: ignore[no-untyped-def]
    options = kwargs.pop("options", {})
    return game_from_position(BOHU, dealer=0, flipped=1, options=BOHU.parse_options(options), **kwargs)


def result(game: Game, seat: int):  # type: ignore[no-untyped-def]
    assert game.phase is Phase.ENDED and game.result is not None and game.result.winner == seat
    return game.result.settlement


def win_by(game: Game, seat: int):  # type: ignore[no-untyped-def]
    drive(game, (seat, "胡"))
    return result(game, seat)


def test_e1_plain_own_draw() -> None:
    g = position(hands=["", "捌捌捌四五六柒柒七二七十九"], melds=["", "peng 叁叁叁, chi 一二三"], wall="九", to_flip=1)
    s = win_by(g, 1)
    assert (s.hu, s.fan, s.score, s.special) == (15, 1, 15, ())
    assert s.points == (0, 15, 0)  # winner-only accumulation


def test_e1b_no_win_on_a_discard() -> None:
    g = position(hands=["", "捌捌捌四五六柒柒七二七十九", "九"], melds=["", "peng 叁叁叁, chi 一二三"], to_discard=2)
    g.apply(2, Discard(parse_card("九")))
    assert all(Hu() not in g.legal_actions(s) for s in range(3))


@pytest.mark.parametrize(
    ("melds", "hand", "huxi", "fan", "score", "special"),
    [
        ("ti 壹壹壹壹, wei 捌捌捌, chi 肆伍陆", "九九九一二三四五八八", 24, 3, 72, ("yi_ke_zhu",)),
        ("ti 壹壹壹壹, wei 捌捌捌, chi 肆伍陆, peng 九九九", "一二三四五八八", 22, 2, 44, ("yi_ke_zhu",)),
    ],
)
def test_e2_yi_ke_zhu_thresholds(
    melds: str, hand: str, huxi: int, fan: int, score: int, special: tuple[str, ...]
) -> None:
    g = position(hands=["", hand], melds=["", melds], wall="六", to_flip=1)
    s = win_by(g, 1)
    assert (s.hu, s.fan, s.score, s.special) == (huxi, fan, score, special)


def test_yi_ke_zhu_when_the_winning_card_is_the_only_red_card() -> None:
    # E2's 22 胡息 hand with 二 as the winning card: §12 counts the winning card once, so exactly 1 red: 一颗珠 (番 2).
    melds = "ti 壹壹壹壹, wei 捌捌捌, chi 肆伍陆, peng 九九九"
    g = position(hands=["", "一三四五六八八"], melds=["", melds], wall="二", to_flip=1)
    s = win_by(g, 1)
    assert (s.hu, s.fan, s.score, s.special) == (22, 2, 44, ("yi_ke_zhu",))


def test_e3_hei_hu_and_e3a_below_minimum() -> None:
    hand = "壹壹壹叁肆伍三四五九九玖陆陆六一"
    g = position(hands=["", hand], melds=["", "wei 捌捌捌"], wall="一", to_flip=0)
    s = win_by(g, 1)
    assert (s.hu, s.fan, s.score, s.special) == (12, 3, 36, ("hei_hu",))
    g = position(hands=["", hand], melds=["", "peng 捌捌捌"], wall="一", to_flip=0)
    assert Hu() not in g.legal_actions(1)  # 9 < 10


def test_e4_hong_piao_and_the_15_minimum() -> None:
    melds = "peng 贰贰贰, peng 柒柒柒, peng 十十十, chi 一二三"
    g = position(hands=["", "四五六捌玖拾九"], melds=["", melds], wall="九", to_flip=0)
    s = win_by(g, 1)
    assert (s.hu, s.fan, s.score) == (10, 3, 30)
    assert set(s.special) == {"hong_piao", "hong_hu"}
    g = position(hands=["", "四五六捌玖拾九"], melds=["", melds], wall="九", to_flip=0, options={"min_huxi": 15})
    assert Hu() not in g.legal_actions(1)


def test_e5_shiba_xiao_with_a_quad() -> None:
    g = position(
        hands=["", "一二三二七五五伍壹壹"], melds=["", "ti 四四四四, wei 六六六, chi 七八九"], wall="十", to_flip=1
    )
    s = win_by(g, 1)
    assert (s.hu, s.fan, s.score, s.special) == (18, 3, 54, ("shiba_xiao",))


@pytest.mark.parametrize(("tier", "score"), [("doubled", 126), ("raw", 42)])
def test_e6_tianhu_five_kan(tier: str, score: int) -> None:
    g = game_from_position(
        BOHU,
        hands=["一一一贰贰贰五五五捌捌捌九九九三四六柒拾"],
        dealer=0,
        at_deal=True,
        options=BOHU.parse_options({"tianhu_tier": tier}),
    )
    s = result(g, 0)
    assert (s.raw_hu, s.hu, s.score) == (21, 42, score)
    assert "tianhu" in s.special


def test_e7_dihu_on_the_dealers_opening_discard() -> None:
    g = game_from_position(BOHU, hands=["九", "拾拾拾六六六一二三肆伍陆七八贰贰二五五"], dealer=0, to_discard=0)
    g.apply(0, Discard(parse_card("九")))
    s = win_by(g, 1)
    assert (s.hu, s.fan, s.score, s.special) == (12, 3, 36, ("dihu",))


def test_p10_no_dihu_on_a_later_discard() -> None:
    g = position(hands=["九", "拾拾拾六六六一二三肆伍陆七八贰贰二五五"], to_discard=0)
    g.apply(0, Discard(parse_card("九")))
    assert Hu() not in g.legal_actions(1)


@pytest.mark.parametrize(("combination", "score"), [("max", 42), ("sum", 63)])
def test_e8_max_rule(combination: str, score: int) -> None:
    g = position(
        hands=["", "贰贰贰壹壹壹叁肆二二"],
        melds=["", "peng 柒柒柒, peng 拾拾拾, peng 陆陆陆"],
        wall="伍",
        to_flip=0,
        options={"fan_combination": combination},
    )
    s = win_by(g, 1)
    assert (s.hu, s.score) == (21, score)
    assert set(s.special) == {"shiba_da", "hong_hu"}


@pytest.mark.parametrize(("third", "huxi", "score"), [("peng 伍伍伍", 18, 54), ("peng 九九九", 16, 32)])
def test_e9_piao_thresholds(third: str, huxi: int, score: int) -> None:
    g = position(
        hands=["", "贰柒拾一二四五六捌捌"], melds=["", f"peng 壹壹壹, peng 叁叁叁, {third}"], wall="三", to_flip=0
    )
    s = win_by(g, 1)
    assert (s.hu, s.score, s.special) == (huxi, score, ("piao",))


def test_e10_the_max_split_is_needed() -> None:
    g = position(
        hands=["", "二二贰柒捌玖拾"],
        melds=["", "wei 壹壹壹, peng 五五五, chi 肆伍陆, chi 六七八"],
        wall="拾",
        to_flip=0,
    )
    s = win_by(g, 1)
    assert (s.hu, s.score) == (13, 13)


def test_e11_winning_card_as_a_peng_type_triple_and_e11b_own_draw() -> None:
    melds = "wei 壹壹壹, peng 五五五, chi 肆伍陆, chi 一二三"
    g = position(hands=["", "二七十八八捌捌"], melds=["", melds], wall="捌", to_flip=0)
    s = win_by(g, 1)
    assert (s.hu, s.score) == (16, 16)
    g = position(hands=["", "二七十八八捌捌"], melds=["", melds], wall="捌", to_flip=1)
    assert g.melds[1][-1].kind is MeldKind.WEI  # the forced 偎 comes first
    s = win_by(g, 1)
    assert (s.hu, s.score) == (19, 19)


def test_a_pao_is_never_the_winning_action() -> None:
    # Held 19 with 坎 玖玖玖: another player's 玖 forces a 跑 (held 20, k = 1: not complete), so no 胡 with it as a 跑.
    g = position(hands=["", "玖玖玖一二三四五六七八九壹贰叁肆伍陆柒"], wall="玖", to_flip=0, fill_hands=False)
    assert Hu() not in g.legal_actions(1)
    assert any(m.kind is MeldKind.PAO for m in g.melds[1])


# --- deal and procedure -----------------------------------------------------------------------------------------


def test_deal_is_20_19_with_a_liang_zhang_and_initial_ti_placed() -> None:
    from zipai_desktop.engine.events import DangDi, Dealt, HandStarted, Melded

    ti_seen = 0
    for seed in range(300):
        g = Game(BOHU, seed=seed, dealer=1)
        started = next(e for e in g.events if isinstance(e, HandStarted))
        assert started.wall == 80 - 58
        assert {e.seat: e.count for e in g.events if isinstance(e, Dealt)} == {0: 19, 1: 19, 2: 19}
        (liang,) = [e for e in g.events if isinstance(e, DangDi)]
        assert liang.seat == 1
        for e in g.events:
            if isinstance(e, Melded) and e.meld.kind is MeldKind.TI and e.forced:
                ti_seen += 1
        for seat in g.active:
            assert all(c < 4 for c in g.hands[seat])  # every dealt 4 of a kind was laid down as a 提
            if g.phase is not Phase.ENDED:
                assert g.held(seat) <= g.target(seat) + (1 if g.to_act == seat else 0)
    assert ti_seen > 10


def test_initial_ti_is_three_down_one_up_and_the_dealer_with_one_ti_does_not_discard() -> None:
    g = game_from_position(BOHU, hands=["伍伍伍伍"], dealer=0, at_deal=False, fill_hands=True)
    BOHU._initial_ti(g, 0)
    ti = g.melds[0][0]
    assert ti.kind is MeldKind.TI and ti.face_down == 3 and not ti.hidden_kind
    assert g.held(0) == g.target(0)  # 20 held, target 19 + 1: no opening discard


def test_p4_short_player_discards_only_when_over_the_count() -> None:
    # A non-dealer with an initial 提 holds 19 with k = 1 (target 20): after a 碰 it holds 20 and does not discard.
    fifteen = "五五一二三四六七八九壹贰叁肆陆"
    g2 = position(hands=["五二", fifteen], melds=["", "ti 柒柒柒柒"], to_discard=0, fill_hands=False)
    assert g2.short[1] == 1  # (read by the position's constructor, as the deal reads it)
    assert g2.held(1) == 19 and g2.target(1) == 20
    g2.apply(0, Discard(parse_card("五")))
    assert g2.to_act == 1 and Peng() in g2.legal_actions(1)
    g2.apply(1, Peng())
    assert g2.held(1) == g2.target(1)
    assert not (g2.pending is not None and g2.pending.seat == 1 and g2.pending.kind == "discard")


def test_chi_of_a_drawn_card_is_the_drawers_only() -> None:
    g = position(hands=["", "四六九"], wall="五", to_flip=0, fill_hands=False)
    # Seat 0 draws 五 and cannot eat it; seat 1 is not asked: the card goes to seat 0's pile.
    first_pile = next(i for i, e in enumerate(g.events) if isinstance(e, ToPile))
    assert g.events[first_pile].seat == 0 and g.events[first_pile].card == parse_card("五")
    assert not any(isinstance(e, Offered) for e in g.events[:first_pile])
    g = position(hands=["", "四六九"], wall="五", to_flip=0, fill_hands=False, options={"chi_next_on_draw": True})
    assert g.to_act == 1 and any(type(a).__name__ == "Chi" for a in g.legal_actions(1))


def test_p7_four_seated_the_next_seated_chair_deals_and_the_opposite_sits_out() -> None:
    g = Game(BOHU, seed=3, dealer=2, players=4)
    assert g.active == (1, 2, 3)  # seat 0, opposite the dealer, sits out
    assert sum(g.hands[0]) == 0 and not g.melds[0]
    match = Match(BOHU, BOHU.parse_options({}), seed=1, players=4, dealer=0, hands=None, rounds=1)
    assert match.next_seated(1) == 2 and match.next_seated(3) == 0
    # Seat 1 wins the hand that ends the 轮: seat 2 deals next and seat 0 sits out.
    match.round_totals = [0, 95, 0, 0]
    game = match.start_hand()
    while game.result is None or game.result.winner != 1:
        match.game = None
        match.played += 1
        game = match.start_hand()
        while game.to_act is not None:
            game.apply(game.to_act, game.legal_actions(game.to_act)[0])
    match.finish_hand()
    if match.rounds_done:
        assert match.dealer == 2 and BOHU.active_seats(4, 2, match.options) == (1, 2, 3)


def test_a_short_player_cannot_win_before_it_is_back_on_count() -> None:
    # Two initial 提 leave a non-dealer at held 19 against 21; its own 九 makes a 提 (5 groups and a pair), no 胡.
    g = position(
        hands=["", "九九九一二三四五六七七"],
        melds=["", "ti 壹壹壹壹, ti 贰贰贰贰"],
        wall="九",
        to_flip=1,
        fill_hands=False,
    )
    assert g.melds[1][-1].kind is MeldKind.TI
    assert g.result is None or g.result.winner != 1
