"""The quick check: one pass over a decoded request, for the common case (every field well-typed and consistent);
None for anything else, which the careful reader (:mod:`.request`) then reads and words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...engine.cards import COPIES, GLYPHS, NUM_KINDS
from ...engine.melds import QUAD_KINDS, SAO_KINDS, WEI_KINDS, Meld, MeldKind, chi_shape
from ...engine.rules import OptionError
from ...engine.rules.bohu import BOHU
from .request import (
    _CACHE_LIMIT,
    _CARDS,
    _DEAL,
    _GUILIN,
    _MELD_KINDS,
    _PENG,
    _TI,
    _TRIPLES,
    BOHU_FIELDS,
    BOHU_MELDS,
    BOHU_PLAYERS,
    GUILIN_FIELDS,
    GUILIN_MELDS,
    BohuHand,
    GuilinHand,
    Malformed,
    Request,
    _meld,
    _new_parts,
    _parsed_options,
    _who_and_how,
)
from .text import _KIND_NAME, _new_text
from .wincheck import (
    Source,
    WinTable,
)

# ---------------------------------------------------------------------------------------------------------------------
# The quick check: one pass over a request, for the common case (every field well-typed and consistent, a win during
# play). It answers exactly what the careful check above answers, or None: anything it does not take the plain way (a
# field of another type, a card string with separators or the 叄 spelling, a meld not checked before that is not well
# formed, a win from the deal, any problem at all) goes to the careful check, which finds the first problem and words
# it. Cards are read as bytes, one kind a byte, and counted by C (``bytes.count``), not card by card in Python.

# A string of canonical glyphs read without a Python loop: each glyph is one UTF-16 code unit, and the low bytes of
# the twenty are distinct, so translating the low bytes gives the kinds (255: no glyph has that low byte), and the
# high bytes, compared with the ones each kind's glyph has, prove that every character was that glyph.
_UTF16 = GLYPHS.encode("utf-16-le")


def _utf16(text: str) -> bytes:
    """``text`` as UTF-16-LE code units (raises UnicodeEncodeError on a lone surrogate)."""
    return text.encode("utf-16-le")


_KIND_OF_LOW = bytes(_UTF16[::2].find(b) if b in _UTF16[::2] else 255 for b in range(256))
_HIGH_OF_KIND = bytes(_UTF16[1::2][k] if k < NUM_KINDS else 0 for k in range(256))


def _glyph_kinds(value: Any) -> bytes | None:
    """The kinds of a string of cards, a byte a card in order: a string of the twenty canonical glyphs, or one the
    careful check has read before (a separator, 叄); else None."""
    if type(value) is not str:
        return None
    if len(value) <= 4:  # a winning card, a meld: few distinct, kept
        known = _SHORT.get(value)
        if known is not None:
            return known
    try:
        units = _utf16(value)
    except UnicodeEncodeError:  # a lone surrogate: not a card (the careful check words it)
        return None
    kinds = units[::2].translate(_KIND_OF_LOW)
    if 255 in kinds or kinds.translate(_HIGH_OF_KIND) != units[1::2]:
        cards = _CARDS.get(value)  # read well by the careful check before
        return None if cards is None else bytes(cards)
    if len(value) <= 4:
        if len(_SHORT) >= _CACHE_LIMIT:
            _SHORT.clear()
        _SHORT[value] = kinds
    return kinds


# Short card strings read by _glyph_kinds: the text -> the kinds.
_SHORT: dict[str, bytes] = {}


def _quick_melds(
    raw_melds: Any, kinds: Sequence[MeldKind], rules: str, erqishi: bool, table: WinTable
) -> tuple[tuple[Meld, ...], bytes, int, int, int, bytes, bytes, tuple[str, ...]] | None:
    """(melds, all their cards as kinds, quads, 提, their 胡 under ``table``, each meld's 扫 / 偎 card, each meld's 碰
    card, each meld's group in a result line) of well-formed melds (the 扫 / 碰 cards a byte a meld, 255 where the
    meld is not of that kind); or None (a malformed one is left to the careful check, which names it with its
    index)."""
    if raw_melds is None:
        return (), b"", 0, 0, 0, b"", b"", ()
    if type(raw_melds) is not list:
        return None
    by_kind = _facts_kept(rules, erqishi, table)
    facts_of = by_kind.get
    found: list[_MeldFacts] = []
    try:
        for raw in raw_melds:
            # Two fields, "kind" and "cards": a kind and cards read before find the meld (the tables hold strings
            # only, so a value of another type finds nothing, and a list or object raises TypeError).
            if type(raw) is not dict or len(raw) != 2:
                return None
            facts = facts_of(raw.get("kind"), _NO_FACTS).get(raw.get("cards"))  # type: ignore[arg-type]
            if facts is None:
                facts = _new_meld_facts(raw, kinds, rules, erqishi, table, by_kind)
                if facts is None:
                    return None
            found.append(facts)
    except TypeError:
        return None
    if not found:
        return (), b"", 0, 0, 0, b"", b"", ()
    melds, cards, quads, tis, hu, sao, peng, texts = zip(*found, strict=True)
    return melds, b"".join(cards), sum(quads), sum(tis), sum(hu), b"".join(sao), b"".join(peng), texts


def _new_meld_facts(
    raw: dict[str, Any], kinds: Sequence[MeldKind], rules: str, erqishi: bool, table: WinTable,
    by_kind: dict[str, dict[str, _MeldFacts]],
) -> _MeldFacts | None:  # fmt: skip
    kind, text = raw.get("kind"), raw.get("cards")
    if type(kind) is not str or type(text) is not str:
        return None
    meld_kind = _MELD_KINDS.get(kind)
    in_bytes = _glyph_kinds(text)
    if meld_kind is not None and meld_kind in kinds and in_bytes is not None:
        # What _checked_meld accepts, checked without its wording of problems (a refused meld goes the careful way):
        # a known kind of the game, cards that read, and the kind's shape.
        cards = tuple(in_bytes)
        if meld_kind is MeldKind.CHI:
            shape = chi_shape(cards)
            if shape is None or (shape == "erqishi" and not erqishi):
                return None
        elif len(cards) != (3 if meld_kind in _TRIPLES else 4) or in_bytes.count(in_bytes[0]) != len(cards):
            return None
        meld = Meld(meld_kind, cards)
    else:
        try:
            meld = _meld(raw, 0, kinds, rules, erqishi=erqishi)  # checked (and kept) as the careful check would
        except Malformed:
            return None
    card = bytes(meld.cards[:1])
    hu = table.meld_value(meld)
    facts = (
        meld, bytes(meld.cards), int(meld.kind in QUAD_KINDS), int(meld.kind is _TI), hu,
        card if meld.kind in SAO_KINDS or meld.kind in WEI_KINDS else b"\xff", card if meld.kind is _PENG else b"\xff",
        _new_text(_KIND_NAME[meld.kind], meld.cards, hu, True),
    )  # fmt: skip
    if sum(map(len, by_kind.values())) >= _CACHE_LIMIT:
        by_kind.clear()
    by_kind.setdefault(kind, {})[text] = facts
    return facts


# What the quick check reads of a meld checked before: (the meld, its cards as kinds, 1 if a quad, 1 if a 提, its 胡
# under the win table, its card if a 扫 / 偎 else 255, its card if a 碰 else 255, its group's text in a result line:
# see _role_text), by (rules, erqishi, the doubled rank,
# the values: what tables that value melds alike share), then the kind and the cards as given (the key of _MELDS, as
# nested tables: no key to make). The 胡 and the two cards give the win check its meld facts (engine.win.MeldsKnown)
# without a loop over the melds: a meld list is mostly new on a line seen for the first time, but its melds are not.
_MeldFacts = tuple[Meld, bytes, int, int, int, bytes, bytes, str]
_MELD_FACTS: dict[tuple[Any, ...], dict[str, dict[str, _MeldFacts]]] = {}
_NO_FACTS: dict[str, _MeldFacts] = {}
# The facts of the melds of the win tables met last, the latest first: (the table, rules, erqishi, the facts), a table
# found by identity among the few held (a stream names a few tables: one per game and set of options that changes
# the values). Tables that value melds alike (Bohu's differ by options that change no meld's 胡 or shape, e.g.
# peng_pao_on_discard) share one set of facts, kept by what they depend on (_MELD_FACTS): each meld is checked and
# valued once, not once per table.
_RECENT_FACTS: list[tuple[WinTable, str, bool, dict[str, dict[str, _MeldFacts]]]] = []


def _facts_kept(rules: str, erqishi: bool, table: WinTable) -> dict[str, dict[str, _MeldFacts]]:
    """The kept facts of the melds of ``table`` (under ``rules`` and 二七十 or not)."""
    for kept in _RECENT_FACTS:
        if kept[0] is table and kept[1] == rules and kept[2] is erqishi:
            return kept[3]
    return _facts_of_table(rules, erqishi, table)[3]


def _facts_of_table(
    rules: str, erqishi: bool, table: WinTable
) -> tuple[WinTable, str, bool, dict[str, dict[str, _MeldFacts]]]:
    # What a meld's facts depend on: its shape's rules (the game, 二七十) and its 胡 (the values and the doubled rank).
    alike = (rules, erqishi, table.bonus_rank, tuple(sorted(table.values.items())))
    by_kind = _MELD_FACTS.get(alike)
    if by_kind is None:
        if len(_MELD_FACTS) >= 64:
            _MELD_FACTS.clear()
        by_kind = _MELD_FACTS[alike] = {}
    kept = (table, rules, erqishi, by_kind)
    _RECENT_FACTS.insert(0, kept)
    del _RECENT_FACTS[8:]
    return kept


def _quick_common(
    data: Mapping[str, Any], rules: Any, fields: frozenset[str], players_allowed: tuple[int, ...]
) -> tuple[Any, int, tuple[int, int, Source, int, bool]] | None:
    """(options, players, (dealer, winner, source, from, first_discard)) of a win during play, or None."""
    if not fields.issuperset(data):
        return None
    raw = data.get("options")
    if raw is not None and type(raw) is not dict:
        return None
    try:
        options = _parsed_options(rules, raw)
    except OptionError:
        return None
    players = data.get("players")
    if players is None:
        players = players_allowed[0]
    elif type(players) is not int or players not in players_allowed:
        return None
    try:
        who = _who_and_how(data, players)
    except Malformed:
        return None
    if who[2] is _DEAL:
        return None
    return options, players, who


def _counted(hand: bytes, more: bytes) -> tuple[list[int], list[int]]:
    """(count vector of ``hand`` and ``more``, count vector of ``hand``) of cards given as kinds (a loop over the
    bytes: cheaper than twenty ``bytes.count`` calls for a hand's few cards)."""
    in_hand = [0] * NUM_KINDS
    for k in hand:
        in_hand[k] += 1
    counts = in_hand[:]
    for k in more:
        counts[k] += 1
    return counts, in_hand


def _quick_guilin_parts(data: Mapping[str, Any]) -> Request | None:
    """A plain Guilin request checked in one pass; None sends it the careful way."""
    common = _quick_common(data, _GUILIN, GUILIN_FIELDS, _GUILIN.players)
    if common is None:
        return None
    options, players, (dealer, winner, source, from_seat, first_discard) = common
    in_hand = _glyph_kinds(data.get("hand"))
    win = _glyph_kinds(data.get("win_card"))
    xing_raw = data.get("xing")
    xing = b"" if xing_raw is None else _glyph_kinds(xing_raw)
    if in_hand is None or win is None or xing is None or len(win) != 1:
        return None
    table = _GUILIN.win_table
    melds_found = _quick_melds(data.get("melds"), GUILIN_MELDS, "guilin", True, table)
    if melds_found is None:
        return None
    melds, in_melds, meld_quads, _, meld_hu, sao, peng, meld_texts = melds_found
    if first_discard and melds:
        return None
    counts, in_hand_counts = _counted(in_hand, in_melds + win)
    if xing:
        total = counts[:]
        for k in xing:
            total[k] += 1
        if max(total) > COPIES:
            return None
    elif max(counts) > COPIES:
        return None
    hand = bytes(in_hand_counts)
    # held_count_problem during play: held = 20 + max(0, Q - 1), one less with skip_discard and Q >= 2.
    quads = meld_quads + hand.count(4)
    target = 20 + max(0, quads - 1)
    held = len(in_hand) + len(in_melds)
    if held != target and not (held == target - 1 and quads >= 2 and options.two_long == "skip_discard"):
        return None
    card = win[0]
    known = (len(in_melds), meld_quads, meld_hu, sao.rfind(card), peng.rfind(card))  # the last, as meld_facts keeps
    return _new_parts(
        (options, players, dealer, winner, melds, hand, bytes(counts), card, source, from_seat, first_discard, xing,
         table, meld_quads, known, meld_texts)
    )  # fmt: skip


def _quick_guilin(data: Mapping[str, Any]) -> GuilinHand | None:
    """:func:`parse_guilin` of a plain request, in one pass; None sends it the careful way."""
    p = _quick_guilin_parts(data)
    if p is None:
        return None
    return GuilinHand(
        p.options, p.players, p.dealer, p.winner, p.melds, tuple(p.hand), p.win_card, p.source, p.from_seat,
        p.first_discard, tuple(p.xing),
    )  # fmt: skip


def _quick_bohu_parts(data: Mapping[str, Any]) -> Request | None:
    """A plain Bohu request checked in one pass; None sends it the careful way."""
    common = _quick_common(data, BOHU, BOHU_FIELDS, BOHU_PLAYERS)
    if common is None:
        return None
    options, players, (dealer, winner, source, from_seat, first_discard) = common
    in_hand = _glyph_kinds(data.get("hand"))
    win = _glyph_kinds(data.get("win_card"))
    if in_hand is None or win is None or len(win) != 1:
        return None
    table = BOHU.win_table_for(options)
    melds_found = _quick_melds(data.get("melds"), BOHU_MELDS, "bohu", options.erqishi, table)
    if melds_found is None:
        return None
    melds, in_melds, quads, tis, meld_hu, sao, peng, meld_texts = melds_found
    if first_discard and tis != len(melds):
        return None
    counts, in_hand_counts = _counted(in_hand, in_melds + win)
    if max(counts) > COPIES:
        return None
    hand = bytes(in_hand_counts)
    if 4 in hand:
        return None
    # bohu_held_problem during play: 19 + k, or down to 19 + k - t for a player short after initial 提.
    target = 19 + quads
    short = 0 if options.short_player == "replacement" else max(0, tis - (1 if winner == dealer else 0))
    held = len(in_hand) + len(in_melds)
    if not target - short <= held <= target:
        return None
    card = win[0]
    known = (len(in_melds), quads, meld_hu, sao.rfind(card), peng.rfind(card))  # the last, as meld_facts keeps
    return _new_parts(
        (options, players, dealer, winner, melds, hand, bytes(counts), card, source, from_seat, first_discard, b"",
         table, quads, known, meld_texts)
    )  # fmt: skip


def _quick_bohu(data: Mapping[str, Any]) -> BohuHand | None:
    """:func:`parse_bohu` of a plain request, in one pass; None sends it the careful way."""
    p = _quick_bohu_parts(data)
    if p is None:
        return None
    return BohuHand(
        p.options, p.players, p.dealer, p.winner, p.melds, tuple(p.hand), p.win_card, p.source, p.from_seat,
        p.first_discard,
    )  # fmt: skip
