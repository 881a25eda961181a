"""The bounded JSON reader's fast path gives exactly what the careful path gives: the same value or the same message.

``jsonsafe.loads`` decodes most inputs with the C decoder alone, after a scan of the text has shown that no limit can
be broken (no long digit run, few brackets, no surrogate or escape of one); everything else goes the careful way
(integers counted as read, the value walked). Here both are run on generated JSON, on JSON near every limit and on
mangled text, with random limits, and must agree.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zipai_desktop.engine import jsonsafe
from zipai_desktop.engine.jsonsafe import JsonInputError, loads

WHAT = "the input"


def outcome(call: Any) -> tuple[str, str]:
    try:
        value = call()
    except JsonInputError as exc:
        return ("error", str(exc))
    return ("value", repr(value))


def careful(data: str | bytes, max_bytes: int, max_depth: int, max_int_digits: int) -> tuple[str, str]:
    def run() -> Any:
        if len(data) > max_bytes:
            raise JsonInputError(jsonsafe._size_problem(len(data), max_bytes, WHAT))
        return jsonsafe._loads_careful(jsonsafe._text(data, WHAT), WHAT, max_depth, max_int_digits)

    return outcome(run)


def same(data: str | bytes, max_bytes: int = 1 << 20, max_depth: int = 64, max_int_digits: int = 1000) -> None:
    fast = outcome(
        lambda: loads(data, what=WHAT, max_bytes=max_bytes, max_depth=max_depth, max_int_digits=max_int_digits)
    )
    assert fast == careful(data, max_bytes, max_depth, max_int_digits), data


# JSON values with what the limits are about: big integers, floats up to infinity, deep nesting, any text (lone
# surrogates included, which json.dumps writes as escapes).
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**60), max_value=10**60),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=20),
    st.sampled_from(["一二三", "捌捌捌", "\ud800", "x\udfffy", "\u2028", "\ufeff"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=30,
)
limits = st.fixed_dictionaries(
    {
        "max_bytes": st.integers(min_value=1, max_value=400),
        "max_depth": st.integers(min_value=0, max_value=8),
        "max_int_digits": st.integers(min_value=1, max_value=40),
    }
)


@settings(max_examples=400, deadline=None)
@given(value=values, ascii_only=st.booleans(), as_bytes=st.booleans(), lim=limits)
def test_generated_json_reads_the_same_both_ways(value: Any, ascii_only: bool, as_bytes: bool, lim: Any) -> None:
    text = json.dumps(value, ensure_ascii=ascii_only)
    if as_bytes:
        data: str | bytes = text.encode("utf-8", "surrogatepass")  # a lone surrogate gives bytes that are not UTF-8
    else:
        data = text
    same(data, **lim)
    same(data)  # the default limits: most of these take the fast path


# Mangled text: pieces of JSON, numbers, escapes and brackets in any order.
pieces = st.sampled_from(
    ['{"a": ', "[", "]", "{", "}", ",", ":", '"', "\\", "\\u", "d800", "DC00", "\\ud83c\\udc04", "\\\\ud800",
     "1", "-", "0", "9" * 12, ".5", "e999", "E-5", "NaN", "Infinity", "-Infinity", "true", "null", " ", "\n",
     "\ufeff", "一", "\ud800", "\x00", "'"]
)  # fmt: skip


@settings(max_examples=600, deadline=None)
@given(parts=st.lists(pieces, max_size=30), as_bytes=st.booleans(), lim=limits)
def test_mangled_text_reads_the_same_both_ways(parts: list[str], as_bytes: bool, lim: Any) -> None:
    text = "".join(parts)
    data: str | bytes = text.encode("utf-8", "surrogatepass") if as_bytes else text
    same(data, **lim)
    same(data)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 64 + "]" * 64,
        "[" * 65 + "]" * 65,
        '{"a": [' + "1, " * 30 + '{"b": {}}]}',
        "9" * 1000,
        "9" * 1001,
        "-" + "9" * 1001,
        '"' + "9" * 2000 + '"',  # a long digit run inside a string: careful path, same value
        "1" + "0" * 999 + ".5",
        "1e999",
        '"\\ud800"',
        '"\\\\ud800"',  # an escaped backslash, then text: no surrogate
        '"\\ud83c\\udc04"',
        "\ufeff{}",
        "\ufeff\ufeff{}",
        "",
        " ",
        "[1,]",
        '{"a": 1} x',
    ],
)
def test_inputs_at_each_limit_read_the_same_both_ways(text: str) -> None:
    same(text)
    same(text.encode("utf-8", "surrogatepass"))
    same(text, max_depth=3, max_int_digits=5)


def test_a_plain_hand_is_not_walked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The point of the fast path: a hand line is decoded without the per-value walk or the integer hook."""

    def walked(*args: object) -> None:
        raise AssertionError("walked")

    monkeypatch.setattr(jsonsafe, "_check_tree", walked)
    line = '{"rules": "guilin", "dealer": 0, "winner": 1, "melds": [{"kind": "peng", "cards": "捌捌捌"}]}'
    assert loads(line) == json.loads(line)
    with pytest.raises(AssertionError, match="walked"):
        loads('{"hand": "\\u4e00", "x": "\\ud800"}')  # an escape that may be a surrogate: the careful way
