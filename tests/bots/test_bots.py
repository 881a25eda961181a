"""Bots see only their observation, choose legal actions, decide fast enough, and replay the same."""

from __future__ import annotations

import random

import pytest

from zipai_desktop.bots import BOTS, make_bot
from zipai_desktop.bots.heuristic import bot_seed
from zipai_desktop.bots.worker import BotRunner
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.rules import get_rules

from ..engine.notation import scrambled

LEVELS = ["random", "beginner", "casual", "strong", "expert"]


def fast(name: str, seed: int):  # type: ignore[no-untyped-def]
    bot = make_bot(name, seed)
    if hasattr(bot, "worlds"):
        bot.worlds = 6  # keep the test quick; the search is the same
        bot.budget_s = None  # a world count, no clock: a loaded machine must not cut one search and not its twin
    return bot


@pytest.mark.parametrize("rules_name", ["guilin", "bohu"])
@pytest.mark.parametrize("level", LEVELS)
def test_a_bot_sees_only_its_observation(rules_name: str, level: str) -> None:
    rules = get_rules(rules_name)
    rng = random.Random(5)
    checked = 0
    for hand_no in range(6):
        game = Game(rules, seed=100 + hand_no, dealer=hand_no % 3)
        while game.to_act is not None:
            seat = game.to_act
            legal = game.legal_actions(seat)
            obs = observe(game, seat)
            if len(legal) > 1 and checked < 12:
                choice = fast(level, 7).choose(obs, legal)
                twin = scrambled(game, seat, rng)
                assert observe(twin, seat) == obs
                assert fast(level, 7).choose(observe(twin, seat), twin.legal_actions(seat)) == choice
                checked += 1
            game.apply(seat, make_bot("casual", 1).choose(obs, legal))
    assert checked >= 6


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_whole_hands_legally_in_both_games(level: str) -> None:
    for rules_name in ("guilin", "bohu"):
        rules = get_rules(rules_name)
        for hand_no in range(2 if level in ("strong", "expert") else 8):
            game = Game(rules, seed=hand_no, dealer=0)
            bots = [fast(level, bot_seed(hand_no, s)) for s in range(3)]
            while game.to_act is not None:
                seat = game.to_act
                legal = game.legal_actions(seat)
                action = bots[seat].choose(observe(game, seat), legal)
                assert action in legal
                game.apply(seat, action)
            assert game.result is not None


def test_decisions_are_seeded_so_a_recorded_game_replays_the_same() -> None:
    rules = get_rules("guilin")

    def play() -> list[object]:
        game = Game(rules, seed=9, dealer=1)
        bots = [make_bot("beginner", bot_seed(9, s)) for s in range(3)]
        while game.to_act is not None:
            seat = game.to_act
            game.apply(seat, bots[seat].choose(observe(game, seat), game.legal_actions(seat)))
        return list(game.history)

    assert play() == play()


def test_registry_names() -> None:
    assert set(LEVELS) <= set(BOTS)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_runner_answers_legally_and_can_be_cancelled(mode: str) -> None:
    rules = get_rules("guilin")
    game = Game(rules, seed=4, dealer=0)
    seat = game.to_act
    assert seat is not None
    runner = BotRunner(mode=mode, deadline_s=0.5)
    try:
        # How long it takes is bench/bot_worker.py's business (timing never goes in an assert): here, that an answer
        # (the bot's or, past the deadline, the fallback) comes and is legal.
        decision = runner.decide("strong", 3, observe(game, seat), game.legal_actions(seat))
        action = decision.wait()
        assert action in game.legal_actions(seat)
        other = runner.decide("casual", 3, observe(game, seat), game.legal_actions(seat))
        other.cancel()
        assert other.result() is None
    finally:
        runner.close()


def test_the_random_bot_draws_what_randrange_draws() -> None:
    """The random bot's choices are those of ``random.Random(seed).randrange(n)``, so seeded simulations and the
    seeded digests stay the same (text seeds, ASCII or not, and int seeds)."""
    seeds: list[int | str] = [f"{seed}:{s}" for seed in range(700) for s in range(3)]
    seeds += ["", "中", "x" * 200, 0, 1, -5, 2**31, 2**70 + 3, *range(2, 300)]
    for seed in seeds:
        bot = make_bot("random", seed)
        rng = random.Random(seed)
        for n in [1, 2, 3, 5, 8, 9, 16, 17, 33] * 3:
            options = list(range(n))
            assert bot.choose(None, options) == rng.randrange(n)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        make_bot("random", "x").choose(None, [])  # type: ignore[arg-type]


def test_random_bots_alive_together_keep_their_own_streams() -> None:
    """Bots alive together (a match keeps its seats' bots; the sim lets them go hand by hand) each draw their own
    seed's stream: no generator is shared."""
    held: list[tuple[object, random.Random]] = []
    for i in range(60):
        seed: int | str = f"held:{i}" if i % 3 else i
        held.append((make_bot("random", seed), random.Random(seed)))
        if i % 4 == 3:
            held.pop(i % 5)  # (let some go while others are made)
        for bot, rng in held:  # (interleaved: a generator shared by two bots would show in the next draws)
            for n in (2, 7, 20):
                assert bot.choose(None, list(range(n))) == rng.randrange(n)  # type: ignore[attr-defined]
