"""A settlement explains itself as data (Guilin §10.3-10.4, Bohu §12): each 醒 card with the cards it counted, each
payment line with its reason, each 名堂 with its 番. The settlement panel draws these; they add up to the totals.
"""

from __future__ import annotations

import pytest

from zipai_desktop.engine.cards import parse_card
from zipai_desktop.engine.game import Game, Phase
from zipai_desktop.engine.position import game_from_position
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.engine.scoring import Payment

from .notation import GUILIN, drive

BOHU = get_rules("bohu")


def settled(game: Game, seat: int):  # type: ignore[no-untyped-def]
    assert game.phase is Phase.ENDED and game.result is not None and game.result.winner == seat
    return game.result.settlement


def test_zimo_each_other_player_pays_t_and_the_xing_card_names_what_it_counted() -> None:
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
    s = settled(g, 1)
    assert s.payments == (Payment(0, 1, 5, "zimo", 5), Payment(2, 1, 5, "zimo", 5))
    (flip,) = s.xing
    # 醒 七: 上醒 counts the winner's 八, 下醒 the winner's 六 (one each).
    assert flip.card == parse_card("七")
    assert flip.counted == ((parse_card("八"), "up", 1), (parse_card("六"), "down", 1))
    assert flip.count == s.duo_parts["xing"] == 2


def test_dianpao_the_discarder_alone_pays_double() -> None:
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
    s = settled(g, 1)
    assert s.payments == (Payment(0, 1, 6, "dianpao", 3),)  # 2T with T = 3 舵; seat 2 pays nothing


def test_pinghu_on_another_players_flip() -> None:
    g = game_from_position(
        GUILIN,
        hands=["三", "一二三四五陆陆八八八壹贰十十拾柒捌玖肆柒"],
        wall="陆叁捌",
        dealer=0,
        to_discard=0,
    )
    drive(g, (0, "打三"), (1, "吃三一二 比三四五"), (1, "打肆"), (1, "碰"), (1, "打柒"), (1, "胡"))
    s = settled(g, 1)
    assert {p.reason for p in s.payments} == {"pinghu"}
    assert sum(p.amount for p in s.payments) == s.points[1]


def test_reflip_lists_every_turned_card_and_the_payments_match_the_points() -> None:
    from .test_guilin_examples import example_4

    for reflip in ("category", "cumulative"):
        s = settled(example_4(reflip), 1)
        assert tuple(f.card for f in s.xing) == s.xing_cards
        assert sum(f.count for f in s.xing) == s.duo_parts["xing"]
        # every flip but the last re-flipped: with `category`, because one category reached 4
        if reflip == "category":
            assert all(any(n == 4 for _, _, n in f.counted) for f in s.xing[:-1])
        paid = [0] * 3
        for p in s.payments:
            paid[p.payer] -= p.amount
            paid[p.payee] += p.amount
        assert tuple(paid) == s.points


def bohu_position(**kwargs):  # type: ignore[no-untyped-def]
    options = kwargs.pop("options", {})
    return game_from_position(BOHU, dealer=0, flipped=1, options=BOHU.parse_options(options), **kwargs)


@pytest.mark.parametrize(("combination", "fan"), [("max", 2), ("sum", 3)])
def test_bohu_each_ming_tang_with_its_fan_and_how_they_combine(combination: str, fan: int) -> None:
    # E8: 十八大 (2) and 红胡 (2) at 21 胡息, tier 1: the max is 2 番, the sum is capped at 3.
    g = bohu_position(
        hands=["", "贰贰贰壹壹壹叁肆二二"],
        melds=["", "peng 柒柒柒, peng 拾拾拾, peng 陆陆陆"],
        wall="伍",
        to_flip=0,
        options={"fan_combination": combination},
    )
    drive(g, (1, "胡"))
    s = settled(g, 1)
    assert dict(s.fans) == {"shiba_da": 2, "hong_hu": 2, "tier": 1}
    assert s.fan == fan and s.score == s.hu * s.fan + s.bonus and s.bonus == 0
    assert s.payments == ()  # winner-only accumulation: nobody pays


def test_bohu_losers_pay_lists_each_payer() -> None:
    g = bohu_position(
        hands=["", "捌捌捌四五六柒柒七二七十九"],
        melds=["", "peng 叁叁叁, chi 一二三"],
        wall="九",
        to_flip=1,
        options={"settlement": "losers_pay"},
    )
    drive(g, (1, "胡"))
    s = settled(g, 1)
    assert s.payments == (Payment(0, 1, 15, "losers_pay", 15), Payment(2, 1, 15, "losers_pay", 15))


def test_bohu_round_progress_shown_before_booking_is_what_booking_adds() -> None:
    from zipai_desktop.engine.match import Match

    match = Match(BOHU, BOHU.parse_options({}), seed=1, players=3, hands=None)
    match.round_totals = [40, 90, 0]
    g = bohu_position(
        hands=["", "捌捌捌四五六柒柒七二七十九"], melds=["", "peng 叁叁叁, chi 一二三"], wall="九", to_flip=1
    )
    drive(g, (1, "胡"))
    match.game = g
    assert g.result is not None
    assert match.round_totals_with(g.result) == [40, 105, 0]  # 90 + 15: the 轮 ends at 100
    match.finish_hand()
    assert match.rounds_done == 1 and match.round_totals == [0, 0, 0]
