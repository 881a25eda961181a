"""Reading JSON that a user or another program gave us, safely: one clear error, never a traceback.

``json.loads`` alone lets bad input escape as the wrong exception: nesting a few thousand deep raises
``RecursionError``, an integer over 4,300 digits raises a bare ``ValueError`` (Python's int-to-string limit), non-UTF-8
bytes raise ``UnicodeDecodeError``, and a ``"\\ud800"`` escape gives a string that cannot be written back as UTF-8. A
FIFO or a device given as a file name makes ``open().read()`` hang. Every reader of outside JSON (``zipai score``,
``zipai replay``, ``zipai sim --options``, the store's settings and autosave) goes through :func:`loads` /
:func:`load_file`, which turn all of these into one :class:`JsonInputError` with a one-line message.

:func:`quote` shows a bad value in an error message: as JSON, cut to about 80 characters, with control characters and
lone surrogates escaped, so a 10 MB field gives a short line and a terminal escape sequence is not replayed.

Standard library only (the engine's rule), so the tools and the store can use it without pygame.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from typing import Any

#: Defaults, generous for every format the project reads (a record is ~50 KB, nested ~6 deep; settings are tiny).
MAX_BYTES = 16 * 1024 * 1024
MAX_DEPTH = 64
MAX_INT_DIGITS = 1000
#: How many characters of a bad value an error message shows.
QUOTE_CHARS = 80

_SURROGATE = re.compile("[\ud800-\udfff]")
# Control characters (C0, DEL, C1) and lone surrogates: escaped wherever text from the input reaches a message.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]")


class JsonInputError(ValueError):
    """Input that is not acceptable JSON (or not a readable file); the message is one line naming the problem."""


class _IntTooLong(Exception):
    def __init__(self, digits: int) -> None:
        self.digits = digits


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with control characters and lone surrogates escaped: safe to print on one line of a UTF-8 stream."""
    return _UNPRINTABLE.sub(_escape, text)


def clip(text: str, limit: int = QUOTE_CHARS) -> str:
    """``text`` made printable and cut to about ``limit`` characters (an ellipsis says it was cut)."""
    # Escaping can make a character six long: cut after escaping too, so the line stays short whatever the text.
    shown = printable(text[:limit])
    if len(text) > limit or len(shown) > limit:
        return shown[:limit] + f"… ({len(text):,} characters)"
    return shown


def quote(value: Any, limit: int = QUOTE_CHARS) -> str:
    """A bad value for an error message: JSON, at most about ``limit`` characters of it, one printable line."""
    if isinstance(value, str):
        shown = printable(json.dumps(value[:limit], ensure_ascii=False))
        if len(value) > limit or len(shown) > limit + 2:  # + 2: the quotes
            return shown[: limit + 1] + f"… ({len(value):,} characters)"
        return shown
    if isinstance(value, int) and not isinstance(value, bool):
        digits = _int_digits(value)
        if digits > limit:
            return f"a number of {digits:,} digits"
        return str(value)
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (ValueError, TypeError, RecursionError):
        text = repr(type(value).__name__)
    return clip(text, limit)


def name(value: Any, limit: int = QUOTE_CHARS) -> str:
    """A name from the input (a field, an option, a rules name) for a message: ``'min_hu'`` as Python shows it (repr
    escapes control characters and surrogates), cut to about ``limit`` characters; a value that is not a string is
    shown by :func:`quote`."""
    if not isinstance(value, str):
        return quote(value, limit)
    if len(value) > limit:
        return repr(value[:limit]) + f"… ({len(value):,} characters)"
    return repr(value)


def _int_digits(value: int) -> int:
    """Decimal digits of ``value`` without converting it to a string (which fails past 4,300 digits)."""
    size = abs(value)
    if size < 10**18:
        return len(str(size))
    # 2**(b-1) <= size < 2**b, so the digits are e + 1 or e + 2 with e = floor((b - 1) * log10 2); one comparison
    # decides (a power of ten costs no string conversion).
    e = int((size.bit_length() - 1) * 0.30102999566398120)
    return e + 2 if size >= 10 ** (e + 1) else e + 1


class _NotFinite(Exception):
    def __init__(self, text: str) -> None:
        self.text = text


def _reject_constant(name: str) -> Any:
    raise _NotFinite(name)


def _parse_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):  # 1e999: JSON has no infinity, and no field of ours takes one
        raise _NotFinite(text)
    return value


