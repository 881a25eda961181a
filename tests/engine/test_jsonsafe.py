"""Reading outside JSON safely: every bad input is one JsonInputError with a short one-line message."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zipai_desktop.engine.jsonsafe import JsonInputError, load_file, loads, quote, read_file


def refused(data: str | bytes, **limits: int) -> str:
    with pytest.raises(JsonInputError) as info:
        loads(data, what="hand.json", **limits)
    message = str(info.value)
    assert "\n" not in message and len(message) < 200, message
    assert message.startswith("hand.json ")
    return message


def test_good_json_reads_as_json() -> None:
    text = '{"hand": "一二三", "n": [1, 2.5, true, null], "k": {"x": -12}}'
    assert loads(text) == json.loads(text)
    assert loads(text.encode("utf-8")) == json.loads(text)
    assert loads(b"\xef\xbb\xbf" + text.encode("utf-8")) == json.loads(text)  # a BOM from Notepad is fine


def test_nesting_a_thousand_or_a_hundred_thousand_deep_is_refused() -> None:
    assert "nested deeper than 64" in refused("[" * 1000 + "]" * 1000)
    assert "nested deeper than 64" in refused('{"a":' * 100_000)
    assert "nested deeper than 10" in refused("[" * 11 + "]" * 11, max_depth=10)
    assert loads("[" * 10 + "]" * 10, max_depth=10) == [[[[[[[[[[]]]]]]]]]]


def test_an_integer_over_the_digit_limit_is_refused() -> None:
    assert "4,301 digits" in refused("1" * 4301)
    assert "5,000 digits" in refused('{"seed": -' + "9" * 5000 + "}")
    assert loads("9" * 1000) == int("9" * 1000)


def test_not_utf8_not_finite_and_lone_surrogates_are_refused() -> None:
    assert "not UTF-8 text (invalid start byte at byte 1)" in refused(b'"\xff"')
    for text in ("NaN", "[Infinity]", "-Infinity", "1e999"):
        assert "not a finite number" in refused(text)
    assert "lone surrogate" in refused(r'{"hand": "\ud800"}')
    assert "lone surrogate" in refused(r'{"\udfff": 1}')
    assert loads(r'"\ud83c\udc04"') == "\U0001f004"  # a proper surrogate pair is one character


def test_bad_json_says_where() -> None:
    """json's own reason and place (their wording changes between Python versions: 3.13 names a trailing comma)."""
    with pytest.raises(json.JSONDecodeError) as plain:
        json.loads('{"a": 1,}')
    reason, column = plain.value.msg, plain.value.colno
    assert refused('{"a": 1,}') == f"hand.json is not valid JSON: {reason} (line 1, column {column})"
    assert refused("[1,\n 2,,]").startswith("hand.json is not valid JSON: ") and "(line 2, column " in refused(
        "[1,\n 2,,]"
    )


def test_nesting_is_told_the_same_on_every_python_valid_or_not() -> None:
    """Deeper than the limit is said as such, whether the text would decode (3.11 and 3.12 stop json's decoder with
    a RecursionError, 3.13 reads on to the end); brackets inside strings are not nesting."""
    for text in ("[" * 5000, "[" * 65 + "]" * 65, '{"a": ' * 65 + "1" + "}" * 65, "[" * 65 + '"x' + "]" * 65):
        assert refused(text) == "hand.json is nested deeper than 64 arrays / objects", text[:10]
    assert loads('["' + "[" * 100 + '", "\\\\"]', what="x") == ["[" * 100, "\\"]
    assert loads("[" * 64 + "]" * 64, what="x") == loads("[" * 64 + "]" * 64, what="y")


def test_size_limit() -> None:
    assert "2,000 bytes, more than the 1,000" in refused(b" " * 2000, max_bytes=1000)


def test_quote_shows_at_most_80_characters_on_one_printable_line() -> None:
    assert quote("一二三") == '"一二三"'
    long = quote("x" * 10_000_000)
    assert len(long) < 120 and long.endswith("(10,000,000 characters)")
    assert quote(10**5000) == "a number of 5,001 digits"
    assert quote(-(10**20)) == "-100000000000000000000"
    assert quote("\x1b[2J\ud800\n") == r'"\u001b[2J\ud800\n"'
    assert len(quote([["一"] * 1000])) < 120
    assert quote({"kind": []}) == '{"kind": []}'
    quote("\ud800").encode("utf-8")  # printable: no lone surrogate left


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner), max_leaves=20))  # fmt: skip
@settings(max_examples=200, deadline=None)
def test_quote_never_fails_and_stays_short(value: object) -> None:
    text = quote(value)
    assert len(text) < 130
    text.encode("utf-8")


@given(st.binary(max_size=200))
@settings(max_examples=300, deadline=None)
def test_random_bytes_give_a_value_or_one_error(data: bytes) -> None:
    try:
        loads(data)
    except JsonInputError as exc:
        assert "\n" not in str(exc)


def test_read_file_refuses_a_fifo_without_hanging_and_a_folder(tmp_path: Path) -> None:
    with pytest.raises(JsonInputError, match="is a folder, not a regular file"):
        read_file(tmp_path)
    if sys.platform != "win32":
        fifo = tmp_path / "pipe"
        os.mkfifo(fifo)
        with pytest.raises(JsonInputError, match="is a pipe or device, not a regular file"):
            read_file(fifo)  # no writer: a plain open() would wait forever here
    with pytest.raises(FileNotFoundError):
        read_file(tmp_path / "missing.json")


def test_load_file_names_the_file_and_checks_size(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b'{"a": [1]}')
    assert load_file(path) == {"a": [1]}
    path.write_bytes(b"[" * 100_000)
    with pytest.raises(JsonInputError, match=r"^settings\.json is nested deeper"):
        load_file(path, what="settings.json")
    with pytest.raises(JsonInputError, match="more than the 5 this program reads"):
        load_file(path, max_bytes=5)


def test_quote_stays_short_when_escaping_makes_each_character_six_long() -> None:
    # 80 control characters escape to 480: the message must still be one short line (hypothesis found 130 chars).
    assert len(quote("\x00" * 80)) < 130
    assert len(quote("\x00" * 10_000)) < 130
    assert len(quote(["\x00" * 80])) < 130
