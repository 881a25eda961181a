"""The cards of one hand and where they lie (牌面): hands, melds, piles, kinds, the wall, and every view kept of them.

:class:`HandState` owns them. Its methods are the only writers (a card given from the wall, taken from a hand, put
on a pile, a meld placed or replaced, a kind banned ...), and each keeps every view in step in the same call: the hand
sizes, the meld facts and the melds as each seat sees them, the tuples an observation shows, the kept reach of a hand.
Everything else reads its attributes, which are documented as read-only: the lists are handed out as they are (no
copy at every decision, which would cost more than the engine's own work), and nothing outside this module writes
them. tests/engine/test_hand_state.py checks that random writer calls keep every view equal to a fresh reading.

Why a class of its own: the state machine (engine/game.py) decides *what* happens (turns, the claim arbiter, forced
melds); this class does *how* the cards move, in one place, so a position, a 听 what-if or a bot's sampled world is
made through :meth:`HandState.from_parts` and the engine's writers, never by setting lists and recounting.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from copy import deepcopy
from typing import TYPE_CHECKING, Any, TypeVar

from .cards import HIDDEN, NUM_KINDS
from .chi import chi_meld
from .melds import FACE_DOWN, QUAD_KINDS, SAO_KINDS, WEI_KINDS, Meld, MeldKind, shown_to_others
from .win import meld_facts as hu_meld_facts
from .win.reach import Kept, keep_function

OWN_TRIPLES = SAO_KINDS | WEI_KINDS  # 扫 / 过扫 / 偎 / 臭偎: a concealed triple on the table

#: (cards, quads, card -> (index of its 扫 / 偎, index of its 碰)) of a seat's melds (what win.meld_facts gives)
MeldFacts = tuple[int, int, dict[int, tuple[int, int]]]
NO_FACTS: MeldFacts = (0, 0, {})  # (shared: kept facts are replaced, never changed in place)
#: a seat's kept reach once its hand changed: for no hand, so never the seat's; -1 as for "cannot tell" and for every
#: kind a 吃 may take
NO_REACH: Kept = (None, -1, -1)
NO_KINDS: frozenset[int] = frozenset()
_ONE_KIND = tuple(frozenset({k}) for k in range(NUM_KINDS))  # kind -> the set of it alone (added to a kept set)
_NO_MELD = (-1, -1)
_NO_CARDS = (0,) * NUM_KINDS
T = TypeVar("T")
_PENG_KIND = MeldKind.PENG

# Melds are values (frozen): one instance serves every meld of the same kind and cards, so the melds made during play
# (碰, 扫 and their face-down view, quads, 龙) are looked up, not built again. The keys are a kind and a few copies of
# one card (or hidden cards): a few hundred at most.
_MELDS: dict[tuple[MeldKind, tuple[int, ...]], Meld] = {}


def shared_meld(kind: MeldKind, cards: tuple[int, ...]) -> Meld:
    """The shared ``Meld(kind, cards)``."""
    meld = _MELDS.get((kind, cards))
    if meld is None:
        meld = _MELDS[kind, cards] = Meld(kind, cards)
    return meld


def _padded(convert: Callable[[Any], T], parts: Sequence[Any], players: int, empty: Any) -> list[T]:
    """``convert`` of each seat's part, a seat beyond the parts' end given ``convert(empty)``."""
    out = list(map(convert, parts[:players]))
    if len(out) < players:
        out += map(convert, [empty] * (players - len(out)))
    return out


class HandState:
    """The cards of one hand, per seat and on the table; the methods are the only writers.

    Read-only attributes (lists indexed by seat unless said otherwise; read them, never write them or their items):

    * ``hands``: count vectors of the concealed hands; ``sizes``: their sums, kept as cards move;
    * ``melds``: each seat's melds in the order made; ``melds_own`` / ``melds_shown``: the same as tuples, as the seat
      sees them and as the others see them (face-down kinds hidden; one tuple while none is hidden); ``shown_view``:
      ``tuple(melds_shown)``; ``facts``: :func:`win.meld_facts` of each seat's melds;
    * ``piles``: each seat's right-side pile (出牌区) as a tuple; ``piles_view``: ``tuple(piles)``;
    * ``discarded``: kinds each seat discarded; ``discarded_view``: ``tuple(discarded)``; ``chou``: 臭牌, kinds the
      seat may not 吃; ``peng_ban``: kinds it declined to 碰 (frozen sets, replaced when a kind is added);
    * ``wall``: the stock, its top at the end; ``removed``: cards out of play (Bohu's two-player option);
    * ``spent``: per kind, copies put on a pile or in a 吃 meld this hand (they never leave);
    * ``reach``: per seat, ``(hand list, completing-card mask, 吃 mask)`` as :func:`win.reach.keep_function` gives it
      for the hand list it was made for; :data:`NO_REACH` once the hand changed (read it through :meth:`reach_of`
      when stale).
    """

    __slots__ = (
        "chou",
        "discarded",
        "discarded_view",
        "draw",
        "facts",
        "hands",
        "keep",
        "melds",
        "melds_own",
        "melds_shown",
        "peng_ban",
        "piles",
        "piles_view",
        "reach",
        "removed",
        "shown_view",
        "sizes",
        "spent",
        "wall",
    )

    def __init__(self, players: int, erqishi: bool, wall: Iterable[int] = ()) -> None:
        """No card in any hand, meld or pile; ``wall`` (top last) is the stock. ``erqishi``: the table's 二七十 rule,
        which the kept 吃 mask follows."""
        n = players
        # (n lists each, made by map: no comprehension's frame, as a state is made for every hand)
        self.hands: list[list[int]] = list(map(list, [_NO_CARDS] * n))
        self.sizes = [0] * n
        self.melds: list[list[Meld]] = list(map(list, [()] * n))
        self.melds_own: list[tuple[Meld, ...]] = [()] * n
        self.melds_shown: list[tuple[Meld, ...]] = [()] * n
        self.shown_view: tuple[tuple[Meld, ...], ...] = ((),) * n
        self.facts: list[MeldFacts] = [NO_FACTS] * n
        self.piles: list[tuple[int, ...]] = [()] * n
        self.piles_view: tuple[tuple[int, ...], ...] = ((),) * n
        self.discarded: list[frozenset[int]] = [NO_KINDS] * n
        self.discarded_view: tuple[frozenset[int], ...] = (NO_KINDS,) * n
        self.chou: list[frozenset[int]] = [NO_KINDS] * n
        self.peng_ban: list[frozenset[int]] = [NO_KINDS] * n
        self.wall: list[int] = list(wall)
        #: ``draw()``: the top card of the wall, taken off it. The wall list's own ``pop``, bound wherever the wall is
        #: set: a flip, the most frequent write, costs no Python call.
        self.draw: Callable[[], int] = self.wall.pop
        self.removed: list[int] = []
        self.spent = [0] * NUM_KINDS
        self.reach: list[Kept] = [NO_REACH] * n
        self.keep = keep_function(erqishi)

    @classmethod
    def from_parts(
        cls,
        players: int,
        erqishi: bool,
        *,
        hands: Sequence[Sequence[int]],
        melds: Sequence[Sequence[Meld]] = (),
        piles: Sequence[Sequence[int]] = (),
        discarded: Sequence[Iterable[int]] = (),
        chou: Sequence[Iterable[int]] = (),
        peng_ban: Sequence[Iterable[int]] = (),
        wall: Iterable[int] = (),
        removed: Iterable[int] = (),
    ) -> HandState:
        """A state with the given parts (a position, a sampled world); a seat beyond a sequence's end has none. Every
        kept view is read from them here. ``wall`` is read bottom first (its top is the last card)."""
        # (made per world the strong bot plays: each part converted by map, the missing seats padded, with no
        # comprehension's frame)
        state = object.__new__(cls)
        state.hands = _padded(list, hands, players, _NO_CARDS)
        state.melds = _padded(list, melds, players, ())
        state.piles = _padded(tuple, piles, players, ())
        state.discarded = _padded(frozenset, discarded, players, NO_KINDS)
        state.chou = _padded(frozenset, chou, players, NO_KINDS)
        state.peng_ban = _padded(frozenset, peng_ban, players, NO_KINDS)
        state.wall = list(wall)
        state.draw = state.wall.pop
        state.removed = list(removed)
        # (``spent`` stays zero: it counts what the engine itself put on a pile or in a 吃 this hand, which the arbiter
        # trusts to skip a look at the seats; for parts made outside it always looks)
        state.spent = [0] * NUM_KINDS
        state.keep = keep_function(erqishi)
        for hand in state.hands:
            if len(hand) != NUM_KINDS or min(hand) < 0:
                raise ValueError(f"a hand is {NUM_KINDS} counts of zero or more, not {hand!r:.80}")
        state._read_again()
        return state

    def _read_again(self) -> None:
        """Every kept view read afresh from the hands, melds, piles and kinds."""
        self.sizes = list(map(sum, self.hands))
        self.facts = list(map(hu_meld_facts, self.melds))
        self.melds_own = list(map(tuple, self.melds))
        self.melds_shown = list(map(shown_to_others, self.melds_own))
        self.shown_view = tuple(self.melds_shown)
        self.piles_view = tuple(self.piles)
        self.discarded_view = tuple(self.discarded)
        self.reach = [NO_REACH] * len(self.hands)

    def copy(self) -> HandState:
        """A copy sharing nothing mutable with this state (tuples, frozen sets, melds and meld facts are values and
        shared). A kept reach holds on for the copy of the hand it was made for."""
        other = object.__new__(HandState)
        other.hands = hands = [[*h] for h in self.hands]
        other.sizes = [*self.sizes]
        other.melds = [[*m] for m in self.melds]
        other.melds_own = [*self.melds_own]
        other.melds_shown = [*self.melds_shown]
        other.shown_view = self.shown_view
        other.facts = [*self.facts]
        other.piles = [*self.piles]
        other.piles_view = self.piles_view
        other.discarded = [*self.discarded]
        other.discarded_view = self.discarded_view
        other.chou = [*self.chou]
        other.peng_ban = [*self.peng_ban]
        other.wall = [*self.wall]
        other.draw = other.wall.pop
        other.removed = [*self.removed]
        other.spent = [*self.spent]
        other.reach = [
            NO_REACH if kept[0] is not hand else (copied, kept[1], kept[2])
            for kept, hand, copied in zip(self.reach, self.hands, hands, strict=True)
        ]
        other.keep = self.keep
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> HandState:
        """A deep copy (through ``memo``, so a list the game shares with it stays shared in the copy), with ``draw``
        bound to the copy's own wall."""
        other = memo[id(self)] = object.__new__(HandState)
        for name in HandState.__slots__:
            if name != "draw":
                setattr(other, name, deepcopy(getattr(self, name), memo))
        other.draw = other.wall.pop
        return other

    # -----------------------------------------------------------------------------------------------------------------
    # Reading.

    def reach_of(self, seat: int) -> Kept:
        """The seat's kept reach, made afresh when its hand changed since it was last made (a cache fill: the claim
        arbiter reads :attr:`reach` inline and calls this only when the entry is not for the hand)."""
        hand = self.hands[seat]
        kept = self.reach[seat]
        if kept[0] is not hand:
            kept = self.reach[seat] = self.keep(hand)
        return kept

    def card_total(self) -> int:
        """The cards in hands, melds, piles, the wall and out of play (the game adds a card in flight)."""
        total = sum(sum(h) for h in self.hands) + len(self.wall) + len(self.removed)
        return total + sum(len(m.cards) for ms in self.melds for m in ms) + sum(len(p) for p in self.piles)

    # -----------------------------------------------------------------------------------------------------------------
    # The wall.

    def remove_from_wall(self, count: int) -> None:
        """``count`` cards from the top of the wall out of play (Bohu's two-player option), top first."""
        self.removed = [self.wall.pop() for _ in range(count)]

    def set_wall(self, cards: Iterable[int]) -> None:
        """The wall replaced by ``cards`` (top last): a what-if's stock (the 听 helper)."""
        self.wall = list(cards)
        self.draw = self.wall.pop

    # -----------------------------------------------------------------------------------------------------------------
    # Hands.

    def deal(self, order: Sequence[int], size: int) -> list[list[int]]:
        """``size`` cards from the wall to each seat of ``order``, the first seat's from the top: the cards each got
        (a slice of the wall per seat, in wall order)."""
        wall = self.wall
        top = len(wall)
        if size * len(order) > top:
            raise IndexError("pop from empty list")  # as drawing them one by one would
        hands, sizes, reach = self.hands, self.sizes, self.reach
        dealt = []
        for seat in order:
            cards = wall[top - size : top]
            top -= size
            hand = hands[seat]
            for k in cards:
                hand[k] += 1
            sizes[seat] += size
            reach[seat] = NO_REACH  # (the hand changed)
            dealt.append(cards)
        del wall[top:]
        return dealt

    def give(self, seat: int, count: int) -> list[int]:
        """``count`` cards from the top of the wall into ``seat``'s hand: the cards, top first."""
        wall = self.wall
        if count > len(wall):
            raise IndexError("pop from empty list")  # as drawing them one by one would
        cards = wall[len(wall) - count :][::-1]
        del wall[len(wall) - count :]
        hand = self.hands[seat]
        for k in cards:
            hand[k] += 1
        self.sizes[seat] += count
        self.reach[seat] = NO_REACH  # (the hand changed)
        return cards

    def add_to_hand(self, seat: int, card: int) -> None:
        """One ``card`` into ``seat``'s hand (the winning card, where the split used it)."""
        self.hands[seat][card] += 1
        self.sizes[seat] += 1
        self.reach[seat] = NO_REACH  # (the hand changed)

    def set_hand(self, seat: int, counts: Sequence[int]) -> None:
        """``seat``'s hand replaced by ``counts``: a what-if (the 听 helper empties the hands it may not look at)."""
        self.hands[seat] = hand = list(counts)
        self.sizes[seat] = sum(hand)
        self.reach[seat] = NO_REACH

    def set_melds(self, seat: int, melds: Sequence[Meld]) -> None:
        """``seat``'s melds replaced by ``melds``: a what-if (a test's hand put to the win check), every view read
        again for the seat."""
        self.melds[seat] = list(melds)
        self.facts[seat] = hu_meld_facts(self.melds[seat])
        own = self.melds_own[seat] = tuple(melds)
        self.melds_shown[seat] = shown_to_others(own)
        self.shown_view = tuple(self.melds_shown)

    def discard(self, seat: int, card: int, own_discard_ban: bool) -> None:
        """``seat`` discards ``card``: out of the hand, its kind recorded as discarded (and, with
        ``own_discard_ban``, as 臭牌 for the seat: §7.4, never 吃 a kind you discarded). The card goes on offer; the
        caller puts it on a pile or in a meld after the claim window."""
        self.hands[seat][card] -= 1
        self.sizes[seat] -= 1
        self.reach[seat] = NO_REACH  # (the hand changed)
        self.discarded[seat] = self.discarded[seat] | _ONE_KIND[card]
        self.discarded_view = tuple(self.discarded)
        if own_discard_ban:
            self.chou[seat] = self.chou[seat] | _ONE_KIND[card]

    # -----------------------------------------------------------------------------------------------------------------
    # Piles and kinds.

    def to_pile(self, seat: int, card: int) -> None:
        """``card`` face up on ``seat``'s pile (nobody took it, or a dead card)."""
        self.piles[seat] += (card,)
        self.piles_view = tuple(self.piles)
        self.spent[card] += 1

    def ban_chi(self, seat: int, card: int) -> None:
        """``card``'s kind becomes 臭牌 for ``seat`` (a passed 吃)."""
        self.chou[seat] = self.chou[seat] | _ONE_KIND[card]

    def ban_peng(self, seat: int, card: int) -> None:
        """``seat`` may no longer 碰 ``card``'s kind (a passed 碰; its flip of the kind is 过扫)."""
        self.peng_ban[seat] = self.peng_ban[seat] | _ONE_KIND[card]

    # -----------------------------------------------------------------------------------------------------------------
    # Melds.

    def add_meld(self, seat: int, meld: Meld, from_hand: tuple[int, ...] = ()) -> None:
        """A new meld for ``seat``, ``from_hand`` its cards taken out of the seat's hand (the others are in flight: the
        card on offer, a flip), every view kept in step."""
        if from_hand:
            hand = self.hands[seat]
            for k in from_hand:
                hand[k] -= 1
            self.sizes[seat] -= len(from_hand)
            self.reach[seat] = NO_REACH  # (the hand changed)
        melds = self.melds[seat]
        melds.append(meld)
        # The new meld added to the kept facts (what win.meld_facts gives for the longer list; a new dict, as a copy
        # shares the old one).
        cards, quads, by_card = self.facts[seat]
        kind, first = meld.kind, meld.cards[0]
        if kind in OWN_TRIPLES:
            by_card = {**by_card, first: (len(melds) - 1, by_card.get(first, _NO_MELD)[1])}
        elif kind is _PENG_KIND:
            by_card = {**by_card, first: (by_card.get(first, _NO_MELD)[0], len(melds) - 1)}
        self.facts[seat] = (cards + len(meld.cards), quads + (kind in QUAD_KINDS), by_card)
        # The melds as shown, the new one added: the others see the cards of a face-down kind as hidden (what
        # melds.shown_to_others gives for the longer list). While none is hidden the two are one tuple, as
        # shown_to_others gives it (an observation then takes every seat's melds in one copy).
        before = self.melds_own[seat]
        own = self.melds_own[seat] = (*before, meld)
        if FACE_DOWN.get(kind, 0) >= len(meld.cards):
            self.melds_shown[seat] = (*self.melds_shown[seat], shared_meld(kind, (HIDDEN,) * len(meld.cards)))
        elif self.melds_shown[seat] is before:
            self.melds_shown[seat] = own
        else:
            self.melds_shown[seat] = (*self.melds_shown[seat], meld)
        self.shown_view = tuple(self.melds_shown)

    def eat(self, seat: int, groups: Sequence[tuple[int, int, int]]) -> list[Meld]:
        """``seat``'s 吃 of the card on offer (the first card of ``groups[0]``) with its 比 groups: the cards out of the
        hand, the melds placed (returned, in order) and their copies counted as spent."""
        hand = self.hands[seat]
        main, *bis = groups
        for k in main[1:]:
            hand[k] -= 1
        for g in bis:
            for k in g:
                hand[k] -= 1
        self.sizes[seat] -= 2 + 3 * len(bis)
        self.reach[seat] = NO_REACH  # (the hand changed)
        # The melds, as add_meld adds them (inline: the most common meld): a 吃 is never face down, never a 扫 / 偎 /
        # 碰 of the facts' by-card map, never a quad.
        spent = self.spent
        made = list(map(chi_meld, groups))
        melds = self.melds[seat]
        melds += made
        cards, quads, by_card = self.facts[seat]
        self.facts[seat] = (cards + 3 * len(made), quads, by_card)
        before = self.melds_own[seat]
        own = self.melds_own[seat] = (*before, *made)
        shown = self.melds_shown[seat]
        self.melds_shown[seat] = own if shown is before else (*shown, *made)
        self.shown_view = tuple(self.melds_shown)
        for g in groups:
            for k in g:
                spent[k] += 1
        return made

    def replace_meld(self, seat: int, index: int, meld: Meld) -> None:
        """``seat``'s meld at ``index`` becomes ``meld`` (a triple upgraded to a quad)."""
        self.melds[seat][index] = meld
        self.facts[seat] = hu_meld_facts(self.melds[seat])
        own = self.melds_own[seat] = tuple(self.melds[seat])
        self.melds_shown[seat] = shown_to_others(own)
        self.shown_view = tuple(self.melds_shown)


def views_match(state: HandState) -> list[str]:
    """Every kept view of ``state`` that differs from a fresh reading of its hands, melds, piles and kinds (empty when
    all are in step): what engine/invariants.py and the tests check."""
    problems = []
    if getattr(state.draw, "__self__", None) is not state.wall:
        problems.append("the state draws from another list than its wall")
    if state.sizes != [sum(hand) for hand in state.hands]:
        problems.append(f"kept hand sizes {state.sizes} are not the hands' {[sum(hand) for hand in state.hands]}")
    if state.piles_view != tuple(state.piles) or state.discarded_view != tuple(state.discarded):
        problems.append("the kept piles or discarded kinds are not the state's")
    if state.melds_own != [tuple(ms) for ms in state.melds]:
        problems.append("the kept melds are not the state's")
    if state.melds_shown != [shown_to_others(ms) for ms in state.melds_own] or state.shown_view != tuple(
        state.melds_shown
    ):
        problems.append("the kept melds as shown are not the state's")
    if state.facts != [hu_meld_facts(ms) for ms in state.melds]:
        problems.append("the kept meld facts are not the state's")
    for seat, (kept, hand) in enumerate(zip(state.reach, state.hands, strict=True)):
        if kept[0] is hand and kept[1:] != state.keep(hand)[1:]:
            problems.append(f"seat {seat}'s kept reach is not its hand's")
    return problems


class HandView:
    """The hand state's parts read through the game (a base of :class:`engine.game.Game`): the lists as the state
    keeps them, to read, never to write (``game.melds[seat]`` is ``game.state.melds[seat]``). ``game.hands``, read
    most, is a plain attribute of the game: the state's list itself (its hands list is never replaced)."""

    if not TYPE_CHECKING:  # (no slots of its own, so a Game keeps only its own; hidden from the type checker, which
        __slots__ = ()  # would otherwise hold the class to an empty slot list for the game's attributes it sets)

    if TYPE_CHECKING:
        state: HandState

    @property
    def sizes(self) -> list[int]:
        """Each seat's hand size."""
        return self.state.sizes

    @property
    def melds(self) -> list[list[Meld]]:
        """Each seat's melds, in the order made."""
        return self.state.melds

    @property
    def melds_own(self) -> list[tuple[Meld, ...]]:
        """Each seat's melds as it sees them."""
        return self.state.melds_own

    @property
    def melds_shown(self) -> list[tuple[Meld, ...]]:
        """Each seat's melds as the others see them (face-down kinds hidden)."""
        return self.state.melds_shown

    @property
    def piles(self) -> list[tuple[int, ...]]:
        """Each seat's right-side pile (出牌区)."""
        return self.state.piles

    @property
    def chou(self) -> list[frozenset[int]]:
        """Each seat's 臭牌: kinds it may not 吃."""
        return self.state.chou

    @property
    def discarded(self) -> list[frozenset[int]]:
        """Kinds each seat has discarded."""
        return self.state.discarded

    @property
    def peng_ban(self) -> list[frozenset[int]]:
        """Kinds each seat declined to 碰 (may not 碰; its flip of one is 过扫)."""
        return self.state.peng_ban

    @property
    def wall(self) -> list[int]:
        """The stock, its top at the end."""
        return self.state.wall

    @property
    def removed(self) -> list[int]:
        """Cards out of play (Bohu's two-player option)."""
        return self.state.removed
