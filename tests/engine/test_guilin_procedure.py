"""Guilin play-procedure decisions of rules/procedure.md (P1, P5, P6, P8, P12) and options, through the engine."""

from __future__ import annotations

from zipai_desktop.engine.actions import Discard, Hu, Pass
from zipai_desktop.engine.cards import parse_card
from zipai_desktop.engine.events import Offered, Passed, ToPile
from zipai_desktop.engine.game import Game, Phase
from zipai_desktop.engine.melds import MeldKind
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.position import game_from_position

from .notation import GUILIN

EXAMPLE_1 = {"hands": ["", "五五五六七八二七十玖玖九三四"], "melds": ["", "peng 捌捌捌, chi 壹贰叁"]}


def test_p1_declined_hu_passes_to_the_next_claimant() -> None:
    # Seat 0 flips 二; seat 1 (Example 1) passes its 胡; the card goes on down the stages.
    g = game_from_position(GUILIN, wall="二七", dealer=0, flipped=1, to_flip=0, **EXAMPLE_1)  # type: ignore[arg-type]
    assert g.to_act == 1 and Hu() in g.legal_actions(1)
    g.apply(1, Pass())
    assert g.phase is not Phase.ENDED
    assert not g.hu_locked[1]  # 过胡 is off by default (P5)


def test_p1_offers_and_passes_are_private() -> None:
    g = game_from_position(GUILIN, wall="二七", dealer=0, flipped=1, to_flip=0, **EXAMPLE_1)  # type: ignore[arg-type]
    g.apply(1, Pass())
    for viewer in (0, 2):
        seen = observe(g, viewer, with_events=True).events
        assert not any(isinstance(e, Offered | Passed) and e.seat == 1 for e in seen)
    mine = observe(g, 1, with_events=True).events
    assert any(isinstance(e, Passed) and e.seat == 1 for e in mine)


def test_p5_guo_hu_option_locks_until_the_next_own_flip() -> None:
    options = GUILIN.parse_options({"guo_hu": True})
    g = game_from_position(GUILIN, wall="二七", dealer=0, flipped=1, to_flip=0, options=options, **EXAMPLE_1)  # type: ignore[arg-type]
    g.apply(1, Pass())
    assert g.hu_locked[1]


def test_hu_compulsory_always_offers_no_pass() -> None:
    options = GUILIN.parse_options({"hu_compulsory": "always"})
    g = game_from_position(GUILIN, wall="二七", dealer=0, flipped=1, to_flip=1, options=options, **EXAMPLE_1)  # type: ignore[arg-type]
    assert g.legal_actions(1) == [Hu()]


def test_p6_a_quad_while_holding_a_long_lays_the_long_down_and_is_chong_duo() -> None:
    # Seat 1 holds 陆陆陆陆 (龙) and 三三三; seat 0 discards 三: forced 开舵, the 龙 is laid down, no discard.
    g = game_from_position(GUILIN, hands=["三", "陆陆陆陆三三三"], dealer=0, flipped=1, to_discard=0)
    g.apply(0, Discard(parse_card("三")))
    kinds = [m.kind for m in g.melds[1]]
    assert kinds == [MeldKind.KAI_DUO, MeldKind.LONG]
    assert g.held(1) == g.target(1) == 21
    assert g.to_act != 1 or g.pending is None or g.pending.kind != "discard"


def test_p8_forced_sao_that_leaves_no_discard_makes_the_card_dead() -> None:
    # Seat 1 holds only a 坎 and a pair beside its melds: the forced 扫 of 八 would leave only locked cards, and the
    # hand with the 扫 counted is 9 胡 (below 10), so the 扫 is not made and the 八 is dead.
    g = game_from_position(
        GUILIN,
        hands=["", "九九九八八"],
        melds=["", "chi 二三四, chi 五六七, chi 贰叁肆, chi 伍陆柒, peng 拾拾拾"],
        dealer=0,
        flipped=1,
        wall="八",
        to_flip=1,
    )
    assert [m.kind for m in g.melds[1]] == [MeldKind.CHI] * 4 + [MeldKind.PENG]  # no 扫 was made
    dead = [e for e in g.events if isinstance(e, ToPile) and e.dead]
    assert dead and dead[0].seat == 1 and dead[0].card == parse_card("八")
    assert g.piles[1][0] == parse_card("八") and g.hands[1][parse_card("八")] == 2


def test_p8_the_drawer_may_win_with_the_sao_counted() -> None:
    g = game_from_position(
        GUILIN,
        hands=["", "九九九八八"],
        melds=["", "chi 一二三, chi 四五六, chi 壹贰叁, chi 肆伍陆, peng 拾拾拾"],
        dealer=0,
        flipped=1,
        wall="八",
        to_flip=1,
    )
    assert g.pending is not None and g.pending.kind == "hu_dead" and g.legal_actions(1) == [Hu(), Pass()]
    g.apply(1, Hu())
    assert g.result is not None and g.result.winner == 1
    assert g.melds[1][-1].kind is MeldKind.SAO  # the 扫 is made with the win
    assert g.result.settlement.hu == 3 + 0 + 6 + 0 + 3 + 3 + 3  # 一二三 四五六 壹贰叁 肆伍陆 碰拾 扫八 坎九


def test_p12_two_long_gets_an_extra_card_before_the_dang_di() -> None:
    found = 0
    for seed in range(3000):
        g = Game(GUILIN, seed=seed, dealer=0)
        extra = [e for e in g.events if type(e).__name__ == "ExtraCard"]
        if extra:
            found += 1
            seat = extra[0].seat
            names = [type(e).__name__ for e in g.events]
            assert names.index("ExtraCard") < names.index("DangDi")
            assert g.phase is Phase.ENDED or g.held(seat) >= 21
    assert found > 0


def test_p12_dang_di_completing_a_second_long_means_no_first_discard() -> None:
    # The dealer's 20 dealt cards hold one 龙; the 挡底 completes a second: held 21 = target, the 下家 flips first.
    g = game_from_position(
        GUILIN,
        hands=["一一一一二二二二壹贰叁肆伍陆柒捌玖拾三四五"],
        dealer=0,
        at_deal=True,
        fill_hands=False,
    )
    assert g.quads(0) == 2 and g.held(0) == 21 == g.target(0)
    assert g.flips >= 1 and g.opening_done  # seat 1 flipped first; no opening discard, so no 地胡 this hand
