"""What the table shows, rebuilt from the engine's events as one seat sees them (no pygame here).

The screen never reads the engine's state: it applies the redacted event stream of the seat in front of the screen to
this model, one event at a time, while the animations play. A test checks that the model always equals what the
engine's observation says the seat may see.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine import events as ev
from ...engine.cards import HIDDEN, NUM_KINDS
from ...engine.melds import Meld


@dataclass
class Offer:
    """The card in the middle of the table: just turned from the wall, or just discarded."""

    card: int  # HIDDEN when it is face down to this viewer
    seat: int
    flip: bool


@dataclass
class TableView:
    """What one seat sees of the hand, built from its redacted event stream."""

    viewer: int | None
    players: int = 3
    rules: str = "guilin"
    dealer: int = 0
    hand: list[int] = field(default_factory=lambda: [0] * NUM_KINDS)  # the viewer's concealed cards
    hand_sizes: list[int] = field(default_factory=list)
    melds: list[list[Meld]] = field(default_factory=list)
    piles: list[list[int]] = field(default_factory=list)
    wall: int = 0
    dang_di: int | None = None
    offer: Offer | None = None
    won: ev.Won | None = None
    xing: ev.XingFlipped | None = None
    ended: ev.HandEnded | None = None
    log: list[ev.Event] = field(default_factory=list)

    def reset(self, started: ev.HandStarted) -> None:
        """Start the view of a new hand from its first event."""
        n = started.players
        self.players, self.rules, self.dealer = n, started.rules, started.dealer
        self.hand = [0] * NUM_KINDS
        self.hand_sizes = [0] * n
        self.melds = [[] for _ in range(n)]
        self.piles = [[] for _ in range(n)]
        self.wall = started.wall + 1
        self.dang_di = None
        self.offer = None
        self.won = self.xing = self.ended = None
        self.log = []

    def _take_from_hand(self, seat: int, cards: tuple[int, ...]) -> None:
        self.hand_sizes[seat] -= len(cards)
        if seat == self.viewer:
            for k in cards:
                if k != HIDDEN:
                    self.hand[k] -= 1

    def apply(self, event: ev.Event) -> None:
        """Apply one event (already redacted for the viewer)."""
        self.log.append(event)
        if isinstance(event, ev.HandStarted):
            self.reset(event)
        elif isinstance(event, ev.Dealt):
            self.hand_sizes[event.seat] = event.count  # (HandStarted gave the wall after these were dealt)
            if event.seat == self.viewer and event.cards is not None:
                for k in event.cards:
                    self.hand[k] += 1
        elif isinstance(event, ev.ExtraCard):
            self.hand_sizes[event.seat] += 1
            self.wall -= 1
            if event.seat == self.viewer and event.card is not None:
                self.hand[event.card] += 1
        elif isinstance(event, ev.DangDi):
            self.dang_di = event.card
            self.hand_sizes[event.seat] += 1
            self.wall -= 1
            if event.seat == self.viewer:
                self.hand[event.card] += 1
        elif isinstance(event, ev.Flipped):
            self.wall = event.wall
            self.offer = Offer(HIDDEN if event.card is None else event.card, event.seat, True)
        elif isinstance(event, ev.Discarded):
            self._take_from_hand(event.seat, (event.card,))
            self.offer = Offer(event.card, event.seat, False)
        elif isinstance(event, ev.ToPile):
            self.piles[event.seat].append(event.card)
            self.offer = None
        elif isinstance(event, ev.Melded):
            self._take_from_hand(event.seat, event.from_hand)
            if event.replaces >= 0:
                self.melds[event.seat][event.replaces] = event.meld
            else:
                self.melds[event.seat].append(event.meld)
            if len(event.meld.cards) > len(event.from_hand) or event.replaces >= 0:
                self.offer = None  # the card on offer went into this meld
        elif isinstance(event, ev.Won):
            self.won = event
            self.offer = None
            if event.card is not None:  # the winning card joins the winner's hand
                self.hand_sizes[event.seat] += 1
                if event.seat == self.viewer:
                    self.hand[event.card] += 1
        elif isinstance(event, ev.XingFlipped):
            self.xing = event
        elif isinstance(event, ev.HandEnded):
            self.ended = event
