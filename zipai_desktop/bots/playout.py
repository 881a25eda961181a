"""The casual evaluation's choice, made cheaply enough to play inside the search bots' play-outs.

:class:`CasualPolicy` gives, for any seat of a game, the action :meth:`CasualBot.scores` scores best (the first of
the best on a tie, as ``max`` picks), with the same scores to the last bit: it computes them in the same order of
operations from the same terms. What it saves is the repeated work of a decision and of a play-out:

* the danger of each kind is worked out once per decision, not once per discard tried after each claim option;
* after a claim the hand's packed shape key is made once and each discard tried takes one card off the key (a
  discard never unlocks a 坎, only a kind held once or twice is discarded), and the locked 坎 / 龙 are valued once;
* the win check behind a ready hand's bonus (听) is memoised on the hand, its melds and the winning kind: within a
  play-out and across the worlds of a decision the bot's own hand is mostly the same, so the check is made once.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.actions import Action, Chi, Discard, Hu, Pass
from ..engine.cards import HIDDEN, NUM_KINDS
from ..engine.melds import Meld
from ..engine.observation import Observation
from ..engine.win import Source, WinTable, evaluate_win
from .evaluate import GROUP, LOOSE, PIECE, Shape, locked_value, shape_of_key
from .heuristic import Evaluator, _min_hu, _table, after, unseen_counts

_SHIFT = [3 * k for k in range(NUM_KINDS)]
# The kinds within two of a kind in its own suit (itself included), as the casual danger counts them.
_SAME_SUIT_NEAR = [
    tuple(j for j in range(NUM_KINDS) if abs(j - k) <= 2 and j // 10 == k // 10) for k in range(NUM_KINDS)
]
_DEAD = PIECE - 2 * LOOSE  # a dead piece is two loose cards
# The memo of win checks, per win table (by identity, the table kept so that its id stays its own): (packed hand,
# melds) -> {winning kind: its best split's 胡, or None when the kind does not win}. Kept for the process, as the
# shape memo is (bots are made per hand, and a hand's worlds and the next hand's meet the same hands); cleared past
# this many hands, so that a long run of decisions does not grow it without bound.
_WINS: dict[int, tuple[WinTable, dict[tuple[int, tuple[Meld, ...]], dict[int, int | None]]]] = {}
_WINS_CAP = 200_000


def _wins_of(hand: Sequence[int], melds: tuple[Meld, ...], table: WinTable) -> dict[int, int | None]:
    """The memo of win checks for ``hand`` with ``melds`` under ``table`` (filled kind by kind as asked)."""
    key = 0
    for k in range(NUM_KINDS):
        if hand[k]:
            key |= hand[k] << _SHIFT[k]
    per_table = _WINS.get(id(table))
    if per_table is None or per_table[0] is not table:
        if len(_WINS) >= 8:
            _WINS.clear()
        per_table = _WINS[id(table)] = (table, {})
    memo = per_table[1].get((key, melds))
    if memo is None:
        if len(per_table[1]) >= _WINS_CAP:
            per_table[1].clear()
        memo = per_table[1][(key, melds)] = {}
    return memo


def _free_key(hand: Sequence[int]) -> int:
    """The packed key of the hand's free cards (its 坎 / 龙 left out), as :func:`shape` makes it."""
    key = 0
    for k in range(NUM_KINDS):
        c = hand[k]
        if 0 < c < 3:
            key |= c << _SHIFT[k]
    return key


class CasualPolicy:
    """The casual evaluation's best action, scored exactly as :meth:`HeuristicBot.scores` scores it, quickly.

    ``evaluator``: the casual bot's (counting, defence and rule costs on). The memo of win checks is the process's
    (it holds hands and melds, never a game).
    """

    def __init__(self, evaluator: Evaluator) -> None:
        if not evaluator.counting:
            raise ValueError("the fast policy scores with card counting (the casual evaluation)")
        self.evaluator = evaluator

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """The legal action with the highest score (the first of equal ones), as the careful argmax picks."""
        scores = self.scores(obs, legal)
        return legal[max(range(len(legal)), key=lambda i: scores[i])]

    def scores(self, obs: Observation, legal: Sequence[Action]) -> list[float]:
        """Each legal action's :meth:`Evaluator.score`, in order, to the last bit."""
        return _Decision(self, obs).scores(legal)


