"""桂林字牌 answers: the win chosen and settled as the game does, as a dict or as its result line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from ...engine.cards import format_cards
from ...engine.melds import Meld
from ...engine.rules.guilin import GuilinOptions, best_role, deal_win, win_specials
from ...engine.scoring import duo_key, duo_parts, guilin_points, payer_of, xing_count
from .quick import _quick_guilin, _quick_guilin_parts
from .request import _CACHE_LIMIT, _DEAL, GuilinHand, Request, _checked_guilin, _parts_of
from .text import _dumps, _esc, _group_json, _groups_text, _int, _not_a_win, _points_text, _role_text
from .wincheck import Source, Split, evaluate_win


def parse_guilin(data: Mapping[str, Any]) -> GuilinHand:
    """Check a Guilin request and return it in engine terms; raise :class:`Malformed` naming the first problem."""
    return _quick_guilin(data) or _checked_guilin(data)


def read_guilin(data: Mapping[str, Any]) -> Request:
    """A decoded Guilin request, checked: the quick check's reading, or the careful reader's (which raises
    :class:`Malformed` naming the first problem)."""
    return _quick_guilin_parts(data) or _parts_of(_checked_guilin(data))


def score_guilin(data: Mapping[str, Any]) -> dict[str, Any]:
    """The contract's answer for one Guilin hand."""
    return guilin_answer(read_guilin(data))


def guilin_answer(request: Request) -> dict[str, Any]:
    """The contract's answer for one checked Guilin request."""
    answer = _guilin_win(request)
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
    """:func:`score_guilin` as its result line."""
    return guilin_line(read_guilin(data))


def guilin_line(request: Request) -> str:
    """:func:`guilin_answer` as its result line, written straight from the split and the settlement's text."""
    answer = _guilin_win(request)
    if isinstance(answer, dict):
        return _dumps(answer)
    split, _, tail, melds, meld_texts = answer
    role = split.role  # a split found by the win check: its groups' text is written from what the check kept
    if role is not None:  # the melds' texts read with them, if these are the melds the role holds
        groups = _role_text(role, meld_texts if role[2] is melds else None)
    else:
        groups = _groups_text(split.groups)
    if groups is None:
        return _dumps(guilin_answer(request))
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
# (_settled).
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

    The 舵 is kept by :func:`~zipai_desktop.engine.scoring.duo_key` (the 舵 the 胡 gives, not the 胡: a stream's wins
    spread over many more values of 胡 than of 舵)."""
    key = duo_key(hu, xing, source, special, options)
    duo_known = _DUO.get(key)
    if duo_known is None:
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
    parts: Request,
) -> tuple[Split, _SettledFields, str, tuple[Meld, ...], tuple[str, ...] | None] | dict[str, Any]:
    """The winning split, its settlement (see :func:`_settled`), the settlement's text in a result line, the request's
    melds and their groups' texts (the quick check's, or None); or the answer for a hand that is not a win. The win is
    chosen by the rules module's own functions (:func:`~zipai_desktop.engine.rules.guilin.best_role`,
    :func:`~zipai_desktop.engine.rules.guilin.deal_win`), as the game chooses it."""
    (
        options, players, dealer, winner, melds, hand, held, card, source, from_seat, first_discard, xing, table, _,
        known, meld_texts,
    ) = parts  # fmt: skip
    if source is _DEAL:
        won = deal_win(hand, melds, table, options, winner == dealer, xing, reach=False)
        if isinstance(won, str):
            return _not_a_win(won)
        split, special = won
        payer = None
    else:
        # The win check's split is the role with the most 胡 (what best_role would pick among the roles).
        best = evaluate_win(hand, melds, card, source, table, known)
        if best is None:
            return _not_a_win("no decomposition")
        if best_role((best.hu,), options.min_hu) is None:
            return _not_a_win(f"below minimum: {best.hu} < {options.min_hu}")
        split = best
        special = win_specials(first_discard)
        payer = payer_of(source, from_seat)
    turned, xing_n = xing_count(held, xing, options)
    fields, text = _settle(split.hu, xing_n, xing[:turned], source, special, winner, payer, players, options)
    return split, fields, text, melds, meld_texts
