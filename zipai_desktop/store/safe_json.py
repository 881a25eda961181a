"""Reading JSON the user's disk holds without trusting it: bounded size, nesting depth and integer length.

``json.loads`` alone lets a damaged or hostile file stop the game: nesting 100,000 deep raises ``RecursionError``, a
4,301-digit number raises a bare ``ValueError`` (Python's int-string limit), and ``NaN`` / ``Infinity`` are accepted
although they are not JSON. :func:`loads` turns each of these into one :class:`UnsafeJSON` (a ``ValueError``) whose
message is one short sentence. :func:`short` quotes a value in at most about 80 characters, so that a message about a
10 MB field is still one line.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 64
MAX_INT_DIGITS = 64
SHORT = 80

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class UnsafeJSON(ValueError):
    """Text that is not JSON the game will read (the message says why, in a few words)."""


def short(value: Any, limit: int = SHORT) -> str:
    """``repr(value)`` cut to about ``limit`` characters (never the whole of a huge value)."""
    if isinstance(value, str) and len(value) > limit * 4:
        value = value[: limit * 4]  # repr of the head only: a 10 MB string is never copied whole
    elif isinstance(value, list | tuple | dict) and len(value) > limit:
        value = type(value)(list(value)[:limit]) if not isinstance(value, dict) else dict(list(value.items())[:limit])
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # a list nested deeper than repr goes, an int past the digit limit
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip(text: str, limit: int = SHORT) -> str:
    """Plain text cut to ``limit`` characters (an exception's message that may quote a huge value)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def depth(text: str) -> int:
    """The deepest nesting of ``[`` / ``{`` in JSON text, brackets inside strings not counted (linear, no recursion)."""
    deepest = level = 0
    for match in _BRACKET.finditer(_STRING.sub('""', text)):
        if match.group() in "[{":
            level += 1
            deepest = max(deepest, level)
        else:
            level -= 1
    return deepest


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise UnsafeJSON(f"holds a number of {len(digits.lstrip('-'))} digits")
    return int(digits)


def _parse_constant(name: str) -> Any:
    raise UnsafeJSON(f"holds {name}, which is not a JSON number")


def loads(
    data: str | bytes,
    *,
    max_bytes: int = MAX_BYTES,
    max_depth: int = MAX_DEPTH,
) -> Any:
    """Parse JSON text (bytes must be UTF-8); raises :class:`UnsafeJSON` with the reason for anything else."""
    if len(data) > max_bytes:
        raise UnsafeJSON(f"is too large ({len(data)} bytes; at most {max_bytes} are read)")
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise UnsafeJSON(f"is not UTF-8 text (byte {exc.start})") from None
    else:
        text = data
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise UnsafeJSON("is empty")
    deepest = depth(text)
    if deepest > max_depth:
        raise UnsafeJSON(f"is nested {deepest} levels deep (at most {max_depth})")
    try:
        return json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant)
    except UnsafeJSON:
        raise
    except json.JSONDecodeError as exc:
        raise UnsafeJSON(f"is not valid JSON ({exc.msg}; line {exc.lineno}, column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:  # pragma: no cover - the checks above come first
        raise UnsafeJSON(f"is not valid JSON ({short(str(exc))})") from None
