"""Settlement (结算): Guilin 胡 -> 舵 with bonuses and 醒, and payments.

Shared by the game's settlement and by ``zipai score``, so the two can never disagree. Besides the totals, a settlement
carries its own explanation as data (each 醒 card with the cards it counted, each payment with its reason), so the
settlement panel shows what the rules decided and never recomputes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .cards import NUM_KINDS, is_big, number
from .win import Source


class GuilinOptions(Protocol):
    """The Guilin options a settlement reads (:class:`~zipai_desktop.engine.rules.guilin.GuilinOptions` has them):
    named here by what they hold, so this module never imports the rules module that calls it."""

    @property
    def min_hu(self) -> int:
        """起胡: the least 胡 of a win."""
        ...

    @property
    def hu_step(self) -> int:
        """胡 per 舵 step."""
        ...

    @property
    def zimo_bonus(self) -> str:
        """自摸: "add" (+1 舵) or "double"."""
        ...

    @property
    def special_bonus(self) -> str:
        """天胡 / 地胡 / 三龙五坎: "add" or "double"."""
        ...

    @property
    def xing(self) -> str:
        """Which 醒 count (the option's value)."""
        ...

    @property
    def xing_reflip(self) -> str:
        """When another 醒 card is turned."""
        ...

    @property
    def xing_kinds(self) -> frozenset[str]:
        """The 醒 categories counted."""
        ...


@dataclass(frozen=True, slots=True)
class XingFlip:
    """One turned 醒 card and what it counted: ``(kind, category, how many)`` of the winner's cards, where the
    category is ``up`` (上醒, one number higher), ``down`` (下醒, one lower) or ``mid`` (中醒, the same kind)."""

    card: int
    counted: tuple[tuple[int, str, int], ...]

    @property
    def count(self) -> int:
        """How many of the winner's cards this turned card counted."""
        return sum(n for _, _, n in self.counted)


@dataclass(frozen=True, slots=True)
class Payment:
    """One line of a settlement's payment: ``payer`` gives ``amount`` to ``payee``.

    ``reason`` names the rule (Guilin §10.4): ``zimo`` / ``pinghu`` / ``tianhu`` / ``sanlong_wukan`` (each other player
    pays T), ``dianpao`` / ``dihu`` (the discarder alone pays 2T); Bohu: ``losers_pay`` (each other player pays the
    score). ``per`` is T, what the line is a multiple of.
    """

    payer: int
    payee: int
    amount: int
    reason: str
    per: int


@dataclass(frozen=True, slots=True)
class XingResult:
    """醒: the wall cards turned after a win and the 舵 they add."""

    cards: tuple[int, ...]
    count: int
    flips: tuple[XingFlip, ...] = ()


def _neighbour(kind: int, step: int) -> int:
    """The same-case kind ``step`` numbers away, wrapping 十 -> 一 and 一 -> 十."""
    base = 10 if is_big(kind) else 0
    return base + (number(kind) - 1 + step) % 10


# The kind each category counts for a turned card (上醒 the next number, 下醒 the one before, 中醒 the same), and the
# categories of each "xing" option value in the order the settlement lists them: looked up, not worked out per card.
_XING_KIND = {
    "up": tuple(_neighbour(k, 1) for k in range(NUM_KINDS)),
    "down": tuple(_neighbour(k, -1) for k in range(NUM_KINDS)),
    "mid": tuple(range(NUM_KINDS)),
}
_XING_ORDER: dict[str, tuple[tuple[str, tuple[int, ...]], ...]] = {}


def count_xing(held: Sequence[int], wall_rest: Sequence[int], options: GuilinOptions) -> XingResult:
    """Turn 醒 cards from ``wall_rest`` and count them among the winner's ``held`` cards (a count vector).

    上醒 counts the card one number higher (十 wraps to 一), 下醒 one lower; 中醒 (an option) the same kind. Re-flip
    (§10.3): with ``category`` another card is turned while one category reached 4 on this flip; with ``cumulative``
    while the running total is at least 4 x flips made.
    """
    order = _XING_ORDER.get(options.xing)
    if order is None:
        order = _xing_order(options)
    turned: list[int] = []
    flips: list[XingFlip] = []
    total = 0
    cumulative = options.xing_reflip != "category"
    for x in wall_rest if order else ():
        turned.append(x)
        counted = tuple([(kind_of[x], category, held[kind_of[x]]) for category, kind_of in order])
        flips.append(XingFlip(x, counted))
        found = [n for _, _, n in counted]
        total += sum(found)
        if not (total >= 4 * len(turned) if cumulative else 4 in found):
            break
    return XingResult(tuple(turned), total, tuple(flips))


def _xing_order(options: GuilinOptions) -> tuple[tuple[str, tuple[int, ...]], ...]:
    kinds = options.xing_kinds
    order = _XING_ORDER[options.xing] = tuple((c, _XING_KIND[c]) for c in ("up", "down", "mid") if c in kinds)
    return order


def xing_count(held: Sequence[int], wall_rest: Sequence[int], options: GuilinOptions) -> tuple[int, int]:
    """(cards turned, 醒 counted): what :func:`count_xing` turns and counts, without the flips that explain it (the
    score command's stream shows only these, so no flip object is made per card turned)."""
    order = _XING_ORDER.get(options.xing)
    if order is None:
        order = _xing_order(options)
    if not order:
        return 0, 0
    cumulative = options.xing_reflip != "category"
    turned = total = 0
    for x in wall_rest:
        turned += 1
        # The categories' counts added and tested for a 4 in one loop, with no list made per card turned.
        four = False
        for _, kind_of in order:
            n = held[kind_of[x]]
            total += n
            if n == 4:
                four = True
        if not (total >= 4 * turned if cumulative else four):
            break
    return turned, total


@dataclass(frozen=True, slots=True)
class Settlement:
    """What a Guilin win is worth and who pays it."""

    hu: int
    duo: int
    duo_parts: dict[str, int]
    xing_cards: tuple[int, ...]
    special: tuple[str, ...]
    points: tuple[int, ...] = field(default=())
    xing: tuple[XingFlip, ...] = ()  # each turned 醒 card with the cards it counted
    payments: tuple[Payment, ...] = ()  # who pays whom, and why

    @property
    def score(self) -> int:
        """The 舵 (what a Guilin hand scores)."""
        return self.duo


def payer_of(source: Source, from_seat: int) -> int | None:
    """Who pays a win alone (§10.4): the discarder of a won discard (点炮 / 地胡); None when each other player pays
    (自摸, 平胡, 天胡, 三龙五坎)."""
    return from_seat if source is Source.DISCARD else None


def duo_key(hu: int, xing: int, source: Source, special: tuple[str, ...], options: GuilinOptions) -> tuple[object, ...]:
    """What :func:`duo_parts` depends on, as a key to keep its answer by: the 舵 the 胡 gives (not the 胡 itself: many
    胡 give one 舵), the 醒 counted, an own draw or not, the specials and the options (which must be hashable)."""
    return ((hu - options.min_hu) // options.hu_step, xing, source is Source.OWN_DRAW, special, options)


def hu_to_duo(hu: int, options: GuilinOptions) -> int:
    """§10.1: 1 + floor((hu - min) / step) for hu >= min."""
    return 1 + (hu - options.min_hu) // options.hu_step


def settle_guilin(
    *,
    hu: int,
    held: Sequence[int],
    source: Source,
    special: Sequence[str],
    winner: int,
    payer: int | None,
    players: int,
    wall_rest: Sequence[int],
    options: GuilinOptions,
) -> Settlement:
    """Total 舵 and payments. ``special`` lists tianhu / dihu / sanlong_wukan; ``payer`` is the discarder or None."""
    assert len(held) == NUM_KINDS
    xing = count_xing(held, wall_rest, options)
    parts, names, total = duo_parts(hu, xing.count, source, special, options)
    points = guilin_points(total, winner, payer, players)
    payments: list[Payment] = []
    if payer is None:
        # 自摸, 平胡 (another player's flip), 天胡, 三龙五坎: each other player pays T.
        specials = [n for n in names if n in ("tianhu", "sanlong_wukan")]
        reason = specials[0] if specials else "zimo" if source is Source.OWN_DRAW else "pinghu"
        for seat in range(players):
            if seat != winner:
                payments.append(Payment(seat, winner, total, reason, total))
    else:
        # 点炮 and 地胡: the discarder alone pays 2T; the others pay nothing.
        payments.append(Payment(payer, winner, 2 * total, "dihu" if "dihu" in names else "dianpao", total))
    return Settlement(hu, total, parts, xing.cards, names, points, xing.flips, tuple(payments))


def duo_parts(
    hu: int, xing: int, source: Source, special: Sequence[str], options: GuilinOptions
) -> tuple[dict[str, int], tuple[str, ...], int]:
    """(the parts of the 舵, the specials named (自摸 first), total 舵 T) of a win with ``xing`` 醒 counted."""
    parts: dict[str, int] = {"hu": hu_to_duo(hu, options), "xing": xing}
    names = list(special)
    multiplier = 1
    if source is Source.OWN_DRAW and "zimo" not in names:
        names.insert(0, "zimo")
    for name in names:
        mode = options.zimo_bonus if name == "zimo" else options.special_bonus
        if mode == "add":
            parts[name] = 1
        else:
            multiplier *= 2
    base = sum(parts.values())
    if multiplier != 1:
        parts["multiplier"] = multiplier
    return parts, tuple(names), base * multiplier


def guilin_points(total: int, winner: int, payer: int | None, players: int) -> tuple[int, ...]:
    """Each seat's points for a win worth T = ``total``: each other player pays T (no ``payer``), or the discarder
    alone pays 2T."""
    points = [0] * players
    if payer is None:
        for seat in range(players):
            if seat != winner:
                points[seat] = -total
        points[winner] = total * (players - 1)
    else:
        points[payer] = -2 * total
        points[winner] = 2 * total
    return tuple(points)
