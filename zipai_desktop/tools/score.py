"""``zipai score``: what a hand is worth (胡, 舵, points), per ``contracts/score-cli.md``.

The scorer reads one JSON hand (or, with ``--jsonl``, one per line), checks it for consistency and answers with the
same code the game uses at its settlement: :func:`~zipai_desktop.engine.hu.evaluate_win` for the split,
:func:`~zipai_desktop.engine.special.sanlong_wukan` for 三龙五坎 and
:func:`~zipai_desktop.engine.scoring.settle_guilin` for 舵, 醒 and payments.

Exit status: 0 when every input was well-formed (a well-formed hand that is not a win is ``"valid": false``), 2 when an
input or the command line is malformed.
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.cards import COPIES, NUM_KINDS, CardError, format_cards, glyph, parse_cards, to_counts
from ..engine.hu import Group, Source, Split, evaluate_win
from ..engine.melds import Meld, MeldKind, chi_shape
from ..engine.rules import OptionError, get_rules, parse_options
from ..engine.rules.guilin import GuilinOptions
from ..engine.scoring import Settlement, settle_guilin
from ..engine.special import sanlong_wukan

USAGE = """usage: zipai score [--rules guilin|bohu] [--jsonl] < hand.json

  Score a hand: 胡 / 胡息, 舵, points. Reads one JSON object from stdin (with --jsonl: one object per line) and
  writes one JSON result per input object. See contracts/score-cli.md for the fields.

  --rules NAME   guilin or bohu (may be omitted when the input has a "rules" field)
  --jsonl        one hand per input line, one result line per hand, in order
  -h, --help     show this help
