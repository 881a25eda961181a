"""The F4 hint's text: the expert's top three with their expected results, and one line on why the first is best,
read from the position (the groups it keeps, the live copies of its pieces or of its waits, the lead over the second),
in both languages."""

from __future__ import annotations

from zipai_desktop.app.table.hint import expert_reason, hint_lines, waits_after
from zipai_desktop.app.ui.i18n import tr
from zipai_desktop.bots import make_bot
from zipai_desktop.bots.expert import Choice
from zipai_desktop.bots.heuristic import bot_seed, unseen_counts
from zipai_desktop.engine.actions import Discard, Hu, Pass
from zipai_desktop.engine.cards import glyph
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.observation import Observation, observe
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.engine.waits import waits


def first_discard(seed: str | int, seat: int | None = None) -> tuple[Game, Observation]:
    """The first discard decision (of ``seat``, or anyone's) in a seeded Guilin hand of casual bots."""
    game = Game(get_rules("guilin"), seed=seed, dealer=0)
    bots = [make_bot("casual", bot_seed(seed, s)) for s in range(3)]
    while game.to_act is not None:
        s = game.to_act
        obs = observe(game, s)
        if obs.decision == "discard" and (seat is None or s == seat):
            return game, obs
        game.apply(s, bots[s].choose(obs, game.legal_actions(s)))
    raise AssertionError("no discard decision")


def test_the_hint_for_a_known_position_in_both_languages() -> None:
    _game, obs = first_discard("hint-known", 0)
    assert obs.hand == (2, 2, 1, 1, 0, 0, 1, 0, 0, 1, 2, 3, 2, 0, 1, 1, 0, 0, 2, 2)  # the position this test reads
    choices = [Choice(Discard(0), 1.25, 320), Choice(Discard(1), 0.4, 320), Choice(Discard(2), -0.35, 112)]
    assert hint_lines(obs, choices, tr, "zh") == (
        "提示：打一 +1.2舵 · 打二 +0.4舵 · 打三 -0.3舵\n理由：留着一二三；搭子还有24张活牌可成组；比打二多0.8舵"
    )
    assert hint_lines(obs, choices, tr, "en") == (
        "Hint: discard 一 +1.2 舵 · discard 二 +0.4 舵 · discard 三 -0.3 舵\n"
        "Why: keeps 一二三; 24 live copies complete its pieces; 0.8 舵 more than discard 二"
    )


def test_a_discard_that_leaves_the_hand_ready_names_its_waits_and_their_live_copies() -> None:
    game, obs = None, None
    for seed in range(40):  # a seeded hand where a discard leaves a ready hand (听)
        game, obs = first_ready(seed)
        if obs is not None:
            break
    assert game is not None and obs is not None
    card = next(k for k in range(20) if obs.hand[k] and waits_after(obs, drop(obs.hand, k)))
    ready = waits_after(obs, drop(obs.hand, card))
    # The engine's own 听 list agrees once the card is gone.
    live = sum(unseen_counts(obs)[k] for k in ready)
    choices = [Choice(Discard(card), 2.0, 320), Choice(Pass(), 0.5, 320)]
    cards = "".join(glyph(k) for k in ready)
    assert f"听{cards}，还有{live}张活牌" in expert_reason(obs, choices, tr, "zh")
    assert f"waits on {cards}: {live} live copies" in expert_reason(obs, choices, tr, "en")
    game.apply(obs.seat, Discard(card))
    assert {w.card for w in waits(game, obs.seat)} >= set(ready) or game.result is not None


def drop(hand: tuple[int, ...], card: int) -> list[int]:
    rest = list(hand)
    rest[card] -= 1
    return rest


def first_ready(seed: int) -> tuple[Game, Observation | None]:
    game = Game(get_rules("guilin"), seed=seed, dealer=0)
    bots = [make_bot("casual", bot_seed(seed, s)) for s in range(3)]
    while game.to_act is not None:
        s = game.to_act
        obs = observe(game, s)
        if obs.decision == "discard" and any(obs.hand[k] and waits_after(obs, drop(obs.hand, k)) for k in range(20)):
            return game, obs
        game.apply(s, bots[s].choose(obs, game.legal_actions(s)))
    return game, None


def test_a_win_is_its_own_reason_and_a_lead_is_never_negative() -> None:
    _game, obs = first_discard("hint-known", 0)
    choices = [Choice(Hu(), 3.0, 40), Choice(Pass(), 3.5, 40)]
    assert expert_reason(obs, choices, tr, "en") == "it wins"  # no "-0.5 more than pass"
    assert expert_reason(obs, choices, tr, "zh") == "够胡"
