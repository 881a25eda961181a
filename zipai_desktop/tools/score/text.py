"""Writing result lines: the groups, the points and the error answers, as ``json.dumps(answer, ensure_ascii=False)``
would write them."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from ...engine.cards import format_cards
from ...engine.melds import Meld, MeldKind
from .request import _CACHE_LIMIT
from .wincheck import (
    Group,
    WinTable,
    free_groups,
    groups_alike_key,
)


def _group_json(group: Group) -> dict[str, Any]:
    cards = group.cards
    text = _GLYPHS_OF.get(cards)
    if text is None:
        text = format_cards(cards)
        if len(_GLYPHS_OF) >= _CACHE_LIMIT:
            _GLYPHS_OF.clear()
        _GLYPHS_OF[cards] = text
    return {"kind": group.kind, "cards": text, "hu": group.hu, "exposed": group.exposed}


# Glyph strings of groups' cards (few distinct: a group is 2 to 4 cards).
_GLYPHS_OF: dict[tuple[int, ...], str] = {}

# Writing a result line without building the dict first: what json.dumps(..., ensure_ascii=False) writes, piece by
# piece (its own string escaper, its ", " and ": "). tests/tools/test_score_lines.py holds every line to json.dumps.
_esc: Callable[[str], str] = json.encoder.encode_basestring
_int = int.__repr__  # what json writes for an int (a bool would be true / false: never given here)
# A group's text by (kind, cards, hu, exposed): a stream shows the same groups again and again.
_GROUP_TEXT: dict[tuple[str, tuple[int, ...], int, bool], str] = {}


def _groups_text(groups: Sequence[Group]) -> str | None:
    """The groups' JSON objects, comma-separated; None if a field has a type the fast writer does not expect."""
    out: list[str] = []
    for g in groups:
        key = (g.kind, g.cards, g.hu, g.exposed)
        text = _GROUP_TEXT.get(key)
        if text is None:
            if type(g.kind) is not str or type(g.hu) is not int or type(g.exposed) is not bool:
                return None
            text = f'{{"kind": {_esc(g.kind)}, "cards": {_esc(format_cards(g.cards))}, "hu": {_int(g.hu)}, '
            text += f'"exposed": {"true" if g.exposed else "false"}}}'
            if len(_GROUP_TEXT) >= _CACHE_LIMIT:
                _GROUP_TEXT.clear()
            _GROUP_TEXT[key] = text
        elif type(g.exposed) is not bool or type(g.hu) is not int:  # 1 == True: the key cannot tell them apart
            return None
        out.append(text)
    return ", ".join(out)


def _new_text(kind: str, cards: tuple[int, ...], hu: int, exposed: bool) -> str:
    """A group's JSON object in a result line (what json.dumps writes; the caller has the field types right)."""
    text = f'{{"kind": {_esc(kind)}, "cards": {_esc(format_cards(cards))}, "hu": {_int(hu)}, '
    return text + ('"exposed": true}' if exposed else '"exposed": false}')


