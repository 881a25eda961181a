"""``zipai score --rules bohu`` (docs/contracts/score-cli.md): the vectors of rules/bohu.md §18 and malformed input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from zipai_desktop.engine.cards import parse_cards, to_counts
from zipai_desktop.engine.melds import Meld, MeldKind
from zipai_desktop.engine.win import Source
from zipai_desktop.tools.score import bohu_held_problem, main

REPO = Path(__file__).resolve().parents[2]


def run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], payload: Any, *args: str
) -> tuple[int, list[dict[str, Any]], str]:
    """Run ``zipai score ARGS`` with ``payload`` (a dict, or raw text) on stdin: (status, stdout objects, stderr)."""
    text = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, [json.loads(line) for line in out.splitlines()], err


def score_one(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], payload: Any, *args: str) -> Any:
    status, out, err = run(monkeypatch, capsys, payload, *args)
    assert status == 0, err
    assert err == ""
    assert len(out) == 1
    return out[0]


def hand(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"rules": "bohu", "players": 3, "dealer": 0, "winner": 1, "melds": []}
    base.update(fields)
    return base


def melds(*specs: str) -> list[dict[str, str]]:
    return [{"kind": kind, "cards": cards} for kind, cards in (s.split() for s in specs)]


OWN = {"source": "own_draw", "from": 1}
OTHER = {"source": "other_draw", "from": 2}

# The vectors of bohu.md §18, as scorer input. Seat 0 deals; seat 1 (a non-dealer) wins unless said otherwise, and
# seat 2 turns the card for a win on another player's draw.
E1 = hand(melds=melds("peng 叁叁叁", "chi 一二三"), hand="捌捌捌 四五六 柒柒七 二七十 九", win_card="九", **OWN)
E1B = {**E1, "source": "discard", "from": 2}
E2 = hand(melds=melds("ti 壹壹壹壹", "wei 捌捌捌", "chi 肆伍陆"), hand="九九九 一二三 四五 八八", win_card="六", **OWN)
E2A = hand(
    melds=melds("ti 壹壹壹壹", "wei 捌捌捌", "chi 肆伍陆", "peng 九九九"), hand="一二三 四五 八八", win_card="六", **OWN
)
E3 = hand(melds=melds("wei 捌捌捌"), hand="壹壹壹 叁肆伍 三四五 九九玖 陆陆六 一", win_card="一", **OTHER)
E3A = {**E3, "melds": melds("peng 捌捌捌")}
E4 = hand(
    melds=melds("peng 贰贰贰", "peng 柒柒柒", "peng 十十十", "chi 一二三"),
    hand="四五六 捌玖拾 九",
    win_card="九",
    **OTHER,
)
E5 = hand(melds=melds("ti 四四四四", "wei 六六六", "chi 七八九"), hand="一二三 二七 五五伍 壹壹", win_card="十", **OWN)
E6 = hand(winner=0, hand="一一一 贰贰贰 五五五 捌捌捌 九九九 三 四 六 柒 拾", source="deal")
E7 = hand(
    hand="拾拾拾 六六六 一二三 肆伍陆 七八 贰贰二 五五",
    win_card="九",
    source="discard",
    first_discard=True,
    **{"from": 0},
)
E8 = hand(
    melds=melds("peng 柒柒柒", "peng 拾拾拾", "peng 陆陆陆"), hand="贰贰贰 壹壹壹 叁肆 二二", win_card="伍", **OTHER
)
E9 = hand(
    melds=melds("peng 壹壹壹", "peng 叁叁叁", "peng 伍伍伍"), hand="贰柒拾 一二 四五六 捌捌", win_card="三", **OTHER
)
E9B = {**E9, "melds": melds("peng 壹壹壹", "peng 叁叁叁", "peng 九九九")}
E10 = hand(
    melds=melds("wei 壹壹壹", "peng 五五五", "chi 肆伍陆", "chi 六七八"),
    hand="二二 贰 柒 捌 玖 拾",
    win_card="拾",
    **OTHER,
)
E11 = hand(
    melds=melds("wei 壹壹壹", "peng 五五五", "chi 肆伍陆", "chi 一二三"),
    hand="二七十 八八 捌捌",
    win_card="捌",
    **OTHER,
)
E11B = {**E11, **OWN}

VALID = {
    "E1": E1,
    "E2": E2,
    "E2a": E2A,
    "E3": E3,
    "E4": E4,
    "E5": E5,
    "E6": E6,
    "E7": E7,
    "E8": E8,
    "E9": E9,
    "E9b": E9B,
    "E10": E10,
    "E11": E11,
    "E11b": E11B,
}


@pytest.mark.parametrize(
    ("name", "hu", "fan", "score", "special"),
    [
        ("E1", 15, 1, 15, []),
        ("E2", 24, 3, 72, ["yi_ke_zhu"]),  # the seed's own example: 24 × 3
        ("E2a", 22, 2, 44, ["yi_ke_zhu"]),
        ("E3", 12, 3, 36, ["hei_hu"]),
        ("E4", 10, 3, 30, ["hong_piao", "hong_hu"]),
        ("E5", 18, 3, 54, ["shiba_xiao"]),
        ("E6", 42, 3, 126, ["tianhu"]),  # raw 21, doubled
        ("E7", 12, 3, 36, ["dihu"]),
        ("E8", 21, 2, 42, ["shiba_da", "hong_hu"]),  # max, not sum
        ("E9", 18, 3, 54, ["piao"]),
        ("E9b", 16, 2, 32, ["piao"]),
        ("E10", 13, 1, 13, []),
        ("E11", 16, 1, 16, []),
        ("E11b", 19, 1, 19, []),
    ],
)
def test_worked_vectors(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    name: str,
    hu: int,
    fan: int,
    score: int,
    special: list[str],
) -> None:
    payload = VALID[name]
    r = score_one(monkeypatch, capsys, payload)
    assert list(r) == ["valid", "rules", "hu", "groups", "special", "fan", "score", "points"]
    assert r["valid"] is True and r["rules"] == "bohu"
    assert (r["hu"], r["fan"], r["score"], r["special"]) == (hu, fan, score, special)
    # Default settlement "winner_only": the winner books the score, nobody pays.
    assert r["points"] == {str(s): (score if s == payload["winner"] else 0) for s in range(3)}
    raw = sum(g["hu"] for g in r["groups"])
    assert r["hu"] == (2 * raw if "tianhu" in special else raw)
    if name != "E6":  # 三提五坎 counts its 提 and 坎 only: the other cards need not form groups
        # Every card of the winning hand is in exactly one group.
        cards = payload["hand"] + "".join(m["cards"] for m in payload["melds"]) + payload["win_card"]
        assert sorted("".join(g["cards"] for g in r["groups"])) == sorted(cards.replace(" ", ""))
        assert [g["kind"] for g in r["groups"]].count("pair") == 1  # 将 always required


def test_e1_groups(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    r = score_one(monkeypatch, capsys, E1)
    assert r["groups"][:2] == [
        {"kind": "peng", "cards": "叁叁叁", "hu": 3, "exposed": True},
        {"kind": "chi", "cards": "一二三", "hu": 3, "exposed": True},
    ]
    assert {"kind": "kan", "cards": "捌捌捌", "hu": 6, "exposed": False} in r["groups"]
    assert {"kind": "pair", "cards": "九九", "hu": 0, "exposed": False} in r["groups"]


@pytest.mark.parametrize("payload", [E1B, {**E1, "source": "discard", "from": 0}, {**E7, "first_discard": False}])
def test_no_win_on_a_discard(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], payload: Any) -> None:
    # E1b (a non-dealer's discard), the dealer's discard that is not the opening one, and E7 without first_discard.
    r = score_one(monkeypatch, capsys, payload)
    assert r == {"valid": False, "rules": "bohu", "reason": "cannot win on a discard"}


def test_dihu_first_draw_option_refuses_the_discard(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Option dihu "first_draw": nobody may win on the opening discard itself.
    r = score_one(monkeypatch, capsys, {**E7, "options": {"dihu": "first_draw"}})
    assert r == {"valid": False, "rules": "bohu", "reason": "cannot win on a discard"}


def test_e3a_below_minimum(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    r = score_one(monkeypatch, capsys, E3A)
    assert r == {"valid": False, "rules": "bohu", "reason": "below minimum: 9 < 10"}


def test_e4_with_minimum_15(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    r = score_one(monkeypatch, capsys, {**E4, "options": {"min_huxi": 15}})
    assert r == {"valid": False, "rules": "bohu", "reason": "below minimum: 10 < 15"}


def test_e6_tier_on_raw(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    r = score_one(monkeypatch, capsys, {**E6, "options": {"tianhu_tier": "raw"}})
    assert (r["hu"], r["fan"], r["score"], r["special"]) == (42, 1, 42, ["tianhu"])


def test_e6_groups_are_the_five_kan(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    r = score_one(monkeypatch, capsys, E6)
    assert sorted(g["cards"] for g in r["groups"]) == sorted(["一一一", "贰贰贰", "五五五", "捌捌捌", "九九九"])
    assert {g["kind"] for g in r["groups"]} == {"kan"}
    assert r["points"] == {"0": 126, "1": 0, "2": 0}


def test_e6_with_the_liang_zhang_as_win_card(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The contract: a win_card with source deal is the 亮张 and counts as part of the hand.
    payload = {**E6, "hand": "一一一 贰贰贰 五五五 捌捌捌 九九九 三 四 六 柒", "win_card": "拾"}
    r = score_one(monkeypatch, capsys, payload)
    assert (r["hu"], r["score"], r["special"]) == (42, 126, ["tianhu"])


def test_non_dealer_wu_kan_at_the_deal(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # 三提五坎 is for any seat: a non-dealer's 19 dealt cards with five 坎.
    payload = hand(winner=1, hand="一一一 贰贰贰 五五五 捌捌捌 九九九 三 四 六 柒", source="deal")
    r = score_one(monkeypatch, capsys, payload)
    assert (r["hu"], r["fan"], r["score"], r["special"]) == (42, 3, 126, ["tianhu"])
    assert r["points"] == {"0": 0, "1": 126, "2": 0}


def test_san_ti_at_the_deal(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # Three 提, given as melds or (a dealt four of a kind is a 提 at once) as four cards in the hand.
    as_melds = hand(
        winner=1, melds=melds("ti 一一一一", "ti 贰贰贰贰", "ti 五五五五"), hand="三四六柒拾捌九", source="deal"
    )
    as_hand = hand(winner=1, hand="一一一一 贰贰贰贰 五五五五 三四六柒拾捌九", source="deal")
    for payload in (as_melds, as_hand):
        r = score_one(monkeypatch, capsys, payload)
        assert (r["hu"], r["fan"], r["score"], r["special"]) == (60, 3, 180, ["tianhu"])  # raw 9 + 12 + 9
        assert [g["kind"] for g in r["groups"]] == ["ti", "ti", "ti"]


def test_liang_zhang_completing_a_ti(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # The dealer's 亮张 is the 4th 拾 of a 坎: a 提 (§5.4). One 提 + four 坎 = 三提五坎.
    payload = hand(winner=0, hand="拾拾拾 一一一 贰贰贰 五五五 九九九 三四六柒", win_card="拾", source="deal")
    r = score_one(monkeypatch, capsys, payload)
    assert r["special"] == ["tianhu"] and r["hu"] == 2 * (12 + 3 + 6 + 3 + 3)
    assert {"kind": "ti", "cards": "拾拾拾拾", "hu": 12, "exposed": True} in r["groups"]


def test_dealer_complete_hand_beats_wu_kan(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # Procedure P9: five 坎 (raw 21 → 126) or the complete hand five 坎 + 二七十 + 将 三三 (raw 24 → 48 × 3 = 144).
    payload = hand(winner=0, hand="一一一 贰贰贰 五五五 捌捌捌 九九九 二七十 三三", source="deal")
    r = score_one(monkeypatch, capsys, payload)
    assert (r["hu"], r["fan"], r["score"], r["special"]) == (48, 3, 144, ["tianhu"])
    assert len(r["groups"]) == 7


def test_dealer_complete_hand_below_minimum(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Raw 3 (一二三), doubled 6: below the minimum, which the doubled 胡息 must reach.
    payload = hand(winner=0, hand="一二三 四五六 七八九 肆伍陆 柒捌玖 伍陆柒 十十", source="deal")
    r = score_one(monkeypatch, capsys, payload)
    assert r == {"valid": False, "rules": "bohu", "reason": "below minimum: 6 < 10, and not 三提五坎"}


def test_deal_without_a_win(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # E6's complete-hand shape dealt to a non-dealer: only 三提五坎 wins a non-dealer anything at the deal.
    payload = hand(winner=1, hand="一一一 贰贰贰 五五五 捌捌捌 二七十 三三 四六", source="deal")
    r = score_one(monkeypatch, capsys, payload)
    assert r["valid"] is False and r["reason"].startswith("not 三提五坎")
    dealer = hand(winner=0, hand="一一三三五五七七九九 贰贰肆肆陆陆捌捌拾拾", source="deal")
    r = score_one(monkeypatch, capsys, dealer)
    assert r == {"valid": False, "rules": "bohu", "reason": "no decomposition, and not 三提五坎"}


def test_e8_sum_option(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    r = score_one(monkeypatch, capsys, {**E8, "options": {"fan_combination": "sum"}})
    assert (r["hu"], r["fan"], r["score"]) == (21, 3, 63)  # 2 + 2, capped at 3


def test_e10_takes_the_max_split(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    r = score_one(monkeypatch, capsys, E10)
    assert {"kind": "pair", "cards": "二二", "hu": 0, "exposed": False} in r["groups"]
    assert {"kind": "seq", "cards": "贰柒拾", "hu": 6, "exposed": False} in r["groups"]


def test_e11_peng_type_and_e11b_forced_wei(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    r = score_one(monkeypatch, capsys, E11)
    assert {"kind": "peng", "cards": "捌捌捌", "hu": 3, "exposed": False} in r["groups"]
    r = score_one(monkeypatch, capsys, E11B)
    assert {"kind": "wei", "cards": "捌捌捌", "hu": 6, "exposed": True} in r["groups"]


def test_negative_shape_vector(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # §18: a non-dealer holding 19 with 坎 玖玖玖 takes a 玖 drawn by another player. As a 跑 it can never complete the
    # hand (held 20 with k = 1); used elsewhere, with the 坎 kept, it may: 坎玖 6 + 一二三 3 + 贰柒拾 6 + 捌玖拾 = 15.
    payload = hand(hand="玖玖玖 一二三 四五六 七八九 贰柒拾 捌拾 壹壹", win_card="玖", **OTHER)
    r = score_one(monkeypatch, capsys, payload)
    assert (r["valid"], r["hu"], r["fan"], r["score"]) == (True, 15, 1, 15)
    assert {"kind": "kan", "cards": "玖玖玖", "hu": 6, "exposed": False} in r["groups"]
    assert "pao" not in {g["kind"] for g in r["groups"]}
    # With no other use for the 玖, the only role left is the 跑, which cannot win.
    payload = hand(hand="玖玖玖 一二三 四五六 七八九 贰柒拾 壹壹 伍陆", win_card="玖", **OTHER)
    r = score_one(monkeypatch, capsys, payload)
    assert r == {"valid": False, "rules": "bohu", "reason": "no decomposition"}


def test_short_player_cannot_win(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A non-dealer dealt one 提 holds 19 = 19 + 1 - 1 until it skips a discard; it cannot win until back on count.
    payload = hand(melds=melds("ti 壹壹壹壹"), hand="九九九 一二三 四五六 七八 二七十 三", win_card="九", **OTHER)
    r = score_one(monkeypatch, capsys, payload)
    assert r["valid"] is False and r["reason"].startswith("short hand: 19 cards with 1 提/跑, 1 short of 20")


@pytest.mark.parametrize(
    ("options", "points"),
    [
        ({"settlement": "losers_pay"}, {"0": -15, "1": 30, "2": -15}),
        ({"settlement": "zero_sum_round"}, {"0": 0, "1": 15, "2": 0}),  # settled at the end of the 轮, not per hand
    ],
)
def test_settlement_options(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], options: dict[str, str], points: Any
) -> None:
    r = score_one(monkeypatch, capsys, {**E1, "options": options})
    assert r["score"] == 15 and r["points"] == points


def test_two_players(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    r = score_one(monkeypatch, capsys, {**E8, "players": 2, "from": 0, "options": {"settlement": "losers_pay"}})
    assert r["score"] == 42 and r["points"] == {"0": -42, "1": 42}


def test_bonus_ten(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    assert score_one(monkeypatch, capsys, {**E1, "options": {"bonus_ten": True}})["score"] == 15 + 10  # 自摸
    assert score_one(monkeypatch, capsys, {**E7, "options": {"bonus_ten": True}})["score"] == 36 + 10  # 地胡
    assert score_one(monkeypatch, capsys, {**E3, "options": {"bonus_ten": True}})["score"] == 36


def test_erqishi_off(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # Without 二七十, E1's concealed 二七十 forms nothing.
    r = score_one(monkeypatch, capsys, {**E1, "options": {"erqishi": False}})
    assert r == {"valid": False, "rules": "bohu", "reason": "no decomposition"}


def test_rules_from_the_command_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    payload = {k: v for k, v in E2.items() if k != "rules"}
    assert score_one(monkeypatch, capsys, payload, "--rules", "bohu")["score"] == 72
    assert score_one(monkeypatch, capsys, payload, "--rules=bohu")["score"] == 72


def test_jsonl_both_games(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    guilin = {
        "rules": "guilin",
        "players": 3,
        "dealer": 0,
        "winner": 1,
        "melds": [{"kind": "peng", "cards": "捌捌捌"}, {"kind": "chi", "cards": "壹贰叁"}],
        "hand": "五五五六七八二七十玖玖九三四",
        "win_card": "二",
        "source": "own_draw",
        "from": 1,
        "xing": "七肆",
    }
    lines = [json.dumps(p, ensure_ascii=False) for p in (E2, guilin, {**E2, "players": 4}, E3A)]
    status, out, err = run(monkeypatch, capsys, "\n".join(lines), "--jsonl")
    assert status == 2 and err.count("\n") == 1 and "line 3" in err
    assert out[0]["score"] == 72 and out[1]["duo"] == 5
    assert list(out[2]) == ["error"]
    assert out[3] == {"valid": False, "rules": "bohu", "reason": "below minimum: 9 < 10"}


def test_real_subprocess() -> None:
    payload = {k: v for k, v in E2.items() if k != "rules"}
    proc = subprocess.run(
        [sys.executable, "-m", "zipai_desktop.cli", "score", "--rules", "bohu"],
        input=json.dumps(payload, ensure_ascii=False).encode("utf-8"),
        capture_output=True,
        cwd=REPO,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    lines = proc.stdout.decode("utf-8").splitlines()
    assert len(lines) == 1
    r = json.loads(lines[0])
    assert (r["rules"], r["hu"], r["fan"], r["score"], r["special"]) == ("bohu", 24, 3, 72, ["yi_ke_zhu"])
    assert r["points"] == {"0": 0, "1": 72, "2": 0}
    assert "壹壹壹壹" in lines[0]  # ensure_ascii=False: glyphs, not \u escapes


# ---------------------------------------------------------------------------------------------------------------------
# Malformed input: exit 2, a one-line message on stderr, nothing on stdout.


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({**E1, "melds": melds("sao 叁叁叁", "chi 一二三")}, 'melds[0]: unknown meld kind "sao" (bohu: chi, peng, wei'),
        ({**E1, "melds": melds("peng 叁叁叁", "long 一二三")}, 'melds[1]: unknown meld kind "long"'),
        ({**E1, "melds": melds("chou_wei 叁叁叁", "chi 一二三")}, 'unknown meld kind "chou_wei"'),
        ({**E1, "players": 4}, "bohu is played by 2 or 3 active players, not 4"),
        ({**E1, "players": 1}, "not 1"),
        ({**E1, "winner": 2, "players": 2}, "winner 2 is not a seat (seats are 0..1 for 2 players)"),
        ({**E1, "hand": "捌捌捌 四五六 柒柒七 二七十 九九九九"}, "5 copies of 九"),
        ({**E1, "melds": melds("peng 叁叁叁", "chi 一二三"), "win_card": "叁", "hand": E1["hand"] + "叁"}, "5 copies"),
        ({**E1, "hand": "捌捌捌 四五六 柒柒七 二七十 九 五"}, "card count: the winner holds 20 cards"),
        ({**E1, "hand": "捌捌捌 四五六 柒柒七 二七十"}, "card count: the winner holds 18 cards"),
        ({**E2, "hand": "九九九 一二三 四五 八八 五"}, "but with 1 提/跑 the rules require 19 to 20"),
        ({**E2, "dealer": 1, "winner": 1, "hand": "九九九 一二三 四五 八"}, "the rules require 20"),
        ({**E6, "hand": E6["hand"] + "三"}, "card count: the dealer holds 21 cards from the deal"),
        ({**E6, "winner": 1}, "card count: a non-dealer holds 20 cards from the deal"),
        ({**E1, "hand": "捌捌捌捌 四五六 柒柒七 二七十", "win_card": "九"}, "the hand holds four 捌"),
        ({**E1, "melds": melds("peng 叁叁叁", "chi 一二四")}, "melds[1]: 一二四 is not a 吃 group"),
        ({**E1, "melds": melds("wei 叁叁二", "chi 一二三")}, "melds[0]: a wei is 3 identical cards"),
        ({**E2, "melds": melds("ti 壹壹壹", "wei 捌捌捌", "chi 肆伍陆")}, "melds[0]: a ti is 4 identical cards"),
        ({**E1, "melds": melds("pao 叁叁叁叁叁", "chi 一二三")}, "a pao is 4 identical cards"),
        (
            {
                **E1,
                "options": {"erqishi": False},
                "melds": melds("peng 叁叁叁", "chi 二七十"),
                "hand": "捌捌捌四五六柒柒七一二三九",
            },
            "melds[1]: 二七十 is not a 吃 group with the option erqishi false",
        ),
        ({**E1, "xing": "七"}, "unknown field 'xing' (bohu fields:"),
        ({**E1, "options": {"min_hu": 10}}, "unknown option 'min_hu'"),
        ({**E1, "options": {"min_huxi": 12}}, "option 'min_huxi' takes one of [10, 15], not 12"),
        ({**E1, "first_discard": True}, "first_discard (地胡) is a win on a discard, not source own_draw"),
        ({**E7, "from": 2}, "first_discard (地胡) is the dealer's first discard; from 2 is not the dealer"),
        (
            {**E7, "melds": melds("chi 一二三"), "hand": "拾拾拾 六六六 肆伍陆 七八 贰贰二 五五"},
            "first_discard (地胡): nobody has melds but an initial 提",
        ),
        ({**E6, "melds": melds("peng 三三三")}, "a win from the deal (source deal) has no melds but the initial 提"),
        ({**E6, "winner": 1, "win_card": "三"}, "the dealer's 亮张, but the winner is not the dealer"),
        ({k: v for k, v in E1.items() if k != "win_card"}, "missing field 'win_card'"),
        ({k: v for k, v in E3.items() if k != "from"}, "missing field 'from'"),
        ({**E1, "hand": "捌捌捌 四五六 柒柒七 二七十 X"}, "hand: unknown card glyph 'X'"),
    ],
)
def test_malformed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], payload: Any, message: str
) -> None:
    status, out, err = run(monkeypatch, capsys, payload)
    assert status == 2
    assert out == []
    assert message in err
    assert err.startswith("zipai score: ") and err.count("\n") == 1


def test_rules_flag_disagreeing_with_the_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(monkeypatch, capsys, E1, "--rules", "guilin")
    assert (status, out) == (2, [])
    assert "--rules guilin but the input says rules 'bohu'" in err


# ---------------------------------------------------------------------------------------------------------------------
# The card-count rule on its own.


@pytest.mark.parametrize("payload", list(VALID.values()))
def test_every_vector_passes_the_count_rule(payload: dict[str, Any]) -> None:
    kinds = [Meld(MeldKind(m["kind"]), tuple(parse_cards(m["cards"]))) for m in payload["melds"]]
    problem = bohu_held_problem(
        to_counts(parse_cards(payload["hand"])),
        kinds,
        Source(payload["source"]),
        is_dealer=payload["winner"] == payload["dealer"],
    )
    assert problem is None


def test_count_rule_short_players() -> None:
    ti = Meld(MeldKind.TI, (0,) * 4)
    ti2 = Meld(MeldKind.TI, (1,) * 4)
    pao = Meld(MeldKind.PAO, (2,) * 4)

    def problem(in_hand: int, melds: list[Meld], *, dealer: bool, short_player: str = "skip_discard") -> str | None:
        counts = [0] * 20
        for i in range(in_hand):
            counts[10 + i % 10] += 1
        return bohu_held_problem(counts, melds, Source.OWN_DRAW, is_dealer=dealer, short_player=short_player)

    assert problem(19, [], dealer=False) is None
    assert problem(16, [ti], dealer=False) is None  # on count: 20 = 19 + 1
    assert problem(15, [ti], dealer=False) is None  # short by its one initial 提
    assert problem(15, [ti], dealer=True) is not None  # the dealer, dealt one more, is never short with one 提
    assert problem(15, [ti], dealer=False, short_player="replacement") is not None
    assert problem(13, [ti, ti2], dealer=False) is None  # on count: 21 = 19 + 2
    assert problem(11, [ti, ti2], dealer=False) is None  # 21 - 2
    assert problem(10, [ti, ti2], dealer=False) is not None
    assert problem(12, [ti, ti2], dealer=True) is None  # 21 - 1
    assert problem(11, [ti, ti2], dealer=True) is not None
    assert problem(14, [ti, ti2], dealer=True) is not None
    assert problem(15, [pao], dealer=False) is not None  # a 跑 is never made from the deal: no shortfall
    assert problem(16, [pao], dealer=False) is None


def test_count_rule_at_the_deal() -> None:
    ti = Meld(MeldKind.TI, (0,) * 4)

    def problem(in_hand: int, melds: list[Meld], *, dealer: bool, short_player: str = "skip_discard") -> str | None:
        counts = [0] * 20
        for i in range(in_hand):
            counts[10 + i % 10] += 1
        return bohu_held_problem(counts, melds, Source.DEAL, is_dealer=dealer, short_player=short_player)

    assert problem(20, [], dealer=True) is None
    assert problem(16, [ti], dealer=True) is None  # 20 with the 提
    assert problem(19, [], dealer=False) is None
    assert problem(15, [ti], dealer=False) is None
    assert problem(16, [ti], dealer=False) is not None
    assert problem(16, [ti], dealer=False, short_player="replacement") is None  # dealt a replacement card
    assert problem(16, [ti], dealer=True, short_player="replacement") is None
