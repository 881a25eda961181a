"""The worked examples (§14, 1-10) and must-reject cases (N1-N7) of rules/guilin.md, played through the engine."""

from __future__ import annotations

import pytest

from zipai_desktop.engine.actions import Discard, Hu, Pass, Peng
from zipai_desktop.engine.cards import parse_card
from zipai_desktop.engine.game import IllegalAction, Phase
from zipai_desktop.engine.melds import MeldKind
from zipai_desktop.engine.position import game_from_position

from .notation import GUILIN, act, drive


def won(game, seat):  # type: ignore[no-untyped-def]
    assert game.phase is Phase.ENDED and game.result is not None
    assert game.result.winner == seat
    return game.result.settlement


def test_example_1_zimo_seven_triples() -> None:
    g = game_from_position(
        GUILIN,
        hands=["", "五五五六七八二七十玖玖九三四"],
        melds=["", "peng 捌捌捌, chi 壹贰叁"],
        wall="二七",
        dealer=0,
        flipped=1,
        to_flip=1,
    )
    drive(g, (1, "胡"))
    s = won(g, 1)
    assert s.hu == 15
    assert s.duo_parts == {"hu": 2, "xing": 2, "zimo": 1}
    assert s.duo == 5 and s.xing_cards == (parse_card("七"),)
    assert s.points == (-5, 10, -5)


def test_example_1_with_xing_card_yi_counts_the_winning_card_once() -> None:
    # The next wall card 一 instead of 七: 上醒 = 二, held twice (二七十 and the winning 二 in 二三四), 下醒 = 十 (wrap
    # around) once. §10.3.2 counts each card of the winning hand once: 醒 3, T = 2 + 3 + 1 = 6 (not 7).
    g = game_from_position(
        GUILIN,
        hands=["", "五五五六七八二七十玖玖九三四"],
        melds=["", "peng 捌捌捌, chi 壹贰叁"],
        wall="二一",
        dealer=0,
        flipped=1,
        to_flip=1,
    )
    drive(g, (1, "胡"))
    s = won(g, 1)
    assert s.xing_cards == (parse_card("一"),)
    assert s.duo_parts == {"hu": 2, "xing": 3, "zimo": 1}
    assert s.duo == 6 and s.points == (-6, 12, -6)


def test_example_2_dian_pao_with_kai_duo_and_pair() -> None:
    g = game_from_position(
        GUILIN,
        hands=["伍", "陆陆陆七八九伍伍五二二叁肆"],
        melds=["", "kai_duo 拾拾拾拾, chi 一二三"],
        wall="叁",
        dealer=0,
        flipped=1,
        to_discard=0,
    )
    drive(g, (0, "打伍"), (1, "胡"))
    s = won(g, 1)
    assert s.hu == 18 and s.duo == 3 and s.duo_parts == {"hu": 2, "xing": 1}
    assert s.points == (-6, 6, 0)


def test_example_3_tianhu() -> None:
    g = game_from_position(
        GUILIN,
        hands=["壹壹壹二七十三三三四五六捌玖拾柒柒七九九玖"],
        wall="五",
        dealer=0,
        at_deal=True,
    )
    s = won(g, 0)
    assert s.hu == 12 and s.special == ("tianhu",)
    assert s.duo_parts == {"hu": 1, "xing": 2, "tianhu": 1} and s.duo == 4
    assert s.points == (8, -4, -4)


def test_example_3_tianhu_doubling_variant() -> None:
    g = game_from_position(
        GUILIN,
        hands=["壹壹壹二七十三三三四五六捌玖拾柒柒七九九玖"],
        wall="五",
        dealer=0,
        at_deal=True,
        options=GUILIN.parse_options({"special_bonus": "double"}),
    )
    assert won(g, 0).duo == 6


def example_4(reflip: str = "category"):  # type: ignore[no-untyped-def]
    # Dealer 0 opens with 柒: seat 1 holds 柒柒柒, so 开舵 is forced (first quad: discard). Later 九 is flipped twice
    # (扫, then 扫穿 = 重舵, no discard), seat 2 flips 贰 for a 碰, and seat 1 flips 六 to win.
    g = game_from_position(
        GUILIN,
        hands=["柒", "柒柒柒九九贰贰叁叁叁四五六一一七八伍陆捌"],
        wall="壹拾九贰壹拾九壹拾六十肆伍",
        dealer=0,
        to_discard=0,
        options=GUILIN.parse_options({"xing_reflip": reflip}),
    )
    drive(g, (0, "打柒"))
    assert [m.kind for m in g.melds[1]] == [MeldKind.KAI_DUO]
    drive(g, (1, "打伍"))
    drive(g, (1, "打陆"))  # after the forced 扫 of 九
    assert [m.kind for m in g.melds[1]] == [MeldKind.KAI_DUO, MeldKind.SAO]
    drive(g, (1, "碰"), (1, "打捌"))
    drive(g, (1, "胡"))
    return g


