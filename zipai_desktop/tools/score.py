"""``zipai score``: what a hand is worth (胡 / 胡息, 舵 / 番, points), per ``docs/contracts/score-cli.md``.

The scorer reads one JSON hand (or, with ``--jsonl``, one per line), checks it for consistency and answers with the
same code the game uses at its settlement.

* 桂林字牌 (``guilin``): :func:`~zipai_desktop.engine.hu.evaluate_win` for the split,
  :func:`~zipai_desktop.engine.special.sanlong_wukan` for 三龙五坎 and
  the pieces of :func:`~zipai_desktop.engine.scoring.settle_guilin` (醒, the parts of the 舵, the points) for the
  settlement.
* 秀山博胡 (``bohu``): :func:`~zipai_desktop.engine.hu.evaluate_roles` for the best split of each role of the winning
  card, :func:`~zipai_desktop.engine.rules.bohu.san_ti_wu_kan` for 三提五坎 and
  :func:`~zipai_desktop.engine.rules.bohu.score_win` for 胡息, 番 and 名堂, chosen the way ``BohuRules.pick_win`` /
  ``deal_wins`` choose them in the game, and paid as ``BohuRules.settle`` pays.

Exit status: 0 when every input was well-formed (a well-formed hand that is not a win is ``"valid": false``), 2 when an
input or the command line is malformed.
"""

from __future__ import annotations

import codecs
import io
import json
import math
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import permutations
from operator import itemgetter
from typing import Any, NamedTuple

from ..engine.cards import COPIES, GLYPHS, NUM_KINDS, CardError, format_cards, glyph, parse_cards, to_counts
from ..engine.jsonsafe import MAX_DEPTH, MAX_INT_DIGITS, QUOTE_CHARS, JsonInputError, clip, loads, quote
from ..engine.jsonsafe import name as show_name
from ..engine.melds import QUAD_KINDS, SAO_KINDS, WEI_KINDS, Meld, MeldKind, chi_bonus, chi_shape
from ..engine.rules import OptionError, get_rules, parse_options
from ..engine.rules.bohu import BOHU, BohuOptions, san_ti_wu_kan, score_win
from ..engine.rules.guilin import GuilinOptions
from ..engine.scoring import duo_parts, guilin_points, xing_count
from ..engine.special import sanlong_wukan
from ..engine.win import Group, MeldsKnown, Source, Split, WinTable, evaluate_roles, evaluate_win
from ..engine.win.groups import free_groups, groups_alike_key

USAGE = """usage: zipai score [--rules guilin|bohu] [--jsonl] < hand.json

  Score a hand: 胡 / 胡息, 舵, points. Reads one JSON object from stdin (with --jsonl: one object per line) and
  writes one JSON result per input object. See docs/contracts/score-cli.md for the fields.

  --rules NAME   guilin or bohu (may be omitted when the input has a "rules" field)
  --jsonl        one hand per input line, one result line per hand, in order
  -h, --help     show this help
"""

#: Every game the contract knows; a name here without a scorer below is "not available in this build yet".
KNOWN_RULES = ("guilin", "bohu")


class Malformed(ValueError):
    """An input the scorer refuses (exit 2): the message names the problem."""


def not_available(name: str) -> str:
    return f"rules {show_name(name)} are not available in this build yet"


# ---------------------------------------------------------------------------------------------------------------------
# Reading fields.

_MISSING = object()


def _get(data: Mapping[str, Any], name: str, *, required: bool) -> Any:
    value = data.get(name, _MISSING)
    if value is _MISSING or value is None:
        if required:
            raise Malformed(f"missing field {name!r}")
        return None
    return value


