"""``zipai score`` (docs/contracts/score-cli.md): the worked examples of rules/guilin.md §14 and the malformed cases."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from zipai_desktop import cli
from zipai_desktop.engine.cards import parse_cards, to_counts
from zipai_desktop.engine.melds import Meld, MeldKind
from zipai_desktop.engine.win import Source
from zipai_desktop.tools.score import held_count_problem, main

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


def hand(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"rules": "guilin", "players": 3, "dealer": 0, "winner": 1, "melds": []}
    base.update(fields)
    return base


def melds(*specs: str) -> list[dict[str, str]]:
    return [{"kind": kind, "cards": cards} for kind, cards in (s.split() for s in specs)]


# The worked examples of guilin.md §14, as scorer input. Seat 0 deals; seat 1 wins unless said otherwise.
EX1 = hand(
    melds=melds("peng 捌捌捌", "chi 壹贰叁"),
    hand="五五五六七八二七十玖玖九三四",
    win_card="二",
    source="own_draw",
    **{"from": 1},
    first_discard=False,
    xing="七肆",
    options={"min_hu": 10},
)
EX2 = hand(
    melds=melds("kai_duo 拾拾拾拾", "chi 一二三"),
    hand="陆陆陆 七八九 伍伍五 二二 叁肆",
    win_card="伍",
    source="discard",
    **{"from": 2},
    xing="叁",
)
EX3 = hand(winner=0, hand="壹壹壹 二七十 三三三 四五六 捌玖拾 柒柒七 九九玖", source="deal", xing="五")
EX4 = hand(
    melds=melds("sao_chuan 九九九九", "kai_duo 柒柒柒柒", "peng 贰贰贰"),
    hand="叁叁叁四五六一一七八",
    win_card="六",
    source="own_draw",
    **{"from": 1},
    xing="十肆伍",
)
EX5 = hand(
    dealer=0,
    winner=1,
    melds=melds("chi 三一二", "chi 三四五", "peng 陆陆陆"),
    hand="八八八 壹贰 十十拾 柒捌玖",
    win_card="叁",
    source="other_draw",
    **{"from": 2},
    xing="捌",
)
EX6 = hand(
    melds=melds("chi 贰柒拾", "sao 肆肆肆"),
    hand="玖玖 壹壹壹 三四五 六七八 陆陆六",
    win_card="玖",
    source="discard",
    **{"from": 2},
    xing="二",
)
EX7 = hand(hand="一一一 四四四 柒柒柒 玖玖玖 十十十 二七伍陆八", source="deal", xing="三")
EX8 = hand(
    hand="二十 伍伍伍 三三三 四五六 捌捌八 壹贰叁 五六七",
    win_card="七",
    source="discard",
    **{"from": 0},
    first_discard=True,
    xing="九",
)
EX9 = hand(
    melds=melds("kai_duo 拾拾拾拾", "chi 一二三"),
    hand="陆陆陆 七八九 壹贰叁 伍伍 五五",
    win_card="伍",
    source="discard",
    **{"from": 2},
    xing="十",
)
EX10 = hand(
    melds=melds("peng 二二二", "chi 七八九"),
    hand="陆陆陆陆 叁叁叁 四五六 一一 柒拾",
    win_card="贰",
    source="own_draw",
    **{"from": 1},
    xing="五",
)
# N1: a valid shape worth 9 胡 (一二三 | 四四四 | 二七十 | 五六七 | 捌玖拾 | 伍伍五 | 陆陆六), won on a discarded 三.
N1 = hand(
    hand="一二 四四四 二七十 五六七 捌玖拾 伍伍五 陆陆六", win_card="三", source="discard", **{"from": 0}, xing="五"
)

EXAMPLES = {"1": EX1, "2": EX2, "3": EX3, "4": EX4, "5": EX5, "6a": EX6, "7": EX7, "8": EX8, "9": EX9, "10": EX10}


def score_one(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], payload: Any, *args: str) -> Any:
    status, out, err = run(monkeypatch, capsys, payload, *args)
    assert status == 0, err
    assert err == ""
    assert len(out) == 1
    return out[0]


@pytest.mark.parametrize(
    ("name", "hu", "duo", "parts", "special", "points"),
    [
        ("1", 15, 5, {"hu": 2, "xing": 2, "zimo": 1}, ["zimo"], [-5, 10, -5]),
        ("2", 18, 3, {"hu": 2, "xing": 1}, [], [-0, 6, -6]),
        ("3", 12, 4, {"hu": 1, "xing": 2, "tianhu": 1}, ["tianhu"], [8, -4, -4]),
        ("4", 27, 14, {"hu": 4, "xing": 9, "zimo": 1}, ["zimo"], [-14, 28, -14]),
        ("5", 15, 4, {"hu": 2, "xing": 2}, [], [-4, 8, -4]),
        ("7", 21, 8, {"hu": 3, "xing": 4, "sanlong_wukan": 1}, ["sanlong_wukan"], [-8, 16, -8]),
        ("8", 18, 5, {"hu": 2, "xing": 2, "dihu": 1}, ["dihu"], [-10, 10, 0]),
        ("9", 27, 6, {"hu": 4, "xing": 2}, [], [0, 12, -12]),
        ("10", 25, 7, {"hu": 4, "xing": 2, "zimo": 1}, ["zimo"], [-7, 14, -7]),
    ],
)
def test_worked_examples(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    name: str,
    hu: int,
    duo: int,
    parts: dict[str, int],
    special: list[str],
    points: list[int],
) -> None:
    r = score_one(monkeypatch, capsys, EXAMPLES[name])
    assert r["valid"] is True and r["rules"] == "guilin"
    assert r["hu"] == hu
    assert r["duo"] == duo and r["score"] == duo
    assert r["duo_parts"] == parts
    assert r["special"] == special
    assert r["points"] == {str(seat): p for seat, p in enumerate(points)}
    assert sum(r["points"].values()) == 0
    assert sum(g["hu"] for g in r["groups"]) == hu


def test_example_1_output_shape(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    r = score_one(monkeypatch, capsys, EX1)
    assert list(r) == [
        "valid", "rules", "hu", "groups", "special", "duo", "duo_parts", "xing_cards", "score", "points",
    ]  # fmt: skip
    assert r["xing_cards"] == "七"  # the second 醒 card is not turned
    assert r["groups"][:2] == [
        {"kind": "peng", "cards": "捌捌捌", "hu": 3, "exposed": True},
        {"kind": "chi", "cards": "壹贰叁", "hu": 6, "exposed": True},
    ]
    assert {"kind": "kan", "cards": "五五五", "hu": 3, "exposed": False} in r["groups"]
    concealed = "".join(g["cards"] for g in r["groups"] if not g["exposed"])
    assert sorted(concealed) == sorted("五五五六七八二七十玖玖九三四二")


def test_example_2_pair_and_payer(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    r = score_one(monkeypatch, capsys, EX2)
    assert r["points"] == {"0": 0, "1": 6, "2": -6}  # the discarder alone pays 2T
    assert [g["kind"] for g in r["groups"]].count("pair") == 1
    assert r["xing_cards"] == "叁"


def test_example_3_tianhu_doubling_variant(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    r = score_one(monkeypatch, capsys, {**EX3, "options": {"special_bonus": "double"}})
    assert r["special"] == ["tianhu"] and r["duo"] == 6
    assert r["points"] == {"0": 12, "1": -6, "2": -6}


def test_example_3_with_the_dang_di_as_win_card(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The contract: a win_card with source deal is the 挡底 and counts as part of the hand.
    payload = {**EX3, "hand": "壹壹壹 二七十 三三三 四五 捌玖拾 柒柒七 九九玖", "win_card": "六"}
    r = score_one(monkeypatch, capsys, payload)
    assert (r["hu"], r["duo"], r["special"]) == (12, 4, ["tianhu"])


def test_example_4_xing_wrap_and_reflip(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    r = score_one(monkeypatch, capsys, EX4)
    assert r["xing_cards"] == "十肆"
    cumulative = score_one(monkeypatch, capsys, {**EX4, "options": {"xing_reflip": "cumulative"}})
    assert cumulative["xing_cards"] == "十肆伍"
    assert cumulative["hu"] == 27


@pytest.mark.parametrize(
    ("source", "payer", "hu", "duo", "points"),
    [
        ("discard", 2, 21, 4, {"0": 0, "1": 8, "2": -8}),  # (a) 玖玖玖 as a 碰: X pays 8
        ("other_draw", 2, 21, 4, {"0": -4, "1": 8, "2": -4}),  # (b) 平胡: each pays 4
        ("own_draw", 1, 24, 5, {"0": -5, "1": 10, "2": -5}),  # (c) forced 扫, 自摸
    ],
)
def test_example_6_same_triple_three_ways(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    source: str,
    payer: int,
    hu: int,
    duo: int,
    points: dict[str, int],
) -> None:
    r = score_one(monkeypatch, capsys, {**EX6, "source": source, "from": payer})
    assert (r["hu"], r["duo"], r["points"]) == (hu, duo, points)
    assert r["special"] == (["zimo"] if source == "own_draw" else [])
    triple = next(g for g in r["groups"] if g["cards"] == "玖玖玖")
    assert (triple["kind"], triple["hu"]) == (("sao", 6) if source == "own_draw" else ("peng", 3))


def test_example_9_takes_the_best_split(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    r = score_one(monkeypatch, capsys, EX9)
    assert r["hu"] == 27 and r["duo"] == 6 and r["points"]["2"] == -12
    assert {"kind": "peng", "cards": "伍伍伍", "hu": 3, "exposed": False} in r["groups"]
    assert {"kind": "pair", "cards": "五五", "hu": 0, "exposed": False} in r["groups"]


def test_n1_below_minimum_is_not_a_win(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    r = score_one(monkeypatch, capsys, N1)
    assert r == {"valid": False, "rules": "guilin", "reason": "below minimum: 9 < 10"}


def test_n1_as_a_dealt_hand_is_no_tianhu(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    payload = hand(winner=0, hand=N1["hand"] + "三", source="deal")
    r = score_one(monkeypatch, capsys, payload)
    assert r["valid"] is False and r["reason"].startswith("below minimum: 9 < 10")


def test_accidental_kan_has_no_decomposition(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # §14 Example 8's must-reject version: 陆柒捌 beside 捌捌八 is three 捌, a locked 坎.
    payload = {**EX8, "hand": "二十 伍伍伍 三三三 四五六 捌捌八 壹贰叁 陆柒捌"}
    r = score_one(monkeypatch, capsys, payload)
    assert r == {"valid": False, "rules": "guilin", "reason": "no decomposition"}


def test_non_dealer_deal_win_needs_sanlong_wukan(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Example 3's 21 cards minus the 挡底, dealt to a non-dealer: a complete shape, but only the dealer has 天胡.
    payload = hand(winner=1, hand="壹壹壹 二七十 三三三 四五 捌玖拾 柒柒七 九九玖", source="deal")
    r = score_one(monkeypatch, capsys, payload)
    assert r["valid"] is False and "sanlong_wukan" in r["reason"]


def test_dealer_qualifying_for_tianhu_and_sanlong_wukan(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Procedure P9: the one with the higher score. 天胡 must split 一一壹 (搭) + 二三四 (24 胡, 3 + 1 舵);
    # 三龙五坎 counts the five 坎 and the leftover 一二三 (27 胡, 4 + 1 舵).
    dealt = "一一二三四 壹 五五五 六六六 伍伍伍 陆陆陆 捌捌捌"
    r = score_one(monkeypatch, capsys, hand(winner=0, hand=dealt, source="deal"))
    assert (r["valid"], r["special"], r["hu"], r["duo"]) == (True, ["sanlong_wukan"], 27, 5)
    # Five small 坎 + 二七十 + 六七八: both are 18 胡 and 3 舵; the tie goes to 天胡, as in the game.
    r = score_one(
        monkeypatch, capsys, hand(winner=0, hand="一一一 三三三 四四四 五五五 九九九 二七十 六七八", source="deal")
    )
    assert (r["valid"], r["special"], r["hu"], r["duo"]) == (True, ["tianhu"], 18, 3)
    # The same 坎 with leftovers that form nothing: only 三龙五坎.
    r = score_one(
        monkeypatch, capsys, hand(winner=0, hand="一一一 三三三 四四四 五五五 九九九 贰肆陆捌拾二", source="deal")
    )
    assert (r["valid"], r["special"], r["hu"], r["duo"]) == (True, ["sanlong_wukan"], 15, 3)
    assert r["points"] == {"0": 6, "1": -3, "2": -3}
    assert r["xing_cards"] == "" and r["duo_parts"]["xing"] == 0  # no xing given: the wall was empty


def test_source_deal_dealer_reason_without_any_win(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    payload = hand(winner=0, hand="一一三三五五七七九九 贰贰肆肆陆陆捌捌拾拾 壹", source="deal")
    r = score_one(monkeypatch, capsys, payload)
    assert r == {"valid": False, "rules": "guilin", "reason": "no decomposition, and not sanlong_wukan"}


def test_rules_from_the_command_line(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    payload = {k: v for k, v in EX1.items() if k != "rules"}
    r = score_one(monkeypatch, capsys, payload, "--rules", "guilin")
    assert r["duo"] == 5
    assert score_one(monkeypatch, capsys, payload, "--rules=guilin")["duo"] == 5


def test_through_the_zipai_dispatcher(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(EX10, ensure_ascii=False)))
    assert cli.main(["score"]) == 0
    assert json.loads(capsys.readouterr().out)["duo"] == 7


def test_real_subprocess() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "zipai_desktop.cli", "score"],
        input=json.dumps(EX9, ensure_ascii=False).encode("utf-8"),
        capture_output=True,
        cwd=REPO,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    lines = proc.stdout.decode("utf-8").splitlines()
    assert len(lines) == 1
    r = json.loads(lines[0])
    assert (r["hu"], r["duo"], r["points"]) == (27, 6, {"0": 0, "1": 12, "2": -12})
    assert "拾拾拾拾" in lines[0]  # ensure_ascii=False: glyphs, not \u escapes


def test_real_subprocess_malformed_jsonl() -> None:
    text = json.dumps(EX1, ensure_ascii=False) + "\n{oops\n"
    proc = subprocess.run(
        [sys.executable, "-m", "zipai_desktop.cli", "score", "--jsonl"],
        input=text.encode("utf-8"),
        capture_output=True,
        cwd=REPO,
        timeout=60,
    )
    assert proc.returncode == 2
    out = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
    assert out[0]["duo"] == 5 and list(out[1]) == ["error"]
    assert proc.stderr.decode("utf-8").count("\n") == 1


# ---------------------------------------------------------------------------------------------------------------------
# Malformed input: exit 2, a one-line message on stderr, nothing on stdout.


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ("{not json", "not valid JSON"),
        ("", "no input"),
        ("[1, 2]", "must be a JSON object"),
        (json.dumps(EX1) + "\n" + json.dumps(EX1), "not valid JSON: Extra data"),
        ({**EX1, "hand": "五五五六七八二七十玖玖九三X"}, "hand: unknown card glyph 'X'"),
        ({**EX1, "win_card": "Z"}, "win_card: unknown card glyph 'Z'"),
        ({**EX1, "xing": "七q"}, "xing: unknown card glyph 'q'"),
        ({**EX1, "melds": melds("peng 捌捌捌", "wei 壹壹壹")}, 'melds[1]: unknown meld kind "wei"'),
        ({**EX1, "melds": melds("peng 捌捌捌", "gang 壹壹壹")}, 'unknown meld kind "gang"'),
        ({**EX1, "melds": melds("peng 捌捌捌", "chi 壹贰肆")}, "melds[1]: 壹贰肆 is not a 吃 group"),
        ({**EX1, "melds": melds("peng 捌捌玖", "chi 壹贰叁")}, "melds[0]: a peng is 3 identical cards"),
        ({**EX2, "melds": melds("kai_duo 拾拾拾", "chi 一二三")}, "melds[0]: a kai_duo is 4 identical cards"),
        ({**EX1, "melds": melds("peng 五五五", "chi 壹贰叁")}, "6 copies of 五"),
        ({**EX1, "xing": "七五五"}, "5 copies of 五"),
        ({**EX1, "winner": 3}, "winner 3 is not a seat"),
        ({**EX1, "dealer": -1}, "dealer -1 is not a seat"),
        ({**EX2, "from": 7}, "from 7 is not a seat"),
        ({**EX1, "players": 4}, "guilin is played by 3 players, not 4"),
        ({**EX1, "options": {"min_hu": 10, "max_fan": 3}}, "unknown option 'max_fan'"),
        ({**EX1, "options": {"min_hu": 12}}, "option 'min_hu' takes one of [10, 15], not 12"),
        ({**EX1, "options": [1]}, "options must be a JSON object"),
        ({**EX1, "hand": "五五五六七八二七十玖玖九三"}, "card count: the winner holds 19 cards"),
        ({**EX2, "melds": melds("peng 拾拾拾", "chi 一二三")}, "holds 19 cards before the win card"),
        ({k: v for k, v in EX1.items() if k != "winner"}, "missing field 'winner'"),
        ({k: v for k, v in EX1.items() if k != "hand"}, "missing field 'hand'"),
        ({k: v for k, v in EX1.items() if k != "win_card"}, "missing field 'win_card'"),
        ({k: v for k, v in EX2.items() if k != "from"}, "missing field 'from'"),
        ({k: v for k, v in EX1.items() if k != "rules"}, "no rules"),
        ({**EX1, "dealer": "0"}, 'dealer must be a whole number, not "0"'),
        ({**EX1, "winner": True}, "winner must be a whole number"),
        ({**EX1, "hand": 5}, "hand must be a string of card glyphs"),
        ({**EX1, "melds": "peng 捌捌捌"}, "melds must be a list"),
        ({**EX1, "first_discard": "no"}, "first_discard must be true or false"),
        ({**EX1, "win_card": "二三"}, "win_card must be one card"),
        ({**EX1, "source": "ron"}, "source must be one of own_draw, other_draw, discard, deal"),
        ({**EX1, "from": 2}, "from 2 must be the winner (1) for source own_draw"),
        ({**EX2, "from": 1}, "from 1 is the winner: source discard needs another seat"),
        ({**EX8, "from": 2}, "first_discard (地胡) is the dealer's first discard; from 2 is not the dealer"),
        ({**EX1, "first_discard": True}, "first_discard (地胡) is a win on a discard"),
        ({**EX3, "melds": melds("peng 捌捌捌")}, "a win from the deal (source deal) has no melds"),
        ({**EX7, "win_card": "六"}, "the winner is not the dealer"),
        ({**EX3, "hand": EX3["hand"] + "八"}, "card count: the dealer holds 22 cards from the deal"),
        ({**EX1, "rules": "bohu"}, "unknown field 'xing'"),
        ({**EX1, "rules": "mahjong"}, "unknown rules 'mahjong'"),
        ({**EX1, "win-card": "二"}, "unknown field 'win-card'"),
        ({**EX1, "melds": [{"kind": "peng", "cards": "捌捌捌", "from": 0}]}, "melds[0]: unknown field 'from'"),
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
    status, out, err = run(monkeypatch, capsys, EX1, "--rules", "bohu")
    assert (status, out) == (2, [])
    assert "--rules bohu but the input says rules 'guilin'" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bogus"], "unrecognised argument '--bogus'"),
        (["hand.json"], "unrecognised argument 'hand.json'"),
        (["--rules"], "--rules needs a value"),
        (["--rules", "mahjong"], "unknown rules 'mahjong'"),
    ],
)
def test_bad_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = run(monkeypatch, capsys, EX1, *args)
    assert (status, out) == (2, [])
    assert message in err and "usage: zipai score" in err


def test_help(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["--help"]) == 0
    assert "usage: zipai score" in capsys.readouterr().out


# ---------------------------------------------------------------------------------------------------------------------
# --jsonl


def test_jsonl_mixes_good_and_bad_lines(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [
        json.dumps(EX1, ensure_ascii=False),
        "",
        "{broken",
        json.dumps(N1, ensure_ascii=False),
        json.dumps({**EX2, "hand": EX2["hand"] + "X"}, ensure_ascii=False),
        "   ",
        json.dumps(EX9, ensure_ascii=False),
    ]
    status, out, err = run(monkeypatch, capsys, "\n".join(lines) + "\n", "--jsonl")
    assert status == 2
    assert len(out) == 5  # blank lines are skipped, every other line answers in order
    assert out[0]["duo"] == 5
    assert list(out[1]) == ["error"] and out[1]["error"].startswith("the input is not valid JSON")
    assert out[2] == {"valid": False, "rules": "guilin", "reason": "below minimum: 9 < 10"}
    assert out[3] == {"error": "hand: unknown card glyph 'X'"}
    assert out[4]["hu"] == 27
    assert err.splitlines() == [
        f"zipai score: line 3: {out[1]['error']}",
        "zipai score: line 5: hand: unknown card glyph 'X'",
    ]


def test_jsonl_all_good_is_exit_0(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    text = "\n".join(json.dumps(e, ensure_ascii=False) for e in EXAMPLES.values())
    status, out, err = run(monkeypatch, capsys, text, "--jsonl")
    assert (status, err) == (0, "")
    assert [r["duo"] for r in out] == [5, 3, 4, 14, 4, 4, 8, 5, 6, 7]


def test_single_object_may_span_lines(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    r = score_one(monkeypatch, capsys, json.dumps(EX1, ensure_ascii=False, indent=2))
    assert r["duo"] == 5


# ---------------------------------------------------------------------------------------------------------------------
# The card-count rule on its own.


def _parse(cards: str) -> list[int]:
    return to_counts(parse_cards(cards))


def _melds(specs: list[dict[str, str]]) -> list[Meld]:
    return [Meld(MeldKind(m["kind"]), tuple(parse_cards(m["cards"]))) for m in specs]


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_every_worked_example_passes_the_count_rule(name: str) -> None:
    ex = EXAMPLES[name]
    counts = _parse(ex["hand"])
    is_dealer = ex["winner"] == ex["dealer"]
    assert held_count_problem(counts, _melds(ex["melds"]), Source(ex["source"]), is_dealer=is_dealer) is None


def test_count_rule_during_play() -> None:
    kai_duo = _melds(melds("kai_duo 拾拾拾拾"))
    play = Source.DISCARD
    twenty = "一二三四五六七八九十 壹贰叁肆伍陆柒捌玖拾"
    assert held_count_problem(_parse(twenty), [], play, is_dealer=False) is None  # Q = 0: 20
    assert held_count_problem(_parse(twenty[:-1]), [], play, is_dealer=False) is not None  # 19
    assert held_count_problem(_parse(twenty + "一"), [], play, is_dealer=True) is not None  # 21: the dealer too
    assert held_count_problem(_parse("一二三四五六七八九十壹贰叁肆伍陆"), kai_duo, play, is_dealer=False) is None
    # Q = 2 (a 龙 in hand + an exposed quad, 重舵): 21.
    long_hand = _parse("陆陆陆陆 二三四 二三四 二三四 五")
    assert held_count_problem(long_hand, kai_duo, play, is_dealer=False) == (
        "card count: the winner holds 18 cards before the win card (hand 14 + melds 4), "
        "but with 2 quads the rules require 21"
    )
    assert held_count_problem(_parse("陆陆陆陆 二三四 二三四 二三四 五六七 一"), kai_duo, play, is_dealer=False) is None
    # skip_discard: a player dealt two 龙 may still be one card short.
    short = _parse("陆陆陆陆 二三四 二三四 二三四 五六七")
    assert held_count_problem(short, kai_duo, play, is_dealer=False) is not None
    assert held_count_problem(short, kai_duo, play, is_dealer=False, two_long="skip_discard") is None


def test_count_rule_at_the_deal() -> None:
    deal = Source.DEAL
    three_longs = "一一一一 四四四四 柒柒柒柒 二三五六七八九十"  # 3 龙, 20 cards
    assert held_count_problem(_parse(three_longs), [], deal, is_dealer=False) is None
    assert held_count_problem(_parse(three_longs + "贰"), [], deal, is_dealer=False) is None  # extra card: 3rd 龙
    assert held_count_problem(_parse(three_longs + "贰"), [], deal, is_dealer=True) is None
    assert held_count_problem(_parse(three_longs + "贰贰"), [], deal, is_dealer=True) is None
    assert held_count_problem(_parse(three_longs + "贰贰贰"), [], deal, is_dealer=True) is not None  # 23: never
    two_longs = "一一一一 四四四四 二三五六七八九十 壹贰叁肆"  # 2 龙, 20 cards
    assert held_count_problem(_parse(two_longs), [], deal, is_dealer=False) is not None  # owed the extra card
    assert held_count_problem(_parse(two_longs), [], deal, is_dealer=False, two_long="skip_discard") is None
    assert held_count_problem(_parse(two_longs + "伍"), [], deal, is_dealer=False) is None
    assert held_count_problem(_parse(two_longs + "伍"), [], deal, is_dealer=True) is None  # 挡底 made the 2nd 龙
    assert held_count_problem(_parse(two_longs + "伍陆"), [], deal, is_dealer=True) is None
    assert held_count_problem(_parse(two_longs + "伍陆"), [], deal, is_dealer=False) is not None
    assert held_count_problem(_parse(EX3["hand"]), [], deal, is_dealer=False) is not None  # 21 for a non-dealer
    assert held_count_problem(_parse(EX7["hand"]), [], deal, is_dealer=True) is not None  # 20 for the dealer