def test_example_4_chong_duo_zimo_xing_wrap_and_reflip() -> None:
    g = example_4()
    assert [m.kind for m in g.melds[1]] == [MeldKind.KAI_DUO, MeldKind.SAO_CHUAN, MeldKind.PENG]
    s = won(g, 1)
    assert s.hu == 27
    assert s.xing_cards == (parse_card("十"), parse_card("肆"))
    assert s.duo_parts == {"hu": 4, "xing": 9, "zimo": 1} and s.duo == 14
    assert s.points == (-14, 28, -14)


def test_example_4_cumulative_reflip_turns_a_third_card() -> None:
    s = won(example_4("cumulative"), 1)
    assert len(s.xing_cards) == 3


def test_example_5_ping_hu_on_another_flip_with_bi() -> None:
    g = game_from_position(
        GUILIN,
        hands=["三", "一二三四五陆陆八八八壹贰十十拾柒捌玖肆柒"],
        wall="陆叁捌",
        dealer=0,
        to_discard=0,
    )
    drive(g, (0, "打三"))
    chis = [a for a in g.legal_actions(1) if type(a).__name__ == "Chi"]
    assert act("吃三一二 比三四五") in chis
    assert act("吃三四五") not in chis  # the other 三 could not be put out in a 比
    drive(g, (1, "吃三一二 比三四五"), (1, "打肆"))
    drive(g, (1, "碰"), (1, "打柒"))
    drive(g, (1, "胡"))
    s = won(g, 1)
    assert g.result is not None and g.result.win is not None and g.result.win.source.value == "other_draw"
    assert s.hu == 15 and s.duo_parts == {"hu": 2, "xing": 2} and s.duo == 4
    assert s.points == (-4, 8, -4)


@pytest.mark.parametrize(
    ("how", "hu", "duo", "points"),
    [("discard", 21, 4, (-8, 8, 0)), ("other_flip", 21, 4, (-4, 8, -4)), ("own_flip", 24, 5, (-5, 10, -5))],
)
def test_example_6_same_triple_three_ways(how: str, hu: int, duo: int, points: tuple[int, ...]) -> None:
    kwargs = {"discard": {"to_discard": 0}, "other_flip": {"to_flip": 0}, "own_flip": {"to_flip": 1}}[how]
    g = game_from_position(
        GUILIN,
        hands=["玖" if how == "discard" else "", "玖玖壹壹壹三四五六七八陆陆六"],
        melds=["", "chi 贰柒拾, sao 肆肆肆"],
        wall="二" if how == "discard" else "玖二",
        dealer=0,
        flipped=1,
        **kwargs,  # type: ignore[arg-type]
    )
    if how == "discard":
        drive(g, (0, "打玖"))
    if how == "own_flip":
        assert g.melds[1][-1].kind is MeldKind.SAO  # the forced 扫 is made before the 胡
    drive(g, (1, "胡"))
    s = won(g, 1)
    assert (s.hu, s.duo, s.points) == (hu, duo, points)


def test_example_7_sanlong_wukan() -> None:
    g = game_from_position(
        GUILIN,
        hands=["", "一一一四四四柒柒柒玖玖玖十十十二七伍陆八"],
        wall="三",
        dealer=0,
        at_deal=True,
    )
    s = won(g, 1)
    assert s.hu == 21 and s.special == ("sanlong_wukan",)
    assert s.duo_parts == {"hu": 3, "xing": 4, "sanlong_wukan": 1} and s.duo == 8
    assert s.points == (-8, 16, -8)


def test_example_8_dihu() -> None:
    g = game_from_position(
        GUILIN,
        hands=["七", "二十伍伍伍三三三四五六捌捌八壹贰叁五六七"],
        wall="九",
        dealer=0,
        to_discard=0,
    )
    drive(g, (0, "打七"), (1, "胡"))
    s = won(g, 1)
    assert s.hu == 18 and s.special == ("dihu",)
    assert s.duo_parts == {"hu": 2, "xing": 2, "dihu": 1} and s.duo == 5
    assert s.points == (-10, 10, 0)


def test_example_8_with_an_accidental_kan_is_not_a_win() -> None:
    # 陆柒捌 beside 捌捌八 holds three 捌: a locked 坎 that cannot be split.
    g = game_from_position(
        GUILIN,
        hands=["七", "二十伍伍伍三三三四五六捌捌八壹贰叁陆柒捌"],
        wall="九",
        dealer=0,
        to_discard=0,
    )
    g.apply(0, Discard(parse_card("七")))
    assert Hu() not in g.legal_actions(1)


def test_example_9_best_decomposition() -> None:
    g = game_from_position(
        GUILIN,
        hands=["伍", "陆陆陆七八九壹贰叁伍伍五五"],
        melds=["", "kai_duo 拾拾拾拾, chi 一二三"],
        wall="十",
        dealer=0,
        flipped=1,
        to_discard=0,
    )
    drive(g, (0, "打伍"), (1, "胡"))
    s = won(g, 1)
    assert s.hu == 27 and s.duo == 6 and s.points == (-12, 12, 0)


