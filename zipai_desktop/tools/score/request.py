"""Reading a ``zipai score`` request the careful way: every field checked in turn, the first problem worded.

The single source of the error messages: the fast readers (:mod:`.quick`, :mod:`.layout`, :mod:`.known`) give a
request only when this reader would give the same one, and leave every other line to it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, NamedTuple

from ...engine.cards import COPIES, GLYPHS, NUM_KINDS, CardError, format_cards, glyph, parse_cards, to_counts
from ...engine.jsonsafe import QUOTE_CHARS, JsonInputError, clip, loads, quote
from ...engine.jsonsafe import name as show_name
from ...engine.melds import QUAD_KINDS, Meld, MeldKind, chi_shape
from ...engine.rules import OptionError, get_rules, parse_options
from ...engine.rules.bohu import BOHU, BohuOptions
from ...engine.rules.guilin import GuilinOptions
from .wincheck import (
    MeldsKnown,
    Source,
    WinTable,
)

#: Every game the contract knows; a name here without a scorer below is "not available in this build yet".
KNOWN_RULES = ("guilin", "bohu")


class Malformed(ValueError):
    """An input the scorer refuses (exit 2): the message names the problem."""


def not_available(name: str) -> str:
    """The message for rules the contract knows that this build cannot score."""
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
_OPTIONS: dict[tuple[str, frozenset[tuple[str, Any, type]]], Any] = {}


def _parsed_options(rules: Any, raw: dict[str, Any] | None) -> Any:
    # The options object :func:`_with_known_options` read from this line's text (the same object for every line that
    # writes that text, and never written to, kept with its text): parsed once per game.
    read = _READ_OPTIONS[0]
    if read[0] is raw and raw is not None:
        parsed = read[1].get(rules.name)
        if parsed is not None:
            return parsed
        parsed = _parsed_options_by_value(rules, raw)
        read[1][rules.name] = parsed
        return parsed
    return _parsed_options_by_value(rules, raw)


def _parsed_options_by_value(rules: Any, raw: dict[str, Any] | None) -> Any:
    # Kept by the game and the set of (name, value, the value's type): an accepted set parses to the same options
    # whatever order its object gives them in (a stream whose producer writes the keys in any order repeats a few
    # sets), and true and 1 are equal in Python but not the same option value (their types tell them apart). The set
    # is made in C, with no Python loop over the options.
    try:
        if raw:
            key = (rules.name, frozenset(zip(raw, raw.values(), map(type, raw.values()), strict=True)))
        else:
            key = (rules.name, _NO_ITEMS)
        options = _OPTIONS.get(key)
    except TypeError:  # a list or object as a value: refused by the parser below
        return parse_options(rules, raw)
    if options is None:
        options = parse_options(rules, raw)
        if len(_OPTIONS) >= 256:
            _OPTIONS.clear()
        _OPTIONS[key] = options
    return options


_NO_ITEMS: frozenset[tuple[str, Any, type]] = frozenset()


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
# Enum members as plain names for the per-line path (``Source.DEAL`` is a look-up through the enum's class).
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


def _parts_of(h: GuilinHand | BohuHand) -> Request:
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
    return Request(
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


class Request(NamedTuple):
    """A checked request as the scorer reads it, whichever reader read it (the careful one, the quick check, the
    layout reader): what :class:`GuilinHand` / :class:`BohuHand` hold, with the concealed counts as bytes and every
    card of the winning hand counted (what 醒 and the 名堂 count)."""

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


# A Request made straight from its fields' tuple (a NamedTuple's own constructor is a Python function: a frame a line).
_new_parts: Callable[[tuple[Any, ...]], Request] = partial(tuple.__new__, Request)


#: The largest input object read (a hand is under 2 KB even pretty-printed); with --jsonl, the longest line.
MAX_INPUT = 1 << 20
#: How much of an error message reaches stderr / an {"error"} line at most (the bad value itself is cut to ~80).
MAX_MESSAGE = 400


# Options objects as written in a line, read: the text -> (the object (a flat dict), its parsed options per game,
# filled by _parsed_options as a game accepts them).
_OPTION_TEXTS: dict[str, tuple[Any, dict[str, Any]]] = {}
# The entry of _OPTION_TEXTS the line being read gave its options by (set by _with_known_options; (None, {}) when it
# gave none that way): _parsed_options finds the options' parsed sets there.
_READ_OPTIONS: list[tuple[Any, dict[str, Any]]] = [(None, {})]


def _decoded(text: str | bytes) -> Any:
    if not text.strip():
        raise Malformed("no input: expected one JSON object")
    try:
        return loads(text, what="the input", max_bytes=MAX_INPUT)
    except JsonInputError as exc:
        raise Malformed(str(exc)) from None


def _message(exc: Exception) -> str:
    """The one line that reports ``exc``: printable, and short whatever the input was."""
    return clip(str(exc), MAX_MESSAGE)
