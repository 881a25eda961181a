"""倍率 at the table: the words for a stakes match's running balance and for one hand's payment in stake units.

The match keeps points; everything here is derived from them by :class:`engine.match.Stakes`, so the stake line of the
settlement panel and the running balance can never disagree with the points.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...engine.match import Match
from ..ui.i18n import tr


def rate_text(match: Match, lang: str) -> str:
    """「倍率：底分 2 × 3」, or "" without stakes."""
    if match.stakes is None:
        return ""
    return tr("table.stake_rate", lang, base=match.stakes.base, multiplier=match.stakes.multiplier)


def totals_text(match: Match, lang: str, short: Callable[[int], str]) -> str:
    """Each seat's running total in stake units (with its balance when the match has a starting balance)."""
    if match.stakes is None or match.players is None:
        return ""
    money = match.stakes.payments(match.totals)
    balances = match.balances
    parts = []
    for seat in range(match.players):
        part = f"{short(seat)} {money[seat]:+d}"
        if balances is not None:
            part += f" ({tr('table.balance', lang, n=balances[seat])})"
        parts.append(part)
    return f"{tr('table.stakes', lang)}: " + "  ".join(parts)


def hand_stakes_text(
    match: Match, points: Sequence[int], lang: str, short: Callable[[int], str], *, booked: bool
) -> str:
    """The settlement's stake line: each seat's payment of this hand in stake units, and its balance after it when the
    match has a starting balance ("" without stakes). ``booked``: the hand is already in the match totals."""
    if match.stakes is None:
        return ""
    balances = match.balances
    parts = []
    for seat, pts in enumerate(points):
        money = match.stakes.money(pts)
        part = f"{short(seat)} {money:+d}"
        if balances is not None:
            part += f" ({tr('table.balance', lang, n=balances[seat] + (0 if booked else money))})"
        parts.append(part)
    return f"{tr('table.stakes', lang)}: " + "   ".join(parts)