def _size_problem(size: int, max_bytes: int, what: str) -> str:
    return f"{what} is {size:,} bytes, more than the {max_bytes:,} this program reads"


def loads(
    data: str | bytes,
    *,
    what: str = "the input",
    max_bytes: int = MAX_BYTES,
    max_depth: int = MAX_DEPTH,
    max_int_digits: int = MAX_INT_DIGITS,
) -> Any:
    """Decode one JSON value; raise :class:`JsonInputError` (a one-line message starting with ``what``'s problem).

    Refused: more than ``max_bytes`` (UTF-8 bytes for ``bytes`` input, characters for ``str``), bytes that are not
    UTF-8 (a leading BOM is allowed), bad JSON, ``NaN`` / ``Infinity``, an integer of more than ``max_int_digits``
    digits, nesting deeper than ``max_depth`` arrays / objects, and strings (values or keys) holding a lone surrogate.

    Most inputs cannot break a limit, and a cheap scan of the text proves it (C string methods, no Python loop per
    character or per value): no run of more than ``max_int_digits`` digits, fewer brackets than ``max_depth``, no
    surrogate and no escape of one. Those are decoded by the C decoder without hooks on integers and without a walk of
    the value; the others take :func:`_loads_careful`, which finds the problem and words it. Both give the same value
    or the same message for every input (``tests/engine/test_jsonsafe_fast.py``).
    """
    if len(data) > max_bytes:
        raise JsonInputError(_size_problem(len(data), max_bytes, what))
    text = _text(data, what)
    if (
        (len(text) <= max_int_digits or _digit_run(max_int_digits).search(text) is None)
        and text.count("[") + text.count("{") <= max_depth
        and ("\\u" not in text or _SURROGATE_ESCAPE.search(text) is None)
        and (text is not data or text.isascii() or _no_surrogate(text))  # decoded UTF-8 holds no surrogate
        and not text.startswith("\ufeff")  # json.loads words this one itself: leave it to the careful path
    ):
        if text[:1] == "{":  # an object from its first character: the scanner straight away (what decode runs)
            try:
                value, end = _SCAN(text, 0)
            except Exception:  # any problem: decode below meets it again and words it
                pass
            else:
                if end == len(text) or not text[end:].strip(" \t\n\r"):  # nothing but JSON whitespace after it
                    return value
        try:
            return _FAST.decode(text)
        except json.JSONDecodeError as exc:
            raise JsonInputError(_syntax_problem(exc, what)) from None
        except _NotFinite as exc:
            raise JsonInputError(_not_finite_problem(exc, what)) from None
    return _loads_careful(text, what, max_depth, max_int_digits)


def _text(data: str | bytes, what: str) -> str:
    if isinstance(data, bytes | bytearray):
        try:
            return bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise JsonInputError(f"{what} is not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    return data


# A lone surrogate in a decoded string comes from the text itself (a str input) or from an escape \\uD800-\\uDFFF.
# The escape pattern also matches an escaped backslash before "ud800", which only sends the input the careful way.
# (A regex class of surrogates is slow on Chinese text; encoding to UTF-8 is a fast C check for the text itself.)
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89abcdefABCDEF]")


def _no_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_DIGIT_RUNS: dict[int, re.Pattern[str]] = {}


def _digit_run(max_digits: int) -> re.Pattern[str]:
    """A pattern finding more than ``max_digits`` digits in a row (in a number or anywhere: the scan only decides
    which path decodes). It starts only where a run starts, so a text of many long runs is scanned in linear time."""
    pattern = _DIGIT_RUNS.get(max_digits)
    if pattern is None:
        pattern = _DIGIT_RUNS[max_digits] = re.compile(f"(?<![0-9])[0-9]{{{max_digits + 1}}}")
    return pattern


# The fast path's decoder: integers by the C scanner itself (no hook: the scan showed none is too long), floats and
# constants still checked (they are rare, and a hook costs nothing until one appears).
_FAST = json.JSONDecoder(parse_float=_parse_float, parse_constant=_reject_constant)
_SCAN = _FAST.scan_once  # type: ignore[attr-defined]  # the C scanner decode runs (typeshed omits it)


def _syntax_problem(exc: json.JSONDecodeError, what: str) -> str:
    return f"{what} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"


