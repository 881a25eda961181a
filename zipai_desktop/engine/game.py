"""The hand state machine: deal, discards, flips, the claim arbiter, forced melds and the win.

One :class:`Game` is one hand (一局). Decisions are asked one seat at a time: :attr:`Game.to_act` is the seat that
must act, :meth:`Game.legal_actions` what it may do, :meth:`Game.apply` applies an action (or refuses it with a reason
and changes nothing). Forced actions (扫, 过扫, 扫穿, 开舵, 龙 exposure at a 重舵) are applied by the engine itself.
Every visible change is appended to :attr:`Game.events`.

The claim window on a card follows procedure P1: stage 0 the drawer's forced meld; stage 1 胡 in seat order; stage 2
a forced quad; stage 3 碰; stage 4 吃, one seat at a time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import lru_cache
from itertools import chain, compress, repeat
from operator import getitem
from typing import Any

from . import events as ev
from .actions import Action, Chi, Discard, Hu, Pass, Peng
from .cards import GLYPHS, HIDDEN, NUM_KINDS, format_counts, full_deck, glyph
from .chi import chi_meld, chi_offers, may_discard, unlocked_kinds
from .deck import CURRENT as CURRENT_DEAL
from .deck import shuffle as shuffle_deck
from .melds import FACE_DOWN, QUAD_KINDS, SAO_KINDS, WEI_KINDS, Meld, MeldKind, shown_to_others
from .rules.base import Procedure, RuleSet
from .win import Source, Split, WinTable, find_wins
from .win import meld_facts as hu_meld_facts
from .win.reach import Kept, keep_function


class IllegalAction(ValueError):
    """An action the rules do not allow now; the game state is unchanged."""


class Phase(StrEnum):
    DISCARD = "discard"
    CLAIM = "claim"
    ENDED = "ended"


class Stage(IntEnum):
    HU = 1
    QUAD = 2
    PENG = 3
    CHI = 4


@dataclass(slots=True)
class Window:
    """A card on offer: a discard or a flip, and the stage the arbiter has reached."""

    card: int
    owner: int  # the discarder or the drawer
    flip: bool
    opening: bool  # the dealer's opening discard (地胡)
    stage: Stage
    # The seats still to ask at the stage, in order: read, never changed (the arbiter writes the seats left back when
    # it offers the card), so the engine shares its turn-order tuples here; code outside may set a list.
    queue: Sequence[int]


@dataclass(frozen=True, slots=True)
class WinInfo:
    split: Split
    source: Source
    card: int | None  # None when the card is already in a meld (forced 扫 / 扫穿) or for a deal win
    from_seat: int
    special: tuple[str, ...]


@dataclass(slots=True)
class Pending:
    """The decision the engine is waiting for."""

    seat: int
    kind: str  # discard | hu | peng | chi | hu_drawer (after a forced meld) | hu_dead (procedure P8)
    actions: Sequence[Action]  # a tuple when the engine made it (an observation shares it)
    win: WinInfo | None = None


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended. ``winner`` None is 荒庄 (a draw)."""

    winner: int | None
    win: WinInfo | None
    settlement: Any
    points: tuple[int, ...]

    @property
    def score(self) -> int:
        return self.settlement.score if self.settlement else 0


OWN_TRIPLES = SAO_KINDS | WEI_KINDS  # 扫 / 过扫 / 偎 / 臭偎: a concealed triple on the table

# The actions without a choice of cards are shared (they are immutable): a decision is offered dozens of times a hand.
_DISCARDS = tuple(Discard(k) for k in range(NUM_KINDS))
_HU = Hu()
_PASS = Pass()
_PENG = Peng()
_PENG_OR_PASS = (_PENG, _PASS)
_HU_KINDS = ("hu", "hu_drawer", "hu_dead")  # the kinds of a pending 胡 offer
_GLYPH_RUNS = tuple(tuple(g * count for count in range(5)) for g in GLYPHS)  # kind -> held count -> its glyphs
_UNLOCKED_BYTES = bytes([0, 1, 1]) + bytes(253)  # held count -> 1 if a card of the kind may be discarded
_NO_MELD = (-1, -1)
# A seat's kept reach once its hand changed (Game._reach): for no hand, so never the seat's; -1 as for "cannot tell"
# and for every kind a 吃 may take.
_NO_REACH: Kept = (None, -1, -1)
_NO_KINDS: frozenset[int] = frozenset()
_ONE_KIND = tuple(frozenset({k}) for k in range(NUM_KINDS))  # kind -> the set of it alone (added to a kept set)
# Enum members as module constants: the claim arbiter reads them at every card on offer.
_HU_STAGE, _QUAD_STAGE, _PENG_STAGE, _CHI_STAGE = Stage.HU, Stage.QUAD, Stage.PENG, Stage.CHI
_OWN_DRAW, _OTHER_DRAW, _DISCARD = Source.OWN_DRAW, Source.OTHER_DRAW, Source.DISCARD
_DISCARD_PHASE, _CLAIM_PHASE, _ENDED_PHASE = Phase.DISCARD, Phase.CLAIM, Phase.ENDED
_PENG_KIND = MeldKind.PENG  # (read by _add_meld at every new meld)

# The deal's HandStarted per (rules, dealer, players, wall): a handful of values, shared like the events of events.py.
_STARTED: dict[tuple[str, int, int, int], ev.HandStarted] = {}

MeldFacts = tuple[int, int, dict[int, tuple[int, int]]]
_NO_FACTS: MeldFacts = (0, 0, {})  # (shared: kept facts are replaced, never changed in place)
# A new meld's Melded event per (seat, from seat, forced, kind, cards, cards from the hand): events are values, so one
# instance serves every occurrence (see events.py). Bounded, though a long sim meets only a few thousand.
_MELDED: dict[tuple[int, int, bool, MeldKind, tuple[int, ...], tuple[int, ...]], ev.Melded] = {}
_MELDED_MAX = 8192


# Melds are values (frozen): one instance serves every meld of the same kind and cards, as _CHI_MELDS does for 吃, so
# the melds made during play (碰, 扫 and their face-down view, quads, 龙) are looked up, not built again. The keys are a
# kind and a few copies of one card (or hidden cards): a few hundred at most.
_MELDS: dict[tuple[MeldKind, tuple[int, ...]], Meld] = {}


def _meld(kind: MeldKind, cards: tuple[int, ...]) -> Meld:
    """The shared ``Meld(kind, cards)``."""
    meld = _MELDS.get((kind, cards))
    if meld is None:
        meld = _MELDS[kind, cards] = Meld(kind, cards)
    return meld


_PENG_MELDS = tuple(Meld(MeldKind.PENG, (k,) * 3) for k in range(NUM_KINDS))  # card -> its 碰 (shared)


_DEFAULT_OPTIONS: dict[RuleSet, Any] = {}  # rules object -> its parse_options({}) (see Game.__init__)
_MADE_FROM_OPTIONS: dict[tuple[int, int], tuple[Any, RuleSet, WinTable, Procedure, tuple[int, ...]]] = {}


