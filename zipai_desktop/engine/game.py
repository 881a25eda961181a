"""The hand's flow (一局): the deal, turns, the claim window, pending decisions and the win.

One :class:`Game` is one hand. Decisions are asked one seat at a time: :attr:`Game.to_act` is the seat that must act,
:meth:`Game.legal_actions` what it may do, :meth:`Game.apply` applies an action (or refuses it with a reason and
changes nothing). Forced actions (扫, 过扫, 扫穿, 开舵, 龙 exposure at a 重舵) are applied by the engine itself.
Every visible change is appended to :attr:`Game.events`.

The cards and where they lie (hands, melds, piles, kinds, the wall and every view kept of them) are owned by the
game's :class:`~engine.hand_state.HandState` (:attr:`Game.state`), whose methods are their only writers; the game
keeps the flow: phases, turns, the claim arbiter (engine/arbiter.py, procedure P1), forced melds (engine/forced.py),
the pending decision and the events. A position, a 听 what-if or a bot's sampled world is made with
:meth:`Game.from_state` and resumed with the ``resume_*`` methods; :meth:`Game.win_for` is the arbiter's own win
question for code outside the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from operator import getitem
from typing import Any

from . import events as ev
from .actions import Action, Chi, Discard, Hu, Pass
from .arbiter import turns_of
from .cards import GLYPHS, NUM_KINDS, format_counts, full_deck, glyph
from .dealing import Dealing
from .deck import CURRENT as CURRENT_DEAL
from .deck import shuffle as shuffle_deck
from .flow_types import HandResult, IllegalAction, Pending, Phase, Stage, Window, WinInfo, why_illegal
from .forced import MELDED
from .hand_state import OWN_TRIPLES, HandState, MeldFacts
from .melds import Meld, MeldKind
from .rules.base import Procedure, RuleSet
from .win import Source, WinTable, find_wins
from .win.reach import keep_function

__all__ = ["Game", "HandResult", "IllegalAction", "MeldFacts", "Pending", "Phase", "Stage", "Window", "WinInfo"]

# The actions without a choice of cards are shared (they are immutable): a decision is offered dozens of times a hand.
_DISCARDS = tuple(Discard(k) for k in range(NUM_KINDS))
_HU = Hu()
_PASS = Pass()
_HU_KINDS = ("hu", "hu_drawer", "hu_dead")  # the kinds of a pending 胡 offer
_GLYPH_RUNS = tuple(tuple(g * count for count in range(5)) for g in GLYPHS)  # kind -> held count -> its glyphs
_UNLOCKED_BYTES = bytes([0, 1, 1]) + bytes(253)  # held count -> 1 if a card of the kind may be discarded
_HU_STAGE = Stage.HU
_OWN_DRAW, _OTHER_DRAW, _DISCARD = Source.OWN_DRAW, Source.OTHER_DRAW, Source.DISCARD
_DISCARD_PHASE, _CLAIM_PHASE, _ENDED_PHASE = Phase.DISCARD, Phase.CLAIM, Phase.ENDED
_PENG_MELDS = tuple(Meld(MeldKind.PENG, (k,) * 3) for k in range(NUM_KINDS))  # card -> its 碰 (shared)
_CHI_KIND = MeldKind.CHI

_DEFAULT_OPTIONS: dict[RuleSet, Any] = {}  # rules object -> its parse_options({}) (see Game.__init__)
_MADE_FROM_OPTIONS: dict[tuple[int, int], tuple[Any, RuleSet, WinTable, Procedure, tuple[int, ...]]] = {}


class Game(Dealing):
    """One hand of 字牌 (桂林字牌 or 湖南剥皮), by its rules object."""

    # The flow's state as slots: the state machine reads its attributes at every step, and a game is made per hand
    # and per world the strong bot plays. No ``__dict__``: a subclass that hangs attributes on a game gets one of its
    # own, which :meth:`fork` carries over; :meth:`fork` copies every slot (:data:`_GAME_SLOTS`).
    __slots__ = (
        "_chi_queues",
        "_held_target",
        "_next",
        "_orders",
        "_others",
        "_pending",
        "_spare",
        "active",
        "dang_di",
        "dead_card",
        "deal",
        "dealer",
        "decisions",
        "draws",
        "events",
        "flips",
        "hands",
        "history",
        "hu_locked",
        "is_fork",
        "opening_discard_made",
        "opening_done",
        "options",
        "pending_actions",
        "pending_kind",
        "pending_win",
        "phase",
        "players",
        "procedure",
        "result",
        "rules",
        "rules_name",
        "seed",
        "short",
        "state",
        "table",
        "to_act",
        "took",
        "window",
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
        self._init_flow(rules, options, seed, dealer, players)
        deck = full_deck()
        shuffle_deck(deck, seed, deal)
        self.deal = deal
        #: the cards and where they lie (hands, melds, piles, kinds, the wall): read it, write it only through its
        #: methods
        self.state = HandState(self.players, self.table.erqishi, deck)  # the top of the wall is the end of the list
        #: each seat's concealed hand as a count vector: ``state.hands`` itself (read-only)
        self.hands = self.state.hands
        self._deal()

    @classmethod
    def from_state(
        cls,
        rules: RuleSet,
        options: Any,
        state: HandState,
        *,
        seed: int | str = "position",
        dealer: int = 0,
        players: int | None = None,
        flips: int = 0,
        opening_done: bool = False,
        dang_di: int | None = None,
    ) -> Game:
        """A hand in the position ``state`` (a position, a 听 what-if, a bot's sampled world), waiting for nobody until
        one of the ``resume_*`` methods sets play going. ``flips`` wall cards were turned so far, ``opening_done``
        says the dealer's opening discard (地胡) is past, ``dang_di`` is the dealer's face-up card. The seats' shortfall
        from the held-count rule (:attr:`short`) is read from the state. ``options`` None: the rules' defaults."""
        game = object.__new__(cls)
        game._init_flow(rules, rules.parse_options({}) if options is None else options, seed, dealer, players)
        if len(state.hands) != game.players:
            raise ValueError(f"the state has {len(state.hands)} seats, not {game.players}")
        if state.keep is not keep_function(game.table.erqishi):
            raise ValueError("the state's 二七十 rule is not the table's (HandState.from_parts' erqishi)")
        #: the cards and where they lie (hands, melds, piles, kinds, the wall): read it, write it only through its
        #: methods
        game.state = state
        game.hands = state.hands
        game.deal = CURRENT_DEAL
        game.flips = flips
        game.opening_done = opening_done
        game.dang_di = dang_di
        game._mark_short()
        return game

    def _init_flow(self, rules: RuleSet, options: Any, seed: int | str, dealer: int, players: int | None) -> None:
        self.rules = rules
        #: the rules' name, which every observation shows (kept on the game, not read from the rules at each one)
        self.rules_name = rules.name
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
        turns = turns_of(self.active, self.procedure.chi_next_on_draw)
        self._orders, self._others, self._next, self._chi_queues = turns
        self.hu_locked = [False] * n  # 过胡 (option)
        self.events: list[ev.Event] = []
        self.window: Window | None = None
        # The Window object the engine opens its windows in: its own (never shared with a fork or set from outside),
        # made at the first window and reused for every card on offer after it: a flip or a discard sets its six
        # fields in place instead of making a Window per card (a hot path: kept flat on purpose).
        self._spare: Window | None = None
        # The pending decision is kept as its parts, not as a Pending object: the engine sets the seat, the kind, the
        # actions (and for a 胡 offer the win) at every decision, without making an object. :attr:`pending` makes the
        # object when code outside asks for it (and keeps it while the parts stay the same). All four are read-only
        # outside the engine (an observation reads them at every decision).
        #: the seat whose decision the engine waits for (the pending decision's seat)
        self.to_act: int | None = None
        self.pending_kind: str | None = None  #: the pending decision's kind (Pending.kind); None when nobody is asked
        self.pending_actions: Sequence[Action] = ()  #: its actions (a tuple)
        self.pending_win: WinInfo | None = None  #: its win (a 胡 offer; None for the others)
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
        self.short = [0] * n  # cards short of the held-count rule after the deal
        self.draws = [0] * n  # own stock draws this hand
        self.is_fork = False  # a copy made by :meth:`fork` for a what-if question

    # -----------------------------------------------------------------------------------------------------------------
    # Queries.

    @property
    def pending(self) -> Pending | None:
        """The decision the engine is waiting for (None when it waits for nobody: the hand is over)."""
        seat, kind, actions, win = self.to_act, self.pending_kind, self.pending_actions, self.pending_win
        if seat is None or kind is None:
            return None
        made = self._pending
        if made is None or made.seat != seat or made.kind != kind or made.actions is not actions or made.win is not win:
            made = self._pending = Pending(seat, kind, actions, win)
        return made

    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now (empty unless it is the seat to act)."""
        if seat != self.to_act or self.pending_kind is None:
            return []
        # (a copy the caller may change, asked at every decision; written [*x], as the other hot copies below)
        return [*self.pending_actions]

    def meld_facts(self, seat: int) -> MeldFacts:
        """(cards, quads, card -> (index of its 扫 / 偎, index of its 碰)) of the seat's melds, kept by the state as
        melds are made (read at every card on offer)."""
        return self.state.facts[seat]

    def held(self, seat: int) -> int:
        """The cards ``seat`` holds, in hand and in melds (what the held-count rule counts)."""
        return sum(self.state.hands[seat]) + self.state.facts[seat][0]

    def quads(self, seat: int) -> int:
        """``seat``'s quads: in melds, and 龙 held."""
        # (the 龙 counted on bytes, and only when there is one: see _after_take; asked by _needs_discard_after)
        counts = bytearray(self.state.hands[seat])
        return self.state.facts[seat][1] + (4 in counts and counts.count(4))

    def target(self, seat: int) -> int:
        """The cards ``seat`` holds between turns under the held-count rule (§7.9)."""
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

    def win_for(
        self, seat: int, card: int | None, source: Source, from_seat: int, opening: bool = False
    ) -> WinInfo | None:
        """The win ``seat`` may claim now with ``card`` (None: with its hand and melds as they are) from ``source``,
        ``from_seat`` its discarder or drawer: the claim arbiter's own question, with the rules' choice among the
        roles of the card (the 听 helper and the bots' worlds ask it). A settlement of the win reads the card where
        :meth:`winner_cards` looks for it (on offer: :meth:`put_on_offer`)."""
        return self._win_check(seat, card, source, from_seat, opening)

    # -----------------------------------------------------------------------------------------------------------------
    # Resuming a position made with :meth:`from_state` (or a fork asked a what-if).

    def resume_at_deal(self) -> None:
        """Play on from the deal: the rules' deal wins (天胡, 三龙五坎), else the dealer's first turn."""
        if not self.rules.deal_wins(self):
            self._after_take(self.dealer)

    def resume_flip(self, seat: int) -> None:
        """``seat`` turns the top wall card now (any card on offer and any pending decision are dropped first)."""
        self.window = None
        self.to_act = self.pending_kind = self.pending_win = None
        self.pending_actions = ()
        self._flip(seat)

    def resume_discard(self, seat: int) -> None:
        """``seat`` chooses a discard now."""
        self._ask_discard(seat)

    def resume_decision(
        self,
        seat: int,
        kind: str,
        actions: Sequence[Action],
        *,
        card: int | None = None,
        owner: int | None = None,
        flip: bool = False,
    ) -> None:
        """``seat`` is asked decision ``kind`` with ``actions`` (a bot's world: what its observation shows): for a
        claim, on ``card`` from ``owner`` (a flip or a discard), the window left at the stage the decision belongs to
        with the seats after it still to ask; for ``hu_dead``, ``card`` is the card in flight (procedure P8)."""
        win = None
        if kind == "discard":
            self.phase = _DISCARD_PHASE
        elif kind in ("hu_drawer", "hu_dead"):
            self.phase = _CLAIM_PHASE
            if kind == "hu_dead":
                self.dead_card = card
            win = self._win_check(seat, card if kind == "hu_dead" else None, _OWN_DRAW, seat, False)
        else:
            assert card is not None and owner is not None
            order = self.order_from(owner)
            chi_queue = self.chi_queue(owner, flip)
            if kind == "hu":
                queue, stage = order[order.index(seat) + 1 :], _HU_STAGE
            elif kind == "peng":
                queue, stage = chi_queue, Stage.CHI  # after the 碰 offer come the 吃 offers
            else:
                queue, stage = chi_queue[chi_queue.index(seat) + 1 :], Stage.CHI
            self.window = Window(card, owner, flip, False, stage, queue)
            self.phase = _CLAIM_PHASE
            if kind == "hu":
                source = _OWN_DRAW if (flip and seat == owner) else (_OTHER_DRAW if flip else _DISCARD)
                win = self._win_check(seat, card, source, owner, False)
        self.to_act = seat
        self.pending_kind = kind
        self.pending_actions = tuple(actions)
        self.pending_win = win

    def put_on_offer(self, card: int, owner: int, *, flip: bool, opening: bool = False) -> None:
        """A what-if: ``card`` is on offer from ``owner`` (a flip or a discard), nobody else to ask, so that a win on
        it (:meth:`win_for`) is settled on the card where the claim arbiter would hold it."""
        self.window = Window(card, owner, flip, opening, _HU_STAGE, ())

    # -----------------------------------------------------------------------------------------------------------------
    # Turns.

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

    def _ask_discard(self, seat: int) -> None:
        actions = tuple(compress(_DISCARDS, bytearray(self.state.hands[seat]).translate(_UNLOCKED_BYTES)))
        assert actions, "a take that leaves no legal discard must have been refused"
        self.phase = _DISCARD_PHASE
        self.pending_kind = "discard"
        self.pending_actions = actions
        self.to_act = seat

    def _after_take(self, seat: int) -> None:
        """§7.9: the taker discards iff it now holds more than its target; otherwise (重舵) the next player flips."""
        hand = self.state.hands[seat]
        cards, quads, _ = self.state.facts[seat]  # (meld_facts(seat), read inline)
        # The hand's counts as bytes, made once for both the 龙 count and the discards (translated to the unlocked
        # kinds). The 龙 are counted only when there is one (``4 in counts`` first): most hands hold none. :meth:`quads`
        # reads them the same way.
        counts = bytearray(hand)
        if sum(hand) + cards > self._held_target[quads + (4 in counts and counts.count(4))]:
            # (:meth:`_ask_discard`, inline, on the bytes made above)
            actions = tuple(compress(_DISCARDS, counts.translate(_UNLOCKED_BYTES)))
            assert actions, "a take that leaves no legal discard must have been refused"
            self.phase = _DISCARD_PHASE
            self.pending_kind = "discard"
            self.pending_actions = actions
            self.to_act = seat
        else:
            self._flip(self._next[seat])

    def _flip(self, seat: int) -> None:
        """``seat`` turns the top wall card, then the claim window on it (荒庄 when the wall is empty)."""
        state = self.state
        if not state.wall:
            self._end_draw()
            return
        card = state.draw()
        self.flips += 1
        first_after_opening = self.flips == 1 and self.opening_discard_made
        self.opening_done = True
        self.draws[seat] += 1
        self.hu_locked[seat] = False
        hand = state.hands[seat]
        by_card = state.facts[seat][2]  # (meld_facts(seat), read inline: most cards are in none of its melds)
        own_sao = by_card[card][0] if card in by_card else -1
        if own_sao >= 0 or hand[card] == 2 or hand[card] == 3:
            self._flip_forced(seat, card, own_sao, hand)
            return
        # No forced meld (the common case): the window on the card, stage 1 on from the drawer.
        left = len(state.wall)
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

    # -----------------------------------------------------------------------------------------------------------------
    # Winning.

    def _win_check(self, seat: int, card: int | None, source: Source, from_seat: int, opening: bool) -> WinInfo | None:
        """The win ``seat`` may claim now, with the rules' choice among the roles of the card, or None."""
        state = self.state
        hand = state.hands[seat]
        kept = state.reach[seat]
        if kept[0] is not hand:
            # The reach filter's answer for the hand (engine/win/reach.py), kept with the hand list itself, not a copy
            # compared by value: the state forgets it wherever it changes the hand, so an identity test tells whether
            # it still holds.
            kept = state.reach_of(seat)
        splits = find_wins(hand, state.melds[seat], card, source, self.table, state.facts[seat], kept)
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
        self.pending_kind = kind
        self.pending_actions = actions
        self.pending_win = win
        self.to_act = seat
        self.events.append(ev.Offered(seat, win.card, ("hu",) if must else ("hu", "pass")))

    def winner_cards(self, seat: int, card: int | None) -> list[int]:
        """Every card of the winning hand (hand, melds and the winning card, each once), as a count vector: what 醒
        (Guilin §10.3.2) and the red / 大 / 小 counts (Bohu §12) run over.

        The one place that knows the winner's cards. It is asked while the winning ``card`` is still in flight (on
        offer in the claim window, or the dead card of procedure P8), before the win takes it into the hand: the
        settlement is made on that position (see :meth:`_finish_win`), so the card is counted exactly once.
        """
        held = list(self.state.hands[seat])
        for m in self.state.melds[seat]:
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
        if win.card is not None:  # (the winning card where the split used it: the final state holds all 80 cards)
            self.state.add_to_hand(seat, win.card)
        self.window = None
        self.to_act = self.pending_kind = self.pending_win = None
        self.phase = Phase.ENDED
        self.events.append(
            ev.Won(seat, win.source.value, win.card, win.from_seat, win.split.hu, settlement.special, win.split.groups)
        )
        xing_cards = getattr(settlement, "xing_cards", ())
        if xing_cards:
            self.events.append(ev.XingFlipped(xing_cards, settlement.duo_parts["xing"]))
        self.result = HandResult(seat, win, settlement, settlement.points)
        self.events.append(ev.HandEnded(seat, settlement.points, settlement.score, self._reveal()))

    def _end_draw(self) -> None:
        """荒庄: a flip is due and the wall is empty (§10.5)."""
        self.window = None
        self.to_act = self.pending_kind = self.pending_win = None
        self.phase = Phase.ENDED
        points = (0,) * self.players
        self.result = HandResult(None, None, None, points)
        self.events.append(ev.HandEnded(None, points, 0, self._reveal()))

    def _reveal(self) -> tuple[str, ...]:
        # format_counts of each hand: each kind's glyph as many times as it is held, in kind order, read from
        # _GLYPH_RUNS (kind -> held count -> its glyphs) by operator.getitem mapped over the runs and the counts.
        return tuple(["".join(map(getitem, _GLYPH_RUNS, h)) for h in self.state.hands])

    # -----------------------------------------------------------------------------------------------------------------
    # Applying actions.

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``; raise :class:`IllegalAction` (state unchanged) if it is not legal now."""
        kind = self.pending_kind
        if self.phase is _ENDED_PHASE:
            raise IllegalAction("the hand is over")
        assert kind is not None
        if seat != self.to_act:
            raise IllegalAction(f"it is seat {self.to_act}'s decision, not seat {seat}'s")
        # The action is nearly always one of the offered objects (shared actions: _DISCARDS, _chi): found by identity
        # first, in a plain loop, and compared by value only when that fails.
        actions = self.pending_actions
        for offered in actions:
            if offered is action:
                break
        else:
            if action not in actions:
                raise IllegalAction(why_illegal(seat, action, kind, self.state.hands[seat]))
        self.history.append((seat, action))
        self.decisions[seat] += 1
        win = self.pending_win
        self.to_act = self.pending_kind = self.pending_win = None
        if kind == "discard":
            assert isinstance(action, Discard)
            self._discard(seat, action.card)
        elif kind in _HU_KINDS:
            self._answer_hu(seat, action, kind, win)
        elif kind == "peng":
            self._answer_peng(seat, action)
        else:
            self._answer_chi(seat, action)

    def _discard(self, seat: int, card: int) -> None:
        opening = seat == self.dealer and not self.opening_done
        self.opening_done = True
        self.opening_discard_made = self.opening_discard_made or opening
        procedure = self.procedure
        self.state.discard(seat, card, procedure.own_discard_ban)
        self.events.append(ev.DISCARDED[seat][card])
        # The window on the discard (inline: a hot path, kept flat on purpose).
        if procedure.hu_on_discard == "any" or (opening and procedure.dihu_on == "discard"):
            queue = self._others[seat]  # (order[1:], made once: shared, never changed)
        else:
            queue = ()  # Bohu: no 胡 on a discard, except 地胡
        w = self._spare  # (the game's own Window, reused: see _init_flow)
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

    def _answer_peng(self, seat: int, action: Action) -> None:
        w = self.window
        assert w is not None
        if isinstance(action, Pass):
            if self.procedure.peng_ban:
                self.state.ban_peng(seat, w.card)
            self.events.append(ev.PASSED[seat]["peng"])
            if not self._arbitrate():  # (:meth:`_advance_window`, inline)
                self._flip(self._next[w.owner])
            return
        self.window = None
        self.hu_locked[seat] = False
        self.took[seat] = True
        self._add_meld(seat, _PENG_MELDS[w.card], w.owner, forced=False, from_hand=(w.card,) * 2)
        self._after_take(seat)

    def _answer_chi(self, seat: int, action: Action) -> None:
        w = self.window
        assert w is not None
        if isinstance(action, Pass):
            if self.procedure.chou:
                self.state.ban_chi(seat, w.card)
            self.events.append(ev.PASSED[seat]["chi"])
            if not self._arbitrate():  # (:meth:`_advance_window`, inline)
                self._flip(self._next[w.owner])
            return
        assert isinstance(action, Chi)
        self.window = None
        self.hu_locked[seat] = False
        self.took[seat] = True
        groups = action.groups
        for i, meld in enumerate(self.state.eat(seat, groups)):
            # (the Melded event, shared: ForcedMelds._melded, inline, as a 吃 is the most common meld)
            key = (seat, w.owner, False, _CHI_KIND, meld.cards, groups[i][1:] if i == 0 else groups[i])
            event = MELDED.get(key)
            if event is None:
                self._melded(key, meld)
            else:
                self.events.append(event)
        self._after_take(seat)

    # -----------------------------------------------------------------------------------------------------------------
    # Snapshots.

    def fork(self) -> Game:
        """A copy for what-if questions (the 听 helper asks "what if this card came now?"); the original is untouched.

        The copy shares nothing mutable with this game (its hand state is :meth:`HandState.copy`); its event log and
        history start empty (a fork is never shown or recorded).
        """
        other: Game = object.__new__(type(self))
        for name in _GAME_SLOTS:
            try:
                value = getattr(self, name)
            except AttributeError:  # (a slot never set)
                continue
            setattr(other, name, value)
        extra = getattr(self, "__dict__", None)  # (a subclass's own attributes)
        if extra:
            other.__dict__.update(extra)
        other.state = self.state.copy()
        other.hands = other.state.hands
        other.hu_locked = [*self.hu_locked]
        other.events = []
        other.history = []
        other.decisions = [0] * len(self.decisions)
        w = self.window
        # (a tuple queue is shared, as it is never changed; a list a resumed position set is copied)
        other.window = None if w is None else Window(w.card, w.owner, w.flip, w.opening, w.stage, w.queue[:])
        other._spare = other.window  # (its own: the original's is reused by the original)
        other.took = [*self.took]
        other.short = [*self.short]
        other.draws = [*self.draws]
        other.is_fork = True
        return other

    def card_total(self) -> int:
        """All 80 cards, wherever they are (the conservation invariant)."""
        return self.state.card_total() + (self.window is not None) + (self.dead_card is not None)

    def snapshot(self) -> dict[str, Any]:
        """The full state as plain data (equal snapshots = equal states); used by replay verification."""
        return {
            "hands": [format_counts(h) for h in self.state.hands],
            "melds": [[str(m) for m in ms] for ms in self.state.melds],
            "piles": [[glyph(k) for k in p] for p in self.state.piles],
            "wall": len(self.state.wall),
            "phase": self.phase.value,
            "to_act": self.to_act,
            "winner": self.result.winner if self.result else None,
            "points": list(self.result.points) if self.result else None,
            "events": len(self.events),
        }


_GAME_SLOTS = Game.__slots__  # (every slot: fork copies them)
