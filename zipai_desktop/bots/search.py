"""The ``strong`` bot: determinized Monte Carlo (PIMC) over hidden hands consistent with what it has seen.

The casual evaluation proposes the best few candidate actions; each is tried in the same sampled worlds (common
random numbers: the same world and the same rollout for every candidate) and played to the end of the hand with the
fast rollout policy for every seat. The candidate with the best mean result for the bot's seat is chosen.

Two budgets. In play the search is anytime: it stops at its time budget (0.3 s, and never past a hard ceiling) or when
cancelled, and answers with the best so far. With ``budget_s=None`` it plays exactly ``worlds`` worlds and reads no
clock, so a decision is a function of (observation, legal actions, seed) alone: the ladder, the tests and any
comparison of bots use that form, and give the same figures on any machine, loaded or not.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Sequence

from ..engine.actions import Action, Discard, Hu
from ..engine.observation import Observation
from .heuristic import CasualBot, bot_seed, decision_rng, rollout_choice, unseen_counts
from .world import determinize


class StrongBot:
    """高手: PIMC at the root over the casual bot's best candidates.

    ``worlds``: the most sampled worlds a decision plays; ``candidates``: how many of the casual bot's best actions
    are tried, leaving out any that scores more than ``margin`` below its best; ``budget_s``: the time budget of a
    decision (``None``: exactly ``worlds`` worlds, no clock read); ``danger_weight``: how much of the casual danger of
    a discard is taken off its result in each world; ``cancel``: an event that, once set, stops the search before its
    next world, which then answers with the best so far.
    """

    name = "strong"
    #: With a time budget, a decision never runs past this (a loaded machine, a slow rollout).
    ceiling_s = 0.85

    def __init__(
        self,
        seed: int | str = 0,
        *,
        worlds: int = 96,
        candidates: int = 4,
        budget_s: float | None = 0.3,
        margin: float = 6.0,
        danger_weight: float = 1.0,
        cancel: threading.Event | None = None,
    ) -> None:
        self.margin = margin
        self.danger_weight = danger_weight
        self.seed = seed if isinstance(seed, int) else bot_seed(seed, 0)
        self.worlds = worlds
        self.candidates = candidates
        self.budget_s = budget_s
        self.cancel = cancel
        self.prior = CasualBot(self.seed)
        #: Worlds the last searched decision played (for the bench).
        self.last_worlds = 0

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """The action to play: 胡 whenever it is legal; otherwise the candidate whose rollouts in the sampled worlds
        give this seat the most points in all (less a discard's danger), ties going to the casual bot's order. A single
        candidate, or no world played before the budget or a cancel, gives the casual bot's best."""
        timed = self.budget_s is not None
        started = time.perf_counter() if timed else 0.0
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if isinstance(a, Hu):
                return a
        scores = self.prior.scores(obs, legal)
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        cands = [legal[i] for i in order[: self.candidates]]
        cands = [legal[i] for i in order[: self.candidates] if scores[order[0]] - scores[i] <= self.margin]
        if len(cands) == 1:
            return cands[0]
        rng = decision_rng(self.seed, obs)
        deadline = started + (self.budget_s or 0.0)
        hard_stop = started + self.ceiling_s
        totals = [0.0] * len(cands)
        played = 0
        for _ in range(self.worlds):
            if self.cancel is not None and self.cancel.is_set():
                break
            if timed:
                now = time.perf_counter()
                if now > deadline or now > hard_stop:
                    break
            world_seed = rng.getrandbits(48)
            for i, action in enumerate(cands):
                totals[i] += self._rollout(obs, action, world_seed)
            played += 1
        self.last_worlds = played
        if played == 0:
            return cands[0]
        if self.danger_weight:
            unseen = unseen_counts(obs)
            for i, a in enumerate(cands):
                if isinstance(a, Discard):
                    totals[i] -= self.danger_weight * played * self.prior.evaluator.danger(obs, a.card, unseen)
        # Ties go to the casual evaluation's order.
        best = max(range(len(cands)), key=lambda i: (totals[i], -i))
        return cands[best]

    @staticmethod
    def _rollout(obs: Observation, action: Action, world_seed: int) -> float:
        world_rng = random.Random(world_seed)
        game = determinize(obs, world_rng)
        game.apply(obs.seat, action)
        steps = 0
        while game.to_act is not None and steps < 400:
            seat = game.to_act
            game.apply(seat, rollout_choice(game.hands[seat], game.legal_actions(seat)))
            steps += 1
        if game.result is None:
            return 0.0
        return float(game.result.points[obs.seat])
