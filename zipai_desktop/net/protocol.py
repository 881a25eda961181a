"""The room protocol's messages: one JSON object per WebSocket text frame, versioned and bounded.

Every message is an object with a ``"kind"``; a client's first message is ``join`` with the protocol ``version``. The
reader is the project's bounded JSON reader (engine.jsonsafe), with the caps below; the WebSocket layer refuses a frame
over :data:`MAX_MESSAGE_BYTES` before it is read.
"""

from __future__ import annotations

import json
from typing import Any

from ..engine.jsonsafe import JsonInputError, loads, quote

#: The protocol version a host and a client must share (checked at join). 2: the ``status`` message, the host's pause
#: and end.
VERSION = 2
#: The largest message either side reads. A hand's record (sent at the match's end, one a message) is the largest.
MAX_MESSAGE_BYTES = 256 * 1024
#: The deepest nesting of arrays / objects a message may have.
MAX_DEPTH = 12
#: A client's message kinds, and the host's.
CLIENT_KINDS = frozenset({"join", "act"})
HOST_KINDS = frozenset({"welcome", "refused", "events", "turn", "hand_end", "record", "match_end", "seats", "status"})
#: The longest room code and player name a join may carry.
MAX_CODE_CHARS = 16
MAX_NAME_CHARS = 32


class ProtocolError(ValueError):
    """A message that is not one this protocol reads: one sentence, the bad value quoted short."""


def encode(message: dict[str, Any]) -> str:
    """A message as the text of one frame (compact JSON, glyphs unescaped)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def decode(data: str | bytes, kinds: frozenset[str]) -> dict[str, Any]:
    """Read one frame: a JSON object of at most :data:`MAX_MESSAGE_BYTES`, nested at most :data:`MAX_DEPTH`, whose
    ``kind`` is one of ``kinds``; :class:`ProtocolError` otherwise."""
    try:
        value = loads(data, what="the message", max_bytes=MAX_MESSAGE_BYTES, max_depth=MAX_DEPTH, max_int_digits=20)
    except JsonInputError as exc:
        raise ProtocolError(str(exc)) from None
    if not isinstance(value, dict):
        raise ProtocolError(f"a message is a JSON object, not {quote(value)}")
    kind = value.get("kind")
    if not isinstance(kind, str) or kind not in kinds:
        raise ProtocolError(f"unknown message kind {quote(kind)} (known: {', '.join(sorted(kinds))})")
    return value


def whole(value: Any, what: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high``; :class:`ProtocolError` naming ``what`` otherwise."""
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ProtocolError(f"{what} must be a whole number from {low} to {high}, not {quote(value)}")
    return value


def text(value: Any, what: str, limit: int) -> str:
    """``value`` as a string of at most ``limit`` characters; :class:`ProtocolError` naming ``what`` otherwise."""
    if not isinstance(value, str) or len(value) > limit:
        raise ProtocolError(f"{what} must be text of at most {limit} characters, not {quote(value)}")
    return value