class _Decision:
    """One decision's scoring: what does not change between its actions, worked out once."""

    def __init__(self, policy: CasualPolicy, obs: Observation) -> None:
        self.ev = policy.evaluator
        self.obs = obs
        self.unseen = unseen_counts(obs)
        self.table = _table(obs)
        self.min_hu = _min_hu(obs)
        self.own_melds = tuple(obs.melds[obs.seat])
        self.key = _free_key(obs.hand)
        self.locked = locked_value(obs.hand)
        self._danger: list[float | None] = [None] * NUM_KINDS
        self._seats: list[tuple[int, list[int]]] | None = None
        self._piled: frozenset[int] = frozenset()
        self._late = 0.0

    def danger(self, k: int) -> float:
        """:meth:`Evaluator.danger` of discarding kind ``k``, worked out once a decision."""
        d = self._danger[k]
        if d is None:
            d = self._danger[k] = self._danger_of(k)
        return d

    def _danger_of(self, card: int) -> float:
        """:meth:`Evaluator.danger`, term by term: each opponent's melds are read once a decision (their size and
        their face-up cards by kind), not once a kind."""
        if not self.ev.defence:
            return 0.0
        obs = self.obs
        if self._seats is None:
            seats: list[tuple[int, list[int]]] = []
            for seat in obs.active:
                if seat == obs.seat:
                    continue
                melds = obs.melds[seat]
                shown = [0] * NUM_KINDS
                for m in melds:
                    for k in m.cards:
                        if k != HIDDEN:
                            shown[k] += 1
                seats.append((len(melds), shown))
            self._seats = seats
            self._piled = frozenset(k for pile in obs.piles for k in pile)
            self._late = 1.0 - obs.wall / 22.0
        late = self._late
        risk = 0.0
        for n_melds, shown in self._seats:
            near = 0
            for k in _SAME_SUIT_NEAR[card]:
                near += shown[k]
            risk += (0.3 * n_melds + 0.2 * near) * late
        fresh = card not in self._piled
        return risk * (1.5 if fresh else 0.6) * (self.unseen[card] / 4 + 0.25)

    def scores(self, legal: Sequence[Action]) -> list[float]:
        return [self.score(a) for a in legal]

    def score(self, action: Action) -> float:
        """:meth:`Evaluator.score`, term by term."""
        obs, ev = self.obs, self.ev
        hand = obs.hand
        if isinstance(action, Hu):
            return 1000.0
        if isinstance(action, Discard):
            h, _ = after(hand, action, None)
            k = action.card
            if 0 < hand[k] < 3:  # the free key loses one card; the locked 坎 / 龙 stay as they are
                return self.position(h, self.key - (1 << _SHIFT[k]), self.locked) - self.danger(k)
            return self.position(h, _free_key(h), locked_value(h)) - self.danger(k)
        if isinstance(action, Pass):
            value = self.position(hand, self.key, self.locked) + 8.0
            if ev.rule_costs and obs.offer is not None and obs.decision == "chi":
                value -= 1.5
            return value
        h, made = after(hand, action, obs.offer)
        value = self.best_discard(h, tuple(made)) + GROUP * 0.4 + 8.0
        if ev.rule_costs and isinstance(action, Chi):
            value -= 2.0 * (len(action.groups) - 1)
        return value

    def best_discard(self, hand: list[int], made: tuple[Meld, ...]) -> float:
        """:meth:`Evaluator.best_discard`: each discard takes one card off the free key (a 坎 is never discarded)."""
        best = -1e300
        found = False
        key = _free_key(hand)
        locked = locked_value(hand)
        bonus = 0.5 * sum(self.table.meld_value(m) for m in made)
        for k in range(NUM_KINDS):
            c = hand[k]
            if 0 < c < 3:
                hand[k] = c - 1
                v = self.position(hand, key - (1 << _SHIFT[k]), locked, made, bonus) - self.danger(k)
                hand[k] = c
                if not found or v > best:
                    best, found = v, True
        return best if found else -50.0

    def position(
        self, hand: Sequence[int], key: int, locked: float, made: tuple[Meld, ...] = (), bonus: float = 0.0
    ) -> float:
        """:meth:`Evaluator.position` of ``hand`` (free key ``key``, locked value ``locked``) with ``made`` new
        (``bonus``: half their 胡 value)."""
        sh: Shape = shape_of_key(key)
        value = sh.score + locked
        if made:
            value += bonus
        unseen = self.unseen
        for waits in sh.waits:
            live = 0
            for w in waits:
                live += unseen[w]
            if live == 0:
                value -= _DEAD
            else:
                value += min(live, 4) * 0.4
        if len(sh.waits) + len(sh.loose) <= 2:
            value += self.ready_bonus(hand, made)
        return value

    def ready_bonus(self, hand: Sequence[int], made: tuple[Meld, ...]) -> float:
        """:meth:`Evaluator._ready_bonus` with each win check memoised."""
        melds = (*self.own_melds, *made)
        wins = _wins_of(hand, melds, self.table)
        unseen = self.unseen
        bonus = 0.0
        for k in range(NUM_KINDS):
            if unseen[k] == 0:
                continue
            if k in wins:
                hu = wins[k]
            else:
                split = evaluate_win(hand, melds, k, Source.OTHER_DRAW, self.table)
                hu = wins[k] = None if split is None else split.hu
            if hu is not None and hu >= self.min_hu:
                bonus += unseen[k] * (4.0 + 0.25 * hu)
        return bonus
