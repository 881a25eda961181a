"""Lines in one producer's layout (``json.dumps`` of each request, keys in the contract's order), read from the
text without decoding it; None for any other line."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import permutations
from operator import itemgetter
from typing import Any, NamedTuple, cast

from ...engine.cards import GLYPHS, NUM_KINDS, format_cards
from ...engine.jsonsafe import JsonInputError, loads
from ...engine.melds import QUAD_KINDS, SAO_KINDS, WEI_KINDS, Meld, MeldKind, chi_bonus, chi_shape
from ...engine.rules import OptionError
from ...engine.rules.bohu import BOHU
from .quick import _KIND_OF_LOW, _MeldFacts, _utf16
from .request import (
    _CACHE_LIMIT,
    _DEAL,
    _GUILIN,
    _KIND_OF,
    _MISSING,
    _PENG,
    _PENG_KIND,
    _TI,
    _TRIPLES,
    BOHU_MELDS,
    BOHU_PLAYERS,
    GUILIN_MELDS,
    MAX_INPUT,
    Malformed,
    Request,
    _new_parts,
    _parsed_options_by_value,
    _who_and_how,
)
from .wincheck import (
    Source,
    WinTable,
)

# ---------------------------------------------------------------------------------------------------------------------
# Lines in one producer's layout. The lines of a stream are written by one program (e.g. json.dumps of each request, as
# bench/score_throughput.py writes its sim wins): keys in one order, ", " and ": " between, no escapes. Such a line is
# read by two C calls (a search for the end of the options, one regular expression for the rest) instead of the JSON
# scanner, the dict it builds and the per-field look-ups and type checks: the text itself proves each field's type, and
# the pieces key what a stream repeats (the options object with the game's name before it, the seats and the source,
# each meld). The expression accepts only text whose JSON value is certain: the keys as written (none twice), strings of
# canonical glyphs or of a-z and _ (so no backslash, quote or control character), single digits, true / false / null,
# and an options object without braces or brackets inside, which loads reads on its own (an object's text ends at its
# closing brace, so it reads the same alone as within the line). The melds' list is taken as one run of text and split
# at the text between two melds: each piece must be one of the well-formed melds of the game, written in the layout
# (_item_facts), so the list is in the layout when every piece is known (cheaper than matching each meld's keys in
# the expression). Any other line (another key order or spacing, a field more or less, a number of
# two digits, a win from the deal, a problem of any kind) goes the JSON way (:func:`_with_known_options`,
# :func:`_decoded`), and so does a line this path finds anything wrong with: every refusal is worded as before.

_G = f"[{GLYPHS}]"
_LAYOUT_HEAD = re.compile(r'\{"rules": "(guilin|bohu)", "options": (\{[^{}\[\]]*\})')
_LAYOUT_REST = re.compile(
    r', "players": ([0-9], "dealer": [0-9], "winner": [0-9]), '
    rf'"melds": \[(?:\{{"kind": "([^\]]*)"\}})?\], "hand": "({_G}*)", '
    r'"source": "([a-z_]+", "from": (?:[0-9]|null), "first_discard": (?:true|false)), '
    rf'"win_card": "({_G})"(?:, "xing": "({_G}*)")?\}}[ \t\n\r]*'
)
_LAYOUT_WHO = re.compile(
    r'([0-9]), "dealer": ([0-9]), "winner": ([0-9])\0([a-z_]+)", "from": ([0-9]|null), "first_discard": (true|false)'
)
# A layout line is short (~700 characters); one far longer goes the JSON way, which words the size limits.
_LAYOUT_MAX = 1 << 14


class _Head(NamedTuple):
    """What a line's text up to its options' closing brace gives (the game and its options, read once)."""

    rules: str
    options: Any
    table: WinTable
    kinds: tuple[MeldKind, ...]
    erqishi: bool
    items: dict[str, _MeldFacts]  # every meld's text between '{"kind": "' and '"}' -> its facts (see _item_facts)
    who: dict[tuple[str, str], tuple[int, int, int, Source, int, bool] | None]  # the seats' and source's text
    melds: dict[str, Meld]  # the same texts -> the meld, its word (see _meld_word) and its group's text: the columns
    words: dict[str, int]  # of ``items`` a line reads with three maps over its melds (cheaper than zipping the facts)
    texts: dict[str, str]


# Heads read: the text up to the options' closing brace -> its _Head's fields as a plain tuple (unpacked at once, not
# read by name), or None where the line goes the JSON way.
_HEADS: dict[str, tuple[Any, ...] | None] = {}
# Per game: the seats' and the source's text -> (players, dealer, winner, source, from, first_discard) or None.
_WHO_TEXT: dict[str, dict[tuple[str, str], tuple[int, int, int, Source, int, bool] | None]] = {
    "guilin": {},
    "bohu": {},
}
# Meld texts -> facts, by what tables alike share (the key of _MELD_FACTS).
# What _item_facts gives: every meld's facts, and three columns of them (the meld, its word, its group's text).
_ItemColumns = tuple[dict[str, _MeldFacts], dict[str, Meld], dict[str, int], dict[str, str]]
_Columns = tuple[dict[str, Any], ...]  # the same, as columns alike (to merge them one by one)
_ITEM_FACTS: dict[tuple[Any, ...], _ItemColumns] = {}
# The melds of each kind (the 吃 with 二七十 among them) by their text, facts but the 胡, shared by both games; and
# the texts of the 二七十 吃.
_KIND_ITEMS: dict[MeldKind, dict[str, tuple[Meld, bytes, int, int, bytes, bytes]]] = {}
_ERQISHI_TEXTS: set[str] = set()


def _kind_items(kind: MeldKind) -> dict[str, tuple[Meld, bytes, int, int, bytes, bytes]]:
    """Every meld of ``kind`` in canonical glyphs by its text (see _item_facts), its facts but the 胡: the 吃 in every
    order of its cards (the sequences, 二七十 and the 搭 of each rank), the others as 3 or 4 cards of a kind."""
    known = _KIND_ITEMS.get(kind)
    if known is not None:
        return known
    if kind is MeldKind.CHI:
        groups: list[tuple[int, ...]] = []
        for base in (0, 10):
            groups += [(base + a, base + a + 1, base + a + 2) for a in range(8)]
            groups.append((base + 1, base + 6, base + 9))  # 二七十
        for rank in range(10):
            groups += [(rank, rank, rank + 10), (rank, rank + 10, rank + 10)]
        shapes = sorted({order for cards in groups for order in permutations(cards)})
    else:
        shapes = [(k,) * (3 if kind in _TRIPLES else 4) for k in range(NUM_KINDS)]
    prefix = f'{kind.value}", "cards": "'
    items: dict[str, tuple[Meld, bytes, int, int, bytes, bytes]] = {}
    # What is the same for every meld of the kind, read once (a kind not met before is made on a stream's first
    # lines); 3 or 4 of a kind is its glyph repeated.
    quad, ti, sao_like, peng = int(kind in QUAD_KINDS), int(kind is _TI), kind in _SAO_LIKE, kind is _PENG
    for cards in shapes:
        card = bytes(cards[:1])
        text = prefix + (format_cards(cards) if kind is MeldKind.CHI else GLYPHS[cards[0]] * len(cards))
        items[text] = (
            Meld(kind, cards), bytes(cards), quad, ti, card if sao_like else b"\xff", card if peng else b"\xff"
        )  # fmt: skip
        if kind is MeldKind.CHI and chi_shape(cards) == "erqishi":
            _ERQISHI_TEXTS.add(text)
    _KIND_ITEMS[kind] = items
    for text, facts in items.items():
        _BASE_WORD[text] = _meld_word(facts)
    return items


def _item_facts(rules: str, erqishi: bool, kinds: Sequence[MeldKind], table: WinTable) -> _ItemColumns:
    """Every meld the quick check takes for the game (``kinds``, 二七十 a 吃 or not), written in canonical glyphs, by
    its text in a layout line between '{"kind": "' and '"}' (e.g. 'chi", "cards": "一一壹'): the facts
    :func:`_new_meld_facts` gives it under ``table`` (the meld, its cards as kinds, 1 if a quad, 1 if a 提, its 胡, its
    card if a 扫 / 偎 else 255, its card if a 碰 else 255, its group's text in a result line). About 300 melds of 10
    kinds for both games, where a stream's first lines would otherwise check their melds one by one, once per game and
    per set of values; tests/tools/test_score_layout.py checks them against _new_meld_facts on every 3-card order and
    every kind.

    Kept by what tables that value melds alike share (the key of _MELD_FACTS). The 胡 is read as
    :meth:`~zipai_desktop.engine.win.WinTable.meld_value` reads it, but in bulk: a 吃's (chi_bonus) is the same under
    every table, so the 吃 (about 200 texts) are made once per 二七十 option with it, and another kind's is its
    row of the table's values (values_of) by its card, instead of calling meld_value for each of the ~250 melds of
    a new set of values (a cost a stream's first lines pay once per such set)."""
    alike = (rules, erqishi, table.bonus_rank, tuple(sorted(table.values.items())))  # as _facts_of_table keys
    columns = _ITEM_FACTS.get(alike)
    if columns is not None:
        return columns
    # The 吃 with their columns, per 二七十 option, copied (a dict copy is one C call); then each other kind's melds.
    chi = _CHI_FACTS.get(erqishi)
    if chi is None:
        chi = _chi_columns(erqishi)
    if MeldKind.CHI in kinds:
        columns = (dict(chi[0]), dict(chi[1]), dict(chi[2]), dict(chi[3]))
    else:
        columns = ({}, {}, {}, {})
    # Each other kind's melds by its row of values, shared by every table with that row; a row not met before is made
    # of its melds with their 胡, each kept by (text, 胡): tables that value a kind alike but for a doubled rank (Bohu's
    # bonus_rank) make only that rank's melds. Making a meld is the costly step, and it happens on a stream's first
    # lines only.
    for kind in kinds:
        if kind is not MeldKind.CHI:
            values = table.values_of(kind)
            row = _KIND_ROWS.get((kind, values))
            if row is None:
                row = _kind_row(kind, values)
            for column, part in zip(cast(_Columns, columns), cast(_Columns, row), strict=True):
                column.update(part)
    if len(_ITEM_FACTS) >= 64:
        _ITEM_FACTS.clear()
    _ITEM_FACTS[alike] = columns
    return columns


def _chi_columns(erqishi: bool) -> _ItemColumns:
    """The columns of every 吃 (_CHI_FACTS), made once: with 二七十 from _kind_items, without as those with them but
    the 二七十 (a 吃's facts and 胡 are the same either way: a dict comprehension, not ~190 melds made again)."""
    if erqishi:
        chi: _ItemColumns = ({}, {}, {}, {})
        for text, facts in _kind_items(MeldKind.CHI).items():
            _add_item(chi, text, facts, chi_bonus(facts[0].cards))
    else:
        every = _CHI_FACTS.get(True) or _chi_columns(True)
        left = _ERQISHI_TEXTS
        chi = (
            {t: f for t, f in every[0].items() if t not in left}, {t: m for t, m in every[1].items() if t not in left},
            {t: w for t, w in every[2].items() if t not in left}, {t: x for t, x in every[3].items() if t not in left},
        )  # fmt: skip
    _CHI_FACTS[erqishi] = chi
    return chi


def _kind_row(kind: MeldKind, values: tuple[int, ...]) -> _ItemColumns:
    """The columns of every meld of ``kind`` (not 吃) whose 胡 is ``values``' entry at its card (_KIND_ROWS)."""
    row: _ItemColumns = ({}, {}, {}, {})
    for text, facts in _kind_items(kind).items():
        hu = values[facts[1][0]]
        known = _HU_ITEMS.get((text, hu)) if type(hu) is int else None  # (1 == True: only an int keys it)
        if known is None:
            _add_item(row, text, facts, hu)
            known = _HU_ITEMS[(text, hu)] = (row[0][text], row[1][text], row[2][text], row[3][text])
        else:
            row[0][text], row[1][text], row[2][text], row[3][text] = known
    if len(_KIND_ROWS) >= 256:
        _KIND_ROWS.clear()
        _HU_ITEMS.clear()
    _KIND_ROWS[(kind, values)] = row
    return row


def _add_item(columns: _ItemColumns, text: str, facts: tuple[Meld, bytes, int, int, bytes, bytes], hu: int) -> None:
    """Put a meld of _kind_items with its 胡 under ``text`` in each column: its facts (:func:`_with_hu`), the meld,
    its word (see _meld_word; a 胡 the word cannot hold, never so, makes it negative: the line goes the JSON way) and
    its group's text."""
    items, melds, words, texts = columns
    full = items[text] = _with_hu(text, facts, hu)
    melds[text] = facts[0]
    words[text] = _BASE_WORD[text] + (hu << _HU_AT) if type(hu) is int and 0 <= hu < 2048 else -1 << 300
    texts[text] = full[7]


# The columns of a kind's melds (not 吃) by (kind, its row of values: values_of), and each such meld's four column
# entries by (its text, its 胡): both made once, shared by the tables alike in that kind (cleared together).
_KIND_ROWS: dict[tuple[MeldKind, tuple[int, ...]], _ItemColumns] = {}
_HU_ITEMS: dict[tuple[str, int], tuple[_MeldFacts, Meld, int, str]] = {}


def _with_hu(text: str, facts: tuple[Meld, bytes, int, int, bytes, bytes], hu: int) -> _MeldFacts:
    """A meld's facts (of _kind_items) with its 胡 and its group's text in a result line, from its text in a layout
    line (e.g. 'chi", "cards": "一一壹': the group's kind and cards as json.dumps writes them, nothing to escape)."""
    meld, cards, quad, ti, sao, peng = facts
    return meld, cards, quad, ti, hu, sao, peng, f'{{"kind": "{text}", "hu": {hu}, "exposed": true}}'


# The 吃 of _item_facts with their 胡, per 二七十 a 吃 or not (the same under every table), in the four columns.
_CHI_FACTS: dict[bool, _ItemColumns] = {}


def _new_head(text: str) -> _Head | None:
    """The _Head of a line's text up to its options' closing brace; None when the line goes the JSON way (another
    layout, an options object loads or the game refuses: the JSON way words the problem)."""
    m = _LAYOUT_HEAD.fullmatch(text)
    if m is None:
        return None
    rules_name, options_text = m.groups()
    try:
        raw = loads(options_text, what="the input", max_bytes=MAX_INPUT)
    except JsonInputError:
        return None
    if type(raw) is not dict:
        return None
    rules = _GUILIN if rules_name == "guilin" else BOHU
    try:
        options = _parsed_options_by_value(rules, raw)
    except OptionError:
        return None
    kinds: tuple[MeldKind, ...]
    if rules_name == "guilin":
        table, kinds, erqishi = _GUILIN.win_table, GUILIN_MELDS, True
    else:
        table, kinds, erqishi = BOHU.win_table_for(options), BOHU_MELDS, options.erqishi
    columns = _item_facts(rules_name, erqishi, kinds, table)
    return _Head(rules_name, options, table, kinds, erqishi, columns[0], _WHO_TEXT[rules_name], *columns[1:])


# A layout line's hand text (canonical glyphs, at most 30) -> (its count vector as an int, as bytes).
_HAND_TEXT: dict[str, tuple[int, bytes]] = {}

# Count vectors as one int, a byte a kind (kind k in bits 8k .. 8k + 7): ints added add the vectors in C (sum over a
# map), and to_bytes(20, "little") gives the vector as bytes. _layout_parts bounds what it adds so that no count
# reaches 128 (no byte carries into the next): adding _PLUS then sets a byte's top bit (_TOP) exactly when its count
# is 5 or more, more copies than the deck holds.
_ONE = tuple(1 << 8 * k for k in range(NUM_KINDS))
# The same as mappings, for sum(map(...)) over a hand's kinds and over its text's UTF-16 low bytes.
_ONE_OF_KIND = dict(enumerate(_ONE))
_ONE_OF_LOW = {low: _ONE[k] if k < NUM_KINDS else 0 for low, k in enumerate(_KIND_OF_LOW)}  # a UTF-16 low byte -> _ONE
_COUNTS = (1 << 8 * NUM_KINDS) - 1
_PLUS = sum(123 << 8 * k for k in range(NUM_KINDS))
_TOP = sum(128 << 8 * k for k in range(NUM_KINDS))
# A meld's word: its cards' count vector, then from bit 160 its cards (8 bits), 1 if a quad (8), 1 if a 提 (8), its
# 胡 (16), a bit at its card if a 扫 / 偎 (20 bits from bit 200) and one if a 碰 (20 bits from bit 220). The words of
# at most eight melds add up to the list's facts with no field carrying into the next (a 胡 is below 2,048).
_AT_MELDS = 8 * NUM_KINDS
_SAO_AT, _PENG_AT = _AT_MELDS + 40, _AT_MELDS + 60
_SAO_LIKE = SAO_KINDS | WEI_KINDS


_HU_AT = _AT_MELDS + 24


def _meld_word(facts: tuple[Meld, bytes, int, int, bytes, bytes]) -> int:
    """A meld's word (see above) but its 胡, from its facts in _kind_items (the same for every table)."""
    meld, cards, quad, ti, sao, peng = facts
    word = sum(map(_ONE.__getitem__, cards)) + (len(cards) << _AT_MELDS) + (quad << _AT_MELDS + 8)
    word += ti << _AT_MELDS + 16
    if sao[0] != 255:
        word += 1 << _SAO_AT + sao[0]
    if peng[0] != 255:
        word += 1 << _PENG_AT + peng[0]
    return word


# The word of every meld of _kind_items but its 胡, by its text (filled with _KIND_ITEMS).
_BASE_WORD: dict[str, int] = {}


def _last_meld(melds: tuple[Meld, ...], card: int, kinds: frozenset[MeldKind]) -> int:
    """The index of the last of ``melds`` of ``kinds`` made of ``card``, or -1 (as the joined 扫 / 碰 cards' rfind)."""
    for i in range(len(melds) - 1, -1, -1):
        if melds[i].kind in kinds and melds[i].cards[0] == card:
            return i
    return -1


def _new_who(rules: str, key: tuple[str, str]) -> tuple[int, int, int, Source, int, bool] | None:
    """(players, dealer, winner, source, from, first_discard) of the seats' and source's text, checked as
    :func:`_quick_common` checks them; None sends the line the JSON way."""
    m = _LAYOUT_WHO.fullmatch(key[0] + "\0" + key[1])
    if m is None:
        return None
    players, dealer, winner, source, from_, first = m.groups()
    if int(players) not in (_GUILIN.players if rules == "guilin" else BOHU_PLAYERS):
        return None
    data = {
        "dealer": int(dealer), "winner": int(winner), "source": source, "from": None if from_ == "null" else int(from_),
        "first_discard": first == "true",
    }  # fmt: skip
    try:
        who = _who_and_how(data, int(players))
    except Malformed:
        return None
    if who[2] is _DEAL:
        return None
    return (int(players), *who)


def _layout_parts(text: str | bytes) -> tuple[str, Request] | None:
    """(the game, the checked request) of a line in the layout: the Request the quick check gives for the line's JSON
    value; None for any other line, and for any line the quick check would leave to the careful check."""
    if type(text) is str:
        line = text
    elif type(text) is bytes and len(text) <= _LAYOUT_MAX:
        try:
            line = text.decode("utf-8")
        except UnicodeDecodeError:
            return None
    else:
        return None
    end = line.find("}", 30) + 1  # the options' closing brace (the head holds no other: see _LAYOUT_HEAD)
    if end <= 0 or len(line) > _LAYOUT_MAX:
        return None
    head_text = line[:end]
    head: Any = _HEADS.get(head_text, _MISSING)
    if head is _MISSING:
        new = _new_head(head_text)
        head = None if new is None else tuple(new)
        if len(_HEADS) >= 64:
            _HEADS.clear()
        _HEADS[head_text] = head
    if head is None:
        return None
    m = _LAYOUT_REST.fullmatch(line, end)
    if m is None:
        return None
    rules, options, table, _, _, _, who_of, meld_of, word_of, text_of = head
    who_text, melds_text, hand_text, source_text, win_text, xing_text = m.groups()
    key = (who_text, source_text)
    who = who_of.get(key, _MISSING)
    if who is _MISSING:
        who = _new_who(rules, key)
        if len(who_of) >= _CACHE_LIMIT:
            who_of.clear()
        who_of[key] = who
    if who is None:
        return None
    players, dealer, winner, source, from_seat, first_discard = who
    card = _KIND_OF[win_text]
    # The hand's count vector as one int (see _ONE) and as bytes, kept by the hand's text: a stream's hands recur, and
    # reading a new one is the costly step.
    known_hand = _HAND_TEXT.get(hand_text)
    if known_hand is None:
        if len(hand_text) > 30:  # more than a hand during play holds (25 at most): bounds the counts' bytes
            return None
        # The low bytes of its glyphs' UTF-16 units give the kinds.
        counts = sum(map(_ONE_OF_LOW.__getitem__, _utf16(hand_text)[::2]))
        known_hand = (counts, counts.to_bytes(NUM_KINDS, "little"))
        if len(_HAND_TEXT) >= _CACHE_LIMIT:
            _HAND_TEXT.clear()
        _HAND_TEXT[hand_text] = known_hand
    counts, hand = known_hand
    if melds_text is not None:
        # The melds' texts between '{"kind": "' and '"}', e.g. 'chi", "cards": "一一壹': each keys its facts. Only
        # well-formed melds are known, so the list is in the layout when every piece is known. Their words (see
        # _meld_word) added give the list's counts, cards, quads, 提, 胡 and 扫 / 碰 cards in one sum.
        pieces = melds_text.split('"}, {"kind": "')
        if len(pieces) > 8:  # more than a hand holds (7): bounds the words' fields
            return None
        # One itemgetter of the pieces reads each column as a tuple of the pieces' facts.
        if len(pieces) > 1:
            column = itemgetter(*pieces)
            try:
                melds = column(meld_of)
            except KeyError:  # not a well-formed meld of the game: the careful check names it
                return None
            word = sum(column(word_of))
            meld_texts = column(text_of)
        else:
            piece = pieces[0]
            melds = meld_of.get(piece)
            if melds is None:
                return None
            melds = (melds,)
            word = word_of[piece]
            meld_texts = (text_of[piece],)
        if word < 0:
            return None
        counts += word & _COUNTS
        facts = word >> _AT_MELDS
        meld_n, meld_quads, tis, meld_hu = facts & 255, facts >> 8 & 255, facts >> 16 & 255, facts >> 24 & 0xFFFF
        sao_idx = _last_meld(melds, card, _SAO_LIKE) if word >> _SAO_AT + card & 1 else -1
        peng_idx = _last_meld(melds, card, _PENG_KIND) if word >> _PENG_AT + card & 1 else -1
    else:
        melds, meld_n, meld_quads, tis, meld_hu, sao_idx, peng_idx, meld_texts = (), 0, 0, 0, 0, -1, -1, ()
    counts += _ONE[card]
    held = len(hand_text) + meld_n
    if rules == "guilin":  # as _quick_guilin_parts
        if first_discard and melds:
            return None
        if xing_text:
            if len(xing_text) > 64:  # more than the deck leaves (80 - 21): bounds the counts' bytes
                return None
            xing = _utf16(xing_text)[::2].translate(_KIND_OF_LOW)
            total = counts + sum(map(_ONE_OF_KIND.__getitem__, xing))
        else:
            xing = b""
            total = counts
        if (total + _PLUS) & _TOP:  # a kind more than four times
            return None
        quads = meld_quads + hand.count(4)
        target = 20 + max(0, quads - 1)
        if held != target and not (held == target - 1 and quads >= 2 and options.two_long == "skip_discard"):
            return None
    else:  # as _quick_bohu_parts
        if xing_text is not None or (first_discard and tis != len(melds)) or (counts + _PLUS) & _TOP or 4 in hand:
            return None
        xing = b""
        target = 19 + meld_quads
        short = 0 if options.short_player == "replacement" else max(0, tis - (1 if winner == dealer else 0))
        if not target - short <= held <= target:
            return None
    known = (meld_n, meld_quads, meld_hu, sao_idx, peng_idx)
    parts = (
        options, players, dealer, winner, melds, hand, counts.to_bytes(NUM_KINDS, "little"), card, source, from_seat,
        first_discard, xing, table, meld_quads, known, meld_texts,
    )  # fmt: skip
    return rules, _new_parts(parts)
