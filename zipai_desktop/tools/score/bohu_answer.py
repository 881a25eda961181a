"""秀山博胡 answers: the role and split chosen as ``BohuRules.pick_win`` / ``deal_wins`` choose them, scored and paid as
the game pays, as a dict or as its result line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.melds import Meld
from ...engine.rules.bohu import BOHU, choose_role, deal_win, win_points
from .quick import _quick_bohu, _quick_bohu_parts
from .request import _CACHE_LIMIT, _DEAL, _DISCARD, BohuHand, Request, _checked_bohu, _parts_of
from .text import _bohu_not_a_win, _dumps, _esc, _group_json, _groups_text, _int, _points_text, _role_text
from .wincheck import Split, evaluate_roles


def parse_bohu(data: Mapping[str, Any]) -> BohuHand:
    """Check a Bohu request and return it in engine terms; raise :class:`Malformed` naming the first problem."""
    return _quick_bohu(data) or _checked_bohu(data)


def read_bohu(data: Mapping[str, Any]) -> Request:
    """A decoded Bohu request, checked: the quick check's reading, or the careful reader's (which raises
    :class:`Malformed` naming the first problem)."""
    return _quick_bohu_parts(data) or _parts_of(_checked_bohu(data))


def score_bohu(data: Mapping[str, Any]) -> dict[str, Any]:
    """The contract's answer for one Bohu hand."""
    return bohu_answer(read_bohu(data))


def bohu_answer(request: Request) -> dict[str, Any]:
    """The contract's answer for one checked Bohu request."""
    answer = _bohu_win(request)
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
    """:func:`score_bohu` as its result line."""
    return bohu_line(read_bohu(data))


def bohu_line(request: Request) -> str:
    """:func:`bohu_answer` as its result line, written straight from the split and the score."""
    answer = _bohu_win(request)
    if isinstance(answer, dict):
        return _dumps(answer)
    split, huxi, fan, score_, names, paid, melds, meld_texts = answer
    role = split.role  # as in _guilin_line
    if role is not None:
        groups = _role_text(role, meld_texts if role[2] is melds else None)
    else:
        groups = _groups_text(split.groups)
    if groups is None:
        return _dumps(bohu_answer(request))
    # The text after the groups in two pieces, each kept by what it shows: the 名堂 and the 番 (few), then the score
    # and the points (the score and the seats). Two pieces recur far more often than one piece kept by all of them
    # would, and a miss of the second writes less.
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


def _bohu_win(
    parts: Request,
) -> (
    tuple[Split, int, int, int, tuple[str, ...], tuple[int, int, bool], tuple[Meld, ...], tuple[str, ...] | None]
    | dict[str, Any]
):  # fmt: skip
    """(split, 胡息, 番, score, names, (winner, players, losers pay) for :func:`_bohu_points`, the request's melds and
    their groups' texts (the quick check's, or None)) of the win, or the answer for a hand that is not a win. The win
    is chosen by the rules module's own functions (:func:`~zipai_desktop.engine.rules.bohu.deal_win`,
    :func:`~zipai_desktop.engine.rules.bohu.choose_role`), as the game chooses it."""
    (
        options, players, dealer, winner, melds, hand, held, card, source, _, first_discard, _, table, quads, known,
        meld_texts,
    ) = parts  # fmt: skip
    # held: every card of the winning hand (hand, melds, winning card): what red / 大 / 小 of the 名堂 count
    if source is _DEAL:
        won = deal_win(hand, melds, table, options, winner == dealer, reach=False)
        if isinstance(won, str):
            return _bohu_not_a_win(won)
        split, (huxi, fan, score_, names) = won
    else:
        # §11: never a win on a discard, except 地胡 on the dealer's opening discard (§13, P10).
        if source is _DISCARD and not (first_discard and options.dihu == "first_discard"):
            return _bohu_not_a_win("cannot win on a discard")
        # The cards held, sum(held) (held: a count vector as bytes, at most 4 of each of 20 kinds, so its sum is below
        # 255 and equals the bytes read as a number modulo 255, as 256 is 1 modulo 255): two C calls instead of a
        # sum's 20 steps.
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
        chosen, scores = choose_role(roles, held, special, source, options)
        if chosen is None:
            best = max([scored[0] for scored in scores])
            return _bohu_not_a_win(f"below minimum: {best} < {options.min_huxi}")
        split = roles[chosen]
        huxi, fan, score_, names = scores[chosen]
    # The points are made from these only where they are shown (a result line keeps its text by them).
    return split, huxi, fan, score_, names, (winner, players, options.settlement == "losers_pay"), melds, meld_texts


def _bohu_points(score_: int, winner: int, players: int, losers_pay: bool) -> list[int]:
    """BohuRules.settle's points (:func:`~zipai_desktop.engine.rules.bohu.win_points`), every seat of the request
    active."""
    return win_points(score_, winner, range(players), players, losers_pay)