class _RoleTexts:
    """The texts of the fixed groups one win table makes, kept (shared by tables alike: what the groups read of a
    table is its values, its doubled rank and the kinds of the card's own groups): each meld's group by its kind and
    cards; the 坎 / 龙 of a hand by its held 3s and 4s; the card's own group by its kind, card and exposure. Written
    from the table's values, without the groups."""

    __slots__ = ("table", "by_value", "locked", "own")

    def __init__(self, table: WinTable) -> None:
        self.table = table  # the first of the tables alike: its values give the texts
        self.by_value: dict[tuple[str, tuple[int, ...]], str] = {}
        self.locked: dict[bytes, str] = {}
        self.own: dict[tuple[str, int, int, bool], str] = {}

    def meld(self, m: Meld) -> str | None:
        """The text of the meld's group, kept (None when its 胡 is not an int)."""
        kind = _KIND_NAME[m.kind]
        key = (kind, m.cards)
        text = self.by_value.get(key)
        if text is None:
            hu = self.table.meld_value(m)
            if type(hu) is not int:
                return None
            text = _new_text(kind, m.cards, hu, True)
            if len(self.by_value) >= _CACHE_LIMIT:
                self.by_value.clear()
            self.by_value[key] = text
        return text

    def group(self, kind: str, card: int, count: int, exposed: bool) -> str:
        """The text of a group of ``count`` ``card``: a 坎 / 龙 held or the card's own triple or quad."""
        key = (kind, card, count, exposed)
        text = self.own.get(key)
        if text is None:
            text = self.own[key] = _new_text(kind, (card,) * count, self.table.value(kind, card), exposed)
        return text

    def locked_text(self, pattern: bytes, without: int) -> str:
        """The 坎 / 龙 of a hand by its held 3s and 4s (``hand.translate(_LOCKED)``), but the one of ``without``."""
        return ", ".join(
            [self.group("long" if n == 4 else "kan", k, n, False) for k, n in enumerate(pattern) if n and k != without]
        )


# The tables met last, each with the texts of its groups, the latest first: a stream's requests name a few tables (one
# per game and set of options that changes the values), and a table is found here by identity among the few held,
# without working out what its groups depend on. Tables alike share the texts, as they share their groups
# (engine.win.groups), by that key.
_RECENT_TABLES: list[tuple[WinTable, _RoleTexts]] = []
_TEXTS_ALIKE: dict[tuple[object, ...], _RoleTexts] = {}
# The text of the free cards' split, per a pair needed and 二七十 a group: the automaton's symbols -> text.
_FREE_TEXT: tuple[tuple[dict[bytes, str], dict[bytes, str]], tuple[dict[bytes, str], dict[bytes, str]]] = (
    ({}, {}),
    ({}, {}),
)
_KIND_NAME = {k: k.value for k in MeldKind}


def _texts_of(table: WinTable) -> _RoleTexts:
    """The kept texts of ``table``'s groups: among the tables met last, or made (:func:`_role_texts`)."""
    for held, texts in _RECENT_TABLES:
        if held is table:
            return texts
    return _role_texts(table)


def _role_texts(table: WinTable) -> _RoleTexts:
    alike = groups_alike_key(table)  # tables that make the same groups write the same text
    texts = _TEXTS_ALIKE.get(alike)
    if texts is None:
        if len(_TEXTS_ALIKE) >= 64:
            _TEXTS_ALIKE.clear()
        texts = _TEXTS_ALIKE[alike] = _RoleTexts(table)
    _RECENT_TABLES.insert(0, (table, texts))
    del _RECENT_TABLES[8:]
    return texts