def test_example_10_concealed_long_counts_as_a_quad() -> None:
    g = game_from_position(
        GUILIN,
        hands=["", "陆陆陆陆叁叁叁四五六一一柒拾"],
        melds=["", "peng 二二二, chi 七八九"],
        wall="贰五",
        dealer=0,
        flipped=1,
        to_flip=1,
    )
    drive(g, (1, "胡"))
    s = won(g, 1)
    assert s.hu == 25 and s.duo_parts == {"hu": 4, "xing": 2, "zimo": 1} and s.duo == 7


# --- must-reject cases ---------------------------------------------------------------------------------------------


def test_n1_below_minimum_is_no_win() -> None:
    cards = "一二三四四四二七十五六七捌玖拾伍伍五陆陆六"
    g = game_from_position(GUILIN, hands=[cards], wall="", dealer=0, at_deal=True)
    assert g.phase is not Phase.ENDED and g.to_act == 0  # no 天胡 (9 < 10): the dealer discards
    # The same 21 cards as a non-dealer's 20 + a discard are not a win either.
    g = game_from_position(
        GUILIN, hands=["陆", "一二三四四四二七十五六七捌玖拾伍伍五陆六"], dealer=0, flipped=1, to_discard=0
    )
    g.apply(0, Discard(parse_card("陆")))
    assert Hu() not in g.legal_actions(1)


def test_n2_xia_bi() -> None:
    g = game_from_position(GUILIN, hands=["三", "一二三叁九"], dealer=0, flipped=1, to_discard=0, fill_hands=False)
    assert g.chi_options(1, parse_card("三")) == [act("吃三三叁")]
    assert act("吃三一二") not in g.chi_options(1, parse_card("三"))


def test_n3_chou_pai() -> None:
    g = game_from_position(GUILIN, hands=["五", "四六五五九"], dealer=0, flipped=1, to_discard=0, fill_hands=False)
    g.apply(0, Discard(parse_card("五")))
    assert g.to_act == 1 and g.pending is not None and g.pending.kind == "peng"
    g.apply(1, Peng())
    assert g.chou[1] == set()
    g2 = game_from_position(GUILIN, hands=["五", "四六九"], dealer=0, flipped=1, to_discard=0, fill_hands=False)
    g2.apply(0, Discard(parse_card("五")))
    assert act("吃五四六") in g2.legal_actions(1)
    g2.apply(1, Pass())
    assert parse_card("五") in g2.chou[1]
    assert g2.chi_options(1, parse_card("五")) == []
    assert act("吃五四六") not in g2.chi_options(1, parse_card("五"))


def test_n4_own_discard_never_eaten_but_may_win() -> None:
    g = game_from_position(GUILIN, hands=["", "八九十五"], dealer=0, flipped=1, to_discard=1, fill_hands=False)
    g.apply(1, Discard(parse_card("八")))
    assert g.chi_options(1, parse_card("八")) == []
    # ... but a kind you discarded still wins for you (Example 1's hand, after an earlier discard of 二).
    g = game_from_position(
        GUILIN,
        hands=["", "五五五六七八二七十玖玖九三四"],
        melds=["", "peng 捌捌捌, chi 壹贰叁"],
        wall="二七",
        dealer=0,
        flipped=1,
    )
    g.state.ban_chi(1, parse_card("二"))  # (二 is 臭 for seat 1, as after its own discard of one)
    g.resume_flip(1)
    assert g.to_act == 1 and Hu() in g.legal_actions(1)


def test_n5_kan_lock() -> None:
    g = game_from_position(GUILIN, hands=["", "六六六七八五"], dealer=0, flipped=1, to_discard=1, fill_hands=False)
    with pytest.raises(IllegalAction, match="locked"):
        g.apply(1, Discard(parse_card("六")))
    assert all(parse_card("六") not in g2 for c in g.chi_options(1, parse_card("七")) for g2 in c.groups[1:])
    # Another player's 六 forces 开舵.
    g = game_from_position(GUILIN, hands=["", "六六六"], dealer=0, flipped=1, wall="六", to_flip=0)
    assert g.melds[1] and g.melds[1][0].kind is MeldKind.KAI_DUO
    # Own flip of 六 forces 扫穿.
    g = game_from_position(GUILIN, hands=["", "六六六"], dealer=0, flipped=1, wall="六", to_flip=1)
    assert g.melds[1][0].kind is MeldKind.SAO_CHUAN


def test_n6_forced_sao_beats_another_players_hu() -> None:
    # Seat 2 would win on 七 (it completes 五六七), but seat 1's forced 扫 takes the card first.
    g = game_from_position(
        GUILIN,
        hands=["", "七七", "五六壹壹壹二七十三三三四五六捌玖拾九九玖"],
        dealer=0,
        flipped=1,
        wall="七",
        to_flip=1,
    )
    assert g.melds[1][-1].kind is MeldKind.SAO
    assert g.to_act != 2


def test_n7_a_discard_cannot_upgrade_a_peng() -> None:
    g = game_from_position(GUILIN, hands=["捌"], melds=["", "peng 捌捌捌"], dealer=0, flipped=1, to_discard=0)
    g.apply(0, Discard(parse_card("捌")))
    assert [m.kind for m in g.melds[1]] == [MeldKind.PENG]
