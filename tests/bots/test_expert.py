"""The expert bot (专家): legal and seeded, its choice is the first of its own analysis (what the F4 hint shows), its
worlds respect what the opponents' play showed, and it runs in the bot worker and in a ladder rung.

Its strength is the full ladder's business (docs/bots.md: expert over strong); a CI-sized run can only show that the
code path works and is reproducible, so no strength is asserted here.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pytest

from zipai_desktop.bots import make_bot
from zipai_desktop.bots.expert import Choice, ExpertBot
from zipai_desktop.bots.heuristic import bot_seed
from zipai_desktop.bots.worker import BotRunner
from zipai_desktop.bots.world import determinize, unpaired_kinds
from zipai_desktop.engine.actions import Action, Hu
from zipai_desktop.engine.cards import HIDDEN, NUM_KINDS
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import Observation, observe, seen_counts
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.tools.ladder import run_rung, worker_pool

WORLDS = 24  # a search as the expert makes it, cheaply (the elimination starts at 32 worlds: see SMALL)
SMALL = {"worlds": 48, "min_worlds": 16, "batch": 8}  # with the paired elimination at work


def expert(seed: int | str, **settings: object) -> ExpertBot:
    bot = make_bot("expert", seed, **{"worlds": WORLDS, "budget_s": None, **settings})
    assert isinstance(bot, ExpertBot)
    return bot


def decisions(rules_name: str, hands: int, first_seed: int = 0) -> Iterator[tuple[Observation, tuple[Action, ...]]]:
    """Every decision with a choice in seeded hands of casual bots (both claims and discards)."""
    rules = get_rules(rules_name)
    for hand_no in range(hands):
        game = Game(rules, seed=first_seed + hand_no, dealer=hand_no % 3)
        casual = [make_bot("casual", bot_seed(hand_no, s)) for s in range(3)]
        while game.to_act is not None:
            seat = game.to_act
            obs, legal = observe(game, seat), tuple(game.legal_actions(seat))
            if len(legal) > 1:
                yield obs, legal
            game.apply(seat, casual[seat].choose(obs, legal))


@pytest.mark.parametrize("rules_name", ["guilin", "bohu"])
def test_the_expert_plays_whole_hands_legally_and_the_same_seed_replays_the_same(rules_name: str) -> None:
    rules = get_rules(rules_name)

    def play(hand_no: int) -> list[object]:
        game = Game(rules, seed=f"expert:{hand_no}", dealer=hand_no % 3)
        bots = [expert(bot_seed(hand_no, s)) for s in range(3)]
        while game.to_act is not None:
            seat = game.to_act
            legal = game.legal_actions(seat)
            action = bots[seat].choose(observe(game, seat), legal)
            assert action in legal
            game.apply(seat, action)
        assert game.result is not None
        return list(game.history)

    for hand_no in range(2):
        assert play(hand_no) == play(hand_no)


@pytest.mark.parametrize("rules_name", ["guilin", "bohu"])
def test_choose_plays_the_first_action_of_analyse(rules_name: str) -> None:
    """The hint shows analyse(); the bot plays choose(): they agree, decision by decision, claims and discards."""
    kinds: set[str] = set()
    for i, (obs, legal) in enumerate(decisions(rules_name, 3)):
        if i % 2:
            continue
        analysis = expert(11, **SMALL).analyse(obs, legal)
        assert analysis and all(c.action in legal for c in analysis)
        assert len({c.action for c in analysis}) == len(analysis)
        assert all(math.isfinite(c.mean) and 0 <= c.worlds <= SMALL["worlds"] for c in analysis)
        assert expert(11, **SMALL).choose(obs, legal) == analysis[0].action
        if len(analysis) > 1:
            assert analysis[0].worlds > 0  # a searched decision: its first was played out
        kinds.add(obs.decision or "")
    assert {"discard"} < kinds  # claims were analysed too


def test_a_candidate_clearly_beaten_is_dropped_and_ranks_after_those_kept() -> None:
    """The paired elimination: with enough worlds some decision drops a candidate early; a dropped candidate was
    played in fewer worlds than the first, and ranks after every candidate that was played in all of them."""
    dropped = 0
    for obs, legal in decisions("guilin", 2):
        analysis = expert(5, **SMALL).analyse(obs, legal)
        full = analysis[0].worlds
        if any(c.worlds < full for c in analysis):
            dropped += 1
            worlds = [c.worlds for c in analysis if not isinstance(c.action, Hu)]
            assert worlds == sorted(worlds, reverse=True)
    assert dropped > 0


def test_a_win_is_always_taken_and_shown_first() -> None:
    for obs, legal in decisions("guilin", 40):
        if Hu() in legal:
            analysis = expert(3).analyse(obs, legal)
            assert analysis[0].action == Hu()
            assert expert(3).choose(obs, legal) == Hu()
            return
    pytest.fail("no decision offered a win in 40 seeded hands")


def test_the_belief_deals_no_opponent_a_pair_of_a_kind_lying_untaken_in_a_pile() -> None:
    """A pair held now was held when that card was offered (the concealed hand never grows): its holder would have
    had to 扫 it, or would have 碰'd it. The uniform deal ignores this; the belief's deal respects it while the wall
    leaves cards to swap with (at the very end of a hand it may not fit at all), and keeps the cards' counts."""
    checked = belief_pairs = uniform_pairs = 0

    def pairs(world: Game, obs: Observation, unpaired: frozenset[int]) -> int:
        return sum(1 for s in obs.active if s != obs.seat for k in unpaired if world.hands[s][k] == 2)

    for obs, _legal in decisions("guilin", 4):
        unpaired = unpaired_kinds(obs)
        if not unpaired:
            continue
        rng = random.Random(checked)
        for _ in range(5):
            world = determinize(obs, rng, belief=True)
            assert world.hands[obs.seat] == list(obs.hand)
            counts = [0] * NUM_KINDS
            for seat in obs.active:
                if seat != obs.seat:
                    assert sum(world.hands[seat]) == obs.hand_sizes[seat]
                    for k in range(NUM_KINDS):
                        counts[k] += world.hands[seat][k]
            for k in world.state.wall:
                counts[k] += 1
            seen = seen_counts(obs)
            assert all(counts[k] <= 4 - seen[k] for k in range(NUM_KINDS))
            found = pairs(world, obs, unpaired)
            if obs.wall >= 6:
                assert found == 0, (obs.wall, sorted(unpaired))
            belief_pairs += found
            uniform_pairs += pairs(determinize(obs, rng), obs, unpaired)
            checked += 1
    assert checked >= 20
    # The uniform deal does break the rule (the test would catch a belief that did nothing); the belief seldom does.
    assert uniform_pairs > 0 and belief_pairs * 4 < uniform_pairs