_Turns = tuple[
    dict[int, tuple[int, ...]],
    dict[int, tuple[int, ...]],
    dict[int, int],
    dict[int, tuple[tuple[int, ...], tuple[int, ...]]],
]


@lru_cache(maxsize=32)
def _turns_of(active: tuple[int, ...], chi_next_on_draw: bool) -> _Turns:
    """For the playing seats (shared between hands: never changed), per seat: the playing seats in turn order from
    it, the others in that order (asked for 胡 on its discard), its 下家, and who is offered 吃 on its (discard, flip),
    as :meth:`Game.chi_queue` gives them."""
    count = len(active)
    orders = {s: tuple(active[(i + j) % count] for j in range(count)) for i, s in enumerate(active)}
    nexts = {s: order[1 % count] for s, order in orders.items()}
    chi: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
        s: ((nexts[s],), (s, nexts[s]) if chi_next_on_draw else (s,)) for s in active
    }
    return orders, {s: order[1:] for s, order in orders.items()}, nexts, chi


class Game:
    """One hand of 桂林字牌."""

    # The state as slots: the state machine reads its attributes at every step, and a game is made per hand and per
    # world the strong bot plays. ``__dict__`` stays for what code outside hangs on a game (a test's probe);
    # :func:`_copy_slots` copies every slot for :meth:`fork`.
    __slots__ = (
        "_chi_queues",
        "_keep",
        "_facts",
        "_held_target",
        "_next",
        "_orders",
        "_others",
        "_discarded_view",
        "_piles_view",
        "_shown_view",
        "_reach",
        "_rules_name",
        "_spare",
        "_spent",
        "active",
        "chou",
        "dang_di",
        "dead_card",
        "deal",
        "dealer",
        "decisions",
        "discarded",
        "draws",
        "events",
        "flips",
        "hands",
        "history",
        "hu_locked",
        "is_fork",
        "melds",
        "melds_own",
        "melds_shown",
        "opening_discard_made",
        "opening_done",
        "options",
        "_actions",
        "_kind",
        "_pending",
        "_win",
        "peng_ban",
        "phase",
        "piles",
        "players",
        "procedure",
        "removed",
        "result",
        "rules",
        "seed",
        "short",
        "sizes",
        "table",
        "to_act",
        "took",
        "wall",
        "window",
        "__dict__",
    )

    def __init__(
        self,
        rules: RuleSet,
        options: Any = None,
        *,
        seed: int | str = 0,
        dealer: int = 0,
        players: int | None = None,
        deal: int = CURRENT_DEAL,
    ) -> None:
        """A hand of ``rules`` dealt from ``seed`` by deal version ``deal`` (engine/deck.py)."""
        if options is None:
            # The rules' default options (their parse_options({}) gives one shared frozen instance): kept per rules
            # object, which the cache holds, so a game made without options makes no parse_options call.
            options = _DEFAULT_OPTIONS.get(rules)
            if options is None:
                if len(_DEFAULT_OPTIONS) >= 64:
                    _DEFAULT_OPTIONS.clear()
                options = _DEFAULT_OPTIONS[rules] = rules.parse_options({})
        self._init_state(rules, options, seed, dealer, players)
        deck = full_deck()
        shuffle_deck(deck, seed, deal)
        self.deal = deal
        self.wall: list[int] = deck  # the top of the wall is the end of the list
        self._deal()

    def _init_state(self, rules: RuleSet, options: Any, seed: int | str, dealer: int, players: int | None) -> None:
        self.rules = rules
        # (the rules' name, which every observation shows: kept on the game, not read from the rules object each time)
        self._rules_name = rules.name
        self.options = options
        self.seed = seed
        self.players = n = rules.default_players if players is None else players
        if n not in rules.players:
            raise ValueError(f"{rules.name} is played by {', '.join(map(str, rules.players))} players, not {n}")
        if n > ev.MAX_SEATS:  # (the shared events are made for that many seats)
            raise ValueError(f"at most {ev.MAX_SEATS} seats are supported, not {n}")
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0..{n - 1}")
        self.dealer = dealer
        # What the rules make of the options, made once per options object (they are frozen; a game is made per hand
        # and per world the strong bot plays). The cache holds the options, so an id is never reused while kept.
        made = _MADE_FROM_OPTIONS.get((id(rules), id(options)))
        if made is None or made[0] is not options or made[1] is not rules:
            if len(_MADE_FROM_OPTIONS) >= 64:
                _MADE_FROM_OPTIONS.clear()
            # (with §7.9's held-count rule as a table by quads, read at every take without a Python call)
            targets = tuple(map(rules.held_target, range(NUM_KINDS + 1)))
            made = (options, rules, rules.win_table_for(options), rules.procedure(options), targets)
            _MADE_FROM_OPTIONS[id(rules), id(options)] = made
        self.table = made[2]
        self.procedure = made[3]
        self._held_target = made[4]  # quads -> the cards to hold between turns (§7.9), read at every take
        #: the seats that play this hand, in turn order from seat 0 (Bohu with 4 seated: one sits out)
        self.active = rules.active_seats(n, dealer, options)
        if dealer not in self.active:
            raise ValueError(f"the dealer (seat {dealer}) must be one of the seats that play")
        turns = _turns_of(self.active, self.procedure.chi_next_on_draw)
        self._orders, self._others, self._next, self._chi_queues = turns
        self.hands: list[list[int]] = [[0] * NUM_KINDS for _ in range(n)]
        #: per seat, the cards in its hand (sum of its counts), kept as cards move: what an observation shows of the
        #: others' hands, read at every decision. Code that sets hands from outside calls :meth:`recount`.
        self.sizes = [0] * n
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        #: per seat, its melds as a tuple (as it sees them) and as every other seat sees them (face-down kinds hidden):
        #: made when a meld is made or upgraded, read by every observation. Code that sets melds from outside calls
        #: :meth:`recount`.
        self.melds_own: list[tuple[Meld, ...]] = [()] * n
        self.melds_shown: list[tuple[Meld, ...]] = [()] * n
        # Each seat's pile as a tuple (a new one when a card goes there): an observation, made at every decision,
        # shows them as they are instead of copying every pile.
        self.piles: list[tuple[int, ...]] = [()] * n
        # Kinds per seat, kept as frozen sets (a new one when a kind is added) so that an observation, made at every
        # decision, shows them as they are instead of copying five sets.
        self.chou: list[frozenset[int]] = [_NO_KINDS] * n  # 臭牌 (incl. own discards): may not 吃
        self.discarded: list[frozenset[int]] = [_NO_KINDS] * n
        # The piles, the discarded kinds and the melds as the others see them, as one tuple each: what every
        # observation shows, made again where the list changes (less often than observations are made) instead of
        # copied at every observation. Code that sets piles, kinds or melds from outside calls :meth:`recount`.
        self._piles_view: tuple[tuple[int, ...], ...] = ((),) * n
        self._discarded_view: tuple[frozenset[int], ...] = (_NO_KINDS,) * n
        self._shown_view: tuple[tuple[Meld, ...], ...] = ((),) * n
        self.peng_ban: list[frozenset[int]] = [_NO_KINDS] * n  # declined 碰: may not 碰, flip is 过扫
        self.hu_locked = [False] * n  # 过胡 (option)
        self.events: list[ev.Event] = []
        self.window: Window | None = None
        # The Window object the engine opens its windows in: its own (never shared with a fork or set from outside),
        # made at the first window and reused for every card on offer after it: a flip or a discard sets its six
        # fields in place instead of making a Window per card (a hot path: kept flat on purpose).
        self._spare: Window | None = None
        # The pending decision is kept as its parts, not as a Pending object: the engine sets the seat, the kind, the
        # actions (and for a 胡 offer the win) at every decision, without making an object. :attr:`pending` makes the
        # object when code outside asks for it (and keeps it while the parts stay the same).
        #: the seat whose decision the engine waits for (the pending decision's seat): a plain attribute, not a
        #: property, as whoever plays the game reads it at every step
        self.to_act: int | None = None
        self._kind: str | None = None  # the pending decision's kind (Pending.kind); None when nobody is asked
        self._actions: Sequence[Action] = ()  # its actions (a tuple when the engine made them)
        self._win: WinInfo | None = None  # its win (a 胡 offer; None for the others)
        self._pending: Pending | None = None  # the Pending last made from these parts (see :attr:`pending`)
        self.phase = _DISCARD_PHASE
        self.result: HandResult | None = None
        self.dang_di: int | None = None
        self.flips = 0
        self.opening_done = False  # the dealer's opening discard (地胡) is past
        self.opening_discard_made = False
        self.dead_card: int | None = None  # a card in flight during a procedure-P8 offer
        self.history: list[tuple[int, Action]] = []
        self.decisions = [0] * n  # actions each seat has applied this hand (what observe reports, without a scan)
        self.took = [False] * n  # made any take this hand (Bohu first-card 天胡)
        self.removed: list[int] = []  # cards out of play (Bohu two-player option)
        self.short = [0] * n  # cards short of the held-count rule after the deal
        self.draws = [0] * n  # own stock draws this hand
        #: copies of each kind the engine put in a pile or a 吃 meld this hand (they never leave): with one there, the
        #: other three copies cannot all be with one seat, so no forced quad (see :meth:`_forced_quad`)
        self._spent = [0] * NUM_KINDS
        self.wall = []
        self.is_fork = False  # a copy made by :meth:`fork` for a what-if question
        #: per seat: the facts of its melds, kept as melds are made (see :meth:`meld_facts`)
        self._facts: list[MeldFacts] = [_NO_FACTS] * n
        #: per seat: its hand (the list object) as last read by the claim arbiter, the cards that might complete it as
        #: a mask (see :meth:`_win_check`; -1 where the test cannot tell: every bit set) and the kinds a 吃 plan may
        #: take from it (reach.keep_function); _NO_REACH, for no hand, once the engine changed the hand (wherever
        #: :attr:`sizes` is kept), and not read for another list set from outside (:meth:`recount` forgets them all).
        self._reach: list[Kept] = [_NO_REACH] * n
        self._keep = keep_function(self.table.erqishi)

    # -----------------------------------------------------------------------------------------------------------------
    # Queries.

    @property
    def pending(self) -> Pending | None:
        """The decision the engine is waiting for (None when it waits for nobody: the hand is over)."""
        seat, kind, actions, win = self.to_act, self._kind, self._actions, self._win
        if seat is None or kind is None:
            return None
        made = self._pending
        if made is None or made.seat != seat or made.kind != kind or made.actions is not actions or made.win is not win:
            made = self._pending = Pending(seat, kind, actions, win)
        return made

    @pending.setter
    def pending(self, pending: Pending | None) -> None:
        # (code outside the engine that sets up a position sets it here: the parts the engine reads follow)
        self._pending = pending
        if pending is None:
            self.to_act = self._kind = self._win = None
            return
        self.to_act = pending.seat
        self._kind = pending.kind
        # (a tuple, as the engine makes them: an observation shows them as they are)
        actions = pending.actions
        self._actions = actions if type(actions) is tuple else tuple(actions)
        self._win = pending.win

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.to_act or self._kind is None:
            return []
        # (a copy the caller may change, asked at every decision; written [*x], as the other hot copies below)
        return [*self._actions]

    def meld_facts(self, seat: int) -> MeldFacts:
        """(cards, quads, card -> (index of its 扫 / 偎, index of its 碰)) of the seat's melds.

        Read at every card on offer, so it is kept as melds are made: :meth:`_add_meld` adds the new meld to it,
        :meth:`_replace_meld` (the engine's only other way to change melds) reads the seat's melds again, and so does
        :meth:`recount` after code outside the engine set them.
        """
        return self._facts[seat]

    def held(self, seat: int) -> int:
        return sum(self.hands[seat]) + self.meld_facts(seat)[0]

    def quads(self, seat: int) -> int:
        # (the 龙 counted on bytes, and only when there is one: see _after_take; asked by _needs_discard_after)
        counts = bytearray(self.hands[seat])
        return self._facts[seat][1] + (4 in counts and counts.count(4))

    def target(self, seat: int) -> int:
        return self.rules.held_target(self.quads(seat))

    def next_seat(self, seat: int) -> int:
        """下家: the next seat that plays this hand, in turn order."""
        return self._next[seat]

    def order_from(self, seat: int) -> list[int]:
        """The playing seats in turn order, starting with ``seat``."""
        order = self._orders.get(seat)
        if order is not None:
            return list(order)
        out = [seat]
        while len(out) < len(self.active):
            out.append(self._next[out[-1]])
        return out

    def _emit(self, event: ev.Event) -> None:
        self.events.append(event)

    # -----------------------------------------------------------------------------------------------------------------
    # The deal (§2, procedure P9 and P12).

    def _draw_wall(self) -> int:
        return self.wall.pop()

    def _deal(self) -> None:
        """Deal by the rules (they place any initial melds), apply wins at the deal, then the dealer's first turn."""
        self.rules.deal(self)
        excess = self._mark_short()
        if self.rules.deal_wins(self):
            return
        # (held() > target(), worked out by _mark_short on the hands as they are: deal_wins changes no hand)
        if excess > 0:
            self._ask_discard(self.dealer)
        else:
            self._flip(self._next[self.dealer])

    def mark_short(self) -> None:
        """Record how many cards each seat is short of the held-count rule after a deal made outside the engine (a
        position, a world: what the engine keeps of the hands and melds is read again first)."""
        self.recount()
        self._mark_short()

    def _mark_short(self) -> int:
        """Record how many cards each seat is short of the held-count rule after the deal (initial 提, two 龙); the
        cards the dealer holds beyond it (what decides its first turn)."""
        short = [0] * self.players
        targets = self._held_target  # (the rules' held_target by quads, and the kept meld facts: no Python calls)
        facts = self._facts
        hands = self.hands
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

    def recount(self) -> None:
        """Read the hands and melds afresh after code outside the engine set them (a position, a world): the hand
        sizes (:attr:`sizes`), the meld facts and the melds as shown (:attr:`melds_own`, :attr:`melds_shown`)."""
        self.sizes = list(map(sum, self.hands))
        self._facts = [hu_meld_facts(ms) for ms in self.melds]
        self.melds_own = [tuple(ms) for ms in self.melds]
        self.melds_shown = [shown_to_others(ms) for ms in self.melds_own]
        self._shown_view = tuple(self.melds_shown)
        self._piles_view = tuple(self.piles)
        self._discarded_view = tuple(self.discarded)
        self._reach = [_NO_REACH] * self.players

    def deal_hands(self, size: int) -> None:
        """Give every playing seat ``size`` cards from the wall, from the dealer on, and announce the deal."""
        # (give() for each seat, inline, one slice of the wall a seat: the cards need not come top first, as they are
        # shown sorted)
        dealer = self.dealer
        order = self._orders.get(dealer) or self.order_from(dealer)
        wall = self.wall
        top = len(wall)
        if size * len(order) > top:
            raise IndexError("pop from empty list")  # as drawing them one by one would
        hands = self.hands
        sizes = self.sizes
        reach = self._reach
        dealt = []
        for seat in order:
            cards = wall[top - size : top]
            top -= size
            hand = hands[seat]
            for k in cards:
                hand[k] += 1
            sizes[seat] += size
            reach[seat] = _NO_REACH  # (the hand changed)
            dealt.append(cards)
        del wall[top:]
        key = (self._rules_name, dealer, self.players, top - 1)
        started = _STARTED.get(key)  # (shared, as events are values: see events.py)
        if started is None:
            if len(_STARTED) >= 64:
                _STARTED.clear()
            started = _STARTED[key] = ev.HandStarted(*key)
        events = self.events
        events.append(started)
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
        card = self.wall.pop()  # (give(dealer, 1), inline)
        self.hands[dealer][card] += 1
        self.sizes[dealer] += 1
        self._reach[dealer] = _NO_REACH  # (the hand changed)
        self.dang_di = card
        self.events.append(ev.DANG_DI[dealer][card])

    def give(self, seat: int, count: int) -> list[int]:
        """Deal ``count`` cards from the top of the wall into ``seat``'s hand (for the rules' deal)."""
        wall = self.wall
        if count > len(wall):
            raise IndexError("pop from empty list")  # as drawing them one by one would
        cards = wall[len(wall) - count :][::-1]  # the top of the wall first
        del wall[len(wall) - count :]
        hand = self.hands[seat]
        for k in cards:
            hand[k] += 1
        self.sizes[seat] += count
        self._reach[seat] = _NO_REACH  # (the hand changed)
        return cards

    def place_meld(self, seat: int, meld: Meld) -> None:
        """A meld made at the deal (Bohu's initial 提): taken from the hand and shown."""
        for k in meld.cards:
            self.hands[seat][k] -= 1
        self.sizes[seat] -= len(meld.cards)
        self._reach[seat] = _NO_REACH  # (the hand changed)
        self._add_meld(seat, meld, seat, forced=True, from_hand=meld.cards)

    def emit(self, event: ev.Event) -> None:
        self._emit(event)

    def finish_deal_win(self, seat: int, win: WinInfo) -> None:
        self._finish_win(seat, win)

    # -----------------------------------------------------------------------------------------------------------------
    # Turns.

    def _ask_discard(self, seat: int) -> None:
        actions = tuple(compress(_DISCARDS, bytearray(self.hands[seat]).translate(_UNLOCKED_BYTES)))
        assert actions, "a take that leaves no legal discard must have been refused"
        self.phase = _DISCARD_PHASE
        self._kind = "discard"
        self._actions = actions
        self.to_act = seat

    def _after_take(self, seat: int) -> None:
        """§7.9: the taker discards iff it now holds more than its target; otherwise (重舵) the next player flips."""
        hand = self.hands[seat]
        cards, quads, _ = self._facts[seat]  # (meld_facts(seat), read inline)
        # The hand's counts as bytes, made once for both the 龙 count and the discards (translated to the unlocked
        # kinds). The 龙 are counted only when there is one (``4 in counts`` first): most hands hold none. :meth:`quads`
        # reads them the same way.
        counts = bytearray(hand)
        # (the hand's sum, not the kept size: the 听 helper's what-if copies change hands without recounting)
        if sum(hand) + cards > self._held_target[quads + (4 in counts and counts.count(4))]:
            # (:meth:`_ask_discard`, inline, on the bytes made above)
            actions = tuple(compress(_DISCARDS, counts.translate(_UNLOCKED_BYTES)))
            assert actions, "a take that leaves no legal discard must have been refused"
            self.phase = _DISCARD_PHASE
            self._kind = "discard"
            self._actions = actions
            self.to_act = seat
        else:
            self._flip(self._next[seat])

    def _needs_discard_after(self, seat: int, hand_delta: int, meld_delta: int, quad_delta: int) -> bool:
        held = self.held(seat) + hand_delta + meld_delta
        return held > self.rules.held_target(self.quads(seat) + quad_delta)

    def _flip(self, seat: int) -> None:
        """``seat`` turns the top wall card, then the claim window on it (荒庄 when the wall is empty)."""
        wall = self.wall
        if not wall:
            self._end_draw()
            return
        card = wall.pop()
        self.flips += 1
        first_after_opening = self.flips == 1 and self.opening_discard_made
        self.opening_done = True
        self.draws[seat] += 1
        self.hu_locked[seat] = False
        hand = self.hands[seat]
        by_card = self._facts[seat][2]  # (meld_facts(seat), read inline: most cards are in none of its melds)
        own_sao = by_card[card][0] if card in by_card else -1
        if own_sao >= 0 or hand[card] == 2 or hand[card] == 3:
            self._flip_forced(seat, card, own_sao, hand)
            return
        # No forced meld (the common case): the window on the card, as :meth:`_open_window` opens it for a flip.
        left = len(wall)
        flipped = ev.FLIPPED[seat][card][left]  # (shared events: see events.py)
        if flipped is None:
            flipped = ev.FLIPPED[seat][card][left] = ev.Flipped(seat, card, left)
        self.events.append(flipped)
        order = self._orders[seat]  # (a seat that flips plays: it has its order)
        w = self._spare
        if w is None:
            self.window = self._spare = Window(card, seat, True, first_after_opening, _HU_STAGE, order)
        else:
            w.card = card
            w.owner = seat
            w.flip = True
            w.opening = first_after_opening
            w.stage = _HU_STAGE
            w.queue = order  # (shared: never changed, see Window)
            self.window = w
        self.phase = _CLAIM_PHASE
        if not self._arbitrate():
            self._flip(self._next[seat])

    def _flip_forced(self, seat: int, card: int, own_sao: int, hand: list[int]) -> None:
        """A flipped ``card`` that makes the drawer's forced meld (``own_sao``: the index of its 扫 / 偎, or -1)."""
        forced = self._forced_own_kind(seat, card, own_sao)
        assert forced is not None
        # Stage 0: the drawer's forced 扫 / 过扫 / 扫穿 (偎 / 臭偎 / 提); a card that completes a face-down meld is not
        # shown to the others (procedure P2).
        size = 4 if forced is self.table.quad_own else 3
        self._emit(ev.Flipped(seat, card, len(self.wall), hidden=FACE_DOWN.get(forced, 0) >= size))
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

    def _forced_own_kind(self, seat: int, card: int, own_sao: int) -> MeldKind | None:
        """The drawer's forced meld on its own draw.

        扫穿 / 提 from a 坎 or a 扫 / 偎 on the table; 扫 / 偎 (过扫 / 臭偎 after a declined 碰) from a pair.
        """
        hand = self.hands[seat]
        if hand[card] == 3 or own_sao >= 0:
            return self.table.quad_own
        if hand[card] == 2:
            return self.table.triple_own_banned if card in self.peng_ban[seat] else self.table.triple_own
        return None

    def _dead(self, seat: int) -> None:
        card = self.dead_card
        assert card is not None
        self.dead_card = None
        self.piles[seat] += (card,)
        self._piles_view = tuple(self.piles)
        self._spent[card] += 1
        self._emit(ev.ToPile(seat, card, dead=True))
        self._flip(self.next_seat(seat))

    def _make_drawer_meld(self, seat: int, card: int, kind: MeldKind, own_sao: int) -> None:
        hand = self.hands[seat]
        if own_sao >= 0:
            self._replace_meld(seat, own_sao, _meld(kind, (card,) * 4), seat)
        else:
            count = hand[card]
            hand[card] = 0
            self.sizes[seat] -= count
            self._reach[seat] = _NO_REACH  # (the hand changed)
            self._add_meld(seat, _meld(kind, (card,) * (count + 1)), seat, forced=True, from_hand=(card,) * count)
        if kind is self.table.quad_own:
            self._expose_longs(seat)

    def _find_meld(self, seat: int, card: int, kinds: frozenset[MeldKind] | tuple[MeldKind, ...]) -> int:
        for i, m in enumerate(self.melds[seat]):
            if m.kind in kinds and m.cards[0] == card:
                return i
        return -1

    def _add_meld(
        self, seat: int, meld: Meld, from_seat: int, *, forced: bool, from_hand: tuple[int, ...] = ()
    ) -> None:
        """A new meld; ``from_hand`` are the cards it took from the seat's concealed hand (for the screen)."""
        melds = self.melds[seat]
        melds.append(meld)
        # The new meld is added to the kept facts (what hu.meld_facts gives for the longer list; a new dict, as a
        # fork shares the old one; tests/engine/test_kept_state.py checks it after every step of seeded hands).
        cards, quads, by_card = self._facts[seat]
        kind, first = meld.kind, meld.cards[0]
        if kind in OWN_TRIPLES:
            by_card = {**by_card, first: (len(melds) - 1, by_card.get(first, _NO_MELD)[1])}
        elif kind is _PENG_KIND:
            by_card = {**by_card, first: (by_card.get(first, _NO_MELD)[0], len(melds) - 1)}
        self._facts[seat] = (cards + len(meld.cards), quads + (kind in QUAD_KINDS), by_card)
        # The melds as shown (:meth:`_show_melds`), the new one added: the others see the cards of a face-down kind
        # as hidden (what melds.shown_to_others gives for the longer list). While none is hidden the two are one
        # tuple, as shown_to_others gives it (observe then takes every seat's melds in one copy).
        before = self.melds_own[seat]
        own = self.melds_own[seat] = (*before, meld)
        if FACE_DOWN.get(kind, 0) >= len(meld.cards):
            self.melds_shown[seat] = (*self.melds_shown[seat], _meld(kind, (HIDDEN,) * len(meld.cards)))
        elif self.melds_shown[seat] is before:
            self.melds_shown[seat] = own
        else:
            self.melds_shown[seat] = (*self.melds_shown[seat], meld)
        self._shown_view = tuple(self.melds_shown)
        # The event, shared between equal values (see events.py): a 吃 meld is one of a few hundred groups, so the same
        # few thousand Melded values come back hand after hand. (A look-up by the key is far cheaper than a new event.)
        meld = melds[-1]
        key = (seat, from_seat, forced, kind, meld.cards, from_hand)
        event = _MELDED.get(key)
        if event is None:
            if len(_MELDED) >= _MELDED_MAX:
                _MELDED.clear()
            event = _MELDED[key] = ev.Melded(seat, meld, -1, forced, from_seat, from_hand)
        self.events.append(event)

    def _replace_meld(self, seat: int, index: int, meld: Meld, from_seat: int) -> None:
        self.melds[seat][index] = meld
        self._facts[seat] = hu_meld_facts(self.melds[seat])
        self._show_melds(seat)
        self.events.append(ev.Melded(seat, meld, index, True, from_seat))

    def _show_melds(self, seat: int) -> None:
        own = self.melds_own[seat] = tuple(self.melds[seat])
        self.melds_shown[seat] = shown_to_others(own)
        self._shown_view = tuple(self.melds_shown)

    def _expose_longs(self, seat: int) -> None:
        """Procedure P6: making a quad while holding concealed 龙 lays every 龙 down face up (重舵)."""
        hand = self.hands[seat]
        if 4 not in hand:  # (the usual case, told by one scan before any loop over the kinds)
            return
        for k in range(NUM_KINDS):
            if hand[k] == 4:
                hand[k] = 0
                self.sizes[seat] -= 4
                self._reach[seat] = _NO_REACH  # (the hand changed)
                self._add_meld(seat, _meld(MeldKind.LONG, (k,) * 4), seat, forced=True, from_hand=(k,) * 4)

    # -----------------------------------------------------------------------------------------------------------------
    # The claim arbiter (procedure P1).

    def _open_window(self, card: int, owner: int, *, flip: bool, opening: bool = False) -> None:
        order = self._orders.get(owner) or tuple(self.order_from(owner))
        queue: tuple[int, ...]
        if flip:
            queue = order
        elif self.procedure.hu_on_discard == "any" or (opening and self.procedure.dihu_on == "discard"):
            queue = order[1:]
        else:
            queue = ()  # Bohu: no 胡 on a discard, except 地胡
        self.window = Window(card, owner, flip, opening, _HU_STAGE, queue)
        self.phase = _CLAIM_PHASE
        self._advance_window()

    def _advance_window(self) -> None:
        """Go on with the window (opened, or after a pass); when nobody takes the card, the next player flips."""
        w = self.window
        assert w is not None
        if not self._arbitrate():
            self._flip(self._next[w.owner])

    def _arbitrate(self) -> bool:
        """Run the window's stages from where it stands: True when a seat is offered the card or took it (a forced
        quad), False when nobody takes it (it is put on the owner's pile; the caller has the next player flip).

        The window's queue is the seats still to ask at its stage (a tuple the engine shares, or a list set from
        outside), read and never changed: the stage and the seats left are written back only when a seat is offered
        the card (the window is resumed after its answer), not at every step. Most windows end with nobody taking
        the card, and they then cost no queue copies, no ``pop(0)`` per seat and no stage stores."""
        w = self.window
        assert w is not None
        card, owner = w.card, w.owner
        hands = self.hands
        stage = w.stage
        if stage is _HU_STAGE:
            queue = w.queue
            if queue:
                reaches = self._reach
                for seat in queue:
                    # The reach filter's answer for the seat's hand (find_wins' first refusal, engine/win/reach.py),
                    # read here, afresh when the hand changed: nearly all seats are refused by it, and they are spared
                    # the win check's call. (A reach that cannot tell is -1, every bit set.)
                    kept = reaches[seat]
                    if kept[0] is not hands[seat]:
                        kept = reaches[seat] = self._keep(hands[seat])
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
        # copies): with one there, no seat holds three (no forced quad: :meth:`_quad_ruled_out`, inline); with two,
        # none holds a pair either (no 碰), as the card on offer is a third. Told here without a look at the seats.
        spent = 0 if self.is_fork else self._spent[card]
        if stage is _QUAD_STAGE:
            if not (spent or (card in self.wall and not self.is_fork)) and self._forced_quad(w):
                return True
            stage = _PENG_STAGE
        if stage is _PENG_STAGE and spent < 2:
            # (With one copy on offer, no two seats can hold a pair of its kind: the first seat found is the only one,
            # so the seats are read in any order: the owner's others, made once per turn order, without the owner.)
            for s in self._others[owner]:
                # (the last test: a card to discard is left once the pair is given, i.e. a free kind besides the card:
                # the free kinds counted on bytes, without a copy of the hand and two Python calls)
                if hands[s][card] == 2 and card not in self.peng_ban[s] and unlocked_kinds(hands[s]) > 1:
                    w.stage = _CHI_STAGE
                    w.queue = self._chi_queues[owner][w.flip]  # (after the 碰 offer come the 吃 offers)
                    self._kind = "peng"
                    self._actions = _PENG_OR_PASS
                    self.to_act = s
                    self.events.append(ev.OFFERED_PENG[s][card])
                    return True
            queue = self._chi_queues[owner][w.flip]
        elif stage is _PENG_STAGE:
            queue = self._chi_queues[owner][w.flip]
        else:
            queue = w.queue
        if queue:
            chou = self.chou
            reaches = self._reach
            for seat in queue:
                hand = hands[seat]
                # No plan of the card finds its two hand cards (the kept 吃 mask, read with the reach: most asks end
                # here, first, without a chi_offers call), a 坎 of the card, or a 臭牌: no 吃.
                kept = reaches[seat]
                if kept[0] is not hand:
                    kept = reaches[seat] = self._keep(hand)
                if not kept[2] >> card & 1 or hand[card] >= 3 or card in chou[seat]:
                    continue
                # (chi_options, inline; the rules read only here, where the masks let a seat through)
                offers = chi_offers(hand, card, self.table.erqishi, self.procedure.bi)
                if offers:
                    w.stage = _CHI_STAGE
                    w.queue = queue[queue.index(seat) + 1 :]
                    self._kind = "chi"
                    self._actions = (*offers, _PASS)
                    self.to_act = seat
                    self.events.append(ev.OFFERED_CHI[seat][card])
                    return True
        # Nobody takes the card: it goes face up to the owner's right; the next player flips.
        self.window = None
        self.piles[owner] += (card,)
        self._piles_view = tuple(self.piles)
        self._spent[card] += 1
        self.events.append(ev.TO_PILE[owner][card])
        return False

    def chi_queue(self, owner: int, flip: bool) -> list[int]:
        """Who is offered 吃, in order: a discard to the discarder's 下家; a drawn card to the drawer, then (Guilin,
        or the Bohu option) the drawer's 下家."""
        if not flip:
            return [self.next_seat(owner)]
        return [owner, self.next_seat(owner)] if self.procedure.chi_next_on_draw else [owner]

    def _quad_ruled_out(self, card: int) -> bool:
        """No forced quad on ``card``, told without a look at the seats: with a copy in a pile, a 吃 meld or the wall
        and one on offer, two are left, so no seat holds three. (A fork may be a what-if with a card beyond the four
        copies, so it always looks.)"""
        return not self.is_fork and (self._spent[card] > 0 or card in self.wall)

    def _forced_quad(self, w: Window) -> bool:
        """Stage 2: 开舵 / 跑 from a 坎, from a 扫 / 偎 (another's card), or from a 碰 (flips; Bohu: discards too).

        Asked only when :meth:`_quad_ruled_out` cannot rule it out."""
        card, owner = w.card, w.owner
        found: list[tuple[int, int]] = []  # (seat, meld index or -1 for a 坎 in hand)
        hands = self.hands
        facts = self._facts
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
        if self._needs_discard_after(seat, -from_hand, from_hand + 1, 1) and not may_discard(
            _minus(self.hands[seat], card, from_hand)
        ):
            return False  # it would leave no legal discard: not made (rules-guilin.md, choices)
        self.window = None
        self.hu_locked[seat] = False
        self.took[seat] = True
        quad = _meld(self.table.quad_other, (card,) * 4)
        if idx < 0:
            self.hands[seat][card] = 0
            self.sizes[seat] -= 3
            self._reach[seat] = _NO_REACH  # (the hand changed)
            self._add_meld(seat, quad, owner, forced=True, from_hand=(card,) * 3)
        else:
            self._replace_meld(seat, idx, quad, owner)
        self._expose_longs(seat)
        self._after_take(seat)
        return True

    def chi_options(self, seat: int, card: int) -> list[Chi]:
        """Every legal 吃 of ``card`` for ``seat``: each main group with each complete choice of 比 groups (§7.2)."""
        hand = self.hands[seat]
        if hand[card] >= 3 or card in self.chou[seat]:
            return []
        return chi_offers(hand, card, self.table.erqishi, self.procedure.bi)

    # -----------------------------------------------------------------------------------------------------------------
    # Winning.

    def _win_check(self, seat: int, card: int | None, source: Source, from_seat: int, opening: bool) -> WinInfo | None:
        """The win ``seat`` may claim now, with the rules' choice among the roles of the card, or None."""
        hand = self.hands[seat]
        kept = self._reach[seat]
        if kept[0] is not hand:
            # The reach filter's answer for the hand (engine/win/reach.py), kept with the hand list itself, not a copy
            # compared by value: the engine forgets it (_NO_REACH) wherever it changes the hand, so an identity test
            # tells whether it still holds.
            kept = self._reach[seat] = self._keep(hand)
        splits = find_wins(hand, self.melds[seat], card, source, self.table, self._facts[seat], kept)
        if not splits:
            return None
        special = self.rules.win_specials(self, seat, source, from_seat, opening)
        # (A plain loop, not a comprehension over the arguments: a hot path, kept flat on purpose.)
        wins = []
        for sp in splits:
            wins.append(WinInfo(sp, source, card, from_seat, special))
        return self.rules.pick_win(self, seat, wins)

    def _ask_hu(self, seat: int, win: WinInfo, kind: str) -> None:
        compulsory = self.procedure.hu_compulsory
        must = compulsory == "always" or (compulsory == "discard" and win.source is Source.DISCARD)
        actions = (_HU,) if must else (_HU, _PASS)
        self.phase = _CLAIM_PHASE
        self._kind = kind
        self._actions = actions
        self._win = win
        self.to_act = seat
        self._emit(ev.Offered(seat, win.card, ("hu",) if must else ("hu", "pass")))

    def winner_cards(self, seat: int, card: int | None) -> list[int]:
        """Every card of the winning hand (hand, melds and the winning card, each once), as a count vector: what 醒
        (Guilin §10.3.2) and the red / 大 / 小 counts (Bohu §12) run over.

        The one place that knows the winner's cards. It is asked while the winning ``card`` is still in flight (on
        offer in the claim window, or the dead card of procedure P8), before the win takes it into the hand: the
        settlement is made on that position (see :meth:`_finish_win`), so the card is counted exactly once.
        """
        held = list(self.hands[seat])
        for m in self.melds[seat]:
            for k in m.cards:
                held[k] += 1
        if card is not None:
            in_flight = (self.window is not None and self.window.card == card) or self.dead_card == card
            assert in_flight, "the winning card is counted once: settle before it is taken into the hand"
            held[card] += 1
        return held

    def settle(self, seat: int, win: WinInfo) -> Any:
        """The rules' settlement of a win by ``seat`` (醒 cards come from the rest of the wall, top first)."""
        return self.rules.settle(self, seat, win)

    def _finish_win(self, seat: int, win: WinInfo) -> None:
        """Every path to a win ends here: settle on the position before the win, then take the winning card."""
        settlement = self.settle(seat, win)
        self._take_winning_card(seat, win)
        self.window = None
        self.to_act = self._kind = self._win = None
        self.phase = Phase.ENDED
        self._emit(
            ev.Won(seat, win.source.value, win.card, win.from_seat, win.split.hu, settlement.special, win.split.groups)
        )
        xing_cards = getattr(settlement, "xing_cards", ())
        if xing_cards:
            self._emit(ev.XingFlipped(xing_cards, settlement.duo_parts["xing"]))
        self.result = HandResult(seat, win, settlement, settlement.points)
        self._emit(ev.HandEnded(seat, settlement.points, settlement.score, self._reveal()))

    def _end_draw(self) -> None:
        """荒庄: a flip is due and the wall is empty (§10.5)."""
        self.window = None
        self.to_act = self._kind = self._win = None
        self.phase = Phase.ENDED
        points = (0,) * self.players
        self.result = HandResult(None, None, None, points)
        self._emit(ev.HandEnded(None, points, 0, self._reveal()))

    def _reveal(self) -> tuple[str, ...]:
        # format_counts of each hand: each kind's glyph as many times as it is held, in kind order, read from
        # _GLYPH_RUNS (kind -> held count -> its glyphs) by operator.getitem mapped over the runs and the counts.
        return tuple(["".join(map(getitem, _GLYPH_RUNS, h)) for h in self.hands])

    # -----------------------------------------------------------------------------------------------------------------
    # Applying actions.

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``; raise :class:`IllegalAction` (state unchanged) if it is not legal now."""
        kind = self._kind
        if self.phase is _ENDED_PHASE:
            raise IllegalAction("the hand is over")
        assert kind is not None
        if seat != self.to_act:
            raise IllegalAction(f"it is seat {self.to_act}'s decision, not seat {seat}'s")
        # The action is nearly always one of the offered objects (shared actions: _DISCARDS, _chi): found by identity
        # first, in a plain loop, and compared by value only when that fails.
        actions = self._actions
        for offered in actions:
            if offered is action:
                break
        else:
            if action not in actions:
                raise IllegalAction(self._why_illegal(seat, action, kind))
        self.history.append((seat, action))
        self.decisions[seat] += 1
        win = self._win
        self.to_act = self._kind = self._win = None
        if kind == "discard":
            assert isinstance(action, Discard)
            self._discard(seat, action.card)
        elif kind in _HU_KINDS:
            self._answer_hu(seat, action, kind, win)
        elif kind == "peng":
            self._answer_peng(seat, action)
        else:
            self._answer_chi(seat, action)

    def _why_illegal(self, seat: int, action: Action, kind: str) -> str:
        if kind == "discard":
            if not isinstance(action, Discard):
                return f"seat {seat} must discard now, not {action}"
            count = self.hands[seat][action.card]
            if count == 0:
                return f"seat {seat} holds no {glyph(action.card)}"
            return f"{glyph(action.card)} is locked in a 坎 / 龙 and cannot be discarded"
        if isinstance(action, Discard):
            return f"seat {seat} is answering a claim offer, not discarding"
        if isinstance(action, Pass):
            return "胡 is compulsory under these rules"
        if isinstance(action, Chi):
            return f"{action} is not a legal 吃 here (臭牌, 比, locked cards, or no discard left)"
        names = {"hu": "胡", "hu_drawer": "胡", "hu_dead": "胡", "peng": "碰", "chi": "吃"}
        return f"{action} is not on offer; seat {seat} may only answer the {names[kind]} offer"

    def _discard(self, seat: int, card: int) -> None:
        opening = seat == self.dealer and not self.opening_done
        self.opening_done = True
        self.opening_discard_made = self.opening_discard_made or opening
        self.hands[seat][card] -= 1
        self.sizes[seat] -= 1
        self._reach[seat] = _NO_REACH  # (the hand changed)
        self.discarded[seat] = self.discarded[seat] | _ONE_KIND[card]
        self._discarded_view = tuple(self.discarded)
        if self.procedure.own_discard_ban:
            self.chou[seat] = self.chou[seat] | _ONE_KIND[card]  # §7.4: never 吃 a kind you discarded
        self.events.append(ev.DISCARDED[seat][card])
        # The window on the discard, as :meth:`_open_window` and :meth:`_advance_window` open and run it (inline: a hot
        # path, kept flat on purpose).
        procedure = self.procedure
        if procedure.hu_on_discard == "any" or (opening and procedure.dihu_on == "discard"):
            queue = self._others[seat]  # (order[1:], made once: shared, never changed)
        else:
            queue = ()  # Bohu: no 胡 on a discard, except 地胡
        w = self._spare  # (the game's own Window, reused: see _init_state)
        if w is None:
            self.window = self._spare = Window(card, seat, False, opening, _HU_STAGE, queue)
        else:
            w.card = card
            w.owner = seat
            w.flip = False
            w.opening = opening
            w.stage = _HU_STAGE
            w.queue = queue
            self.window = w
        self.phase = _CLAIM_PHASE
        if not self._arbitrate():
            self._flip(self._next[seat])

    def _answer_hu(self, seat: int, action: Action, kind: str, win: WinInfo | None) -> None:
        assert win is not None
        if isinstance(action, Hu):
            if kind == "hu_dead":
                # Procedure P8: the 扫 / 扫穿 is made now, and the hand wins with it.
                card = self.dead_card
                assert card is not None
                self.dead_card = None
                own_sao = self._find_meld(seat, card, OWN_TRIPLES)
                forced = self._forced_own_kind(seat, card, own_sao)
                assert forced is not None
                self._make_drawer_meld(seat, card, forced, own_sao)
                win = WinInfo(win.split, win.source, None, win.from_seat, win.special)
            self._finish_win(seat, win)
            return
        self.events.append(ev.PASSED[seat]["hu"])
        if self.procedure.guo_hu:
            self.hu_locked[seat] = True
        if kind == "hu_dead":
            self._dead(seat)
        elif kind == "hu_drawer":
            self._after_take(seat)
        else:
            self._advance_window()

    def _take_winning_card(self, seat: int, win: WinInfo) -> None:
        """Put the winning card where the split used it, so the final state holds all 80 cards."""
        if win.card is None:
            return
        self.window = None
        self.hands[seat][win.card] += 1
        self.sizes[seat] += 1
        self._reach[seat] = _NO_REACH  # (the hand changed)

    def _answer_peng(self, seat: int, action: Action) -> None:
        w = self.window
        assert w is not None
        if isinstance(action, Pass):
            if self.procedure.peng_ban:
                self.peng_ban[seat] = self.peng_ban[seat] | _ONE_KIND[w.card]
            self.events.append(ev.PASSED[seat]["peng"])
            if not self._arbitrate():  # (:meth:`_advance_window`, inline)
                self._flip(self._next[w.owner])
            return
        self.window = None
        self.hu_locked[seat] = False
        self.took[seat] = True
        self.hands[seat][w.card] -= 2
        self.sizes[seat] -= 2
        self._reach[seat] = _NO_REACH  # (the hand changed)
        self._add_meld(seat, _PENG_MELDS[w.card], w.owner, forced=False, from_hand=(w.card,) * 2)
        self._after_take(seat)

    def _answer_chi(self, seat: int, action: Action) -> None:
        w = self.window
        assert w is not None
        if isinstance(action, Pass):
            if self.procedure.chou:
                self.chou[seat] = self.chou[seat] | _ONE_KIND[w.card]
            self.events.append(ev.PASSED[seat]["chi"])
            if not self._arbitrate():  # (:meth:`_advance_window`, inline)
                self._flip(self._next[w.owner])
            return
        assert isinstance(action, Chi)
        self.window = None
        self.hu_locked[seat] = False
        self.took[seat] = True
        hand = self.hands[seat]
        main, *bis = action.groups
        for k in main[1:]:
            hand[k] -= 1
        for g in bis:
            for k in g:
                hand[k] -= 1
        self.sizes[seat] -= 2 + 3 * len(bis)
        self._reach[seat] = _NO_REACH  # (the hand changed)
        spent = self._spent
        for i, g in enumerate(action.groups):
            meld = chi_meld(g)
            self._add_meld(seat, meld, w.owner, forced=False, from_hand=g[1:] if i == 0 else g)
            for k in g:
                spent[k] += 1
        self._after_take(seat)

    # -----------------------------------------------------------------------------------------------------------------
    # Snapshots.

    def fork(self) -> Game:
        """A copy for what-if questions (the 听 helper asks "what if this card came now?"); the original is untouched.

        The copy shares nothing mutable with this game; its event log and history start empty (a fork is never shown
        or recorded).
        """
        other: Game = _copy_slots(self, object.__new__(type(self)))
        extra = getattr(self, "__dict__", None)
        if extra:
            other.__dict__.update(extra)
        other.hands = [list(h) for h in self.hands]
        other.melds = [list(m) for m in self.melds]
        other.piles = list(self.piles)  # (tuples: shared)
        other.melds_own = list(self.melds_own)
        other.melds_shown = list(self.melds_shown)
        other.chou = list(self.chou)  # (frozen sets: shared)
        other.discarded = list(self.discarded)
        other.peng_ban = list(self.peng_ban)
        other.hu_locked = list(self.hu_locked)
        other.events = []
        other.history = []
        other.decisions = [0] * len(self.decisions)
        # (a tuple queue is shared, as it is never changed; one set from outside is copied, keeping its type)
        other.window = dataclasses.replace(self.window, queue=self.window.queue[:]) if self.window else None
        other._spare = other.window  # (its own: the original's is reused by the original)
        other.took = list(self.took)
        other.removed = list(self.removed)
        other.short = list(self.short)
        other.sizes = list(self.sizes)
        other.draws = list(self.draws)
        other._spent = list(self._spent)
        other.wall = list(self.wall)
        other.is_fork = True
        other._facts = list(self._facts)  # (never changed in place: shared)
        # A kept reach holds on for the copy of the hand it was made for.
        other._reach = [
            _NO_REACH if kept[0] is not hand else (copied, kept[1], kept[2])
            for kept, hand, copied in zip(self._reach, self.hands, other.hands, strict=True)
        ]
        return other

    def card_total(self) -> int:
        """All 80 cards, wherever they are (the conservation invariant)."""
        total = sum(sum(h) for h in self.hands) + len(self.wall) + len(self.removed)
        total += sum(len(m.cards) for ms in self.melds for m in ms) + sum(len(p) for p in self.piles)
        if self.window is not None:
            total += 1
        if self.dead_card is not None:
            total += 1
        return total

    def snapshot(self) -> dict[str, Any]:
        """The full state as plain data (equal snapshots = equal states); used by replay verification."""
        return {
            "hands": [format_counts(h) for h in self.hands],
            "melds": [[str(m) for m in ms] for ms in self.melds],
            "piles": [[glyph(k) for k in p] for p in self.piles],
            "wall": len(self.wall),
            "phase": self.phase.value,
            "to_act": self.to_act,
            "winner": self.result.winner if self.result else None,
            "points": list(self.result.points) if self.result else None,
            "events": len(self.events),
        }


def _copy_slots(source: Game, target: Game) -> Game:
    """Every slot of ``source`` that is set, set on ``target`` (a shallow copy; :meth:`Game.fork` then gives the copy
    its own mutable parts)."""
    for name in _GAME_SLOTS:
        try:
            value = getattr(source, name)
        except AttributeError:  # (a slot never set)
            continue
        setattr(target, name, value)
    return target


_GAME_SLOTS = tuple(name for name in Game.__slots__ if name != "__dict__")


def _minus(hand: list[int], card: int, count: int) -> list[int]:
    out = [*hand]
    out[card] -= count
    return out
