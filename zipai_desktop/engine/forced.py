"""Melds in play: the drawer's forced meld on its own flip (stage 0), dead cards (procedure P8), 龙 exposure (P6).

:class:`ForcedMelds` is a base of :class:`engine.game.Game` (its methods are the game's): the part of the state
machine that makes and upgrades melds, through the hand state's writers (engine/hand_state.py), and tells the screen
with a Melded event. Kept in a module of its own so that game.py stays a readable size; it reads the game's
attributes declared below for the type checker only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import events as ev
from .chi import may_discard
from .flow_types import WinInfo
from .hand_state import HandView, shared_meld
from .melds import FACE_DOWN, Meld, MeldKind
from .win import Source

if TYPE_CHECKING:
    from .rules.base import Procedure, RuleSet
    from .win import WinTable

_OWN_DRAW = Source.OWN_DRAW
# A new meld's Melded event per (seat, from seat, forced, kind, cards, cards from the hand): events are values, so one
# instance serves every occurrence (see events.py). Bounded, though a long sim meets only a few thousand.
MeldedKey = tuple[int, int, bool, MeldKind, tuple[int, ...], tuple[int, ...]]
MELDED: dict[MeldedKey, ev.Melded] = {}
_MELDED_MAX = 8192


class ForcedMelds(HandView):
    """The game's meld-making steps (a base of :class:`engine.game.Game`; no state of its own)."""

    if not TYPE_CHECKING:  # (no slots of its own: see HandView)
        __slots__ = ()

    if TYPE_CHECKING:  # the game's attributes and methods these steps use (declared for the type checker)
        table: WinTable
        rules: RuleSet
        procedure: Procedure
        events: list[ev.Event]
        dead_card: int | None
        _held_target: tuple[int, ...]

        def _win_check(
            self, seat: int, card: int | None, source: Source, from_seat: int, opening: bool
        ) -> WinInfo | None: ...
        def _ask_hu(self, seat: int, win: WinInfo, kind: str) -> None: ...
        def _after_take(self, seat: int) -> None: ...
        def _flip(self, seat: int) -> None: ...
        def next_seat(self, seat: int) -> int: ...  # noqa: D102 (declared: Game's own)
        def held(self, seat: int) -> int: ...  # noqa: D102 (declared: Game's own)
        def quads(self, seat: int) -> int: ...  # noqa: D102 (declared: Game's own)

    def _flip_forced(self, seat: int, card: int, own_sao: int, hand: list[int]) -> None:
        """A flipped ``card`` that makes the drawer's forced meld (``own_sao``: the index of its 扫 / 偎, or -1)."""
        forced = self._forced_own_kind(seat, card, own_sao)
        assert forced is not None
        # Stage 0: the drawer's forced 扫 / 过扫 / 扫穿 (偎 / 臭偎 / 提); a card that completes a face-down meld is not
        # shown to the others (procedure P2).
        size = 4 if forced is self.table.quad_own else 3
        self.events.append(ev.Flipped(seat, card, len(self.state.wall), hidden=FACE_DOWN.get(forced, 0) >= size))
        from_hand = hand[card] if own_sao < 0 else 0
        is_quad = forced is self.table.quad_own
        hand_after = list(hand)
        hand_after[card] -= from_hand
        if self._needs_discard_after(seat, -from_hand, from_hand + 1, 1 if is_quad else 0) and not may_discard(
            hand_after
        ):
            # Procedure P8: offer 胡 with the meld counted; otherwise the card is dead.
            self.dead_card = card  # in flight while 胡 is considered (winner_cards counts it once)
            win = self._win_check(seat, card, _OWN_DRAW, seat, False)
            if win is not None:
                self._ask_hu(seat, win, "hu_dead")
            else:
                self._dead(seat)
            return
        self._make_drawer_meld(seat, card, forced, own_sao)
        win = self._win_check(seat, None, _OWN_DRAW, seat, False)
        if win is not None:
            self._ask_hu(seat, win, "hu_drawer")
        else:
            self._after_take(seat)

    def _needs_discard_after(self, seat: int, hand_delta: int, meld_delta: int, quad_delta: int) -> bool:
        """Whether ``seat`` would hold more than its target (§7.9) after a take that moves these counts."""
        held = self.held(seat) + hand_delta + meld_delta
        return held > self.rules.held_target(self.quads(seat) + quad_delta)

    def _forced_own_kind(self, seat: int, card: int, own_sao: int) -> MeldKind | None:
        """The drawer's forced meld on its own draw.

        扫穿 / 提 from a 坎 or a 扫 / 偎 on the table; 扫 / 偎 (过扫 / 臭偎 after a declined 碰) from a pair.
        """
        hand = self.state.hands[seat]
        if hand[card] == 3 or own_sao >= 0:
            return self.table.quad_own
        if hand[card] == 2:
            return self.table.triple_own_banned if card in self.state.peng_ban[seat] else self.table.triple_own
        return None

    def _dead(self, seat: int) -> None:
        """Procedure P8: the drawer's card that would leave it no discard goes dead to its pile; the next seat flips."""
        card = self.dead_card
        assert card is not None
        self.dead_card = None
        self.state.to_pile(seat, card)
        self.events.append(ev.ToPile(seat, card, dead=True))
        self._flip(self.next_seat(seat))

    def _make_drawer_meld(self, seat: int, card: int, kind: MeldKind, own_sao: int) -> None:
        """The drawer's forced meld of kind ``kind`` on ``card``: an upgrade of its 扫 / 偎 (``own_sao``) or a new one
        from the copies it holds."""
        if own_sao >= 0:
            self._replace_meld(seat, own_sao, shared_meld(kind, (card,) * 4), seat)
        else:
            count = self.state.hands[seat][card]
            self._add_meld(seat, shared_meld(kind, (card,) * (count + 1)), seat, forced=True, from_hand=(card,) * count)
        if kind is self.table.quad_own:
            self._expose_longs(seat)

    def _find_meld(self, seat: int, card: int, kinds: frozenset[MeldKind] | tuple[MeldKind, ...]) -> int:
        """The index of ``seat``'s meld of one of ``kinds`` on ``card``, or -1."""
        for i, m in enumerate(self.state.melds[seat]):
            if m.kind in kinds and m.cards[0] == card:
                return i
        return -1

    def _add_meld(
        self, seat: int, meld: Meld, from_seat: int, *, forced: bool, from_hand: tuple[int, ...] = ()
    ) -> None:
        """A new meld; ``from_hand`` are the cards it takes from the seat's concealed hand (told to the screen)."""
        self.state.add_meld(seat, meld, from_hand)
        key = (seat, from_seat, forced, meld.kind, meld.cards, from_hand)
        event = MELDED.get(key)
        if event is None:
            self._melded(key, meld)
        else:
            self.events.append(event)

    def _melded(self, key: MeldedKey, meld: Meld) -> None:
        """Append the Melded event of a new ``meld``, ``key`` its (seat, from seat, forced, kind, cards, cards from the
        hand); made once per value and kept in :data:`MELDED` (events are values, see events.py): a 吃 meld is one of
        a few hundred groups, so the same few thousand Melded values come back hand after hand, and the callers look
        them up there first."""
        if len(MELDED) >= _MELDED_MAX:
            MELDED.clear()
        seat, from_seat, forced, _, _, from_hand = key
        event = MELDED[key] = ev.Melded(seat, meld, -1, forced, from_seat, from_hand)
        self.events.append(event)

    def _replace_meld(self, seat: int, index: int, meld: Meld, from_seat: int) -> None:
        """``seat``'s meld at ``index`` upgraded to ``meld`` (a forced quad)."""
        self.state.replace_meld(seat, index, meld)
        self.events.append(ev.Melded(seat, meld, index, True, from_seat))

    def _expose_longs(self, seat: int) -> None:
        """Procedure P6: making a quad while holding concealed 龙 lays every 龙 down face up (重舵)."""
        hand = self.state.hands[seat]
        if 4 not in hand:  # (the usual case, told by one scan before any loop over the kinds)
            return
        for k in range(len(hand)):
            if hand[k] == 4:
                self._add_meld(seat, shared_meld(MeldKind.LONG, (k,) * 4), seat, forced=True, from_hand=(k,) * 4)