"""

#: Every game the contract knows; a name here without a scorer below is "not available in this build yet".
KNOWN_RULES = ("guilin", "bohu")


class Malformed(ValueError):
    """An input the scorer refuses (exit 2): the message names the problem."""


def not_available(name: str) -> str:
    return f"rules {name!r} are not available in this build yet"


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
        raise Malformed(f"{name} must be a whole number, not {json.dumps(value, ensure_ascii=False)}")
    return value


def _seat(data: Mapping[str, Any], name: str, players: int, *, required: bool = True) -> int | None:
    value = _get(data, name, required=required)
    if value is None:
        return None
    seat = _whole(value, name)
    if not 0 <= seat < players:
        raise Malformed(f"{name} {seat} is not a seat (seats are 0..{players - 1} for {players} players)")
    return seat


def _bool(data: Mapping[str, Any], name: str) -> bool:
    value = _get(data, name, required=False)
    if value is None:
        return False
    if not isinstance(value, bool):
        raise Malformed(f"{name} must be true or false, not {json.dumps(value, ensure_ascii=False)}")
    return value


def _card_list(value: Any, name: str) -> list[int]:
    if not isinstance(value, str):
        raise Malformed(f"{name} must be a string of card glyphs, not {json.dumps(value, ensure_ascii=False)}")
    try:
        return parse_cards(value)
    except CardError as exc:
        raise Malformed(f"{name}: {exc}") from None


def _rules_name(data: Mapping[str, Any], cli_rules: str | None) -> str:
    value = data.get("rules")
    if value is not None and not isinstance(value, str):
        raise Malformed(f"rules must be a string, not {json.dumps(value, ensure_ascii=False)}")
    if value is None:
        if cli_rules is None:
            raise Malformed('no rules: give --rules or a "rules" field')
        return cli_rules
    if cli_rules is not None and value != cli_rules:
        raise Malformed(f"--rules {cli_rules} but the input says rules {value!r}")
    return value


# ---------------------------------------------------------------------------------------------------------------------
# Guilin.

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
_TRIPLES = frozenset({MeldKind.PENG, MeldKind.SAO, MeldKind.GUO_SAO})


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


def _meld(raw: Any, index: int) -> Meld:
    where = f"melds[{index}]"
    if not isinstance(raw, dict):
        raise Malformed(f'{where} must be an object like {{"kind": "peng", "cards": "捌捌捌"}}')
    extra = sorted(set(raw) - {"kind", "cards"})
    if extra:
        raise Malformed(f"{where}: unknown field {extra[0]!r} (a meld has kind and cards)")
    kind_name = _get(raw, "kind", required=True)
    if kind_name not in {k.value for k in GUILIN_MELDS}:
        known = ", ".join(k.value for k in GUILIN_MELDS)
        raise Malformed(f"{where}: unknown meld kind {json.dumps(kind_name, ensure_ascii=False)} (guilin: {known})")
    kind = MeldKind(kind_name)
    cards = _card_list(_get(raw, "cards", required=True), f"{where}.cards")
    shown = format_cards(cards) or "no cards"
    if kind is MeldKind.CHI:
        if chi_shape(cards) is None:
            raise Malformed(f"{where}: {shown} is not a 吃 group (a sequence, 二七十 or 搭 of 3 cards)")
    else:
        size = 3 if kind in _TRIPLES else 4
        if len(cards) != size or len(set(cards)) != 1:
            raise Malformed(f"{where}: a {kind.value} is {size} identical cards, not {shown}")
    return Meld(kind, tuple(cards))


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


def parse_guilin(data: Mapping[str, Any]) -> GuilinHand:
    """Check a Guilin request and return it in engine terms; raise :class:`Malformed` naming the first problem."""
    unknown = sorted(set(data) - GUILIN_FIELDS)
    if unknown:
        raise Malformed(f"unknown field {unknown[0]!r} (guilin fields: {', '.join(sorted(GUILIN_FIELDS))})")
    rules = get_rules("guilin")
    try:
        options: GuilinOptions = parse_options(rules, data.get("options"))
    except OptionError as exc:
        raise Malformed(str(exc)) from None

    players_raw = _get(data, "players", required=False)
    players = rules.players[0] if players_raw is None else _whole(players_raw, "players")
    if players not in rules.players:
        raise Malformed(f"guilin is played by {' or '.join(map(str, rules.players))} players, not {players}")
    dealer = _seat(data, "dealer", players)
    winner = _seat(data, "winner", players)
    assert dealer is not None and winner is not None

    source_raw = _get(data, "source", required=True)
    if source_raw not in {s.value for s in Source}:
        known = ", ".join(s.value for s in Source)
        raise Malformed(f"source must be one of {known}, not {json.dumps(source_raw, ensure_ascii=False)}")
    source = Source(source_raw)
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

    melds_raw = _get(data, "melds", required=False)
    if melds_raw is None:
        melds_raw = []
    if not isinstance(melds_raw, list):
        raise Malformed("melds must be a list of objects")
    melds = tuple(_meld(m, i) for i, m in enumerate(melds_raw))
    hand_cards = _card_list(_get(data, "hand", required=True), "hand")

    win_raw = _get(data, "win_card", required=source is not Source.DEAL)
    win_card: int | None = None
    if win_raw is not None:
        cards = _card_list(win_raw, "win_card")
        if len(cards) != 1:
            raise Malformed(f"win_card must be one card, not {len(cards)}")
        win_card = cards[0]
    xing_raw = _get(data, "xing", required=False)
    xing = _card_list(xing_raw, "xing") if xing_raw is not None else []

    # Copies: the winner's cards (hand, melds, winning card) and the 醒 cards are distinct cards of one deck.
    everything = hand_cards + [k for m in melds for k in m.cards] + ([] if win_card is None else [win_card]) + xing
    total = to_counts(everything)
    for kind in range(NUM_KINDS):
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
    return {"kind": group.kind, "cards": format_cards(group.cards), "hu": group.hu, "exposed": group.exposed}


def _not_a_win(reason: str) -> dict[str, Any]:
    return {"valid": False, "rules": "guilin", "reason": reason}


def score_guilin(data: Mapping[str, Any]) -> dict[str, Any]:
    """The contract's answer for one Guilin hand."""
    h = parse_guilin(data)
    table = get_rules("guilin").win_table
    minimum = h.options.min_hu

    held = list(h.hand)
    for m in h.melds:
        for k in m.cards:
            held[k] += 1
    if h.win_card is not None:
        held[h.win_card] += 1

    def settle(split: Split, special: tuple[str, ...], payer: int | None) -> Settlement:
        return settle_guilin(
            hu=split.hu,
            held=held,
            source=h.source,
            special=special,
            winner=h.winner,
            payer=payer,
            players=h.players,
            wall_rest=h.xing,
            options=h.options,
        )

    candidates: list[tuple[Split, Settlement]] = []
    if h.source is Source.DEAL:
        # Procedure P9: 天胡 (dealer only) and 三龙五坎; a dealer qualifying for both gets the higher score.
        reason = "not sanlong_wukan (a non-dealer wins from the deal only with 三龙五坎)"
        if h.winner == h.dealer:
            tian = evaluate_win(h.hand, [], None, Source.DEAL, table)
            if tian is None:
                reason = "no decomposition, and not sanlong_wukan"
            elif tian.hu < minimum:
                reason = f"below minimum: {tian.hu} < {minimum}, and not sanlong_wukan"
            else:
                candidates.append((tian, settle(tian, ("tianhu",), None)))
        sl = sanlong_wukan(h.hand, table, wukan_counts_long=h.options.wukan_counts_long)
        if sl is not None:
            candidates.append((sl, settle(sl, ("sanlong_wukan",), None)))
        if not candidates:
            return _not_a_win(reason)
    else:
        split = evaluate_win(h.hand, h.melds, h.win_card, h.source, table)
        if split is None:
            return _not_a_win("no decomposition")
        if split.hu < minimum:
            return _not_a_win(f"below minimum: {split.hu} < {minimum}")
        payer = h.from_seat if h.source is Source.DISCARD else None
        candidates.append((split, settle(split, ("dihu",) if h.first_discard else (), payer)))

    split, s = max(candidates, key=lambda c: (c[1].duo, c[0].hu))
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


