"""``zipai score`` on bad input: exit 0 with a result or exit 2 with one short line, never a traceback.

The listed cases of issue #11 (a list where a string belongs, deep nesting, a 4,301-digit number, a lone surrogate, a
10 MB field) and then fuzzing: random JSON values in every field of a valid hand of each game, random meld lists, hands
built from random glyphs, random bytes, and --jsonl streams mixing good and bad lines.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zipai_desktop.tools.score import main

REPO = Path(__file__).resolve().parents[2]

# The contract's example (guilin) and bohu.md §18 vector 1: valid wins, to be spoiled one field at a time.
GUILIN = {
    "rules": "guilin", "options": {"min_hu": 10}, "players": 3, "dealer": 0, "winner": 1,
    "melds": [{"kind": "peng", "cards": "捌捌捌"}, {"kind": "chi", "cards": "壹贰叁"}],
    "hand": "五五五六七八二七十玖玖九三四", "win_card": "二", "source": "own_draw", "from": 1,
    "first_discard": False, "xing": "七肆",
}  # fmt: skip
BOHU = {
    "rules": "bohu", "players": 3, "dealer": 0, "winner": 1,
    "melds": [{"kind": "peng", "cards": "叁叁叁"}, {"kind": "chi", "cards": "一二三"}],
    "hand": "捌捌捌 四五六 柒柒七 二七十 九", "win_card": "九", "source": "own_draw", "from": 1,
}  # fmt: skip
GLYPHS = "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾"


def run(stdin: bytes, *args: str) -> tuple[int, str, str]:
    """``zipai score ARGS`` in-process on real byte streams (UTF-8, strict): (status, stdout, stderr)."""
    out, err = io.BytesIO(), io.BytesIO()
    out_text = io.TextIOWrapper(out, encoding="utf-8", errors="strict", write_through=True)
    err_text = io.TextIOWrapper(err, encoding="utf-8", errors="strict", write_through=True)
    old_stdin = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with redirect_stdout(out_text), redirect_stderr(err_text):
            status = main(list(args))
    finally:
        sys.stdin = old_stdin
    return status, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8")


def check_one(stdin: bytes) -> tuple[int, str, str]:
    """The contract for one object: exit 0 and one result line, or exit 2, no output and one short stderr line."""
    status, out, err = run(stdin)
    if status == 0:
        (line,) = out.splitlines()
        result = json.loads(line)
        assert isinstance(result["valid"], bool) and result["rules"] in ("guilin", "bohu")
        assert err == ""
    else:
        assert status == 2, (status, err)
        assert out == ""
        assert err.startswith("zipai score: ") and err.count("\n") == 1 and err.endswith("\n")
        assert len(err) < 600, err[:200]
    return status, out, err


def encode(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")


# ---------------------------------------------------------------------------------------------------------------------
# The cases of the issue, each a traceback before.


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({**GUILIN, "source": []}, "source must be one of own_draw, other_draw, discard, deal, not []"),
        ({**BOHU, "source": {"a": 1}}, 'source must be one of own_draw, other_draw, discard, deal, not {"a": 1}'),
        ({**GUILIN, "melds": [{"kind": [], "cards": "捌捌捌"}]}, "melds[0]: unknown meld kind []"),
        ({**BOHU, "melds": [{"kind": {"x": 1}, "cards": "捌捌捌"}]}, 'melds[0]: unknown meld kind {"x": 1}'),
        ({**GUILIN, "options": {"min_hu": [10]}}, "option 'min_hu' takes one of [10, 15], not [10]"),
        ({**GUILIN, "options": False}, "options must be a JSON object"),
        ({**GUILIN, "options": []}, "options must be a JSON object"),
    ],
)
def test_a_list_or_object_where_a_string_belongs(payload: dict[str, Any], message: str) -> None:
    status, _, err = check_one(encode(payload))
    assert status == 2 and message in err


def test_nesting_a_thousand_deep() -> None:
    for nested in ("[" * 1000 + "]" * 1000, '{"a":' * 1000 + "1" + "}" * 1000):
        payload = json.dumps(GUILIN, ensure_ascii=False)[:-1] + ', "hand": ' + nested + "}"
        status, _, err = check_one(payload.encode("utf-8"))
        assert status == 2 and "nested deeper than 64 arrays / objects" in err


def test_an_integer_of_4301_digits() -> None:
    payload = json.dumps(GUILIN)[:-1] + ', "winner": ' + "1" * 4301 + "}"
    status, _, err = check_one(payload.encode("utf-8"))
    assert status == 2 and "a number of 4,301 digits" in err
    # Under the reader's limit but still no seat: the message shows the number's size, not its 999 digits.
    status, _, err = check_one((json.dumps(GUILIN)[:-1] + ', "winner": ' + "7" * 999 + "}").encode("utf-8"))
    assert status == 2 and "winner a number of 999 digits is not a seat" in err


def test_a_lone_surrogate_in_jsonl_mode_is_an_error_line() -> None:
    good = json.dumps(GUILIN, ensure_ascii=False)
    bad = json.dumps({**GUILIN, "hand": "五\ud800"}, ensure_ascii=True)  # "\ud800" as an escape: legal JSON text
    bad_key = json.dumps({**GUILIN, "\udc00": 1}, ensure_ascii=True)
    status, out, err = run(f"{good}\n{bad}\n{bad_key}\n{good}\n".encode(), "--jsonl")
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 2 and len(lines) == 4
    assert lines[0] == lines[3] and lines[0]["valid"] is True
    assert "lone surrogate" in lines[1]["error"] and "lone surrogate" in lines[2]["error"]
    assert err.count("\n") == 2 and "line 2:" in err and "line 3:" in err


def test_a_10_mb_field_gives_a_short_error() -> None:
    status, _, err = check_one(encode({**GUILIN, "hand": "X" * 10_000_000}))
    assert status == 2 and "the input is more than the 1,048,576 bytes a hand can be" in err and len(err) < 200
    # Under the size limit, the value is still quoted at about 80 characters.
    for field in ("hand", "source", "rules", "win_card"):
        status, _, err = check_one(encode({**GUILIN, field: ["X" * 500_000]}))
        assert status == 2 and len(err) < 300, err[:300]
    status, _, err = check_one(encode({**GUILIN, "Y" * 500_000: 1}))
    assert status == 2 and "unknown field 'YYYY" in err and "(500,000 characters)" in err and len(err) < 400


@pytest.mark.parametrize("base", [GUILIN, BOHU], ids=["guilin", "bohu"])
@pytest.mark.parametrize("kind", ["peng", "chi"])
@pytest.mark.parametrize("jsonl", [False, True], ids=["one", "jsonl"])
def test_a_meld_of_300000_glyphs_is_quoted_at_80_like_every_value(base: dict[str, Any], kind: str, jsonl: bool) -> None:
    """The meld's cards are quoted at most 80 glyphs, then how many there were (before: 357 glyphs, clipped only
    with the whole message)."""
    request = {**base, "melds": [{"kind": kind, "cards": "一" * 300_000}]}
    status, out, err = run(encode(request) + b"\n", *(["--jsonl"] if jsonl else []))
    assert status == 2 and err.count("\n") == 1
    assert err.count("一") == 80 and "一" * 80 + "… (300,000 cards)" in err, err[:200]
    if jsonl:  # the error line in place of the result says the same
        assert json.loads(out)["error"] in err


def test_non_utf8_bytes_and_control_characters() -> None:
    status, _, err = check_one(b'{"rules": "guilin", "hand": "\xff"}')
    assert status == 2 and "not UTF-8 text (invalid start byte at byte 29)" in err
    status, _, err = check_one(encode({**GUILIN, "rules": "\x1b[2J"}))
    assert status == 2 and "\x1b" not in err and r"'\x1b[2J'" in err


def test_jsonl_line_too_long_is_skipped_and_the_next_line_still_scored() -> None:
    good = json.dumps(GUILIN, ensure_ascii=False).encode("utf-8")
    status, out, err = run(b"[" + b"1," * 600_000 + b"1]\n" + good + b"\n", "--jsonl")
    lines = [json.loads(line) for line in out.splitlines()]
    assert status == 2 and len(lines) == 2
    assert lines[0] == {"error": "the line is longer than the 1,048,576 bytes a hand can be"}
    assert lines[1]["valid"] is True


def test_real_subprocess_surrogate_and_deep_nesting() -> None:
    """The same through the installed command's path: no traceback reaches stderr."""
    good = json.dumps(GUILIN, ensure_ascii=False)
    text = "\n".join([good, '{"hand": "\\ud800"}', "[" * 5000, '{"source": []}', good]) + "\n"
    proc = subprocess.run(
        [sys.executable, "-m", "zipai_desktop.cli", "score", "--jsonl", "--rules", "guilin"],
        input=text.encode("utf-8"),
        capture_output=True,
        cwd=REPO,
        timeout=60,
    )
    stderr = proc.stderr.decode("utf-8")
    assert proc.returncode == 2 and "Traceback" not in stderr
    lines = [json.loads(line) for line in proc.stdout.decode("utf-8").splitlines()]
    assert [sorted(x) == ["error"] for x in lines] == [False, True, True, True, False]
    assert len(stderr.splitlines()) == 3