def _whole(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Malformed(f"{name} must be a whole number, not {quote(value)}")
    return value


def _seat(data: Mapping[str, Any], name: str, players: int, *, required: bool = True) -> int | None:
    value = _get(data, name, required=required)
    if value is None:
        return None
    seat = _whole(value, name)
    if not 0 <= seat < players:
        raise Malformed(f"{name} {quote(seat)} is not a seat (seats are 0..{players - 1} for {players} players)")
    return seat


def _bool(data: Mapping[str, Any], name: str) -> bool:
    value = _get(data, name, required=False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise Malformed(f"{name} must be true or false, not {quote(value)}")
    return value


# Card strings already read, by their text: a stream repeats the same melds, 醒 cards and short hands. Only strings
# that read well are kept (a bad one raises every time, with the field's name); bounded, so memory stays flat.
_CARDS: dict[str, tuple[int, ...]] = {}
_KIND_OF = {g: parse_cards(g)[0] for g in GLYPHS}
_CACHE_LIMIT = 4096


def _card_list(value: Any, name: str) -> list[int]:
    cards = _CARDS.get(value) if type(value) is str else None
    if cards is not None:
        return list(cards)
    if not isinstance(value, str):
        raise Malformed(f"{name} must be a string of card glyphs, not {quote(value)}")
    try:
        parsed = [_KIND_OF[ch] for ch in value]  # glyphs only, the usual case
    except KeyError:  # a separator, a space or an unknown glyph: the card reader skips the first and words the last
        try:
            parsed = parse_cards(value)
        except CardError as exc:
            raise Malformed(f"{name}: {exc}") from None
    if len(_CARDS) >= _CACHE_LIMIT:
        _CARDS.clear()
    _CARDS[value] = tuple(parsed)
    return parsed


def _options(data: Mapping[str, Any]) -> dict[str, Any] | None:
    value = data.get("options")
    if value is not None and not isinstance(value, dict):
        raise Malformed(f'options must be a JSON object like {{"min_hu": 15}}, not {quote(value)}')
    return value


# Parsed options by game and value: a --jsonl stream repeats the same few option sets, and parsing them is a good part
# of a hand's cost. Only accepted sets are kept (a refused one raises every time, with its message), and few of them.
_OPTIONS: dict[tuple[str, tuple[str, ...], tuple[Any, ...], tuple[type, ...]], Any] = {}


def _parsed_options(rules: Any, raw: dict[str, Any] | None) -> Any:
    # An options object :func:`_with_known_options` read from a line's text (the same object for every line that
    # writes that text, and never written to): parsed once per game, found by identity.
    read = _READ_OPTIONS.get(id(raw))
    if read is not None and read[0] is raw:
        parsed = read[1].get(rules.name)
        if parsed is not None:
            return parsed
        parsed = _parsed_options_by_value(rules, raw)
        read[1][rules.name] = parsed
        return parsed
    return _parsed_options_by_value(rules, raw)


def _parsed_options_by_value(rules: Any, raw: dict[str, Any] | None) -> Any:
    # The game's last accepted set first: equal names and values (one C comparison), and the same types (true and 1
    # are equal in Python but not the same option value).
    if raw:
        last = _LAST_OPTIONS.get(rules.name)
        if last is not None and raw == last[0] and tuple(map(type, raw.values())) == last[1]:
            return last[2]
    # Names, values and the values' types. The order is part of the key too (cheaper than sorting, and a stream writes
    # its options in one order).
    values = tuple(raw.values()) if raw else ()
    key = (rules.name, tuple(raw) if raw else (), values, tuple(map(type, values)))
    try:
        options = _OPTIONS.get(key)
    except TypeError:  # a list or object as a value: refused by the parser below
        return parse_options(rules, raw)
    if options is None:
        options = parse_options(rules, raw)
        if len(_OPTIONS) < 256:
            _OPTIONS[key] = options
    if raw:
        _LAST_OPTIONS[rules.name] = (raw, key[3], options)
    return options


# Per game, the last option set accepted: (the set as given, its values' types, the options).
_LAST_OPTIONS: dict[str, tuple[dict[str, Any], tuple[type, ...], Any]] = {}


def _rules_name(data: Mapping[str, Any], cli_rules: str | None) -> str:
    value = data.get("rules")
    if value is not None and not isinstance(value, str):
        raise Malformed(f"rules must be a string, not {quote(value)}")
    if value is None:
        if cli_rules is None:
            raise Malformed('no rules: give --rules or a "rules" field')
        return cli_rules
    if cli_rules is not None and value != cli_rules:
        raise Malformed(f"--rules {cli_rules} but the input says rules {show_name(value)}")
    return value


# ---------------------------------------------------------------------------------------------------------------------
# Guilin.

_GUILIN = get_rules("guilin")
GUILIN_FIELDS = frozenset(
    {"rules", "options", "players", "dealer", "winner", "melds", "hand", "win_card", "source", "from",
     "first_discard", "xing"}
)  # fmt: skip
GUILIN_MELDS = (
    MeldKind.CHI,
    MeldKind.PENG,
    MeldKind.SAO,
    MeldKind.GUO_SAO,
    MeldKind.SAO_CHUAN,
    MeldKind.KAI_DUO,
    MeldKind.LONG,
)
_TRIPLES = frozenset({MeldKind.PENG, MeldKind.SAO, MeldKind.GUO_SAO, MeldKind.WEI})


@dataclass(frozen=True, slots=True)
class GuilinHand:
    """A checked Guilin scoring request."""

    options: GuilinOptions
    players: int
    dealer: int
    winner: int
    melds: tuple[Meld, ...]
    hand: tuple[int, ...]  # count vector; for a deal win it includes the 挡底
    win_card: int | None  # None for a deal win
    source: Source
    from_seat: int
    first_discard: bool
    xing: tuple[int, ...]


def _meld(
    raw: Any, index: int, kinds: Sequence[MeldKind] = GUILIN_MELDS, rules: str = "guilin", *, erqishi: bool = True
) -> Meld:
    """One meld of the input, of a kind the game ``rules`` knows (``kinds``) and of a legal shape."""
    key = None
    if type(raw) is dict and len(raw) == 2:
        kind, cards = raw.get("kind"), raw.get("cards")
        if type(kind) is str and type(cards) is str:
            key = (rules, erqishi, kind, cards)
            known = _MELDS.get(key)
            if known is not None:
                return known
    meld = _checked_meld(raw, index, kinds, rules, erqishi=erqishi)
    if key is not None:
        if len(_MELDS) >= _CACHE_LIMIT:
            _MELDS.clear()
        _MELDS[key] = meld
    return meld


# Melds already checked, by (rules, erqishi, kind, cards) as given: the same Meld object comes back, which also lets
# the win check's per-meld-list cache (keyed on the melds' identities) find it. Only accepted melds are kept.
_MELDS: dict[tuple[str, bool, str, str], Meld] = {}


def _checked_meld(raw: Any, index: int, kinds: Sequence[MeldKind], rules: str, *, erqishi: bool) -> Meld:
    where = f"melds[{index}]"
    if not isinstance(raw, dict):
        raise Malformed(f'{where} must be an object like {{"kind": "peng", "cards": "捌捌捌"}}')
    extra = sorted(set(raw) - {"kind", "cards"})
    if extra:
        raise Malformed(f"{where}: unknown field {show_name(extra[0])} (a meld has kind and cards)")
    kind_name = _get(raw, "kind", required=True)
    kind = _MELD_KINDS.get(kind_name) if isinstance(kind_name, str) else None
    if kind is None or kind not in kinds:
        known = ", ".join(k.value for k in kinds)
        raise Malformed(f"{where}: unknown meld kind {quote(kind_name)} ({rules}: {known})")
    cards = _card_list(_get(raw, "cards", required=True), f"{where}.cards")
    if kind is MeldKind.CHI:
        shape = chi_shape(cards)
        if shape is None:
            raise Malformed(f"{where}: {_shown(cards)} is not a 吃 group (a sequence, 二七十 or 搭 of 3 cards)")
        if shape == "erqishi" and not erqishi:
            raise Malformed(f"{where}: {_shown(cards)} is not a 吃 group with the option erqishi false")
    else:
        size = 3 if kind in _TRIPLES else 4
        if len(cards) != size or len(set(cards)) != 1:
            raise Malformed(f"{where}: a {kind.value} is {size} identical cards, not {_shown(cards)}")
    return Meld(kind, tuple(cards))


_MELD_KINDS = {k.value: k for k in MeldKind}


def _shown(cards: list[int]) -> str:
    """A meld's cards for a message: at most :data:`QUOTE_CHARS` glyphs, like every bad value a message quotes."""
    if len(cards) > QUOTE_CHARS:
        return f"{format_cards(cards[:QUOTE_CHARS])}… ({len(cards):,} cards)"
    return format_cards(cards) or "no cards"


def held_count_problem(
    hand: Sequence[int],
    melds: Sequence[Meld],
    source: Source,
    *,
    is_dealer: bool,
    two_long: str = "extra_card",
) -> str | None:
    """The card-count rule (guilin §2, §7.9, procedure P12) for the winner before the win; None when it holds.

    ``hand`` is the concealed count vector before the winning card (for a win from the deal: every dealt card, the
    挡底 included). Q = quads among the melds + kinds held four times in hand.

    * During play: held (hand + meld cards) = 20 + max(0, Q - 1). With the option ``two_long = skip_discard`` a player
      dealt two 龙 gets no extra card and catches up by skipping a discard, so with Q >= 2 one card less is possible.
    * From the deal (no melds): 20 cards, 21 for the dealer (the 挡底), plus the extra card a seat dealt exactly two 龙
      among its 20 gets (option ``extra_card``). That extra card or the 挡底 may complete a further 龙, so with L 龙
      in hand a non-dealer holds 20 (L != 2) or 21 (L = 2 or 3), and the dealer 21 (any L) or 22 (L = 2, 3 or 4).
    """
    in_hand = sum(hand)
    in_melds = sum(len(m.cards) for m in melds)
    held = in_hand + in_melds
    longs = sum(1 for c in hand if c == 4)
    if source is Source.DEAL:
        who = "the dealer" if is_dealer else "a non-dealer"
        if melds:
            return "a win from the deal has no melds"
        allowed: set[int] = set()
        if is_dealer:
            allowed.add(21)
            if two_long == "extra_card" and 2 <= longs <= 4:
                allowed.add(22)
        else:
            if two_long != "extra_card" or longs != 2:
                allowed.add(20)
            if two_long == "extra_card" and longs in (2, 3):
                allowed.add(21)
        if held in allowed:
            return None
        want = " or ".join(str(n) for n in sorted(allowed))
        return f"card count: {who} holds {held} cards from the deal, but with {longs} 龙 the deal gives {want}"
    quads = sum(1 for m in melds if m.is_quad) + longs
    target = 20 + max(0, quads - 1)
    allowed = {target}
    if two_long == "skip_discard" and quads >= 2:
        allowed.add(target - 1)
    if held in allowed:
        return None
    return (
        f"card count: the winner holds {held} cards before the win card (hand {in_hand} + melds {in_melds}), "
        f"but with {quads} quad{'' if quads == 1 else 's'} the rules require {target}"
    )


_SOURCES = {s.value: s for s in Source}
# Enum members as plain globals for the per-line path: ``Source.DEAL`` is a look-up through the enum's metaclass
# (~0.2 µs in CPython 3.11, against ~0.03 µs for a global).
_DEAL, _DISCARD, _OWN_DRAW = Source.DEAL, Source.DISCARD, Source.OWN_DRAW
_TI, _PENG = MeldKind.TI, MeldKind.PENG
_PENG_KIND = frozenset({MeldKind.PENG})


def _who_and_how(data: Mapping[str, Any], players: int) -> tuple[int, int, Source, int, bool]:
    """(dealer, winner, source, from, first_discard), checked against each other as the contract says.

    A stream has few distinct combinations of these five fields, so a checked one is kept by its values and their
    types (true and 1 are equal in Python, but not as a seat); a refused one is checked, and refused, every time."""
    dealer, winner, source, from_, first = raw = (
        data.get("dealer"), data.get("winner"), data.get("source"), data.get("from"), data.get("first_discard")
    )  # fmt: skip
    if (
        type(dealer) is int and type(winner) is int and type(source) is str and (from_ is None or type(from_) is int)
        and (first is None or type(first) is bool)
    ):  # fmt: skip
        # The usual types: within them equal values are equal fields (no bool among the ints), so the values key.
        plain = (players, dealer, winner, source, from_, first)
        known = _WHO_PLAIN.get(plain)
        if known is None:
            known = _checked_who_and_how(data, players)
            if len(_WHO_PLAIN) >= _CACHE_LIMIT:
                _WHO_PLAIN.clear()
            _WHO_PLAIN[plain] = known
        return known
    key = (players, raw, tuple(map(type, raw)))
    try:
        known = _WHO.get(key)
    except TypeError:  # a list or an object in a field: refused below
        return _checked_who_and_how(data, players)
    if known is None:
        known = _checked_who_and_how(data, players)
        if len(_WHO) >= _CACHE_LIMIT:
            _WHO.clear()
        _WHO[key] = known
    return known


_WHO: dict[tuple[int, tuple[Any, ...], tuple[type, ...]], tuple[int, int, Source, int, bool]] = {}
_WHO_PLAIN: dict[tuple[Any, ...], tuple[int, int, Source, int, bool]] = {}


def _checked_who_and_how(data: Mapping[str, Any], players: int) -> tuple[int, int, Source, int, bool]:
    dealer = _seat(data, "dealer", players)
    winner = _seat(data, "winner", players)
    assert dealer is not None and winner is not None

    source_raw = _get(data, "source", required=True)
    source = _SOURCES.get(source_raw) if isinstance(source_raw, str) else None
    if source is None:
        known = ", ".join(s.value for s in Source)
        raise Malformed(f"source must be one of {known}, not {quote(source_raw)}")
    first_discard = _bool(data, "first_discard")

    from_seat = _seat(data, "from", players, required=source in (Source.DISCARD, Source.OTHER_DRAW))
    if source is Source.OWN_DRAW:
        if from_seat is None:
            from_seat = winner
        elif from_seat != winner:
            raise Malformed(f"from {from_seat} must be the winner ({winner}) for source own_draw")
    elif source is Source.DEAL:
        from_seat = winner  # the cards are the winner's own: nobody turned or discarded them
    elif from_seat == winner:
        raise Malformed(f"from {from_seat} is the winner: source {source.value} needs another seat")
    assert from_seat is not None

    if first_discard:
        if source is not Source.DISCARD:
            raise Malformed(f"first_discard (地胡) is a win on a discard, not source {source.value}")
        if from_seat != dealer:
            raise Malformed(f"first_discard (地胡) is the dealer's first discard; from {from_seat} is not the dealer")
    return dealer, winner, source, from_seat, first_discard


def _melds(
    data: Mapping[str, Any], kinds: Sequence[MeldKind] = GUILIN_MELDS, rules: str = "guilin", *, erqishi: bool = True
) -> tuple[Meld, ...]:
    melds_raw = _get(data, "melds", required=False)
    if melds_raw is None:
        melds_raw = []
    if not isinstance(melds_raw, list):
        raise Malformed("melds must be a list of objects")
    # Melds seen before, straight from the cache; the first other one sends the whole list the checked way (which
    # names the first bad meld by its index).
    found: list[Meld] = []
    for raw in melds_raw:
        if type(raw) is not dict or len(raw) != 2:
            break
        kind, cards = raw.get("kind"), raw.get("cards")
        if type(kind) is not str or type(cards) is not str:
            break
        meld = _MELDS.get((rules, erqishi, kind, cards))
        if meld is None:
            break
        found.append(meld)
    else:
        return tuple(found)
    return tuple(_meld(m, i, kinds, rules, erqishi=erqishi) for i, m in enumerate(melds_raw))


def _win_card(data: Mapping[str, Any], source: Source) -> int | None:
    win_raw = _get(data, "win_card", required=source is not Source.DEAL)
    if win_raw is None:
        return None
    cards = _card_list(win_raw, "win_card")
    if len(cards) != 1:
        raise Malformed(f"win_card must be one card, not {len(cards)}")
    return cards[0]


def parse_guilin(data: Mapping[str, Any]) -> GuilinHand:
    """Check a Guilin request and return it in engine terms; raise :class:`Malformed` naming the first problem."""
    return _quick_guilin(data) or _checked_guilin(data)


def _checked_guilin(data: Mapping[str, Any]) -> GuilinHand:
    """:func:`parse_guilin` the careful way: every field checked in turn, the first problem worded."""
    unknown = [] if GUILIN_FIELDS.issuperset(data) else sorted(set(data) - GUILIN_FIELDS)
    if unknown:
        raise Malformed(f"unknown field {show_name(unknown[0])} (guilin fields: {', '.join(sorted(GUILIN_FIELDS))})")
    rules = get_rules("guilin")
    try:
        options: GuilinOptions = _parsed_options(rules, _options(data))
    except OptionError as exc:
        raise Malformed(str(exc)) from None

    players_raw = _get(data, "players", required=False)
    players = rules.players[0] if players_raw is None else _whole(players_raw, "players")
    if players not in rules.players:
        raise Malformed(f"guilin is played by {' or '.join(map(str, rules.players))} players, not {quote(players)}")
    dealer, winner, source, from_seat, first_discard = _who_and_how(data, players)

    melds = _melds(data)
    hand_cards = _card_list(_get(data, "hand", required=True), "hand")
    win_card = _win_card(data, source)
    xing_raw = _get(data, "xing", required=False)
    xing = _card_list(xing_raw, "xing") if xing_raw is not None else []

    # Copies: the winner's cards (hand, melds, winning card) and the 醒 cards are distinct cards of one deck.
    everything = hand_cards + [k for m in melds for k in m.cards] + ([] if win_card is None else [win_card]) + xing
    total = to_counts(everything)
    for kind in range(NUM_KINDS) if max(total) > COPIES else ():
        if total[kind] > COPIES:
            raise Malformed(
                f"{total[kind]} copies of {glyph(kind)}: hand, melds, win_card and xing hold at most {COPIES} of a kind"
            )

    if source is Source.DEAL:
        if melds:
            raise Malformed("a win from the deal (source deal) has no melds")
        if win_card is not None:
            if winner != dealer:
                raise Malformed("a win_card with source deal is the dealer's 挡底, but the winner is not the dealer")
            hand_cards.append(win_card)
            win_card = None
    elif first_discard and melds:
        raise Malformed("first_discard (地胡): nobody has melds before the dealer's first discard")

    hand = to_counts(hand_cards)
    problem = held_count_problem(hand, melds, source, is_dealer=winner == dealer, two_long=options.two_long)
    if problem is not None:
        raise Malformed(problem)
    return GuilinHand(
        options, players, dealer, winner, melds, tuple(hand), win_card, source, from_seat, first_discard, tuple(xing)
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
        seen = _TEXT_OF.get(id(g))
        if seen is not None and seen[0] is g:  # this very group (groups are immutable, and the engine shares them)
            out.append(seen[1])
            continue
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
        if len(_TEXT_OF) >= _CACHE_LIMIT:
            _TEXT_OF.clear()
        _TEXT_OF[id(g)] = (g, text)  # the group is held, so its id is not reused while it is kept
        out.append(text)
    return ", ".join(out)


# A group's text by the group's identity: the groups of a split are mostly the engine's shared objects
# (engine/free_split_groups.py), so the text is found without making and hashing a key.
_TEXT_OF: dict[int, tuple[Group, str]] = {}


def _new_text(kind: str, cards: tuple[int, ...], hu: int, exposed: bool) -> str:
    """A group's JSON object in a result line (what json.dumps writes; the caller has the field types right)."""
    text = f'{{"kind": {_esc(kind)}, "cards": {_esc(format_cards(cards))}, "hu": {_int(hu)}, '
    return text + ('"exposed": true}' if exposed else '"exposed": false}')


class _RoleTexts:
    """The texts of the fixed groups one win table makes, kept (shared by tables alike: what the groups read of a
    table is its values, its doubled rank and the kinds of the card's own groups): each meld's group by the meld's
    identity and, for a meld object not met before, by its kind and cards (a stream's melds are fewer values than
    objects: about 640 texts for 790 new objects over 1,000 new lines); the 坎 / 龙 of a hand by its held 3s and 4s;
    the card's own group by its kind, card and exposure. Written from the table's values, without the groups."""

    __slots__ = ("table", "melds", "by_value", "locked", "own")

    def __init__(self, table: WinTable) -> None:
        self.table = table  # the first of the tables alike: its values give the texts
        self.melds: dict[int, tuple[Meld, str]] = {}  # id(meld) -> (the meld, held so its id stays its own; text)
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
        if len(self.melds) >= _CACHE_LIMIT:
            self.melds.clear()
        self.melds[id(m)] = (m, text)
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


# By the table's identity: (the table, held so its id stays its own; the texts of its groups). Tables alike share the
# texts, as they share their groups (free_split_groups._ALIKE).
_ROLE_TEXTS: dict[int, tuple[WinTable, _RoleTexts]] = {}
_TEXTS_ALIKE: dict[tuple[object, ...], _RoleTexts] = {}
# The text of the free cards' split, per a pair needed and 二七十 a group: the automaton's symbols -> text.
_FREE_TEXT: tuple[tuple[dict[bytes, str], dict[bytes, str]], tuple[dict[bytes, str], dict[bytes, str]]] = (
    ({}, {}),
    ({}, {}),
)
_KIND_NAME = {k: k.value for k in MeldKind}


def _role_texts(table: WinTable) -> _RoleTexts:
    alike = groups_alike_key(table)  # tables that make the same groups write the same text
    texts = _TEXTS_ALIKE.get(alike)
    if texts is None:
        if len(_TEXTS_ALIKE) >= 64:
            _TEXTS_ALIKE.clear()
        texts = _TEXTS_ALIKE[alike] = _RoleTexts(table)
    if len(_ROLE_TEXTS) >= 64:
        _ROLE_TEXTS.clear()
    _ROLE_TEXTS[id(table)] = (table, texts)
    return texts


def _role_text(role: Any, meld_texts: tuple[str, ...] | None = None) -> str | None:
    """:func:`_groups_text` of the groups of a split found by the win check, written from what the check kept of it
    (hu's ``_RoleArgs``: the melds, the hand's counts, the card's role, the free cards' symbols) without building the
    groups: the text is made of pieces kept by what each depends on, in the order
    :func:`~zipai_desktop.engine.free_split_groups.role_groups` gives the groups (the melds, one possibly made a quad,
    the 坎 / 龙 held, the card's own group, the free cards' split). None when a meld's 胡 is not an int.

    Building the groups and then their text cost about 75,000 instructions a line seen for the first time, most of it
    in group objects made for new melds and a new table (callgrind); tests/tools/test_score_role_text.py holds the
    text to the groups'.

    ``meld_texts``: each meld's group as the quick check read it with the melds (:data:`_MeldFacts`), when the role's
    melds are the very tuple it read. A line's melds are mostly new to the kept texts of its table (the kept texts
    are per tables alike, by each meld's identity: 640 new in bench's first 1,000 lines, each valued and written),
    while the facts of every meld a layout line can hold are made in bulk, with their text, per set of values."""
    tag, hand, melds, c, sao_idx, peng_idx, table, symbols, need_pair, value = role
    known = _ROLE_TEXTS.get(id(table))
    texts = known[1] if known is not None and known[0] is table else _role_texts(table)
    if meld_texts is not None:
        out = list(meld_texts)
    elif melds:
        out = []
        by_id = texts.melds
        for m in melds:
            seen = by_id.get(id(m))
            if seen is not None and seen[0] is m:
                out.append(seen[1])
            else:
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
        free = ", ".join(
            [_TEXT_OF_FREE.get(id(g)) or _free_group_text(g) for g in free_groups(symbols, need_pair, erqishi, value)]
        )
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
    """The text of a group of the free cards' split (free_split_groups makes each once: kept by its identity)."""
    text = _new_text(g.kind, g.cards, g.hu, g.exposed)
    _TEXT_OF_FREE[id(g)] = text
    return text


# The text of each group a free cards' split is made of, by the group's identity: free_split_groups makes each of them
# once (a few hundred: each 吃-type group, each pair) and keeps them for good, so no id is reused.
_TEXT_OF_FREE: dict[int, str] = {}
# bytes.translate: a held count -> itself if a 坎 (3) or 龙 (4), else 0 (as free_split_groups reads a hand's 坎 / 龙).
_LOCKED = bytes(c if c in (3, 4) else 0 for c in range(256))


def _points_text(points: Sequence[int]) -> str:
    return "{" + ", ".join([f'"{seat}": {_int(p)}' for seat, p in enumerate(points)]) + "}"


def _not_a_win(reason: str) -> dict[str, Any]:
    return {"valid": False, "rules": "guilin", "reason": reason}


def score_guilin(data: Mapping[str, Any]) -> dict[str, Any]:
    """The contract's answer for one Guilin hand."""
    answer = _guilin_win(data)
    if isinstance(answer, dict):
        return answer
    split, fields, _, _, _ = answer
    s = _settled(fields)
    return {
        "valid": True,
        "rules": "guilin",
        "hu": s.hu,
        "groups": [_group_json(g) for g in split.groups],
        "special": list(s.special),
        "duo": s.duo,
        "duo_parts": dict(s.duo_parts),
        "xing_cards": format_cards(s.xing_cards),
        "score": s.duo,
        "points": {str(seat): p for seat, p in enumerate(s.points)},
    }


def _guilin_line(data: Mapping[str, Any]) -> str:
    """:func:`score_guilin` as its result line, written straight from the split and the settlement's text."""
    answer = _guilin_win(data)
    if isinstance(answer, dict):
        return _dumps(answer)
    split, _, tail, melds, meld_texts = answer
    role = split._role  # a split found by the win check: its groups' text is written from what the check kept
    if role is not None:  # the melds' texts read with them, if these are the melds the role holds
        groups = _role_text(role, meld_texts if role[2] is melds else None)
    else:
        groups = _groups_text(split.groups)
    if groups is None:
        return _dumps(score_guilin(data))
    return f'{{"valid": true, "rules": "guilin", "hu": {_int(split.hu)}, "groups": [{groups}], {tail}'


class _Settled(NamedTuple):
    """What a Guilin result shows of the settlement (the fields of :class:`~zipai_desktop.engine.scoring.Settlement`
    it reads)."""

    hu: int
    duo: int
    duo_parts: dict[str, int]  # shared by every result with this settlement: read only
    xing_cards: tuple[int, ...]
    special: tuple[str, ...]
    points: tuple[int, ...]


# What _settle gives of the settlement, as a plain tuple: _Settled's fields, the 醒 cards turned as bytes. A result
# line reads only its text (and the 舵 to pick a win from the deal), so the named tuple is made only for a dict answer
# (_settled): a tuple subclass made from Python costs about 1,000 instructions more than the plain tuple.
_SettledFields = tuple[int, int, dict[str, int], bytes, tuple[str, ...], tuple[int, ...]]


def _settled(fields: _SettledFields) -> _Settled:
    """The _Settled of what _settle gives."""
    hu, duo, parts, turned, names, points = fields
    return _Settled(hu, duo, parts, tuple(turned), names, points)


def _settle(
    hu: int, xing: int, turned: bytes, source: Source, special: tuple[str, ...], winner: int, payer: int | None,
    players: int, options: GuilinOptions,
) -> tuple[_SettledFields, str]:  # fmt: skip
    """What settle_guilin settles (as :func:`_settled` reads it), without the explanation the game's settlement panel
    shows (each 醒 card's counts, the payments): the same functions, fewer objects; with the result line's text after
    the groups.

    The settlement is kept in three pieces, each by what it depends on, as a stream repeats each piece far more often
    than a whole settlement: the 舵 and its parts (the 胡's 舵, the 醒 counted, an own draw or not, the specials, the
    options), the 醒 cards turned, and the points (the 舵 and the seats).

    The 舵 is kept by the 舵 the 胡 gives (what duo_parts reads of it: hu_to_duo, from the options' minimum and
    step), not by the 胡: a stream's wins spread over many more values of 胡 than of 舵 (bench's first 1,000 lines,
    485 of them Guilin wins: 311 settlements new by the 胡, 189 by the 舵)."""
    key = ((hu - options.min_hu) // options.hu_step, xing, source is _OWN_DRAW, special, id(options))
    duo_known = _DUO.get(key)
    if duo_known is None or duo_known[0] is not options:  # the id is the options' own while they are held here
        parts, names, duo = duo_parts(hu, xing, source, special, options)
        shown = ", ".join([f"{_esc(name)}: {_int(value)}" for name, value in parts.items()])
        text = (
            f'"special": [{", ".join(map(_esc, names))}], "duo": {_int(duo)}, "duo_parts": {{{shown}}}, "xing_cards": '
        )
        duo_known = (options, parts, names, duo, text)
        if len(_DUO) >= _CACHE_LIMIT:
            _DUO.clear()
        _DUO[key] = duo_known
    _, parts, names, duo, duo_text = duo_known
    paid = _PAID.get((duo, winner, payer, players))
    if paid is None:
        points = guilin_points(duo, winner, payer, players)
        paid = (points, f', "score": {_int(duo)}, "points": {_points_text(points)}}}')
        if len(_PAID) >= _CACHE_LIMIT:
            _PAID.clear()
        _PAID[(duo, winner, payer, players)] = paid
    cards = _TURNED.get(turned)
    if cards is None:
        cards = _esc(format_cards(turned))
        if len(_TURNED) >= _CACHE_LIMIT:
            _TURNED.clear()
        _TURNED[turned] = cards
    return (hu, duo, parts, turned, names, paid[0]), duo_text + cards + paid[1]


# The pieces of a settlement and their text: the 舵 (the options, the parts, the names, the total, the text from
# "special" to "xing_cards"), the points (and their text from "score" on) and the 醒 cards' text.
_DUO: dict[tuple[Any, ...], tuple[GuilinOptions, dict[str, int], tuple[str, ...], int, str]] = {}
_PAID: dict[tuple[int, int, int | None, int], tuple[tuple[int, ...], str]] = {}
_TURNED: dict[bytes, str] = {}


def _guilin_win(
    data: Mapping[str, Any] | tuple[Any, ...],
) -> tuple[Split, _SettledFields, str, tuple[Meld, ...], tuple[str, ...] | None] | dict[str, Any]:
    """The winning split, its settlement (see :func:`_settled`), the settlement's text in a result line, the request's
    melds and their groups' texts (the quick check's, or None); or the answer for a hand that is not a win.

    ``data``: a decoded request, or the fields of the _Parts :func:`_layout_parts` made of a line (a plain tuple: a
    tuple subclass made from Python, and its fields read by name, cost ~2,000 instructions a line more)."""
    if type(data) is tuple:
        parts = data
    else:
        parts = _quick_guilin_parts(data) or _parts_of(_checked_guilin(data))  # type: ignore[arg-type]
    (
        options, players, dealer, winner, melds, hand, held, card, source, from_seat, first_discard, xing, table, _,
        known, meld_texts,
    ) = parts  # fmt: skip
    minimum = options.min_hu

    if source is not _DEAL:  # a win during play: one split, settled once (written out: no closure made a line)
        split = evaluate_win(hand, melds, card, source, table, known)
        if split is None:
            return _not_a_win("no decomposition")
        if split.hu < minimum:
            return _not_a_win(f"below minimum: {split.hu} < {minimum}")
        payer = from_seat if source is _DISCARD else None
        turned, xing_n = xing_count(held, xing, options)
        special = ("dihu",) if first_discard else ()
        settled = _settle(split.hu, xing_n, xing[:turned], source, special, winner, payer, players, options)
        return split, settled[0], settled[1], melds, meld_texts

    return _guilin_deal_win(parts)


def _guilin_deal_win(
    parts: tuple[Any, ...],
) -> tuple[Split, _SettledFields, str, tuple[Meld, ...], tuple[str, ...] | None] | dict[str, Any]:
    """:func:`_guilin_win` of a win from the deal. A function of its own: the closure and the lambda below make the
    variables they read cells, and a cell is made at every call of the function that holds them (~400 instructions a
    cell, six of them), so _guilin_win, which every line calls, holds none."""
    options, players, dealer, winner, melds, hand, held, _, source, _, _, xing, table, _, _, meld_texts = parts
    minimum = options.min_hu

    def settle(split: Split, special: tuple[str, ...], payer: int | None) -> tuple[_SettledFields, str]:
        turned, xing_n = xing_count(held, xing, options)
        return _settle(split.hu, xing_n, xing[:turned], source, special, winner, payer, players, options)

    # Procedure P9: 天胡 (dealer only) and 三龙五坎; a dealer qualifying for both gets the higher score.
    candidates: list[tuple[Split, _SettledFields, str]] = []
    reason = "not sanlong_wukan (a non-dealer wins from the deal only with 三龙五坎)"
    if winner == dealer:
        tian = evaluate_win(hand, [], None, Source.DEAL, table)
        if tian is None:
            reason = "no decomposition, and not sanlong_wukan"
        elif tian.hu < minimum:
            reason = f"below minimum: {tian.hu} < {minimum}, and not sanlong_wukan"
        else:
            candidates.append((tian, *settle(tian, ("tianhu",), None)))
    sl = sanlong_wukan(list(hand), table, wukan_counts_long=options.wukan_counts_long)
    if sl is not None:
        candidates.append((sl, *settle(sl, ("sanlong_wukan",), None)))
    if not candidates:
        return _not_a_win(reason)
    best = max(candidates, key=lambda c: (c[1][1], c[0].hu))  # the 舵, then the 胡
    return *best, melds, meld_texts


def _parts_of(h: GuilinHand | BohuHand) -> _Parts:
    """A request checked the careful way, as the quick check gives it."""
    held = list(h.hand)
    for m in h.melds:
        for k in m.cards:
            held[k] += 1
    if h.win_card is not None:
        held[h.win_card] += 1
    if isinstance(h, GuilinHand):
        xing, table = bytes(h.xing), _GUILIN.win_table
    else:
        xing, table = b"", BOHU.win_table_for(h.options)
    return _Parts(
        h.options, h.players, h.dealer, h.winner, h.melds, bytes(h.hand), bytes(held), h.win_card, h.source,
        h.from_seat, h.first_discard, xing, table, sum([m.kind in QUAD_KINDS for m in h.melds]), None, None,
    )  # fmt: skip


# ---------------------------------------------------------------------------------------------------------------------
# Bohu.
#
# Not expressible in the contract's input, so the scorer does not judge them: the option ``first_card_tianhu`` (a
# non-dealer's 天胡 on the first card it may take, procedure P11) needs to know whether the winner has taken a card or
# drawn before, and the option ``dihu = "first_draw"`` (地胡 on the first stock card after the dealer's opening
# discard) needs to know that the card is that one. Both options are accepted and otherwise ignored: such a win is
# scored as the plain win it also is.

BOHU_FIELDS = frozenset(
    {"rules", "options", "players", "dealer", "winner", "melds", "hand", "win_card", "source", "from",
     "first_discard"}
)  # fmt: skip
BOHU_MELDS = (MeldKind.CHI, MeldKind.PENG, MeldKind.WEI, MeldKind.TI, MeldKind.PAO)
#: Active players. With 4 seated only 3 play, and the input counts active players: 4 is malformed.
BOHU_PLAYERS = (3, 2)


@dataclass(frozen=True, slots=True)
class BohuHand:
    """A checked Bohu scoring request."""

    options: BohuOptions
    players: int
    dealer: int
    winner: int
    melds: tuple[Meld, ...]  # for a deal win: the initial 提 (a kind dealt four times is one, §5)
    hand: tuple[int, ...]  # count vector; for a deal win it includes the 亮张
    win_card: int | None  # None for a deal win
    source: Source
    from_seat: int
    first_discard: bool

    @property
    def quads(self) -> int:
        """k of §6: the winner's 提 and 跑."""
        return sum(1 for m in self.melds if m.is_quad)

    @property
    def held(self) -> int:
        """Cards held before the winning card: concealed + the winner's own meld cards."""
        return sum(self.hand) + sum(len(m.cards) for m in self.melds)


def bohu_held_problem(
    hand: Sequence[int],
    melds: Sequence[Meld],
    source: Source,
    *,
    is_dealer: bool,
    short_player: str = "skip_discard",
) -> str | None:
    """The card-count rule of Bohu (bohu.md §5, §6) for the winner before the win; None when it holds.

    ``hand`` is the concealed count vector before the winning card (for a win from the deal: every dealt card, the
    亮张 included); ``melds`` are the winner's melds (at the deal: the initial 提).

    * From the deal: the dealer holds 20 cards (the 亮张 included), a non-dealer 19; the initial 提 are melds, so this
      holds whatever their number. With the option ``short_player = replacement`` a short player is dealt
      replacement cards at once, up to 19 + k (the dealer keeps 20 if that is more).
    * During play: held = 19 + k (k = 提 + 跑). A player short after initial 提 skips discards until back on count
      (§6, P4): a non-dealer dealt t 提 is t cards short, a dealer t - 1 (the dealer was dealt one more), and every
      later take keeps the shortfall or reduces it. So held may be down to 19 + k - t, with t at most the 提 among the
      melds (one fewer for the dealer). With ``short_player = replacement`` nobody is short.
    """
    in_hand = sum(hand)
    in_melds = sum(len(m.cards) for m in melds)
    held = in_hand + in_melds
    quads = sum(1 for m in melds if m.is_quad)
    tis = sum(1 for m in melds if m.kind is MeldKind.TI)
    if source is Source.DEAL:
        who = "the dealer" if is_dealer else "a non-dealer"
        want = 20 if is_dealer else 19
        if short_player == "replacement":
            want = max(want, 19 + quads)
        if held == want:
            return None
        return f"card count: {who} holds {held} cards from the deal (hand {in_hand} + 提 {in_melds}), not {want}"
    target = BOHU.held_target(quads)
    short = 0 if short_player == "replacement" else max(0, tis - (1 if is_dealer else 0))
    if target - short <= held <= target:
        return None
    required = str(target) if short == 0 else f"{target - short} to {target} (a player short after an initial 提)"
    return (
        f"card count: the winner holds {held} cards before the win card (hand {in_hand} + melds {in_melds}), "
        f"but with {quads} 提/跑 the rules require {required}"
    )


def parse_bohu(data: Mapping[str, Any]) -> BohuHand:
    """Check a Bohu request and return it in engine terms; raise :class:`Malformed` naming the first problem."""
    return _quick_bohu(data) or _checked_bohu(data)


def _checked_bohu(data: Mapping[str, Any]) -> BohuHand:
    """:func:`parse_bohu` the careful way: every field checked in turn, the first problem worded."""
    unknown = [] if BOHU_FIELDS.issuperset(data) else sorted(set(data) - BOHU_FIELDS)
    if unknown:
        raise Malformed(f"unknown field {show_name(unknown[0])} (bohu fields: {', '.join(sorted(BOHU_FIELDS))})")
    try:
        options: BohuOptions = _parsed_options(BOHU, _options(data))
    except OptionError as exc:
        raise Malformed(str(exc)) from None

    players_raw = _get(data, "players", required=False)
    players = BOHU_PLAYERS[0] if players_raw is None else _whole(players_raw, "players")
    if players not in BOHU_PLAYERS:
        raise Malformed(
            f"bohu is played by 2 or 3 active players, not {quote(players)} (with 4 seated, 3 play: give players 3)"
        )
    dealer, winner, source, from_seat, first_discard = _who_and_how(data, players)

    melds = _melds(data, BOHU_MELDS, "bohu", erqishi=options.erqishi)
    hand_cards = _card_list(_get(data, "hand", required=True), "hand")
    win_card = _win_card(data, source)

    everything = hand_cards + [k for m in melds for k in m.cards] + ([] if win_card is None else [win_card])
    total = to_counts(everything)
    for kind in range(NUM_KINDS) if max(total) > COPIES else ():
        if total[kind] > COPIES:
            raise Malformed(
                f"{total[kind]} copies of {glyph(kind)}: hand, melds and win_card hold at most {COPIES} of a kind"
            )

    if source is Source.DEAL:
        if any(m.kind is not MeldKind.TI for m in melds):
            raise Malformed("a win from the deal (source deal) has no melds but the initial 提 (kind ti)")
        if win_card is not None:
            if winner != dealer:
                raise Malformed("a win_card with source deal is the dealer's 亮张, but the winner is not the dealer")
            hand_cards.append(win_card)
            win_card = None
    elif first_discard and any(m.kind is not MeldKind.TI for m in melds):
        raise Malformed("first_discard (地胡): nobody has melds but an initial 提 before the dealer's first discard")

    hand = to_counts(hand_cards)
    quads_in_hand = [k for k in range(NUM_KINDS) if hand[k] == 4]
    if source is Source.DEAL:
        # §5: every dealt four of a kind (the 亮张 included) is placed as a 提 at once.
        melds += tuple(Meld(MeldKind.TI, (k,) * 4) for k in quads_in_hand)
        for k in quads_in_hand:
            hand[k] = 0
    elif quads_in_hand:
        raise Malformed(
            f"the hand holds four {glyph(quads_in_hand[0])}: a dealt four of a kind is a 提 at once "
            "(give it as a ti meld), and drawn cards never enter the hand"
        )

    problem = bohu_held_problem(hand, melds, source, is_dealer=winner == dealer, short_player=options.short_player)
    if problem is not None:
        raise Malformed(problem)
    return BohuHand(options, players, dealer, winner, melds, tuple(hand), win_card, source, from_seat, first_discard)


def _bohu_not_a_win(reason: str) -> dict[str, Any]:
    return {"valid": False, "rules": "bohu", "reason": reason}


def score_bohu(data: Mapping[str, Any]) -> dict[str, Any]:
    """The contract's answer for one Bohu hand."""
    answer = _bohu_win(data)
    if isinstance(answer, dict):
        return answer
    split, huxi, fan, score_, names, paid, _, _ = answer
    points = _bohu_points(score_, *paid)
    return {
        "valid": True,
        "rules": "bohu",
        "hu": huxi,
        "groups": [_group_json(g) for g in split.groups],
        "special": list(names),
        "fan": fan,
        "score": score_,
        "points": {str(seat): p for seat, p in enumerate(points)},
    }


def _bohu_line(data: Mapping[str, Any]) -> str:
    """:func:`score_bohu` as its result line, written straight from the split and the score."""
    answer = _bohu_win(data)
    if isinstance(answer, dict):
        return _dumps(answer)
    split, huxi, fan, score_, names, paid, melds, meld_texts = answer
    role = split._role  # as in _guilin_line
    if role is not None:
        groups = _role_text(role, meld_texts if role[2] is melds else None)
    else:
        groups = _groups_text(split.groups)
    if groups is None:
        return _dumps(score_bohu(data))
    # The text after the groups in two pieces, each kept by what it shows: the 名堂 and the 番 (few), then the score
    # and the points (the score and the seats). One piece kept by all of them was new for 236 of bench's first 1,000
    # lines (515 Bohu wins); of the two, the first is new 20 times and the second 186 (a miss of it writes less).
    named = _BOHU_NAMED.get((names, fan))
    if named is None:
        named = f'"special": [{", ".join(map(_esc, names))}], "fan": {_int(fan)}, "score": '
        if len(_BOHU_NAMED) >= _CACHE_LIMIT:
            _BOHU_NAMED.clear()
        _BOHU_NAMED[(names, fan)] = named
    paid_text = _BOHU_PAID.get((score_, paid))
    if paid_text is None:
        paid_text = f'{_int(score_)}, "points": {_points_text(_bohu_points(score_, *paid))}}}'
        if len(_BOHU_PAID) >= _CACHE_LIMIT:
            _BOHU_PAID.clear()
        _BOHU_PAID[(score_, paid)] = paid_text
    return f'{{"valid": true, "rules": "bohu", "hu": {_int(huxi)}, "groups": [{groups}], {named}{paid_text}'


# The text after the groups of a Bohu result line: from "special" to "score" by the names and the 番; the rest by the
# score and (winner, players, losers pay).
_BOHU_NAMED: dict[tuple[tuple[str, ...], int], str] = {}
_BOHU_PAID: dict[tuple[int, tuple[int, int, bool]], str] = {}


_Scored = tuple[Split, tuple[int, int, int, tuple[str, ...]]]  # split, (胡息, 番, score, names)


def _bohu_win(
    data: Mapping[str, Any] | tuple[Any, ...],
) -> (
    tuple[Split, int, int, int, tuple[str, ...], tuple[int, int, bool], tuple[Meld, ...], tuple[str, ...] | None]
    | dict[str, Any]
):  # fmt: skip
    """(split, 胡息, 番, score, names, (winner, players, losers pay) for :func:`_bohu_points`, the request's melds and
    their groups' texts (the quick check's, or None)) of the win, or the answer for a hand that is not a win.
    ``data`` as :func:`_guilin_win` takes it."""
    if type(data) is tuple:
        parts = data
    else:
        parts = _quick_bohu_parts(data) or _parts_of(_checked_bohu(data))  # type: ignore[arg-type]
    (
        options, players, dealer, winner, melds, hand, held, card, source, _, first_discard, _, table, quads, known,
        meld_texts,
    ) = parts  # fmt: skip
    # held: every card of the winning hand (hand, melds, winning card): what red / 大 / 小 of the 名堂 count
    minimum = options.min_huxi

    if source is _DEAL:
        return _bohu_deal_win(parts)
    # §11: never a win on a discard, except 地胡 on the dealer's opening discard (§13, P10).
    if source is _DISCARD and not (first_discard and options.dihu == "first_discard"):
        return _bohu_not_a_win("cannot win on a discard")
    # The cards held, sum(held) (held: a count vector as bytes, at most 4 of each of 20 kinds, so its sum is below
    # 255 and equals the bytes read as a number modulo 255, as 256 is 1 modulo 255): two C calls instead of a sum's
    # 20 steps (~2,000 instructions).
    held_n = int.from_bytes(held, "little") % 255 - (card is not None)
    short = BOHU.held_target(quads) - held_n
    if short > 0:
        return _bohu_not_a_win(
            f"short hand: {held_n} cards with {quads} 提/跑, {short} short of {BOHU.held_target(quads)} "
            "(a player short after an initial 提 cannot win until back on count)"
        )
    special = ("dihu",) if first_discard else ()  # BohuRules.win_specials, first_card_tianhu aside
    roles = evaluate_roles(hand, melds, card, source, table, known)
    if not roles:
        return _bohu_not_a_win("no decomposition")
    if len(roles) == 1:  # the usual win: one role, no lists to make
        split = roles[0]
        huxi, fan, score_, names = score_win(split, held, special, source, options)
        if huxi < minimum:
            return _bohu_not_a_win(f"below minimum: {huxi} < {minimum}")
    else:
        picked = _bohu_pick_role(roles, held, special, source, options)
        if type(picked) is dict:
            return picked
        split, (huxi, fan, score_, names) = picked  # type: ignore[misc]
    # The points are made from these only where they are shown (a result line keeps its text by them).
    return split, huxi, fan, score_, names, (winner, players, options.settlement == "losers_pay"), melds, meld_texts


def _bohu_pick_role(
    roles: Sequence[Split], held: bytes, special: tuple[str, ...], source: Source, options: BohuOptions
) -> _Scored | dict[str, Any]:
    """BohuRules.pick_win among the roles of a win during play: among the roles reaching the minimum 胡息, the highest
    score (ties: the higher 胡息); or the answer when none reaches it. A function of its own, as _guilin_deal_win: its
    comprehensions make what they read cells."""
    minimum = options.min_huxi
    scored_roles = [(split, score_win(split, held, special, source, options)) for split in roles]
    candidates = [c for c in scored_roles if c[1][0] >= minimum]
    if not candidates:
        best = max(c[1][0] for c in scored_roles)
        return _bohu_not_a_win(f"below minimum: {best} < {minimum}")
    if len(candidates) == 1:
        return candidates[0]
    return max(candidates, key=lambda c: (c[1][2], c[1][0]))


def _bohu_deal_win(
    parts: tuple[Any, ...],
) -> (
    tuple[Split, int, int, int, tuple[str, ...], tuple[int, int, bool], tuple[Meld, ...], tuple[str, ...] | None]
    | dict[str, Any]
):  # fmt: skip
    """:func:`_bohu_win` of a win from the deal (§13 and procedure P9, as BohuRules.deal_wins): 三提五坎 for any seat
    (no shape, no minimum), a complete dealt hand for a dealer without 提 (minimum on the doubled 胡息); a dealer
    qualifying for both gets the higher score."""
    options, players, dealer, winner, melds, hand, held, _, _, _, _, _, table, _, _, meld_texts = parts
    minimum = options.min_huxi
    candidates: list[_Scored] = []
    stw = san_ti_wu_kan(list(hand), melds, table)
    if stw is not None:
        candidates.append((stw, score_win(stw, held, ("tianhu",), Source.DEAL, options)))
    reason = "not 三提五坎 (a non-dealer wins from the deal only with 3 提, or 提 + 坎 >= 5)"
    if winner == dealer:
        reason = "not 三提五坎, and a dealer with a 提 holds no complete hand"
        if not melds:
            tian = evaluate_win(hand, [], None, Source.DEAL, table)
            if tian is None:
                reason = "no decomposition, and not 三提五坎"
            else:
                scored = score_win(tian, held, ("tianhu",), Source.DEAL, options)
                if scored[0] < minimum:
                    reason = f"below minimum: {scored[0]} < {minimum}, and not 三提五坎"
                else:
                    candidates.append((tian, scored))
    if not candidates:
        return _bohu_not_a_win(reason)
    if len(candidates) == 1:
        split, (huxi, fan, score_, names) = candidates[0]
    else:
        split, (huxi, fan, score_, names) = max(candidates, key=lambda c: (c[1][2], c[1][0]))
    return split, huxi, fan, score_, names, (winner, players, options.settlement == "losers_pay"), melds, meld_texts


def _bohu_points(score_: int, winner: int, players: int, losers_pay: bool) -> list[int]:
    """BohuRules.settle: the winner books the score; with "losers_pay" every other active seat pays it."""
    if losers_pay:
        points = [-score_] * players
        points[winner] = score_ * (players - 1)
    else:
        points = [0] * players
        points[winner] = score_
    return points


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
# The UTF-16 encoder itself: str.encode("utf-16-le") looks the codec up by its name on every call (~500 instructions).
_utf16 = codecs.utf_16_le_encode
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
        units = _utf16(value)[0]
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
    kept = _FACTS_OF_TABLE.get(id(table))
    if kept is None or kept[0] is not table or kept[1] != rules or kept[2] is not erqishi:
        kept = _facts_of_table(rules, erqishi, table)
    by_kind = kept[3]
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
        # a known kind of the game, cards that read, and the kind's shape. About 2,000 instructions a line less.
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
# nested tables: no key to make). The 胡 and the two cards give the win check its meld facts (engine.hu.MeldsKnown)
# without a loop over the melds: a meld list is mostly new on a line seen for the first time, but its melds are not.
_MeldFacts = tuple[Meld, bytes, int, int, int, bytes, bytes, str]
_MELD_FACTS: dict[tuple[Any, ...], dict[str, dict[str, _MeldFacts]]] = {}
_NO_FACTS: dict[str, _MeldFacts] = {}
# The facts of a win table's melds by the table's identity: (the table, held so its id stays its own; rules; erqishi;
# the facts). Tables that value melds alike (Bohu's differ by options that change no meld's 胡 or shape, e.g.
# peng_pao_on_discard) share one: each meld is checked and valued once, not once per table (about 1,000 new melds
# fewer in the 2,000 lines of bench/score_throughput.py).
_FACTS_OF_TABLE: dict[int, tuple[WinTable, str, bool, dict[str, dict[str, _MeldFacts]]]] = {}


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
    if len(_FACTS_OF_TABLE) >= 64:
        _FACTS_OF_TABLE.clear()
    kept = _FACTS_OF_TABLE[id(table)] = (table, rules, erqishi, by_kind)
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


class _Parts(NamedTuple):
    """A checked request as the scorer reads it: what :class:`GuilinHand` / :class:`BohuHand` hold, with the
    concealed counts as bytes and every card of the winning hand counted (what 醒 and the 名堂 count)."""

    options: Any
    players: int
    dealer: int
    winner: int
    melds: tuple[Meld, ...]
    hand: bytes  # count vector (for a deal win it includes the 挡底 / 亮张)
    held: bytes  # count vector of hand, melds and the winning card
    win_card: int | None
    source: Source
    from_seat: int
    first_discard: bool
    xing: bytes  # kinds, in order (Guilin; empty for Bohu)
    table: WinTable  # the game's win table under the options
    quads: int  # quads among the melds
    known: MeldsKnown | None  # the melds' facts for the win check (the quick check's; None from the careful check)
    meld_texts: tuple[str, ...] | None  # each meld's group in a result line (the quick check's; None from the careful)


# A _Parts made straight from its fields' tuple (a NamedTuple's own constructor is a Python function: a frame a line).
_new_parts: Callable[[tuple[Any, ...]], _Parts] = partial(tuple.__new__, _Parts)  # type: ignore[arg-type]


def _quick_guilin_parts(data: Mapping[str, Any]) -> _Parts | None:
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


def _quick_bohu_parts(data: Mapping[str, Any]) -> _Parts | None:
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
# (_item_facts), so the list is in the layout when every piece is known (matching each meld's keys in the expression
# cost ~9,000 instructions a line more). Any other line (another key order or spacing, a field more or less, a number of
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


# Heads read: the text up to the options' closing brace -> its _Head's fields as a plain tuple (unpacked at once:
# six fields read by name cost ~500 instructions a line more), or None where the line goes the JSON way.
_HEADS: dict[str, tuple[Any, ...] | None] = {}
# Per game: the seats' and the source's text -> (players, dealer, winner, source, from, first_discard) or None.
_WHO_TEXT: dict[str, dict[tuple[str, str], tuple[int, int, int, Source, int, bool] | None]] = {
    "guilin": {},
    "bohu": {},
}
# Meld texts -> facts, by what tables alike share (the key of _MELD_FACTS).
# What _item_facts gives: every meld's facts, and three columns of them (the meld, its word, its group's text).
_ItemColumns = tuple[dict[str, _MeldFacts], dict[str, Meld], dict[str, int], dict[str, str]]
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
    # lines: ~10% fewer instructions for the 80 melds of Bohu's own kinds); 3 or 4 of a kind is its glyph repeated.
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
    :meth:`~zipai_desktop.engine.hu.WinTable.meld_value` reads it, but in bulk: a 吃's (chi_bonus) is the same under
    every table, so the 吃 (about 200 texts) are made once per 二七十 option with it, and another kind's is its
    row of the table's values (values_of) by its card. Calling meld_value for each of the ~250 melds of a new set of
    values cost about 870,000 instructions, paid by a stream's first lines once per such set (callgrind, score_instr.sh
    first K=1000, 11 new sets among the 1,000 lines: about 9,600 instructions a line)."""
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
    # Each other kind's melds by its row of values, shared by every table with that row (a dict update is one C
    # call); a row not met before is made of its melds with their 胡, each kept by (text, 胡): tables that value a kind
    # alike but for a doubled rank (Bohu's bonus_rank) make only that rank's melds. A meld made with _add_item cost
    # ~8,700 instructions: 476 of them in the first 2,000 lines of sims20k (~2,000 a line), 72 since.
    for kind in kinds:
        if kind is not MeldKind.CHI:
            values = table.values_of(kind)
            row = _KIND_ROWS.get((kind, values))
            if row is None:
                row = _kind_row(kind, values)
            for column, part in zip(columns, row, strict=True):
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
# The same as dicts, for sum(map(...)): a dict's __getitem__ is a C method called directly (~100 instructions), a
# tuple's a slot wrapper called through an argument tuple (~350).
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


def _layout_parts(text: str | bytes) -> tuple[str, tuple[Any, ...]] | None:
    """(the game, the checked request) of a line in the layout, the request as the fields of the _Parts the quick
    check gives for the line's JSON value (a plain tuple: see :func:`_guilin_win`); None for any other line, and for
    any line the quick check would leave to the careful check."""
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
    head = _HEADS.get(head_text, _MISSING)
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
    rules, options, table, _, _, _, who_of, meld_of, word_of, text_of = head  # type: ignore[misc]
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
    # The hand's count vector as one int (see _ONE) and as bytes, kept by the hand's text: a stream's hands recur
    # (1,198 texts among the 1,986 layout lines of sims20k's first 2,000), and a new one costs ~8,000 instructions.
    known_hand = _HAND_TEXT.get(hand_text)
    if known_hand is None:
        if len(hand_text) > 30:  # more than a hand during play holds (25 at most): bounds the counts' bytes
            return None
        # The low bytes of its glyphs' UTF-16 units give the kinds.
        counts = sum(map(_ONE_OF_LOW.__getitem__, _utf16(hand_text)[0][::2]))
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
        # One itemgetter of the pieces reads each column: a tuple made at its size in C (tuple(map(...)) calls the
        # map per piece and makes a tuple of ten to cut down; ~1,000 instructions a line more for the three).
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
            melds = meld_of.get(piece)  # type: ignore[assignment]
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
            xing = _utf16(xing_text)[0][::2].translate(_KIND_OF_LOW)
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
    return rules, parts


# ---------------------------------------------------------------------------------------------------------------------
# Dispatch and the command.

SCORERS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {"guilin": score_guilin, "bohu": score_bohu}
#: The same answers as result lines (what --jsonl writes): equal to ``_dumps(SCORERS[name](data))``.
LINE_SCORERS: dict[str, Callable[[Mapping[str, Any]], str]] = {"guilin": _guilin_line, "bohu": _bohu_line}


def score(data: Any, cli_rules: str | None = None) -> dict[str, Any]:
    """Score one decoded JSON value; raise :class:`Malformed` when it is not a well-formed request."""
    answer: dict[str, Any] = _scorer(data, cli_rules, SCORERS)(data)
    return answer


def _scorer(data: Any, cli_rules: str | None, scorers: Mapping[str, Callable[[Mapping[str, Any]], Any]]) -> Any:
    if not isinstance(data, dict):
        raise Malformed("the input must be a JSON object")
    name = _rules_name(data, cli_rules)
    scorer = scorers.get(name)
    if scorer is None:
        if name in KNOWN_RULES:
            raise Malformed(not_available(name))
        raise Malformed(f"unknown rules {show_name(name)} (known: {', '.join(KNOWN_RULES)})")
    return scorer


#: The largest input object read (a hand is under 2 KB even pretty-printed); with --jsonl, the longest line.
MAX_INPUT = 1 << 20
#: How much of an error message reaches stderr / an {"error"} line at most (the bad value itself is cut to ~80).
MAX_MESSAGE = 400


def score_text(text: str | bytes, cli_rules: str | None = None) -> dict[str, Any]:
    """Decode and score one JSON object (``bytes`` must be UTF-8)."""
    data = _decoded(text)
    return score(data, cli_rules)


def score_line(text: str | bytes, cli_rules: str | None = None) -> str:
    """:func:`score_text` as the result line ``zipai score`` writes (``_dumps`` of it), without the dict between."""
    laid_out = _layout_parts(text)
    if laid_out is not None and (cli_rules is None or cli_rules == laid_out[0]):
        line: str = LINE_SCORERS[laid_out[0]](laid_out[1])  # type: ignore[arg-type]  # the checked request itself
        return line
    data = _with_known_options(text)
    if data is None:
        data = _decoded(text)
    if cli_rules is None and type(data) is dict:  # the usual line: what _scorer finds, without its two calls
        name = data.get("rules")
        scorer = LINE_SCORERS.get(name) if type(name) is str else None
        if scorer is not None:
            return scorer(data)
    answer: str = _scorer(data, cli_rules, LINE_SCORERS)(data)
    return answer


def _with_known_options(text: str | bytes) -> dict[str, Any] | None:
    """The request of a line whose options object was read before, decoded without decoding that object again (the
    options are most of a line's text, and a stream repeats one set); None for any other line (:func:`_decoded`).

    Taken only when nothing can differ from decoding the whole line: the line starts with ``{``, holds no backslash
    (so no escape can spell a key, and no string can hold a quote), ``"options"`` occurs once, as ``"options": {``,
    and the text from there to the first ``}`` is a flat object read before. The rest, the object replaced by ``0``,
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
    options = _OPTION_TEXTS.get(text_of_options)
    if options is None:
        if "[" in text_of_options:
            return None
        try:
            options = loads(text_of_options, what="the input", max_bytes=MAX_INPUT)
        except JsonInputError:
            return None
        if len(_OPTION_TEXTS) >= 64:
            _OPTION_TEXTS.clear()
            _READ_OPTIONS.clear()
        _OPTION_TEXTS[text_of_options] = options
        if type(options) is dict:
            _READ_OPTIONS[id(options)] = (options, {})
    data = _scanned(line[:start] + "0" + line[end:], unicode_checked)
    if type(data) is not dict:
        return None
    placeholder = data.get("options")
    if type(placeholder) is not int or placeholder != 0:
        return None
    data["options"] = options  # read only from here on: the same object serves every line that gives it
    return data


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


# Options objects as written in a line, read: the text -> the object (a flat dict).
_OPTION_TEXTS: dict[str, Any] = {}
# The same objects by identity (each held here and in _OPTION_TEXTS, so no id is reused while kept): the object and
# its parsed options per game, filled by _parsed_options as a game accepts them.
_READ_OPTIONS: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}


def _decoded(text: str | bytes) -> Any:
    if not text.strip():
        raise Malformed("no input: expected one JSON object")
    try:
        return loads(text, what="the input", max_bytes=MAX_INPUT)
    except JsonInputError as exc:
        raise Malformed(str(exc)) from None


# What json.dumps(obj, ensure_ascii=False) builds on every call, built once.
_ENCODER = json.JSONEncoder(ensure_ascii=False)


def _dumps(obj: Any) -> str:
    """One result line: exactly ``json.dumps(obj, ensure_ascii=False)``."""
    return _ENCODER.encode(obj)


def _message(exc: Exception) -> str:
    """The one line that reports ``exc``: printable, and short whatever the input was."""
    return clip(str(exc), MAX_MESSAGE)


def _utf8(stream: Any) -> None:
    """Write UTF-8 whatever the console code page (the output is JSON with Chinese glyphs)."""
    if isinstance(stream, io.TextIOWrapper) and (stream.encoding or "").lower().replace("-", "") != "utf8":
        stream.reconfigure(encoding="utf-8")


def _read_stdin() -> str | bytes:
    """All of stdin (bytes when it is a real stream: :func:`score_text` decodes them), at most MAX_INPUT + 1."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        return sys.stdin.read(MAX_INPUT + 1)
    raw: bytes = buffer.read(MAX_INPUT + 1)
    return raw


#: How much of stdin one read takes with --jsonl: every complete line in it is answered, then the answers are written
#: in one write (a line's answer never waits for input that has not arrived: a read returns what is there).
_CHUNK = 1 << 16


def _stdin_batches() -> Iterator[list[tuple[int, str | bytes | Malformed]]]:
    """(line number, line) for --jsonl, a batch of the lines that have arrived at a time (a long input is never held
    whole); a line longer than MAX_INPUT (with its \\n) is dropped as it comes and given as a :class:`Malformed`.
    Lines end at \\n only (U+2028 inside a JSON string is not a line end) and keep it, as ``readline`` gives them."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        for number, text in enumerate(sys.stdin, start=1):
            yield [(number, text)]
        return
    read = getattr(buffer, "read1", None) or buffer.read
    number = 0
    partial: list[bytes] = []  # the start of a line, from earlier reads
    partial_size = 0
    too_long = False  # the current line is already over the limit: its bytes are dropped
    while True:
        chunk: bytes = read(_CHUNK)
        if not chunk:
            break
        batch: list[tuple[int, str | bytes | Malformed]] = []
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            if end < 0:
                rest = chunk[start:]
                if rest and not too_long:
                    partial.append(rest)
                    partial_size += len(rest)
                    if partial_size > MAX_INPUT:
                        too_long, partial, partial_size = True, [], 0
                break
            piece = chunk[start : end + 1]
            start = end + 1
            number += 1
            if too_long or partial_size + len(piece) > MAX_INPUT:
                batch.append((number, _too_long()))
            elif partial:
                batch.append((number, b"".join(partial) + piece))
            else:
                batch.append((number, piece))
            too_long, partial, partial_size = False, [], 0
        if batch:
            yield batch
    if too_long or partial:  # the last line, without a \\n
        yield [(number + 1, _too_long() if too_long else b"".join(partial))]


def _too_long() -> Malformed:
    return Malformed(f"the line is longer than the {MAX_INPUT:,} bytes a hand can be")


def _answer_lines(cli_rules: str | None) -> int:
    """--jsonl: a result (or an error) line per non-blank input line, in order; 0, or 2 if any line was malformed."""
    status = 0
    stdout = sys.stdout
    for batch in _stdin_batches():
        out: list[str] = []
        for number, line in batch:
            try:
                if isinstance(line, Malformed):
                    raise line
                if not line.strip():
                    continue
                out.append(score_line(line, cli_rules))
            except Malformed as exc:
                status = 2
                message = _message(exc)
                if out:  # the lines before it come out first, as they would line by line
                    stdout.write("\n".join(out) + "\n")
                    stdout.flush()
                    out = []
                print(f"zipai score: line {number}: {message}", file=sys.stderr)
                out.append(_dumps({"error": message}))
        if out:
            stdout.write("\n".join(out) + "\n")
        stdout.flush()
    return status


def _usage_error(message: str) -> int:
    print(f"zipai score: {message}\n\n{USAGE}", file=sys.stderr, end="")
    return 2


def main(argv: Sequence[str]) -> int:
    """``zipai score [--rules guilin|bohu] [--jsonl]``: one result line per hand on stdout; 0, or 2 if malformed."""
    cli_rules: str | None = None
    jsonl = False
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in ("-h", "--help"):
            print(USAGE, end="")
            return 0
        if arg == "--jsonl":
            jsonl = True
        elif arg == "--rules" or arg.startswith("--rules="):
            if arg == "--rules":
                if i + 1 >= len(args):
                    return _usage_error("--rules needs a value (guilin or bohu)")
                i += 1
                value = args[i]
            else:
                value = arg.split("=", 1)[1]
            if value not in KNOWN_RULES:
                return _usage_error(f"unknown rules {show_name(value)} (known: {', '.join(KNOWN_RULES)})")
            cli_rules = value
        else:
            return _usage_error(f"unrecognised argument {show_name(arg)}")
        i += 1

    _utf8(sys.stdout)
    _utf8(sys.stderr)
    if cli_rules is not None and cli_rules not in SCORERS:
        print(f"zipai score: {not_available(cli_rules)}", file=sys.stderr)
        return 2
    if not jsonl:
        try:
            text = _read_stdin()
            if len(text) > MAX_INPUT:  # only MAX_INPUT + 1 were read: say the limit, not a made-up size
                raise Malformed(f"the input is more than the {MAX_INPUT:,} bytes a hand can be")
            result = score_text(text, cli_rules)
        except Malformed as exc:
            print(f"zipai score: {_message(exc)}", file=sys.stderr)
            return 2
        print(_dumps(result))
        return 0

    return _answer_lines(cli_rules)
