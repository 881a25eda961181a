"""The deal (§2, procedure P9 and P12): the cards to every seat, the dealer's face-up card, the held-count shortfall.

:class:`Dealing` is a base of :class:`engine.game.Game` (its methods are the game's): the steps the rules' deal hook
calls (``deal_hands``, ``give``, ``place_meld`` ...) and the game's own start of a hand, moving cards through the hand
state's writers (engine/hand_state.py). In a module of its own so that game.py stays a readable size; it reads the
game's attributes declared below for the type checker only.
"""

from __future__ import annotations

from itertools import chain, repeat
from typing import TYPE_CHECKING

from . import events as ev
from .arbiter import ClaimArbiter
from .cards import NUM_KINDS
from .flow_types import WinInfo
from .melds import Meld

# The deal's HandStarted per (rules, dealer, players, wall): a handful of values, shared like the events of events.py.
_STARTED: dict[tuple[str, int, int, int], ev.HandStarted] = {}


class Dealing(ClaimArbiter):
    """The game's deal (a base of :class:`engine.game.Game`; no state of its own)."""

    if not TYPE_CHECKING:  # (no slots of its own: see HandView)
        __slots__ = ()

    if TYPE_CHECKING:  # the game's attributes and methods these steps use (declared for the type checker)
        dealer: int
        players: int
        rules_name: str
        short: list[int]
        dang_di: int | None
        _orders: dict[int, tuple[int, ...]]

        def _finish_win(self, seat: int, win: WinInfo) -> None: ...
        def order_from(self, seat: int) -> list[int]: ...  # noqa: D102 (declared: Game's own, documented there)

    def _mark_short(self) -> int:
        """Record how many cards each seat is short of the held-count rule after the deal (initial 提, two 龙); the
        cards the dealer holds beyond it (what decides its first turn)."""
        short = [0] * self.players
        targets = self._held_target  # (the rules' held_target by quads, and the kept meld facts: no Python calls)
        facts = self.state.facts
        hands = self.state.hands
        dealer = self.dealer
        excess = 0
        for s in self.active:
            hand = hands[s]
            cards, quads, _ = facts[s]
            # (the 龙 counted on the counts as bytes, and only when there is one: most hands hold no 龙)
            counts = bytearray(hand)
            if 4 in counts:
                quads += counts.count(4)
            over = sum(hand) + cards - targets[quads]
            if over < 0:
                short[s] = -over
            if s == dealer:
                excess = over
        self.short = short
        return excess

    def deal_hands(self, size: int) -> None:
        """Give every playing seat ``size`` cards from the wall, from the dealer on, and announce the deal."""
        dealer = self.dealer
        order = self._orders.get(dealer) or self.order_from(dealer)
        dealt = self.state.deal(order, size)
        key = (self.rules_name, dealer, self.players, len(self.state.wall) - 1)
        started = _STARTED.get(key)  # (shared, as events are values: see events.py)
        if started is None:
            if len(_STARTED) >= 64:
                _STARTED.clear()
            started = _STARTED[key] = ev.HandStarted(*key)
        events = self.events
        events.append(started)
        hands = self.state.hands
        for seat, cards in zip(order, dealt, strict=True):
            hand = hands[seat]
            if sum(hand) == size:  # the hand is the dealt cards (the usual case): they are its cards, sorted
                cards.sort()
                shown = tuple(cards)
            else:
                shown = tuple(chain.from_iterable(map(repeat, range(NUM_KINDS), hand)))
            events.append(ev.Dealt(seat, shown, len(shown)))

    def deal_face_up_to_dealer(self) -> None:
        """The dealer's last card, face up for everyone: Guilin's 挡底, Bohu's 亮张."""
        dealer = self.dealer
        (card,) = self.state.give(dealer, 1)
        self.dang_di = card
        self.events.append(ev.DANG_DI[dealer][card])

    def give(self, seat: int, count: int) -> list[int]:
        """Deal ``count`` cards from the top of the wall into ``seat``'s hand (for the rules' deal), top first."""
        return self.state.give(seat, count)

    def remove_from_wall(self, count: int) -> None:
        """``count`` cards from the top of the wall out of play (Bohu's two-player option, before the deal)."""
        self.state.remove_from_wall(count)

    def place_meld(self, seat: int, meld: Meld) -> None:
        """A meld made at the deal (Bohu's initial 提): taken from the hand and shown."""
        self._add_meld(seat, meld, seat, forced=True, from_hand=meld.cards)

    def emit(self, event: ev.Event) -> None:
        """Append ``event`` to the hand's events (the rules' deal announces its extra cards)."""
        self.events.append(event)

    def finish_deal_win(self, seat: int, win: WinInfo) -> None:
        """End the hand with a win at the deal (天胡, 三龙五坎)."""
        self._finish_win(seat, win)
