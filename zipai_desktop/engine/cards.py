"""Cards (字牌): 20 kinds as ints, glyph notation and count vectors.

Kinds 0-9 are the small cards 小字 一..十, kinds 10-19 the big cards 大字 壹..拾. A hand is a count vector: a list of
20 ints, each 0-4. The deck holds four copies of every kind, 80 cards in all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .jsonsafe import name as show_name

NUM_KINDS = 20
COPIES = 4
DECK_SIZE = NUM_KINDS * COPIES

SMALL_GLYPHS = "一二三四五六七八九十"
BIG_GLYPHS = "壹贰叁肆伍陆柒捌玖拾"
GLYPHS = SMALL_GLYPHS + BIG_GLYPHS
# Accepted spellings beyond the canonical glyphs (叄 is a common variant of 叁).
_ALIASES = {"叄": GLYPHS.index("叁")}
_GLYPH_TO_KIND = {g: i for i, g in enumerate(GLYPHS)} | _ALIASES
_ASCII_SEP = " \t\r\n|,;/·.-_"

#: Red kinds: 二七十 and 贰柒拾 (number 2, 7, 10 of either case).
RED_KINDS = frozenset({1, 6, 9, 11, 16, 19})

Counts = list[int]


class CardError(ValueError):
    """A card string that cannot be read."""


def number(kind: int) -> int:
    """The card's number 1..10, regardless of case."""
    return kind % 10 + 1


def is_big(kind: int) -> bool:
    """Whether the card is a big card 大字 (壹..拾, kinds 10-19) rather than a small card 小字."""
    return kind >= 10


def is_red(kind: int) -> bool:
    """Whether the card is a red kind 二七十 / 贰柒拾 (drawn in red; Bohu's 名堂 such as 黑胡 count them)."""
    return kind in RED_KINDS


def glyph(kind: int) -> str:
    """The card's Chinese character: 一..十 for the small cards, 壹..拾 for the big ones."""
    return GLYPHS[kind]


def parse_cards(text: str) -> list[int]:
    """Read a card string such as ``"五五五 六七八 | 叁"`` into a list of kinds; separators are ignored."""
    kinds: list[int] = []
    for ch in text:
        if ch in _ASCII_SEP or ch.isspace():
            continue
        kind = _GLYPH_TO_KIND.get(ch)
        if kind is None:
            raise CardError(f"unknown card glyph {ch!r}")
        kinds.append(kind)
    return kinds


def parse_card(text: str) -> int:
    """Read exactly one card; raises :class:`CardError` on an unknown glyph or on no card or more than one."""
    kinds = parse_cards(text)
    if len(kinds) != 1:
        raise CardError(f"expected one card, got {show_name(text)}")
    return kinds[0]


HIDDEN = -1  # a card whose kind this viewer may not see
HIDDEN_GLYPH = "?"


def format_cards(kinds: Iterable[int]) -> str:
    """The cards as glyphs, in the given order and without separators; a :data:`HIDDEN` card shows as ``?``."""
    return "".join(GLYPHS[k] if k >= 0 else HIDDEN_GLYPH for k in kinds)


def to_counts(kinds: Iterable[int]) -> Counts:
    """The count vector of some cards: how many of each of the 20 kinds (no :data:`HIDDEN` cards)."""
    counts = [0] * NUM_KINDS
    for k in kinds:
        counts[k] += 1
    return counts


def from_counts(counts: Sequence[int]) -> list[int]:
    """The kinds of a count vector, sorted."""
    return [k for k in range(NUM_KINDS) for _ in range(counts[k])]


def format_counts(counts: Sequence[int]) -> str:
    """A count vector as a glyph string, in kind order (small cards first)."""
    return format_cards(from_counts(counts))


_FULL_DECK = tuple(k for k in range(NUM_KINDS) for _ in range(COPIES))


def full_deck() -> list[int]:
    """The 80 cards, in kind order (a new list: a deal shuffles it)."""
    return list(_FULL_DECK)