def test_the_expert_decides_and_analyses_in_the_spawned_worker() -> None:
    obs, legal = next(decisions("bohu", 1))
    runner = BotRunner(mode="process", deadline_s=30.0)
    try:
        action = runner.decide("expert", 3, obs, legal).wait()
        assert action in legal
        analysis = runner.analyse(3, obs, legal).wait()
        assert isinstance(analysis, tuple) and analysis
        assert all(isinstance(c, Choice) and c.action in legal for c in analysis)
    finally:
        runner.close()


def test_an_expert_rung_in_spawned_workers_gives_what_it_gives_in_this_process() -> None:
    """A ladder rung of expert over strong, a few deals at small world counts, in this process and in two spawned
    workers: no hand breaks and every figure but the timing is the same (no decision reads the clock)."""
    timing = ("decision_ms", "seconds")
    here = run_rung("guilin", 3, "expert", "strong", 2, "expert-ci", None, 6, 24)
    pool = worker_pool(2)
    try:
        spawned = run_rung("guilin", 3, "expert", "strong", 2, "expert-ci", pool, 6, 24)
    finally:
        assert pool is not None
        pool.shutdown()
    assert here["errors"] == 0
    assert {k: v for k, v in here.items() if k not in timing} == {k: v for k, v in spawned.items() if k not in timing}
    assert here["decision_ms"]["expert"]["p50"] >= 0  # the expert did decide


def test_face_down_melds_stay_hidden_from_the_belief() -> None:
    """The belief reads only piles (public); a face-down meld's kind is never among the kinds it rules out."""
    for obs, _legal in decisions("guilin", 3):
        assert HIDDEN not in unpaired_kinds(obs)


def test_with_a_world_count_the_expert_reads_no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """budget_s=None (the ladder's form): a decision is a function of (observation, legal actions, seed) alone."""
    from zipai_desktop.bots import expert as expert_module

    def no_clock() -> float:
        raise AssertionError("a decision with a world count read the clock")

    monkeypatch.setattr(expert_module.time, "perf_counter", no_clock)
    for i, (obs, legal) in enumerate(decisions("bohu", 1)):
        if i < 6:
            assert expert(2).choose(obs, legal) in legal


def test_a_cancel_stops_the_search_before_its_next_world() -> None:
    import threading

    cancel = threading.Event()
    cancel.set()
    for obs, legal in decisions("guilin", 1):
        bot = ExpertBot(4, budget_s=0.3, cancel=cancel)
        analysis = bot.analyse(obs, legal)
        if len(analysis) > 1:
            assert bot.last_cut and all(c.worlds == 0 for c in analysis)
            assert analysis[0].action == bot.candidate_actions(obs, legal)[0]  # the casual evaluation's best
            return
    pytest.fail("no decision with more than one candidate")
