"""Card flights: the only kind of animation the table needs (deal, flip, discard, to the pile, into a meld, 醒)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...engine import events as ev
from ...engine.cards import HIDDEN
from ..ui import cards
from .layout import Layout, meld_column, pile_slot
from .view_model import TableView


def ease(t: float) -> float:
    """Ease-out cubic: fast start, soft landing."""
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


@dataclass
class Flight:
    """One card flying from one point to another (growing or shrinking, possibly turning face up)."""

    kind: int  # a card kind, or HIDDEN for a back
    start: tuple[float, float]
    end: tuple[float, float]
    width: int
    end_width: int
    delay: float = 0.0
    duration: float = 0.3
    flip: bool = False  # turned over on the way (a card leaving the wall face down)
    angle: int = 0

    def done(self, t: float) -> bool:
        """The flight has landed at time ``t``."""
        return t >= self.delay + self.duration

    def draw(self, surface: pygame.Surface, t: float) -> None:
        """The card at its place along the flight at time ``t`` (nothing before its start)."""
        if t < self.delay:
            return
        p = ease((t - self.delay) / self.duration)
        x = self.start[0] + (self.end[0] - self.start[0]) * p
        y = self.start[1] + (self.end[1] - self.start[1]) * p
        width = int(self.width + (self.end_width - self.width) * p)
        if self.flip and p < 0.5:
            img = cards.back(width)
            squeeze = max(1, int(img.get_width() * (1 - 2 * p)))
        else:
            img = cards.face(self.kind, width)
            squeeze = img.get_width() if not self.flip else max(1, int(img.get_width() * (2 * p - 1)))
        if squeeze != img.get_width():
            img = pygame.transform.scale(img, (squeeze, img.get_height()))
        if self.angle:
            img = pygame.transform.rotate(img, self.angle)
        surface.blit(img, img.get_rect(center=(int(x), int(y))))


@dataclass
class Animation:
    """The flights of one engine event; the event is applied to the view when it starts, the destination is hidden
    (``hide``) until the cards land."""

    flights: list[Flight]
    hide: set[tuple[object, ...]]
    elapsed: float = 0.0

    @property
    def finished(self) -> bool:
        """Every flight has landed."""
        return all(f.done(self.elapsed) for f in self.flights)

    def update(self, dt: float) -> None:
        """Advance the animation's clock."""
        self.elapsed += dt

    def draw(self, surface: pygame.Surface) -> None:
        """Every flight at this moment."""
        for f in self.flights:
            f.draw(surface, self.elapsed)


# --- where cards go: the flights of each engine event ------------------------------------------------------------


def hand_centre(lay: Layout, seat: int) -> tuple[float, float]:
    """The centre of the seat's hand (where dealt and drawn cards fly)."""
    return lay.seats[seat].hand.center


def meld_pos(lay: Layout, seat: int, index: int) -> tuple[int, int]:
    """The centre of the top card of meld ``index``."""
    column = meld_column(lay.seats[seat], lay.small_w, index)
    return column.centerx, column.top + cards.card_size(column.width)[1] // 2


def pile_pos(lay: Layout, view: TableView, seat: int, index: int, count: int | None = None) -> tuple[int, int]:
    """The centre of pile card ``index`` (of ``count``, by default the pile's length with this card)."""
    n = max(index + 1, len(view.piles[seat]) if count is None else count)
    return pile_slot(lay.seats[seat], lay.small_w, index, n).center


def flights_for(event: ev.Event, lay: Layout, view: TableView) -> tuple[list[Flight], set[tuple[object, ...]]]:
    """The cards that fly for ``event`` (applied to ``view`` after this), and the places hidden until they land."""
    wall = lay.wall.center
    offer = lay.offer.center
    hw, sw = lay.hand_w, lay.small_w
    if isinstance(event, ev.Dealt):
        target = hand_centre(lay, event.seat)
        flights = [
            Flight(HIDDEN, wall, target, sw, sw, delay=0.02 * i, duration=0.25, angle=0)
            for i in range(min(event.count, 10))
        ]
        return flights, {("hand", event.seat)}
    if isinstance(event, ev.DangDi | ev.ExtraCard):
        card = event.card if event.card is not None else HIDDEN
        return [Flight(card, wall, hand_centre(lay, event.seat), sw, hw, duration=0.35)], {("hand", event.seat)}
    if isinstance(event, ev.Flipped):
        card = HIDDEN if event.card is None else event.card
        return [Flight(card, wall, offer, sw, hw, duration=0.4, flip=card != HIDDEN)], {("offer",)}
    if isinstance(event, ev.Discarded):
        return [Flight(event.card, hand_centre(lay, event.seat), offer, sw, hw, duration=0.3)], {("offer",)}
    if isinstance(event, ev.ToPile):
        end = pile_pos(lay, view, event.seat, len(view.piles[event.seat]))
        return [Flight(event.card, offer, end, hw, sw, duration=0.3)], {("pile", event.seat)}
    if isinstance(event, ev.Melded):
        index = event.replaces if event.replaces >= 0 else len(view.melds[event.seat])
        end = meld_pos(lay, event.seat, index)
        flights = []
        shown = event.meld.cards
        for i, k in enumerate(event.from_hand):
            kind = HIDDEN if event.meld.face_down >= len(shown) else k
            flights.append(Flight(kind, hand_centre(lay, event.seat), end, sw, sw, delay=0.04 * i, duration=0.35))
        if view.offer is not None:
            flights.append(Flight(view.offer.card, offer, end, hw, sw, duration=0.35))
        return flights, {("meld", event.seat, index)}
    if isinstance(event, ev.XingFlipped):
        return [
            Flight(k, wall, (offer[0] + i * sw, offer[1]), sw, hw, delay=0.3 * i, duration=0.4, flip=True)
            for i, k in enumerate(event.cards)
        ], set()
    return [], set()