def _not_finite_problem(exc: _NotFinite, what: str) -> str:
    return f"{what} holds {clip(exc.text)}, which is not a finite number"


def _loads_careful(text: str, what: str, max_depth: int, max_int_digits: int) -> Any:
    """:func:`loads` for any text: integers counted as they are read, the value walked for depth and surrogates."""

    def parse_int(digits: str) -> int:
        n = len(digits) - (digits[0] == "-")
        if n > max_int_digits:
            raise _IntTooLong(n)
        return int(digits)

    # Nesting is measured on the text before decoding: json's own decoder stops a deep text with RecursionError up
    # to Python 3.12 and reads on to a syntax error from 3.13, so the answer would depend on the interpreter.
    if _nested_deeper(text, max_depth):
        raise JsonInputError(f"{what} is nested deeper than {max_depth} arrays / objects")
    try:
        value = json.loads(text, parse_int=parse_int, parse_float=_parse_float, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise JsonInputError(_syntax_problem(exc, what)) from None
    except _IntTooLong as exc:
        raise JsonInputError(
            f"{what} holds a number of {exc.digits:,} digits (at most {max_int_digits:,} are read)"
        ) from None
    except _NotFinite as exc:
        raise JsonInputError(_not_finite_problem(exc, what)) from None
    except RecursionError:
        raise JsonInputError(f"{what} is nested deeper than {max_depth} arrays / objects") from None
    _check_tree(value, what, max_depth)
    return value


# A JSON string (with its escapes) or one bracket: the brackets inside strings are skipped by matching the string.
_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')


def _nested_deeper(text: str, max_depth: int) -> bool:
    """Whether the text opens more than ``max_depth`` arrays / objects inside one another (brackets in strings do not
    count; the text need not be valid JSON)."""
    depth = 0
    for match in _STRING_OR_BRACKET.finditer(text):
        token = match.group()
        if token == "[" or token == "{":
            depth += 1
            if depth > max_depth:
                return True
        elif token == "]" or token == "}":
            depth -= 1
    return False


def _check_tree(value: Any, what: str, max_depth: int) -> None:
    """Depth and lone surrogates, walked without recursion (a deep value must not overflow the stack here)."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if not item.isascii() and _SURROGATE.search(item):
                raise JsonInputError(f"{what} holds a string with a lone surrogate, which is not Unicode text: "
                                     f"{quote(item)}")  # fmt: skip
        elif isinstance(item, dict | list):
            if depth >= max_depth:
                raise JsonInputError(f"{what} is nested deeper than {max_depth} arrays / objects")
            if isinstance(item, dict):
                for key, inner in item.items():
                    stack.append((key, depth + 1))
                    stack.append((inner, depth + 1))
            else:
                stack.extend((inner, depth + 1) for inner in item)


def read_file(path: str | os.PathLike[str], *, what: str = "the file", max_bytes: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file; :class:`JsonInputError` for a FIFO, device or folder, or a file over the limit
    (messages start with ``what``; the caller names the path).

    The file is opened without blocking and checked with ``fstat`` on the open descriptor, so a FIFO neither hangs the
    open nor the read, and nothing can be swapped in between the check and the read. ``OSError`` (missing file, no
    permission) is left to the caller, which knows how to word it.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "a pipe or device"
            raise JsonInputError(f"{what} is {kind}, not a regular file")
        if info.st_size > max_bytes:
            raise JsonInputError(_size_problem(info.st_size, max_bytes, what))
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            total += len(chunk)
            if total > max_bytes:  # the file grew while being read
                raise JsonInputError(_size_problem(total, max_bytes, what))
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def load_file(
    path: str | os.PathLike[str],
    *,
    what: str | None = None,
    max_bytes: int = MAX_BYTES,
    max_depth: int = MAX_DEPTH,
    max_int_digits: int = MAX_INT_DIGITS,
) -> Any:
    """:func:`read_file` then :func:`loads`; ``what`` names the file in messages (default: its path, clipped)."""
    name = what if what is not None else clip(os.fsdecode(path))
    raw = read_file(path, what=name, max_bytes=max_bytes)
    return loads(raw, what=name, max_bytes=max_bytes, max_depth=max_depth, max_int_digits=max_int_digits)


__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "QUOTE_CHARS",
    "JsonInputError",
    "clip",
    "load_file",
    "loads",
    "name",
    "printable",
    "quote",
    "read_file",
]