def _role_text(role: Any, meld_texts: tuple[str, ...] | None = None) -> str | None:
    """:func:`_groups_text` of the groups of a split found by the win check, written from what the check kept of it
    (hu's ``_RoleArgs``: the melds, the hand's counts, the card's role, the free cards' symbols) without building the
    groups: the text is made of pieces kept by what each depends on, in the order
    :func:`~zipai_desktop.engine.win.groups.role_groups` gives the groups (the melds, one possibly made a quad,
    the 坎 / 龙 held, the card's own group, the free cards' split). None when a meld's 胡 is not an int.

    Building the group objects and then their text would make new objects for every new meld and table;
    tests/tools/test_score_role_text.py holds this text to the groups'.

    ``meld_texts``: each meld's group as the quick check read it with the melds (:data:`_MeldFacts`), when the role's
    melds are the very tuple it read. A line's melds are mostly new to the kept texts of its table (the kept texts
    are per tables alike, by each meld's identity: 640 new in bench's first 1,000 lines, each valued and written),
    while the facts of every meld a layout line can hold are made in bulk, with their text, per set of values."""
    tag, hand, melds, c, sao_idx, peng_idx, table, symbols, need_pair, value = role
    texts = _texts_of(table)
    if meld_texts is not None:
        out = list(meld_texts)
    elif melds:
        out = []
        for m in melds:
            text = texts.meld(m)
            if text is None:
                return None
            out.append(text)
    else:
        out = []
    locked = ""
    if 3 in hand or 4 in hand:
        pattern = hand.translate(_LOCKED)
        locked_text = texts.locked.get(pattern)
        if locked_text is None:
            locked_text = texts.locked_text(pattern, -1)
            if len(texts.locked) >= _CACHE_LIMIT:
                texts.locked.clear()
            texts.locked[pattern] = locked_text
        locked = locked_text
    erqishi = table.erqishi
    free_texts = _FREE_TEXT[need_pair][erqishi]
    free = free_texts.get(symbols)
    if free is None:
        free = ", ".join([_free_group_text(g) for g in free_groups(symbols, need_pair, erqishi, value)])
        if len(free_texts) >= _CACHE_LIMIT:
            free_texts.clear()
        free_texts[symbols] = free
    if c is not None and tag != "card_free":
        # The card's own group (see role_groups): a meld made a quad in place, or a group among the 坎 / 龙.
        if tag == "own_quad_sao":
            out[sao_idx] = texts.group(table.quad_own, c, 4, True)
        elif tag == "other_quad_sao":
            out[sao_idx] = texts.group(table.quad_other, c, 4, True)
        elif tag == "peng_quad":
            out[peng_idx] = texts.group(table.quad_other, c, 4, True)
        else:
            if tag == "own_quad_kan" or tag == "other_quad_kan":  # the card's 坎 became its quad
                locked = texts.locked_text(hand.translate(_LOCKED), c)
            if tag == "own_quad_kan":
                out.append(texts.group(table.quad_own, c, 4, True))
            elif tag == "own_triple":
                out.append(texts.group(table.triple_own, c, 3, True))
            if locked:
                out.append(locked)
            if tag == "other_quad_kan":
                out.append(texts.group(table.quad_other, c, 4, False))
            elif tag == "other_triple":
                out.append(texts.group(table.triple_other, c, 3, False))
            if free:
                out.append(free)
            return ", ".join(out)
    if locked:
        out.append(locked)
    if free:
        out.append(free)
    return ", ".join(out)


def _free_group_text(g: Group) -> str:
    """The text of a group of the free cards' split, kept by its fields (a few hundred: each 吃-type group, each
    pair)."""
    key = (g.kind, g.cards, g.hu, g.exposed)
    text = _TEXT_OF_FREE.get(key)
    if text is None:
        text = _new_text(g.kind, g.cards, g.hu, g.exposed)
        if len(_TEXT_OF_FREE) >= _CACHE_LIMIT:
            _TEXT_OF_FREE.clear()
        _TEXT_OF_FREE[key] = text
    return text


# The text of each group a free cards' split is made of, by (kind, cards, 胡, exposed).
_TEXT_OF_FREE: dict[tuple[str, tuple[int, ...], int, bool], str] = {}
# bytes.translate: a held count -> itself if a 坎 (3) or 龙 (4), else 0 (as engine.win.groups reads a hand's 坎 / 龙).
_LOCKED = bytes(c if c in (3, 4) else 0 for c in range(256))


def _points_text(points: Sequence[int]) -> str:
    return "{" + ", ".join([f'"{seat}": {_int(p)}' for seat, p in enumerate(points)]) + "}"


def _not_a_win(reason: str) -> dict[str, Any]:
    return {"valid": False, "rules": "guilin", "reason": reason}


def _bohu_not_a_win(reason: str) -> dict[str, Any]:
    return {"valid": False, "rules": "bohu", "reason": reason}


# What json.dumps(obj, ensure_ascii=False) builds on every call, built once.
_ENCODER = json.JSONEncoder(ensure_ascii=False)


def _dumps(obj: Any) -> str:
    """One result line: exactly ``json.dumps(obj, ensure_ascii=False)``."""
    return _ENCODER.encode(obj)
