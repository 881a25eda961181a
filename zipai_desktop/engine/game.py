"""The hand state machine: deal, discards, flips, the claim arbiter, forced melds and the win.

One :class:`Game` is one hand (一局). Decisions are asked one seat at a time: :attr:`Game.to_act` is the seat that
must act, :meth:`Game.legal_actions` what it may do, :meth:`Game.apply` applies an action (or refuses it with a reason
and changes nothing). Forced actions (扫, 过扫, 扫穿, 开舵, 龙 exposure at a 重舵) are applied by the engine itself.
Every visible change is appended to :attr:`Game.events`.

The claim window on a card follows procedure P1: stage 0 the drawer's forced meld; stage 1 胡 in seat order; stage 2
a forced quad; stage 3 碰; stage 4 吃, one seat at a time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import Any

from . import events as ev
from .actions import Action, Chi, Discard, Hu, Pass, Peng
from .cards import NUM_KINDS, format_counts, full_deck, glyph
from .hu import Source, Split, evaluate_win
from .melds import SAO_KINDS, Meld, MeldKind, chi_groups_with
from .rules.base import RuleSet
from .scoring import Settlement, settle_guilin
from .special import sanlong_wukan


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
    queue: list[int]


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
    actions: list[Action]
    win: WinInfo | None = None
    chi: dict[Chi, None] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended. ``winner`` None is 荒庄 (a draw)."""

    winner: int | None
    win: WinInfo | None
    settlement: Settlement | None
    points: tuple[int, ...]

    @property
    def score(self) -> int:
        return self.settlement.duo if self.settlement else 0


def _unlocked(hand: list[int]) -> bool:
    """Whether the hand holds a card that may be discarded (not part of a 坎 / 龙)."""
    return any(0 < c < 3 for c in hand)


