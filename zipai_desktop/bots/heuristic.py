"""The heuristic bots: ``beginner`` (greedy on hand shape) and ``casual`` (shape, card counting, rule costs, defence).

Both score every legal action by the position it leaves and pick by a softmax over the scores: a beginner's
temperature is high, so it makes the plausible mistakes of a new player (it also ignores which cards are gone, the cost
of 比 and 臭牌, and danger); a casual player's is low.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.actions import Action, Chi, Discard, Hu, Pass, Peng
from ..engine.cards import HIDDEN, NUM_KINDS
from ..engine.melds import Meld, MeldKind
from ..engine.observation import Observation, seen_counts
from ..engine.rules import get_rules
from ..engine.win import Source, WinTable, evaluate_win
from .evaluate import GROUP, LOOSE, PIECE, free_cards, locked_value, neighbours, shape


def bot_seed(game_seed: int | str, seat: int) -> int:
    """A bot's seed from the game's seed and its seat, hashed so that the deal cannot be read back from it."""
    digest = hashlib.sha256(f"{game_seed}/{seat}".encode()).hexdigest()
    return int(digest[:15], 16)


def decision_rng(seed: int, obs: Observation) -> random.Random:
    """One generator per decision: a recorded game replays the same choices."""
    return random.Random(f"{seed}:{obs.own_decisions}")


def unseen_counts(obs: Observation) -> list[int]:
    """How many copies of each kind this seat has not seen (in other hands, the wall, or face-down melds)."""
    return [max(0, 4 - c) for c in seen_counts(obs)]


def _table(obs: Observation) -> WinTable:
    return get_rules(obs.rules).win_table_for(obs.options)


def _min_hu(obs: Observation) -> int:
    return int(getattr(obs.options, "min_hu", getattr(obs.options, "min_huxi", 10)))


def after(hand: Sequence[int], action: Action, card: int | None) -> tuple[list[int], list[Meld]]:
    """The concealed hand and the new melds after a take (the discard that follows is chosen separately)."""
    out = list(hand)
    made: list[Meld] = []
    if isinstance(action, Peng) and card is not None:
        out[card] -= 2
        made.append(Meld(MeldKind.PENG, (card,) * 3))
    elif isinstance(action, Chi):
        main, *bis = action.groups
        for k in main[1:]:
            out[k] -= 1
        for g in bis:
            for k in g:
                out[k] -= 1
        made += [Meld(MeldKind.CHI, g) for g in action.groups]
    elif isinstance(action, Discard):
        out[action.card] -= 1
    return out, made


@dataclass
class Evaluator:
    """Scores positions; ``counting``, ``defence`` and ``rule_costs`` switch on what a casual player adds to a
    beginner's view: live completions and waits (听), the danger of a discard, the cost of 比 and 臭牌."""

    counting: bool
    defence: bool
    rule_costs: bool

    def position(
        self, obs: Observation, hand: Sequence[int], new_melds: Sequence[Meld], unseen: Sequence[int]
    ) -> float:
        """The value of holding ``hand`` with ``new_melds`` just made: the free cards' shape, the locked 坎 / 龙 and
        half the melds' 胡 value; with ``counting``, each piece weighted by its unseen completions (a dead piece counts
        as two loose cards) and a bonus for a hand one card from a win (听). Higher is better."""
        sh = shape(free_cards(hand))
        value = sh.score + locked_value(hand)
        table = _table(obs)
        value += 0.5 * sum(table.meld_value(m) for m in new_melds)
        if self.counting:
            for waits in sh.waits:
                live = sum(unseen[w] for w in waits)
                if live == 0:
                    value -= PIECE - 2 * LOOSE  # a dead piece is two loose cards
                else:
                    value += min(live, 4) * 0.4
            if len(sh.waits) + len(sh.loose) <= 2:
                value += self._ready_bonus(obs, hand, new_melds, unseen, table)
        return value

    def _ready_bonus(
        self, obs: Observation, hand: Sequence[int], new_melds: Sequence[Meld], unseen: Sequence[int], table: WinTable
    ) -> float:
        """A hand one card from a win (听): worth the live winning cards, more for bigger wins."""
        melds = [*obs.melds[obs.seat], *new_melds]
        bonus = 0.0
        for k in range(NUM_KINDS):
            if unseen[k] == 0:
                continue
            split = evaluate_win(hand, melds, k, Source.OTHER_DRAW, table)
            if split is not None and split.hu >= _min_hu(obs):
                bonus += unseen[k] * (4.0 + 0.25 * split.hu)
        return bonus

    def danger(self, obs: Observation, card: int, unseen: Sequence[int]) -> float:
        """Rule-of-thumb danger of discarding ``card``: fresh kinds late in the hand near what opponents collect."""
        if not self.defence:
            return 0.0
        late = 1.0 - obs.wall / 22.0
        risk = 0.0
        for seat in obs.active:
            if seat == obs.seat:
                continue
            melds = obs.melds[seat]
            near = sum(
                1 for m in melds for k in m.cards if k != HIDDEN and abs(k - card) <= 2 and k // 10 == card // 10
            )
            risk += (0.3 * len(melds) + 0.2 * near) * late
        fresh = not any(card in pile for pile in obs.piles)
        return risk * (1.5 if fresh else 0.6) * (unseen[card] / 4 + 0.25)

    def best_discard(
        self, obs: Observation, hand: Sequence[int], melds: Sequence[Meld], unseen: Sequence[int]
    ) -> float:
        """The value of the best discard from ``hand`` (position less danger), as the discard that follows a 碰 / 吃;
        -50 when the hand holds no card that may be discarded (all in 坎 / 龙)."""
        best = -math.inf
        for k in range(NUM_KINDS):
            if 0 < hand[k] < 3:
                h = list(hand)
                h[k] -= 1
                best = max(best, self.position(obs, h, melds, unseen) - self.danger(obs, k, unseen))
        return best if best > -math.inf else -50.0

    def score(self, obs: Observation, action: Action, unseen: Sequence[int]) -> float:
        """The value of ``action`` in this decision, comparable with the other legal actions': 胡 always wins (1000);
        a discard, a pass or a take (碰 / 吃 with its best discard) is worth the position it leaves, less with
        ``rule_costs`` for a 吃 declined (the kind becomes 臭牌) and for each 比 group spent."""
        hand = obs.hand
        if isinstance(action, Hu):
            return 1000.0
        if isinstance(action, Discard):
            h, _ = after(hand, action, None)
            return self.position(obs, h, [], unseen) - self.danger(obs, action.card, unseen)
        if isinstance(action, Pass):
            value = self.position(obs, hand, [], unseen) + 8.0  # the discard a take would force is not needed
            if self.rule_costs and obs.offer is not None and obs.decision == "chi":
                value -= 1.5  # passing makes the kind 臭: it can never be eaten again
            return value
        h, made = after(hand, action, obs.offer)
        value = self.best_discard(obs, h, made, unseen) + GROUP * 0.4 + 8.0
        if self.rule_costs and isinstance(action, Chi):
            value -= 2.0 * (len(action.groups) - 1)  # each 比 group spends cards of the hand
        return value


