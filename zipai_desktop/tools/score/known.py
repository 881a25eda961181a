"""Lines whose options object was read before: decoded without decoding that object again; None for any other
line."""

from __future__ import annotations

import json
import math
import re
from typing import Any

from ...engine.jsonsafe import MAX_DEPTH, MAX_INT_DIGITS, JsonInputError, loads
from .request import _OPTION_TEXTS, _READ_OPTIONS, MAX_INPUT


def _with_known_options(text: str | bytes) -> dict[str, Any] | None:
    """The request of a line whose options object was read before, decoded without decoding that object again (the
    options are most of a line's text, and a stream repeats one set); None for any other line (:func:`_decoded`).

    Taken only when nothing can differ from decoding the whole line: the line starts with ``{``, holds no backslash
    (so no escape can spell a key, and no string can hold a quote), ``"options"`` occurs once, as ``"options": {``,
    and the text from there to the first ``}`` is a flat object met before. The rest, the object replaced by ``0``,
    is decoded as any line is; unless it is an object whose "options" is that 0, the line is decoded whole (so a bad
    line gets its own message).
    """
    if type(text) is bytes:
        if len(text) > MAX_INPUT:
            return None
        try:
            line = text.decode("utf-8")
        except UnicodeDecodeError:
            return None
        unicode_checked = True  # decoded UTF-8 holds no lone surrogate
    elif type(text) is str:
        line = text
        unicode_checked = False
    else:
        return None
    at = line.find('"options": {')
    if at < 0 or line[:1] != "{" or "\\" in line or line.count('"options"') != 1 or len(line) > MAX_INPUT:
        return None
    start = at + 11
    end = line.find("}", start) + 1
    if end <= 0:
        return None
    text_of_options = line[start:end]
    entry = _OPTION_TEXTS.get(text_of_options)
    if entry is None:
        if "[" in text_of_options:
            return None
        # An options text met for the first time is only noted: the line is decoded whole, which costs less than
        # decoding the object and the rest apart. A producer that writes its keys in any order makes a new text for
        # nearly every line, so only a text met again is read and kept.
        if text_of_options not in _MET_ONCE:
            if len(_MET_ONCE) >= 256:
                _MET_ONCE.clear()
            _MET_ONCE.add(text_of_options)
            return None
        try:
            read = loads(text_of_options, what="the input", max_bytes=MAX_INPUT)
        except JsonInputError:
            return None
        if len(_OPTION_TEXTS) >= 64:
            _OPTION_TEXTS.clear()
        entry = _OPTION_TEXTS[text_of_options] = (read, {})
    options = entry[0]
    data = _scanned(line[:start] + "0" + line[end:], unicode_checked)
    if type(data) is not dict:
        return None
    placeholder = data.get("options")
    if type(placeholder) is not int or placeholder != 0:
        return None
    data["options"] = options  # read only from here on: the same object serves every line that gives it
    _READ_OPTIONS[0] = entry  # where _parsed_options finds it parsed
    return data


# Options texts met once and not kept (see _with_known_options).
_MET_ONCE: set[str] = set()


def _scanned(text: str, unicode_checked: bool) -> Any:
    """What :func:`~zipai_desktop.engine.jsonsafe.loads` gives for ``text`` (under MAX_INPUT, starting with ``{``,
    holding no backslash), read the way its fast path reads it; None where loads could answer otherwise (a value too
    deep, a number too long, a lone surrogate, not JSON: the line is then decoded whole, and any problem worded).

    loads's checks of escapes are not needed (no backslash), nor of lone surrogates in text decoded from UTF-8."""
    if len(text) > MAX_INT_DIGITS and _DIGIT_RUN.search(text) is not None:
        return None
    if text.count("[") + text.count("{") > MAX_DEPTH:
        return None
    if not unicode_checked and not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return None
    try:
        value, end = _SCAN(text, 0)
    except Exception:  # bad JSON, NaN, 1e999 (the hooks below): loads words it
        return None
    if end != len(text) and text[end:].strip(" \t\n\r"):
        return None
    return value


class _NotFinite(Exception):
    """NaN, Infinity or a float beyond the largest: refused by loads, so not read here."""


def _not_finite(text: str) -> Any:
    raise _NotFinite(text)


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise _NotFinite(text)
    return value


# The scanner loads's fast path runs, with the same hooks (integers unhooked: _scanned has checked their length).
_SCAN = json.JSONDecoder(parse_float=_finite, parse_constant=_not_finite).scan_once  # type: ignore[attr-defined]
_DIGIT_RUN = re.compile(f"(?<![0-9])[0-9]{{{MAX_INT_DIGITS + 1}}}")