# ---------------------------------------------------------------------------------------------------------------------
# Fuzzing.

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
glyph_text = st.text(alphabet=GLYPHS + " ", max_size=24)
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(base=st.sampled_from([GUILIN, BOHU]), data=st.data())
def test_fuzz_every_field_with_any_json_value(base: dict[str, Any], data: st.DataObject) -> None:
    field = data.draw(st.sampled_from(sorted(base) + ["options", "extra"]))
    spoiled = {**base, field: data.draw(json_values)}
    check_one(encode(spoiled))


@FUZZ
@given(base=st.sampled_from([GUILIN, BOHU]), data=st.data())
def test_fuzz_inside_melds_and_options(base: dict[str, Any], data: st.DataObject) -> None:
    melds = [dict(m) for m in base["melds"]]
    where = data.draw(st.integers(0, len(melds) - 1))
    melds[where][data.draw(st.sampled_from(["kind", "cards", "from"]))] = data.draw(json_values)
    options = {data.draw(st.sampled_from(["min_hu", "min_huxi", "erqishi", "two_long", "settlement"])): data.draw(
        json_values)}  # fmt: skip
    check_one(encode({**base, "melds": melds}))
    check_one(encode({**base, "options": options}))


@FUZZ
@given(
    rules=st.sampled_from(["guilin", "bohu"]),
    hand=glyph_text,
    melds=st.lists(
        st.fixed_dictionaries(
            {"kind": st.sampled_from(["chi", "peng", "sao", "guo_sao", "sao_chuan", "kai_duo", "long", "wei", "ti",
                                      "pao"]),
             "cards": st.text(alphabet=GLYPHS, min_size=3, max_size=4)}
        ),
        max_size=5,
    ),
    win_card=st.none() | st.sampled_from(list(GLYPHS)),
    source=st.sampled_from(["own_draw", "other_draw", "discard", "deal"]),
    seats=st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3)),
    players=st.sampled_from([2, 3, 4]),
    first_discard=st.booleans(),
    xing=glyph_text,
)  # fmt: skip
def test_fuzz_hands_of_random_glyphs(
    rules: str,
    hand: str,
    melds: list[dict[str, str]],
    win_card: str | None,
    source: str,
    seats: tuple[int, int, int],
    players: int,
    first_discard: bool,
    xing: str,
) -> None:
    """Consistent enough to reach the win check now and then: the engine itself must not fail on what it is given."""
    payload: dict[str, Any] = {
        "rules": rules, "players": players, "dealer": seats[0], "winner": seats[1], "from": seats[2], "melds": melds,
        "hand": hand, "win_card": win_card, "source": source, "first_discard": first_discard,
    }  # fmt: skip
    if rules == "guilin":
        payload["xing"] = xing
    check_one(encode(payload))