# ---------------------------------------------------------------------------------------------------------------------
# Dispatch and the command.

SCORERS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {"guilin": score_guilin}


def score(data: Any, cli_rules: str | None = None) -> dict[str, Any]:
    """Score one decoded JSON value; raise :class:`Malformed` when it is not a well-formed request."""
    if not isinstance(data, dict):
        raise Malformed("the input must be a JSON object")
    name = _rules_name(data, cli_rules)
    scorer = SCORERS.get(name)
    if scorer is None:
        if name in KNOWN_RULES:
            raise Malformed(not_available(name))
        raise Malformed(f"unknown rules {name!r} (known: {', '.join(KNOWN_RULES)})")
    return scorer(data)


def score_text(text: str, cli_rules: str | None = None) -> dict[str, Any]:
    """Decode and score one JSON object."""
    if not text.strip():
        raise Malformed("no input: expected one JSON object")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise Malformed(f"bad JSON: {exc}") from None
    return score(data, cli_rules)


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False)


def _utf8(stream: Any) -> None:
    """Write UTF-8 whatever the console code page (the output is JSON with Chinese glyphs)."""
    if isinstance(stream, io.TextIOWrapper) and (stream.encoding or "").lower().replace("-", "") != "utf8":
        stream.reconfigure(encoding="utf-8")


def _read_stdin() -> str:
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        return sys.stdin.read()
    raw: bytes = buffer.read()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise Malformed(f"the input is not UTF-8 ({exc.reason} at byte {exc.start})") from None


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
                return _usage_error(f"unknown rules {value!r} (known: {', '.join(KNOWN_RULES)})")
            cli_rules = value
        else:
            return _usage_error(f"unrecognised argument {arg!r}")
        i += 1

    _utf8(sys.stdout)
    _utf8(sys.stderr)
    if cli_rules is not None and cli_rules not in SCORERS:
        print(f"zipai score: {not_available(cli_rules)}", file=sys.stderr)
        return 2
    try:
        text = _read_stdin()
    except Malformed as exc:
        print(f"zipai score: {exc}", file=sys.stderr)
        return 2

    if not jsonl:
        try:
            result = score_text(text, cli_rules)
        except Malformed as exc:
            print(f"zipai score: {exc}", file=sys.stderr)
            return 2
        print(_dumps(result))
        return 0

    status = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            out = score_text(line, cli_rules)
        except Malformed as exc:
            status = 2
            out = {"error": str(exc)}
            print(f"zipai score: line {number}: {exc}", file=sys.stderr)
        print(_dumps(out))
    return status
