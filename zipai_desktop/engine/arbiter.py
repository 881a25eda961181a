"""The claim arbiter (procedure P1): who is offered a card on offer, stage by stage.

Stage 0 (the drawer's forced meld) is made when the card is flipped (engine/forced.py); then stage 1 胡 in seat
order, stage 2 a forced quad (开舵 / 跑), stage 3 碰, stage 4 吃, one seat at a time. :class:`ClaimArbiter` is a base
of :class:`engine.game.Game` (its methods are the game's), in a module of its own so that game.py stays a readable
size; it reads the game's attributes declared below for the type checker only.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from . import events as ev
from .actions import Action, Chi, Pass, Peng
from .chi import chi_offers, may_discard, unlocked_kinds
from .flow_types import Stage, Window
from .forced import ForcedMelds
from .hand_state import shared_meld
from .win import Source

if TYPE_CHECKING:
    from collections.abc import Sequence

_PASS = Pass()
_PENG_OR_PASS = (Peng(), _PASS)
# Enum members as module constants: the claim arbiter reads them at every card on offer.
_HU_STAGE, _QUAD_STAGE, _PENG_STAGE, _CHI_STAGE = Stage.HU, Stage.QUAD, Stage.PENG, Stage.CHI
_OWN_DRAW, _OTHER_DRAW, _DISCARD = Source.OWN_DRAW, Source.OTHER_DRAW, Source.DISCARD

Turns = tuple[
    dict[int, tuple[int, ...]],
    dict[int, tuple[int, ...]],
    dict[int, int],
    dict[int, tuple[tuple[int, ...], tuple[int, ...]]],
]


@lru_cache(maxsize=32)
def turns_of(active: tuple[int, ...], chi_next_on_draw: bool) -> Turns:
    """For the playing seats (shared between hands: never changed), per seat: the playing seats in turn order from
    it, the others in that order (asked for 胡 on its discard), its 下家, and who is offered 吃 on its (discard, flip),
    as :meth:`ClaimArbiter.chi_queue` gives them."""
    count = len(active)
    orders = {s: tuple(active[(i + j) % count] for j in range(count)) for i, s in enumerate(active)}
    nexts = {s: order[1 % count] for s, order in orders.items()}
    chi: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
        s: ((nexts[s],), (s, nexts[s]) if chi_next_on_draw else (s,)) for s in active
    }
    return orders, {s: order[1:] for s, order in orders.items()}, nexts, chi


class ClaimArbiter(ForcedMelds):
    """The game's claim window (a base of :class:`engine.game.Game`; no state of its own)."""

    if not TYPE_CHECKING:  # (no slots of its own: see HandView)
        __slots__ = ()

    if TYPE_CHECKING:  # the game's attributes these steps use (declared for the type checker)
        window: Window | None
        is_fork: bool
        active: tuple[int, ...]
        hu_locked: list[bool]
        took: list[bool]
        to_act: int | None
        pending_kind: str | None
        pending_actions: Sequence[Action]
        _others: dict[int, tuple[int, ...]]
        _next: dict[int, int]
        _chi_queues: dict[int, tuple[tuple[int, ...], tuple[int, ...]]]

    def _advance_window(self) -> None:
        """Go on with the window (after a pass); when nobody takes the card, the next player flips."""
        w = self.window
        assert w is not None
        if not self._arbitrate():
            self._flip(self._next[w.owner])

    def _arbitrate(self) -> bool:
        """Run the window's stages from where it stands: True when a seat is offered the card or took it (a forced
        quad), False when nobody takes it (it is put on the owner's pile; the caller has the next player flip).

        The window's queue is the seats still to ask at its stage (a tuple the engine shares, or a list a resumed
        position set), read and never changed: the stage and the seats left are written back only when a seat is
        offered the card (the window is resumed after its answer), not at every step. Most windows end with nobody
        taking the card, and they then cost no queue copies, no ``pop(0)`` per seat and no stage stores."""
        w = self.window
        assert w is not None
        card, owner = w.card, w.owner
        state = self.state
        hands = state.hands
        stage = w.stage
        if stage is _HU_STAGE:
            queue = w.queue
            if queue:
                reaches = state.reach
                for seat in queue:
                    # The reach filter's answer for the seat's hand (find_wins' first refusal, engine/win/reach.py),
                    # read here, made afresh when the hand changed: nearly all seats are refused by it, and they are
                    # spared the win check's call. (A reach that cannot tell is -1, every bit set.)
                    kept = reaches[seat]
                    if kept[0] is not hands[seat]:
                        kept = state.reach_of(seat)
                    if not kept[1] >> card & 1:
                        continue
                    if self.hu_locked[seat]:
                        continue
                    if w.flip:
                        source = _OWN_DRAW if seat == owner else _OTHER_DRAW
                    else:
                        source = _DISCARD
                    win = self._win_check(seat, card, source, owner, w.opening)
                    if win is not None:
                        w.queue = queue[queue.index(seat) + 1 :]  # (the seats after it, asked if it passes)
                        self._ask_hu(seat, win, "hu")
                        return True
            stage = _QUAD_STAGE
        # Copies of the card already in a pile or a 吃 meld (never in a fork, which may be a what-if beyond four
        # copies): with one there, no seat holds three (no forced quad); with two, none holds a pair either (no 碰), as
        # the card on offer is a third. Told here without a look at the seats. (A copy in the wall rules out a quad
        # the same way.)
        spent = 0 if self.is_fork else state.spent[card]
        if stage is _QUAD_STAGE:
            if not (spent or (card in state.wall and not self.is_fork)) and self._forced_quad(w):
                return True
            stage = _PENG_STAGE
        if stage is _PENG_STAGE and spent < 2:
            # (With one copy on offer, no two seats can hold a pair of its kind: the first seat found is the only one,
            # so the seats are read in any order: the owner's others, made once per turn order, without the owner.)
            peng_ban = state.peng_ban
            for s in self._others[owner]:
                # (the last test: a card to discard is left once the pair is given, i.e. a free kind besides the card:
                # the free kinds counted on bytes, without a copy of the hand and two Python calls)
                if hands[s][card] == 2 and card not in peng_ban[s] and unlocked_kinds(hands[s]) > 1:
                    w.stage = _CHI_STAGE
                    w.queue = self._chi_queues[owner][w.flip]  # (after the 碰 offer come the 吃 offers)
                    self.pending_kind = "peng"
                    self.pending_actions = _PENG_OR_PASS
                    self.to_act = s
                    self.events.append(ev.OFFERED_PENG[s][card])
                    return True
            queue = self._chi_queues[owner][w.flip]
        elif stage is _PENG_STAGE:
            queue = self._chi_queues[owner][w.flip]
        else:
            queue = w.queue
        if queue:
            chou = state.chou
            reaches = state.reach
            for seat in queue:
                hand = hands[seat]
                # No plan of the card finds its two hand cards (the kept 吃 mask, read with the reach: most asks end
                # here, first, without a chi_offers call), a 坎 of the card, or a 臭牌: no 吃.
                kept = reaches[seat]
                if kept[0] is not hand:
                    kept = state.reach_of(seat)
                if not kept[2] >> card & 1 or hand[card] >= 3 or card in chou[seat]:
                    continue
                # (chi_options, inline; the rules read only here, where the masks let a seat through)
                offers = chi_offers(hand, card, self.table.erqishi, self.procedure.bi)
                if offers:
                    w.stage = _CHI_STAGE
                    w.queue = queue[queue.index(seat) + 1 :]
                    self.pending_kind = "chi"
                    self.pending_actions = (*offers, _PASS)
                    self.to_act = seat
                    self.events.append(ev.OFFERED_CHI[seat][card])
                    return True
        # Nobody takes the card: it goes face up to the owner's right; the next player flips.
        self.window = None
        state.to_pile(owner, card)
        self.events.append(ev.TO_PILE[owner][card])
        return False

    def chi_queue(self, owner: int, flip: bool) -> list[int]:
        """Who is offered 吃, in order: a discard to the discarder's 下家; a drawn card to the drawer, then (Guilin,
        or the Bohu option) the drawer's 下家."""
        if not flip:
            return [self.next_seat(owner)]
        return [owner, self.next_seat(owner)] if self.procedure.chi_next_on_draw else [owner]

    def _forced_quad(self, w: Window) -> bool:
        """Stage 2: 开舵 / 跑 from a 坎, from a 扫 / 偎 (another's card), or from a 碰 (flips; Bohu: discards too).

        Asked only when no copy of the card is in a pile, a 吃 meld or the wall (which rules it out)."""
        card, owner = w.card, w.owner
        found: list[tuple[int, int]] = []  # (seat, meld index or -1 for a 坎 in hand)
        state = self.state
        hands = state.hands
        facts = state.facts
        for seat in self.active:
            by_card = facts[seat][2]  # (meld_facts(seat), read inline: most seats have no meld of the card)
            if card in by_card:
                triple, peng = by_card[card]
            elif hands[seat][card] == 3:
                triple = peng = -1
            else:
                continue
            if seat != owner:
                if hands[seat][card] == 3:
                    found.append((seat, -1))
                if triple >= 0:
                    found.append((seat, triple))
            # A 碰 takes a flip (anyone's, its owner's too) or, where the rules say so, another's discard.
            if peng >= 0 and (w.flip or (self.table.peng_upgrade_on_discard and seat != owner)):
                found.append((seat, peng))
        assert len(found) <= 1, "two forced quads on one card are impossible"
        if not found:
            return False
        seat, idx = found[0]
        from_hand = 3 if idx < 0 else 0
        if self._needs_discard_after(seat, -from_hand, from_hand + 1, 1):
            after = [*hands[seat]]
            after[card] -= from_hand
            if not may_discard(after):
                return False  # it would leave no legal discard: not made (rules-guilin.md, choices)
        self.window = None
        self.hu_locked[seat] = False
        self.took[seat] = True
        quad = shared_meld(self.table.quad_other, (card,) * 4)
        if idx < 0:
            self._add_meld(seat, quad, owner, forced=True, from_hand=(card,) * 3)
        else:
            self._replace_meld(seat, idx, quad, owner)
        self._expose_longs(seat)
        self._after_take(seat)
        return True

    def chi_options(self, seat: int, card: int) -> list[Chi]:
        """Every legal 吃 of ``card`` for ``seat``: each main group with each complete choice of 比 groups (§7.2)."""
        hand = self.state.hands[seat]
        if hand[card] >= 3 or card in self.state.chou[seat]:
            return []
        return chi_offers(hand, card, self.table.erqishi, self.procedure.bi)
