"""The ``expert`` bot (专家): determinized Monte Carlo like ``strong``, with more of the budget put to use.

What it adds to the strong bot's search: **more worlds, spent where they decide something**. The strong bot's
candidates (the casual evaluation's best few) are played out in the same sampled worlds (common random numbers) in
batches, and after each batch a candidate whose paired loss to the leader is clear (its mean difference more than
``z`` standard errors below 0) is dropped; the search stops when one is left, at its world cap, or at its play-out cap
(a clock-free stand-in for its time budget).

Two options are kept for measurement and are off by default (docs/bots.md gives their measured effect):
``all_claims`` searches every claim option (吃 with each 比, 碰, 过) rather than the casual evaluation's best few, and
``belief`` samples worlds that respect what the opponents' play showed (no pair of a kind that lies untaken in a pile:
:func:`~zipai_desktop.bots.world.unpaired_kinds`).

:meth:`ExpertBot.analyse` gives every searched action with its mean result in 舵 (胡息 × 番 in Bohu) and the worlds it
was played in; :meth:`ExpertBot.choose` plays the first, and the F4 hint shows the first three, so the two agree.

Like the strong bot it has two budgets: with ``budget_s=None`` it plays at most ``worlds`` worlds and reads no clock
(the ladder, the tests); in play it also stops at its time budget and never runs past ``ceiling_s``.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.actions import Action, Chi, Discard, Hu, Pass, Peng
from ..engine.observation import Observation, observe
from .heuristic import CasualBot, bot_seed, decision_rng, rollout_choice, unseen_counts
from .playout import CasualPolicy
from .world import determinize


@dataclass(frozen=True, slots=True)
class Choice:
    """One searched action: its mean result for the bot's seat over the worlds it was played in (less a discard's
    danger), and how many worlds that was."""

    action: Action
    mean: float
    worlds: int


class ExpertBot:
    """专家: PIMC over the casual bot's best discards and every claim option, with paired elimination and a belief.

    ``worlds``: the most sampled worlds a decision plays; ``rollouts``: the most play-outs in all (0: ``worlds`` for
    each candidate), a clock-free measure of the search's time; ``batch``: worlds between two elimination tests;
    ``min_worlds``: worlds before the first test; ``z``: how many standard errors a paired loss must clear for a
    candidate to be dropped (0 or less: never drop); ``candidates`` and ``margin``: which discards are searched (the
    casual evaluation's best ``candidates``, within ``margin`` of its best); ``belief``: sample worlds from the belief
    (see the module doc); ``danger_weight``: how much of the casual danger of a discard is taken off its result;
    ``own_policy``: the bot's own play in its play-outs, ``"greedy"`` (the fast policy every seat uses) or
    ``"casual"`` (the casual evaluation's best, exactly as the casual bot scores it, by the quick
    :class:`~zipai_desktop.bots.playout.CasualPolicy`: about two and a half times the greedy play-out's cost, so
    its play-out cap is set lower for the same time);
    ``budget_s``: the time budget (``None``: no clock read); ``cancel``: an event that stops the search before its
    next world.
    """

    name = "expert"
    #: With a time budget, a decision never runs past this.
    ceiling_s = 0.85

    def __init__(
        self,
        seed: int | str = 0,
        *,
        worlds: int = 320,
        rollouts: int = 400,
        batch: int = 16,
        min_worlds: int = 32,
        z: float = 2.5,
        candidates: int = 4,
        margin: float = 6.0,
        all_claims: bool = False,
        belief: bool = False,
        danger_weight: float = 1.0,
        own_policy: str = "casual",
        budget_s: float | None = 0.3,
        cancel: threading.Event | None = None,
    ) -> None:
        self.seed = seed if isinstance(seed, int) else bot_seed(seed, 0)
        self.worlds = worlds
        self.rollouts = rollouts
        self.batch = batch
        self.min_worlds = min_worlds
        self.z = z
        self.candidates = candidates
        self.margin = margin
        self.all_claims = all_claims
        self.belief = belief
        self.danger_weight = danger_weight
        if own_policy not in ("greedy", "casual"):
            raise ValueError(f"own_policy is 'greedy' or 'casual', not {own_policy!r}")
        self.own_policy = own_policy
        self.budget_s = budget_s
        self.cancel = cancel
        self.prior = CasualBot(self.seed)
        self.policy = CasualPolicy(self.prior.evaluator)
        #: Worlds the last :meth:`analyse` played (its most searched candidate's), and whether the clock or a cancel
        #: stopped it while more than one candidate was left (for the bench).
        self.last_worlds = 0
        self.last_cut = False

    def candidate_actions(self, obs: Observation, legal: Sequence[Action]) -> list[Action]:
        """The actions searched, in the casual evaluation's order: its best ``candidates`` within ``margin`` of its
        best (胡 always among them); with ``all_claims``, every option of a claim."""
        scores = self.prior.scores(obs, legal)
        order = sorted(range(len(legal)), key=lambda i: -scores[i])
        if self.all_claims and any(isinstance(a, Chi | Peng | Pass | Hu) for a in legal):
            return [legal[i] for i in order]
        best = scores[order[0]]
        return [legal[i] for i in order[: self.candidates] if best - scores[i] <= self.margin]

    def analyse(self, obs: Observation, legal: Sequence[Action]) -> list[Choice]:
        """Every searched action with its mean result and worlds, best first: 胡 first whenever it is legal (a win is
        always taken), then by mean result, ties and the dropped going to their order (a candidate dropped early
        ranks after those that stayed). A single legal action is returned with no world played."""
        self.last_worlds, self.last_cut = 0, False
        started = time.perf_counter() if self.budget_s is not None else 0.0
        if len(legal) == 1:
            return [Choice(legal[0], 0.0, 0)]
        cands = self.candidate_actions(obs, legal)
        if len(cands) == 1:
            return [Choice(cands[0], 0.0, 0)]
        results = self._search(obs, cands, started)
        choices = [Choice(a, math.fsum(r) / len(r) if r else 0.0, len(r)) for a, r in zip(cands, results, strict=True)]
        order = sorted(
            range(len(cands)),
            key=lambda i: (not isinstance(cands[i], Hu), -choices[i].worlds, -choices[i].mean, i),
        )
        self.last_worlds = max(c.worlds for c in choices)
        return [choices[i] for i in order]

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """The first action of :meth:`analyse`."""
        return self.analyse(obs, legal)[0].action

    def _search(self, obs: Observation, cands: list[Action], started: float) -> list[list[float]]:
        """Per candidate, its result in each world it was played in (less a discard's danger); with a budget, the
        search stops at ``started`` (the decision's start) plus the budget."""
        timed = self.budget_s is not None
        deadline = started + min(self.budget_s or 0.0, self.ceiling_s)
        penalty = [0.0] * len(cands)
        if self.danger_weight:
            unseen = unseen_counts(obs)
            for i, a in enumerate(cands):
                if isinstance(a, Discard):
                    penalty[i] = self.danger_weight * self.prior.evaluator.danger(obs, a.card, unseen)
        rng = decision_rng(self.seed, obs)
        results: list[list[float]] = [[] for _ in cands]
        alive = list(range(len(cands)))
        played = spent = 0
        cap = self.rollouts or len(cands) * self.worlds
        while played < self.worlds and len(alive) > 1 and spent + len(alive) <= cap and not self.last_cut:
            for _ in range(min(self.batch, self.worlds - played)):
                if spent + len(alive) > cap:
                    break
                # The clock and a cancel are read before each world (a batch can take long on a loaded machine).
                if (self.cancel is not None and self.cancel.is_set()) or (timed and time.perf_counter() > deadline):
                    self.last_cut = True
                    break
                world_seed = rng.getrandbits(48)
                for i in alive:
                    results[i].append(self._rollout(obs, cands[i], world_seed) - penalty[i])
                played += 1
                spent += len(alive)
            if played >= self.min_worlds and self.z > 0:
                alive = self._survivors(alive, results)
        return results

    def _survivors(self, alive: list[int], results: list[list[float]]) -> list[int]:
        """The candidates not clearly beaten by the leader: a paired mean loss more than ``z`` standard errors."""
        means = {i: math.fsum(results[i]) / len(results[i]) for i in alive}
        leader = max(alive, key=lambda i: (means[i], -i))
        kept = []
        for i in alive:
            if i == leader:
                kept.append(i)
                continue
            diffs = [a - b for a, b in zip(results[leader], results[i], strict=True)]
            n = len(diffs)
            mean = math.fsum(diffs) / n
            var = math.fsum((d - mean) ** 2 for d in diffs) / (n - 1)
            if mean <= self.z * math.sqrt(var / n):
                kept.append(i)
        return kept

    def _rollout(self, obs: Observation, action: Action, world_seed: int) -> float:
        world_rng = random.Random(world_seed)
        game = determinize(obs, world_rng, belief=self.belief)
        game.apply(obs.seat, action)
        steps = 0
        casual = self.own_policy == "casual"
        while game.to_act is not None and steps < 400:
            seat = game.to_act
            legal = game.legal_actions(seat)
            if casual and seat == obs.seat and len(legal) > 1:
                game.apply(seat, self.policy.choose(observe(game, seat), legal))
            else:
                game.apply(seat, rollout_choice(game.hands[seat], legal))
            steps += 1
        if game.result is None:
            return 0.0
        return float(game.result.points[obs.seat])
