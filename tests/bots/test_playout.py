"""The fast casual policy of the play-outs (bots/playout.py) scores every action exactly as the casual bot does.

The expert's ``own_policy="casual"`` plays the casual evaluation's best action at each of its own seat's decisions
inside its play-outs; the fast policy must choose what ``CasualBot.scores`` on ``observe(...)`` and an argmax choose,
so the scores are compared to the last bit, at the decisions of real hands and at those of play-outs in sampled
worlds (the positions the search meets), for every seat, in both games.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from zipai_desktop.bots import make_bot
from zipai_desktop.bots.expert import ExpertBot
from zipai_desktop.bots.heuristic import BeginnerBot, CasualBot, bot_seed, rollout_choice
from zipai_desktop.bots.playout import CasualPolicy
from zipai_desktop.bots.world import determinize
from zipai_desktop.engine.actions import Action
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import Observation, observe
from zipai_desktop.engine.rules import get_rules


def careful_choice(bot: CasualBot, obs: Observation, legal: tuple[Action, ...]) -> Action:
    scores = bot.scores(obs, legal)
    return legal[max(range(len(legal)), key=lambda i: scores[i])]


def playout_positions(rules_name: str, hands: int) -> Iterator[tuple[Observation, tuple[Action, ...]]]:
    """Decisions with a choice: those of seeded hands of casual bots and, from every fourth of them, those of a
    play-out in a sampled world (the seat's own play by the careful casual choice, the others' by the greedy
    policy, as in the expert's play-outs)."""
    rules = get_rules(rules_name)
    careful = CasualBot(7)
    for hand_no in range(hands):
        game = Game(rules, seed=f"playout:{hand_no}", dealer=hand_no % 3)
        casual = [make_bot("casual", bot_seed(hand_no, s)) for s in range(3)]
        n = 0
        while game.to_act is not None:
            seat = game.to_act
            obs, legal = observe(game, seat), tuple(game.legal_actions(seat))
            if len(legal) > 1:
                yield obs, legal
                n += 1
                if n % 4 == 0:
                    world = determinize(obs, random.Random(n))
                    while world.to_act is not None:
                        s = world.to_act
                        w_obs, w_legal = observe(world, s), tuple(world.legal_actions(s))
                        if len(w_legal) > 1:
                            yield w_obs, w_legal
                        if s == obs.seat and len(w_legal) > 1:
                            world.apply(s, careful_choice(careful, w_obs, w_legal))
                        else:
                            world.apply(s, rollout_choice(world.hands[s], w_legal))
            game.apply(seat, casual[seat].choose(obs, legal))


@pytest.mark.parametrize("rules_name", ["guilin", "bohu"])
def test_the_fast_policy_scores_every_action_as_the_casual_bot_does_in_real_hands_and_in_playouts(
    rules_name: str,
) -> None:
    careful = CasualBot(3)
    fast = CasualPolicy(careful.evaluator)
    claims = discards = 0
    for obs, legal in playout_positions(rules_name, 6):
        assert fast.scores(obs, legal) == careful.scores(obs, legal)
        assert fast.choose(obs, legal) == careful_choice(careful, obs, legal)
        if obs.decision == "discard":
            discards += 1
        else:
            claims += 1
    assert discards > 100 and claims > 150  # both kinds of decision were met, many times


def test_the_fast_policy_needs_the_casual_evaluation() -> None:
    """It reproduces the casual evaluation (card counting on); a beginner's evaluation is refused, not mimicked."""
    with pytest.raises(ValueError, match="card counting"):
        CasualPolicy(BeginnerBot(1).evaluator)


def test_the_expert_with_the_casual_play_outs_chooses_as_with_the_careful_scores() -> None:
    """The same search, once with the fast policy and once with the casual bot's own scoring in its play-outs:
    the same analysis, decision by decision."""

    class Careful(CasualPolicy):
        def choose(self, obs: Observation, legal: tuple[Action, ...]) -> Action:  # type: ignore[override]
            return careful_choice(careful, obs, legal)

    careful = CasualBot(5)
    checked = 0
    for i, (obs, legal) in enumerate(playout_positions("guilin", 1)):
        if i % 5 or obs.decision is None:
            continue
        fast = ExpertBot(5, worlds=24, budget_s=None, own_policy="casual")
        slow = ExpertBot(5, worlds=24, budget_s=None, own_policy="casual")
        slow.policy = Careful(careful.evaluator)
        assert fast.analyse(obs, legal) == slow.analyse(obs, legal)
        checked += 1
    assert checked >= 5


def test_the_play_out_cap_holds_with_the_casual_play_outs() -> None:
    """The play-out cap is the ladder form's stand-in for the time budget: with the casual play-outs (dearer than
    the greedy ones, so the cap is set lower) a decision plays at most that many in all, and it binds."""
    cap = 60
    bound = 0
    for i, (obs, legal) in enumerate(playout_positions("guilin", 1)):
        if i % 7:
            continue
        analysis = ExpertBot(2, worlds=320, rollouts=cap, budget_s=None, own_policy="casual").analyse(obs, legal)
        spent = sum(c.worlds for c in analysis)
        assert spent <= cap
        bound += spent > cap - len(analysis)
    assert bound > 0