@FUZZ
@given(st.binary(max_size=300))
def test_fuzz_random_bytes(data: bytes) -> None:
    check_one(data)
    check_one(json.dumps(GUILIN, ensure_ascii=False).encode("utf-8")[: len(data)] + data)


@FUZZ
@given(
    st.lists(st.sampled_from(["good", "bohu", "blank", "bytes", "value", "deep"]), min_size=1, max_size=8), st.data()
)
def test_fuzz_jsonl_every_line_answers_in_order(kinds: list[str], data: st.DataObject) -> None:
    lines: list[bytes] = []
    for kind in kinds:
        if kind == "good":
            lines.append(encode(GUILIN))
        elif kind == "bohu":
            lines.append(encode(BOHU))
        elif kind == "blank":
            lines.append(b"   ")
        elif kind == "bytes":
            lines.append(data.draw(st.binary(min_size=1, max_size=40).filter(lambda b: b"\n" not in b and b.strip())))
        elif kind == "value":
            lines.append(encode(data.draw(json_values)))
        else:
            lines.append(b"[" * 3000)
    status, out, err = run(b"\n".join(lines) + b"\n", "--jsonl")
    answers = [json.loads(line) for line in out.splitlines()]
    answered = [kind for kind, line in zip(kinds, lines, strict=True) if line.strip()]
    assert len(answers) == len(answered)
    errors = 0
    for kind, answer in zip(answered, answers, strict=True):
        if kind in ("good", "bohu"):
            assert answer["valid"] is True
        elif "error" in answer:
            assert list(answer) == ["error"] and 0 < len(answer["error"]) < 500
            errors += 1
    assert status == (2 if errors else 0)
    assert len(err.splitlines()) == errors


@FUZZ
@given(
    rules=st.sampled_from(["guilin", "bohu"]),
    deck=st.permutations([g for g in GLYPHS for _ in range(4)]),
    chis=st.integers(0, 2),
    source=st.sampled_from(["own_draw", "other_draw"]),
)
def test_fuzz_hands_of_the_right_count_reach_the_win_check(rules: str, deck: list[str], chis: int, source: str) -> None:
    """Random cards dealt to the count the rules require (with 吃 melds in sequence): the scorer answers every one."""
    melds = [{"kind": "chi", "cards": s} for s in ("一二三", "肆伍陆")[:chis]]
    rest = list(deck)
    for meld in melds:
        for card in meld["cards"]:
            rest.remove(card)
    size = (20 if rules == "guilin" else 19) - 3 * chis
    payload: dict[str, Any] = {
        "rules": rules, "dealer": 0, "winner": 1, "from": 1 if source == "own_draw" else 2, "melds": melds,
        "hand": "".join(rest[:size]), "win_card": rest[size], "source": source,
    }  # fmt: skip
    if rules == "guilin":
        payload["xing"] = "".join(rest[size + 1 : size + 3])
    status, out, err = check_one(encode(payload))
    if status == 2:  # only the count rule can refuse these: a kind held four times changes what the hand must hold
        assert "card count" in err or "four" in err, err