class Game:
    """One hand of 桂林字牌."""

    def __init__(
        self,
        rules: RuleSet,
        options: Any = None,
        *,
        seed: int | str = 0,
        dealer: int = 0,
    ) -> None:
        self._init_state(rules, options if options is not None else rules.parse_options({}), seed, dealer)
        deck = full_deck()
        random.Random(seed).shuffle(deck)
        self.wall: list[int] = deck  # the top of the wall is the end of the list
        self._deal()

    def _init_state(self, rules: RuleSet, options: Any, seed: int | str, dealer: int) -> None:
        self.rules = rules
        self.options = options
        self.seed = seed
        self.players = n = rules.players[0]
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            raise ValueError(f"dealer must be a seat 0..{n - 1}")
        self.dealer = dealer
        self.table = rules.win_table
        self.hands: list[list[int]] = [[0] * NUM_KINDS for _ in range(n)]
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.chou: list[set[int]] = [set() for _ in range(n)]  # 臭牌 (incl. own discards): may not 吃
        self.discarded: list[set[int]] = [set() for _ in range(n)]
        self.peng_ban: list[set[int]] = [set() for _ in range(n)]  # declined 碰: may not 碰, flip is 过扫
        self.hu_locked = [False] * n  # 过胡 (option)
        self.events: list[ev.Event] = []
        self.window: Window | None = None
        self.pending: Pending | None = None
        self.phase = Phase.DISCARD
        self.result: HandResult | None = None
        self.dang_di: int | None = None
        self.flips = 0
        self.opening_done = False  # the dealer's opening discard (地胡) is past
        self.dead_card: int | None = None  # a card in flight during a procedure-P8 offer
        self.history: list[tuple[int, Action]] = []
        self.wall = []

    # -----------------------------------------------------------------------------------------------------------------
    # Queries.

    @property
    def to_act(self) -> int | None:
        return self.pending.seat if self.pending else None

    def legal_actions(self, seat: int) -> list[Action]:
        if self.pending is None or self.pending.seat != seat:
            return []
        return list(self.pending.actions)

    def held(self, seat: int) -> int:
        return sum(self.hands[seat]) + sum(len(m.cards) for m in self.melds[seat])

    def quads(self, seat: int) -> int:
        return sum(1 for m in self.melds[seat] if m.is_quad) + sum(1 for c in self.hands[seat] if c == 4)

    def target(self, seat: int) -> int:
        return self.rules.held_target(self.quads(seat))

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _emit(self, event: ev.Event) -> None:
        self.events.append(event)

    # -----------------------------------------------------------------------------------------------------------------
    # The deal (§2, procedure P9 and P12).

    def _draw_wall(self) -> int:
        return self.wall.pop()

    def _deal(self) -> None:
        n, dealer = self.players, self.dealer
        order = [(dealer + i) % n for i in range(n)]
        for seat in order:
            for _ in range(self.rules.hand_size):
                self.hands[seat][self._draw_wall()] += 1
        self._emit(ev.HandStarted(self.rules.name, dealer, n, len(self.wall) - 1))
        for seat in order:
            cards = tuple(k for k in range(NUM_KINDS) for _ in range(self.hands[seat][k]))
            self._emit(ev.Dealt(seat, cards, len(cards)))
        if self.options.two_long == "extra_card":
            for seat in order:
                if sum(1 for c in self.hands[seat] if c == 4) == 2:
                    card = self._draw_wall()
                    self.hands[seat][card] += 1
                    self._emit(ev.ExtraCard(seat, card))
        card = self._draw_wall()
        self.hands[dealer][card] += 1
        self.dang_di = card
        self._emit(ev.DangDi(dealer, card))
        if self._deal_wins():
            return
        if self.held(dealer) > self.target(dealer):
            self._ask_discard(dealer)
        else:
            self._flip(self.next_seat(dealer))

    def _sanlong_wukan(self, seat: int) -> Split | None:
        """三龙五坎: >= 3 concealed 龙 or >= 5 concealed 坎 at the deal (§9.3)."""
        return sanlong_wukan(self.hands[seat], self.table, wukan_counts_long=self.options.wukan_counts_long)

    def _deal_wins(self) -> bool:
        """天胡 and 三龙五坎 are applied at once (procedure P9)."""
        dealer = self.dealer
        candidates: list[WinInfo] = []
        tian = evaluate_win(self.hands[dealer], [], None, Source.DEAL, self.table)
        if tian is not None and tian.hu >= self.options.min_hu:
            candidates.append(WinInfo(tian, Source.DEAL, None, dealer, ("tianhu",)))
        sl = self._sanlong_wukan(dealer)
        if sl is not None:
            candidates.append(WinInfo(sl, Source.DEAL, None, dealer, ("sanlong_wukan",)))
        if candidates:
            best = max(candidates, key=lambda w: (self._settle(dealer, w).duo, w.split.hu))
            self._finish_win(dealer, best)
            return True
        for i in range(1, self.players):
            seat = (dealer + i) % self.players
            sl = self._sanlong_wukan(seat)
            if sl is not None:
                self._finish_win(seat, WinInfo(sl, Source.DEAL, None, seat, ("sanlong_wukan",)))
                return True
        return False

    # -----------------------------------------------------------------------------------------------------------------
    # Turns.

    def _ask_discard(self, seat: int) -> None:
        hand = self.hands[seat]
        actions: list[Action] = [Discard(k) for k in range(NUM_KINDS) if 0 < hand[k] < 3]
        assert actions, "a take that leaves no legal discard must have been refused"
        self.phase = Phase.DISCARD
        self.pending = Pending(seat, "discard", actions)

    def _after_take(self, seat: int) -> None:
        """§7.9: the taker discards iff it now holds more than its target; otherwise (重舵) the next player flips."""
        if self.held(seat) > self.target(seat):
            self._ask_discard(seat)
        else:
            self._flip(self.next_seat(seat))

    def _needs_discard_after(self, seat: int, hand_delta: int, meld_delta: int, quad_delta: int) -> bool:
        held = self.held(seat) + hand_delta + meld_delta
        return held > self.rules.held_target(self.quads(seat) + quad_delta)

    def _flip(self, seat: int) -> None:
        if not self.wall:
            self._end_draw()
            return
        card = self._draw_wall()
        self.flips += 1
        self.opening_done = True
        self.hu_locked[seat] = False
        hand = self.hands[seat]
        own_sao = self._find_meld(seat, card, SAO_KINDS)
        forced: MeldKind | None = None
        if hand[card] == 3 or own_sao >= 0:
            forced = self.table.quad_own
        elif hand[card] == 2:
            forced = MeldKind.GUO_SAO if card in self.peng_ban[seat] else self.table.triple_own
        if forced is None:
            self._emit(ev.Flipped(seat, card, len(self.wall)))
            self._open_window(card, seat, flip=True)
            return
        # Stage 0: the drawer's forced 扫 / 过扫 / 扫穿; the card is shown face down to the others.
        self._emit(ev.Flipped(seat, card, len(self.wall), hidden=True))
        from_hand = hand[card] if own_sao < 0 else 0
        is_quad = forced is self.table.quad_own
        hand_after = list(hand)
        hand_after[card] -= from_hand
        if self._needs_discard_after(seat, -from_hand, from_hand + 1, 1 if is_quad else 0) and not _unlocked(
            hand_after
        ):
            # Procedure P8: offer 胡 with the meld counted; otherwise the card is dead.
            win = self._win_check(seat, card, Source.OWN_DRAW, seat, ())
            self.dead_card = card
            if win is not None:
                self._ask_hu(seat, win, "hu_dead")
            else:
                self._dead(seat)
            return
        self._make_drawer_meld(seat, card, forced, own_sao)
        win = self._win_check(seat, None, Source.OWN_DRAW, seat, ())
        if win is not None:
            self._ask_hu(seat, win, "hu_drawer")
        else:
            self._after_take(seat)

    def _dead(self, seat: int) -> None:
        card = self.dead_card
        assert card is not None
        self.dead_card = None
        self.piles[seat].append(card)
        self._emit(ev.ToPile(seat, card, dead=True))
        self._flip(self.next_seat(seat))

    def _make_drawer_meld(self, seat: int, card: int, kind: MeldKind, own_sao: int) -> None:
        hand = self.hands[seat]
        if own_sao >= 0:
            self._replace_meld(seat, own_sao, Meld(kind, (card,) * 4), seat)
        else:
            count = hand[card]
            hand[card] = 0
            self._add_meld(seat, Meld(kind, (card,) * (count + 1)), seat, forced=True)
        if kind is self.table.quad_own:
            self._expose_longs(seat)

    def _find_meld(self, seat: int, card: int, kinds: frozenset[MeldKind] | tuple[MeldKind, ...]) -> int:
        for i, m in enumerate(self.melds[seat]):
            if m.kind in kinds and m.cards[0] == card:
                return i
        return -1

    def _add_meld(self, seat: int, meld: Meld, from_seat: int, *, forced: bool) -> None:
        self.melds[seat].append(meld)
        self._emit(ev.Melded(seat, meld, -1, forced, from_seat))

    def _replace_meld(self, seat: int, index: int, meld: Meld, from_seat: int) -> None:
        self.melds[seat][index] = meld
        self._emit(ev.Melded(seat, meld, index, True, from_seat))

    def _expose_longs(self, seat: int) -> None:
        """Procedure P6: making a quad while holding concealed 龙 lays every 龙 down face up (重舵)."""
        hand = self.hands[seat]
        for k in range(NUM_KINDS):
            if hand[k] == 4:
                hand[k] = 0
                self._add_meld(seat, Meld(MeldKind.LONG, (k,) * 4), seat, forced=True)

    # -----------------------------------------------------------------------------------------------------------------
    # The claim arbiter (procedure P1).

    def _open_window(self, card: int, owner: int, *, flip: bool, opening: bool = False) -> None:
        n = self.players
        if flip:
            queue = [(owner + i) % n for i in range(n)]
        else:
            queue = [(owner + i) % n for i in range(1, n)]
        self.window = Window(card, owner, flip, opening, Stage.HU, queue)
        self.phase = Phase.CLAIM
        self._advance_window()

    def _advance_window(self) -> None:
        w = self.window
        assert w is not None
        card, owner = w.card, w.owner
        if w.stage is Stage.HU:
            while w.queue:
                seat = w.queue.pop(0)
                if self.hu_locked[seat]:
                    continue
                if w.flip:
                    source = Source.OWN_DRAW if seat == owner else Source.OTHER_DRAW
                else:
                    source = Source.DISCARD
                special = ("dihu",) if w.opening else ()
                win = self._win_check(seat, card, source, owner, special)
                if win is not None:
                    self._ask_hu(seat, win, "hu")
                    return
            w.stage = Stage.QUAD
        if w.stage is Stage.QUAD:
            w.stage = Stage.PENG
            if self._forced_quad(w):
                return
        if w.stage is Stage.PENG:
            w.stage = Stage.CHI
            w.queue = [owner, self.next_seat(owner)] if w.flip else [self.next_seat(owner)]
            seats = [
                s
                for s in range(self.players)
                if s != owner
                and self.hands[s][card] == 2
                and card not in self.peng_ban[s]
                and _unlocked(_minus(self.hands[s], card, 2))
            ]
            assert len(seats) <= 1, "two seats cannot both hold a pair of one kind with the card on offer"
            if seats:
                seat = seats[0]
                self.pending = Pending(seat, "peng", [Peng(), Pass()])
                self._emit(ev.Offered(seat, card, ("peng", "pass")))
                return
        while w.queue:
            seat = w.queue.pop(0)
            options = self.chi_options(seat, card)
            if options:
                actions: list[Action] = [*options, Pass()]
                self.pending = Pending(seat, "chi", actions, chi=dict.fromkeys(options))
                self._emit(ev.Offered(seat, card, ("chi", "pass")))
                return
        # Nobody takes the card: it goes face up to the owner's right; the next player flips.
        self.window = None
        self.piles[owner].append(card)
        self._emit(ev.ToPile(owner, card))
        self._flip(self.next_seat(owner))

    def _forced_quad(self, w: Window) -> bool:
        """Stage 2: 开舵 from a 坎, from a 扫 (any other player's card) or from a 碰 (flips only)."""
        card, owner = w.card, w.owner
        found: list[tuple[int, int]] = []  # (seat, meld index or -1 for a 坎 in hand)
        for seat in range(self.players):
            if seat != owner:
                if self.hands[seat][card] == 3:
                    found.append((seat, -1))
                idx = self._find_meld(seat, card, SAO_KINDS)
                if idx >= 0:
                    found.append((seat, idx))
            if w.flip or self.table.peng_upgrade_on_discard:
                idx = self._find_meld(seat, card, (MeldKind.PENG,))
                if idx >= 0 and (w.flip or seat != owner):
                    found.append((seat, idx))
        assert len(found) <= 1, "two forced quads on one card are impossible"
        if not found:
            return False
        seat, idx = found[0]
        from_hand = 3 if idx < 0 else 0
        if self._needs_discard_after(seat, -from_hand, from_hand + 1, 1) and not _unlocked(
            _minus(self.hands[seat], card, from_hand)
        ):
            return False  # it would leave no legal discard: not made (rules-guilin.md, choices)
        self.window = None
        self.hu_locked[seat] = False
        quad = Meld(self.table.quad_other, (card,) * 4)
        if idx < 0:
            self.hands[seat][card] = 0
            self._add_meld(seat, quad, owner, forced=True)
        else:
            self._replace_meld(seat, idx, quad, owner)
        self._expose_longs(seat)
        self._after_take(seat)
        return True

    def chi_options(self, seat: int, card: int) -> list[Chi]:
        """Every legal 吃 of ``card`` for ``seat``: each main group with each complete choice of 比 groups (§7.2)."""
        hand = self.hands[seat]
        if card in self.chou[seat] or hand[card] >= 3:
            return []
        out: list[Chi] = []
        for main in chi_groups_with(card):
            rest = list(hand)
            rest_ok = True
            used_taken = False
            for k in main:
                if k == card and not used_taken:
                    used_taken = True
                    continue
                if rest[k] <= 0 or hand[k] >= 3:
                    rest_ok = False
                    break
                rest[k] -= 1
            if not rest_ok:
                continue
            for bis in _bi_choices(rest, card, hand):
                after = list(rest)
                for g in bis:
                    for k in g:
                        after[k] -= 1
                if _unlocked(after):
                    out.append(Chi((_main_order(main, card), *bis)))
        return list(dict.fromkeys(out))

    # -----------------------------------------------------------------------------------------------------------------
    # Winning.

    def _win_check(
        self, seat: int, card: int | None, source: Source, from_seat: int, special: tuple[str, ...]
    ) -> WinInfo | None:
        split = evaluate_win(self.hands[seat], self.melds[seat], card, source, self.table)
        if split is None or split.hu < self.options.min_hu:
            return None
        if special and (source is not Source.DISCARD or from_seat != self.dealer):
            special = ()
        return WinInfo(split, source, card, from_seat, special)

    def _ask_hu(self, seat: int, win: WinInfo, kind: str) -> None:
        compulsory = self.options.hu_compulsory
        must = compulsory == "always" or (compulsory == "discard" and win.source is Source.DISCARD)
        actions: list[Action] = [Hu()] if must else [Hu(), Pass()]
        self.phase = Phase.CLAIM
        self.pending = Pending(seat, kind, actions, win=win)
        self._emit(ev.Offered(seat, win.card, tuple(a.to_json()["type"] for a in actions)))

    def winner_cards(self, seat: int, card: int | None) -> list[int]:
        """Every card the winner holds (hand, melds and the winning card), as a count vector: what 醒 counts."""
        held = list(self.hands[seat])
        for m in self.melds[seat]:
            for k in m.cards:
                held[k] += 1
        if card is not None:
            held[card] += 1
        return held

    def _settle(self, seat: int, win: WinInfo) -> Settlement:
        payer = win.from_seat if win.source is Source.DISCARD else None
        return settle_guilin(
            hu=win.split.hu,
            held=self.winner_cards(seat, win.card),
            source=win.source,
            special=win.special,
            winner=seat,
            payer=payer,
            players=self.players,
            wall_rest=self.wall[::-1],
            options=self.options,
        )

    def _finish_win(self, seat: int, win: WinInfo) -> None:
        settlement = self._settle(seat, win)
        self.window = None
        self.pending = None
        self.phase = Phase.ENDED
        self._emit(
            ev.Won(seat, win.source.value, win.card, win.from_seat, win.split.hu, settlement.special, win.split.groups)
        )
        if settlement.xing_cards:
            self._emit(ev.XingFlipped(settlement.xing_cards, settlement.duo_parts["xing"]))
        self.result = HandResult(seat, win, settlement, settlement.points)
        self._emit(ev.HandEnded(seat, settlement.points, settlement.duo, self._reveal()))

    def _end_draw(self) -> None:
        """荒庄: a flip is due and the wall is empty (§10.5)."""
        self.window = None
        self.pending = None
        self.phase = Phase.ENDED
        points = (0,) * self.players
        self.result = HandResult(None, None, None, points)
        self._emit(ev.HandEnded(None, points, 0, self._reveal()))

    def _reveal(self) -> tuple[str, ...]:
        return tuple(format_counts(h) for h in self.hands)

    # -----------------------------------------------------------------------------------------------------------------
    # Applying actions.

    def apply(self, seat: int, action: Action) -> None:
        """Apply ``action`` for ``seat``; raise :class:`IllegalAction` (state unchanged) if it is not legal now."""
        pending = self.pending
        if self.phase is Phase.ENDED:
            raise IllegalAction("the hand is over")
        assert pending is not None
        if seat != pending.seat:
            raise IllegalAction(f"it is seat {pending.seat}'s decision, not seat {seat}'s")
        if action not in pending.actions:
            raise IllegalAction(self._why_illegal(seat, action, pending))
        self.history.append((seat, action))
        self.pending = None
        if pending.kind == "discard":
            assert isinstance(action, Discard)
            self._discard(seat, action.card)
        elif pending.kind in ("hu", "hu_drawer", "hu_dead"):
            self._answer_hu(seat, action, pending)
        elif pending.kind == "peng":
            self._answer_peng(seat, action)
        else:
            self._answer_chi(seat, action)

    def _why_illegal(self, seat: int, action: Action, pending: Pending) -> str:
        if pending.kind == "discard":
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
        return f"{action} is not on offer; seat {seat} may only answer the {names[pending.kind]} offer"

    def _discard(self, seat: int, card: int) -> None:
        opening = seat == self.dealer and not self.opening_done
        self.opening_done = True
        self.hands[seat][card] -= 1
        self.discarded[seat].add(card)
        self.chou[seat].add(card)  # §7.4: never 吃 a kind you discarded
        self._emit(ev.Discarded(seat, card))
        self._open_window(card, seat, flip=False, opening=opening)

    def _answer_hu(self, seat: int, action: Action, pending: Pending) -> None:
        win = pending.win
        assert win is not None
        if isinstance(action, Hu):
            if pending.kind == "hu_dead":
                # Procedure P8: the 扫 / 扫穿 is made now, and the hand wins with it.
                card = self.dead_card
                assert card is not None
                self.dead_card = None
                own_sao = self._find_meld(seat, card, SAO_KINDS)
                forced = (
                    self.table.quad_own
                    if self.hands[seat][card] == 3 or own_sao >= 0
                    else (MeldKind.GUO_SAO if card in self.peng_ban[seat] else self.table.triple_own)
                )
                self._make_drawer_meld(seat, card, forced, own_sao)
                win = WinInfo(win.split, win.source, None, win.from_seat, win.special)
            self._take_winning_card(seat, win)
            self._finish_win(seat, win)
            return
        self._emit(ev.Passed(seat, "hu"))
        if self.options.guo_hu:
            self.hu_locked[seat] = True
        if pending.kind == "hu_dead":
            self._dead(seat)
        elif pending.kind == "hu_drawer":
            self._after_take(seat)
        else:
            self._advance_window()

    def _take_winning_card(self, seat: int, win: WinInfo) -> None:
        """Put the winning card where the split used it, so the final state holds all 80 cards."""
        if win.card is None:
            return
        self.window = None
        self.hands[seat][win.card] += 1

    def _answer_peng(self, seat: int, action: Action) -> None:
        w = self.window
        assert w is not None
        if isinstance(action, Pass):
            self.peng_ban[seat].add(w.card)
            self._emit(ev.Passed(seat, "peng"))
            self._advance_window()
            return
        self.window = None
        self.hu_locked[seat] = False
        self.hands[seat][w.card] -= 2
        self._add_meld(seat, Meld(MeldKind.PENG, (w.card,) * 3), w.owner, forced=False)
        self._after_take(seat)

    def _answer_chi(self, seat: int, action: Action) -> None:
        w = self.window
        assert w is not None
        if isinstance(action, Pass):
            self.chou[seat].add(w.card)
            self._emit(ev.Passed(seat, "chi"))
            self._advance_window()
            return
        assert isinstance(action, Chi)
        self.window = None
        self.hu_locked[seat] = False
        hand = self.hands[seat]
        main, *bis = action.groups
        for k in main[1:]:
            hand[k] -= 1
        for g in bis:
            for k in g:
                hand[k] -= 1
        for g in action.groups:
            self._add_meld(seat, Meld(MeldKind.CHI, g), w.owner, forced=False)
        self._after_take(seat)

    # -----------------------------------------------------------------------------------------------------------------
    # Snapshots.

    def card_total(self) -> int:
        """All 80 cards, wherever they are (the conservation invariant)."""
        total = sum(sum(h) for h in self.hands) + len(self.wall)
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


def _minus(hand: list[int], card: int, count: int) -> list[int]:
    out = list(hand)
    out[card] -= count
    return out


def _main_order(group: tuple[int, int, int], card: int) -> tuple[int, int, int]:
    """A 吃 group written with the taken card first, the hand cards after it in order."""
    rest = list(group)
    rest.remove(card)
    return (card, rest[0], rest[1])


def _bi_choices(rest: list[int], card: int, hand: list[int]) -> list[tuple[tuple[int, int, int], ...]]:
    """All ways to put out every remaining copy of ``card`` in 比 groups made of unlocked hand cards (§7.2)."""
    if rest[card] == 0:
        return [()]
    out: list[tuple[tuple[int, int, int], ...]] = []
    for g in chi_groups_with(card):
        after = list(rest)
        ok = True
        for k in g:
            if after[k] <= 0 or hand[k] >= 3:
                ok = False
                break
            after[k] -= 1
        if not ok:
            continue
        for more in _bi_choices(after, card, hand):
            choice = tuple(sorted((g, *more)))
            out.append(choice)
    return list(dict.fromkeys(out))