class HeuristicBot:
    """Scores each legal action and samples from a softmax over the scores.

    ``temperature`` sets how loose the choice is (0 or less: always the best score); a text ``seed`` is hashed to a
    number (:func:`bot_seed`).
    """

    name = "heuristic"

    def __init__(self, seed: int | str, evaluator: Evaluator, temperature: float) -> None:
        self.seed = seed if isinstance(seed, int) else bot_seed(seed, 0)
        self.evaluator = evaluator
        self.temperature = temperature

    def scores(self, obs: Observation, legal: Sequence[Action]) -> list[float]:
        """Each legal action's :meth:`Evaluator.score`, in order (without counting, every kind counts as 4 unseen)."""
        unseen = unseen_counts(obs) if self.evaluator.counting else [4] * NUM_KINDS
        return [self.evaluator.score(obs, a, unseen) for a in legal]

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """The action to play: 胡 whenever it is legal, otherwise a softmax draw over :meth:`scores` from a generator
        seeded per decision, so a replay makes the same choices."""
        if len(legal) == 1:
            return legal[0]
        if any(isinstance(a, Hu) for a in legal):
            return next(a for a in legal if isinstance(a, Hu))
        scores = self.scores(obs, legal)
        rng = decision_rng(self.seed, obs)
        if self.temperature <= 0:
            return legal[max(range(len(legal)), key=lambda i: scores[i])]
        top = max(scores)
        weights = [math.exp((s - top) / self.temperature) for s in scores]
        return rng.choices(list(legal), weights=weights)[0]


class BeginnerBot(HeuristicBot):
    """初学: greedy on hand shape, no card counting, no defence, blind to the cost of 比 and 臭牌; a loose hand."""

    name = "beginner"

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed, Evaluator(counting=False, defence=False, rule_costs=False), temperature=2.5)


class CasualBot(HeuristicBot):
    """普通: shape with card counting, the cost of 比 and 臭牌, waits (听) and their value, rule-of-thumb defence."""

    name = "casual"

    def __init__(self, seed: int | str = 0) -> None:
        super().__init__(seed, Evaluator(counting=True, defence=True, rule_costs=True), temperature=0.35)


_NEAR = [[j for j in range(NUM_KINDS) if j != k and abs(j - k) <= 2 and j // 10 == k // 10] for k in range(NUM_KINDS)]


def rollout_choice(hand: Sequence[int], legal: Sequence[Action]) -> Action:
    """The fast, noise-free policy the strong bot uses inside its simulations (O(20) per decision)."""
    for a in legal:
        if isinstance(a, Hu):
            return a
    for a in legal:
        if isinstance(a, Peng):
            return a
    chis = [a for a in legal if isinstance(a, Chi) and len(a.groups) == 1]
    if chis:
        return chis[0]
    discards = [a for a in legal if isinstance(a, Discard)]
    if discards:

        def connect(a: Discard) -> float:
            k = a.card
            near = 0
            for j in _NEAR[k]:
                near += hand[j]
            twin = hand[k + 10] if k < 10 else hand[k - 10]
            return 2.0 * (hand[k] - 1) + near + 0.8 * twin + 0.05 * neighbours(k)

        return min(discards, key=connect)
    return next((a for a in legal if isinstance(a, Pass)), legal[0])
