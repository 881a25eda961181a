"""Events: every visible change of a hand, in order, for the screen, the log and the bots.

An event is what happened as the engine knows it; :func:`redact` gives the copy one seat may see (a face-down 扫
hides its kind from the others; offers and passes are private to the seat concerned, procedure P1).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .cards import HIDDEN, NUM_KINDS, format_cards, glyph
from .melds import Meld
from .win import Group


@dataclass(frozen=True, slots=True)
class Event:
    """The base of every event: a frozen value, compared by value and shared where frequent (see the tables below)."""

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON object for the hand log: ``"event"`` names its class, every field follows, with cards
        written as glyphs (a hidden card as ``?``) and a meld or a win's groups as small objects."""
        out: dict[str, Any] = {"event": type(self).__name__}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            if isinstance(value, Meld):
                value = {"kind": value.kind.value, "cards": format_cards(value.cards)}
            elif name == "groups":
                value = [
                    {"kind": g.kind, "cards": format_cards(g.cards), "hu": g.hu, "exposed": g.exposed} for g in value
                ]
            elif name in ("card",) and isinstance(value, int):
                value = glyph(value)
            elif name in ("cards", "from_hand") and isinstance(value, tuple):
                value = format_cards(value)
            out[name] = value
        return out


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A hand begins: the ruleset's name, the dealer's seat, the number of seats and the wall left after the deal."""

    rules: str
    dealer: int
    players: int
    wall: int  # cards left in the wall after the deal


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A seat's dealt cards (visible to that seat only); ``count`` is what the others see."""

    seat: int
    cards: tuple[int, ...] | None
    count: int


@dataclass(frozen=True, slots=True)
class ExtraCard(Event):
    """The extra face-down card for a seat dealt two 龙 (§2, procedure P12)."""

    seat: int
    card: int | None


@dataclass(frozen=True, slots=True)
class DangDi(Event):
    """挡底 / 亮张: the dealer's face-up last card."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Flipped(Event):
    """A wall card turned by ``seat``; ``card`` is None for the others when it completes the drawer's own 扫."""

    seat: int
    card: int | None
    wall: int
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """``seat`` played ``card`` from its concealed hand; it is now on offer to the others."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class ToPile(Event):
    """The card on offer goes face up to ``seat``'s right-side pile (nobody took it); ``dead`` per procedure P8."""

    seat: int
    card: int
    dead: bool = False


@dataclass(frozen=True, slots=True)
class Melded(Event):
    """A meld made or upgraded. ``replaces`` is the index of the seat's meld it upgrades, or -1 for a new one.

    ``forced`` marks 扫 / 扫穿 / 开舵 / 龙 exposure, which the engine applies by itself.
    """

    seat: int
    meld: Meld
    replaces: int
    forced: bool
    from_seat: int
    from_hand: tuple[int, ...] = ()  # the cards that left the seat's concealed hand


@dataclass(frozen=True, slots=True)
class Offered(Event):
    """A claim offered to ``seat`` (private): ``options`` names what it may do."""

    seat: int
    card: int | None
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """``seat`` declined ``stage`` (private to that seat)."""

    seat: int
    stage: str


@dataclass(frozen=True, slots=True)
class Won(Event):
    """A win, with the split the settlement used."""

    seat: int
    source: str
    card: int | None
    from_seat: int
    hu: int
    special: tuple[str, ...]
    groups: tuple[Group, ...]


@dataclass(frozen=True, slots=True)
class XingFlipped(Event):
    """醒 cards turned after a win."""

    cards: tuple[int, ...]
    count: int


@dataclass(frozen=True, slots=True)
class HandEnded(Event):
    """The hand is over: ``winner`` is None for 荒庄; ``points`` per seat; ``hands`` reveals every hand."""

    winner: int | None
    points: tuple[int, ...]
    score: int
    hands: tuple[str, ...]


EVENT_TYPES: tuple[type[Event], ...] = (
    HandStarted, Dealt, ExtraCard, DangDi, Flipped, Discarded, ToPile, Melded, Offered, Passed, Won, XingFlipped,
    HandEnded,
)  # fmt: skip

PRIVATE_EVENTS = (Offered, Passed)

# --- Shared events ---------------------------------------------------------------------------------------------------
# Events are values: frozen, compared and hashed by value, with no identity of their own. So one instance can stand for
# every occurrence of the same value (a flyweight), and the engine takes the frequent ones from these tables instead of
# making them again: most of a hand's events come from here. tests/engine/test_events.py checks every entry against a
# fresh event.

MAX_SEATS = 4  # the most seats any ruleset has (Bohu with 4 seated); the tables are made for seats 0..3
_WALL_SIZES = 81  # cards left in the wall after a flip: 0..80

#: ``DISCARDED[seat][card]``: Discarded(seat, card)
DISCARDED = tuple(tuple(Discarded(s, k) for k in range(NUM_KINDS)) for s in range(MAX_SEATS))
#: ``TO_PILE[seat][card]``: ToPile(seat, card) (not dead; a dead card, procedure P8, is rare and made as needed)
TO_PILE = tuple(tuple(ToPile(s, k) for k in range(NUM_KINDS)) for s in range(MAX_SEATS))
#: ``OFFERED_PENG[seat][card]`` / ``OFFERED_CHI[seat][card]``: the 碰 / 吃 offer of ``card`` to ``seat``
OFFERED_PENG = tuple(tuple(Offered(s, k, ("peng", "pass")) for k in range(NUM_KINDS)) for s in range(MAX_SEATS))
OFFERED_CHI = tuple(tuple(Offered(s, k, ("chi", "pass")) for k in range(NUM_KINDS)) for s in range(MAX_SEATS))
#: ``PASSED[seat][stage]``: Passed(seat, stage) for the stages "hu", "peng" and "chi"
PASSED = tuple({stage: Passed(s, stage) for stage in ("hu", "peng", "chi")} for s in range(MAX_SEATS))
#: ``DANG_DI[seat][card]``: DangDi(seat, card), the dealer's face-up card
DANG_DI = tuple(tuple(DangDi(s, k) for k in range(NUM_KINDS)) for s in range(MAX_SEATS))
#: ``FLIPPED[seat][card][wall]``: Flipped(seat, card, wall) for a card shown to all, or None until first needed (the
#: 6,480 values are made as they come, not at import)
FLIPPED: list[list[list[Flipped | None]]] = [[[None] * _WALL_SIZES for _ in range(NUM_KINDS)] for _ in range(MAX_SEATS)]


def redact(event: Event, seat: int | None) -> Event | None:
    """The event as ``seat`` sees it (None: a spectator who sees nothing hidden), or None if it is not shown."""
    if isinstance(event, PRIVATE_EVENTS):
        return event if event.seat == seat else None
    if isinstance(event, Dealt) and event.seat != seat:
        return replace(event, cards=None)
    if isinstance(event, ExtraCard) and event.seat != seat:
        return replace(event, card=None)
    if isinstance(event, Flipped) and event.hidden and event.seat != seat:
        return replace(event, card=None)
    if isinstance(event, Melded) and event.seat != seat and event.meld.hidden_kind:
        hidden = Meld(event.meld.kind, (HIDDEN,) * len(event.meld.cards))
        return replace(event, meld=hidden, from_hand=(HIDDEN,) * len(event.from_hand))
    return event
