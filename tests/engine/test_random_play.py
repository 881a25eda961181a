"""Seeded random play: thousands of hands with every invariant checked after every action.

Invariants: 80 cards conserved; the held-count rule (§7.9); points zero-sum; no illegal action accepted (and a refused
one changes nothing); record -> replay gives the same state; observations never show another seat's concealed cards.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zipai_desktop.engine.actions import Chi, Discard, Hu, Pass, Peng
from zipai_desktop.engine.cards import HIDDEN, NUM_KINDS
from zipai_desktop.engine.events import Dealt, ExtraCard, Flipped, Melded, Offered, Passed, redact
from zipai_desktop.engine.game import Game, IllegalAction
from zipai_desktop.engine.invariants import check_invariants
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.record import replay, to_record
from zipai_desktop.engine.rules import get_rules

from .notation import GUILIN, scrambled

BOHU = get_rules("bohu")

BOHU_OPTION_SETS = [
    {},
    {"min_huxi": 15, "chi_next_on_draw": True, "erqishi": False},
    {"bi": False, "chou": False, "peng_ban": False, "own_discard_ban": False, "guo_hu": True},
    {"peng_pao_on_discard": False, "short_player": "replacement", "fan_combination": "sum", "tier_all_hands": False},
    {"first_card_tianhu": True, "dihu": "first_draw", "bonus_rank": 6, "bonus_ten": True, "settlement": "losers_pay"},
    {"tianhu_tier": "raw", "sit_out": "fixed_fourth", "two_player_remove": True},
]

OPTION_SETS = [
    {},
    {"min_hu": 15, "hu_step": 3},
    {"zimo_bonus": "double", "special_bonus": "double", "xing": "up_mid_down", "xing_reflip": "cumulative"},
    {"two_long": "skip_discard", "wukan_counts_long": True, "guo_hu": True},
    {"hu_compulsory": "always"},
    {"hu_compulsory": "discard", "xing": "none"},
]


def illegal_attempts(game: Game, rng: random.Random) -> list[tuple[int, object]]:
    """A few actions that must be refused now: wrong seat, or an action that is not on offer."""
    seat = game.to_act
    assert seat is not None
    legal = game.legal_actions(seat)
    out: list[tuple[int, object]] = [((seat + 1) % game.players, legal[0])]
    for candidate in (Hu(), Pass(), Peng(), Discard(rng.randrange(NUM_KINDS)), Chi(((0, 1, 2),))):
        if candidate not in legal:
            out.append((seat, candidate))
    return out


def check_redaction(game: Game, seat: int) -> None:
    for event in game.events:
        seen = redact(event, seat)
        if seen is None:
            assert isinstance(event, Offered | Passed) and event.seat != seat
            continue
        if isinstance(seen, Dealt) and seen.seat != seat:
            assert seen.cards is None
        if isinstance(seen, ExtraCard) and seen.seat != seat:
            assert seen.card is None
        if isinstance(seen, Flipped) and seen.hidden and seen.seat != seat:
            assert seen.card is None
        if isinstance(seen, Melded) and seen.seat != seat and seen.meld.hidden_kind:
            assert set(seen.meld.cards) == {HIDDEN}


def play(hand_no: int, *, deep: bool, bohu: bool = False) -> Game:
    rng = random.Random(hand_no)
    if bohu:
        options = BOHU.parse_options(BOHU_OPTION_SETS[hand_no % len(BOHU_OPTION_SETS)])
        players = 2 + hand_no % 3
        dealer = hand_no % players
        if options.sit_out == "fixed_fourth" and players == 4:
            dealer = hand_no % 3
        game = Game(BOHU, options, seed=hand_no, dealer=dealer, players=players)
    else:
        options = GUILIN.parse_options(OPTION_SETS[hand_no % len(OPTION_SETS)])
        game = Game(GUILIN, options, seed=hand_no, dealer=hand_no % 3)
    assert check_invariants(game) == []
    while game.to_act is not None:
        seat = game.to_act
        legal = game.legal_actions(seat)
        if rng.random() < 0.1:
            before = game.snapshot()
            for who, action in illegal_attempts(game, rng):
                try:
                    game.apply(who, action)  # type: ignore[arg-type]
                except IllegalAction as exc:
                    assert str(exc)
                else:
                    raise AssertionError(f"illegal {action} by seat {who} was accepted")
            assert game.snapshot() == before
        if deep:
            mine = observe(game, seat)
            assert mine.legal == tuple(legal)
            for viewer in range(game.players):
                assert observe(scrambled(game, viewer, rng), viewer) == observe(game, viewer)
        game.apply(seat, rng.choice(legal))
        problems = check_invariants(game)
        assert not problems, (hand_no, problems)
    if deep:
        for viewer in range(game.players):
            check_redaction(game, viewer)
    return game


@pytest.mark.parametrize("bohu", [False, True], ids=["guilin", "bohu-2-3-4-seated"])
def test_seeded_random_play_5000_hands(bohu: bool) -> None:
    wins = draws = 0
    for hand_no in range(5000):
        game = play(hand_no, deep=hand_no % 50 == 0, bohu=bohu)
        assert game.result is not None
        if game.rules.zero_sum(game.options):
            assert sum(game.result.points) == 0
        elif game.result.winner is not None:
            assert game.result.points[game.result.winner] == game.result.score > 0
        if hand_no % 5 == 0:
            again = replay(to_record(game))
            assert again.snapshot() == game.snapshot()
            assert [e.to_json() for e in again.events] == [e.to_json() for e in game.events]
        if game.result.winner is None:
            draws += 1
        else:
            wins += 1
    # Random players do win sometimes and draw mostly: both branches of the hand's end were exercised.
    assert wins > 100 and draws > 1000, (wins, draws)


@settings(max_examples=60, deadline=None)
@given(
    rules_name=st.sampled_from(["guilin", "bohu"]),
    seed=st.integers(0, 2**31),
    choices=st.lists(st.integers(0, 1000), min_size=5, max_size=80),
    players=st.sampled_from([2, 3, 4]),
)
def test_any_sequence_of_legal_choices_keeps_every_invariant(
    rules_name: str, seed: int, choices: list[int], players: int
) -> None:
    rules = get_rules(rules_name)
    if rules_name == "guilin":
        players = 3
    game = Game(rules, seed=seed, dealer=seed % players, players=players)
    for pick in choices:
        if game.to_act is None:
            break
        seat = game.to_act
        legal = game.legal_actions(seat)
        game.apply(seat, legal[pick % len(legal)])
        assert check_invariants(game) == []
    assert replay(to_record(game)).snapshot() == game.snapshot()


def play_both_games(hands: int, seed: int) -> None:
    """Seeded hands of Guilin and Bohu in turn, every decision a seeded random choice among the legal actions."""
    for hand_no in range(hands):
        rules = GUILIN if hand_no % 2 else BOHU
        game = Game(rules, seed=seed + hand_no, dealer=hand_no % 3)
        rng = random.Random(hand_no)
        while game.to_act is not None:
            seat = game.to_act
            game.apply(seat, rng.choice(game.legal_actions(seat)))


def test_a_kind_with_a_copy_in_a_pile_a_chi_or_the_wall_is_never_a_forced_quad(monkeypatch: pytest.MonkeyPatch) -> None:
    """The forced-quad stage skips a card when one of its copies is in a pile, a 吃 meld or the wall, and the 碰
    stage skips it when two are in piles or 吃 melds (engine speed: told in the arbiter without a look at the seats):
    in seeded random play of both games, every time a window reaches those stages with the card so placed, the full
    search on a copy of the game finds no quad, and no seat holds a pair of the kind. And whenever a window reaches
    the 碰 stage at most one seat besides the owner holds a pair of the card (one copy is on offer): the stage reads
    the seats in any order (the owner's others) and offers the first pair it finds, so the order cannot change who is
    offered the 碰."""
    import dataclasses

    from zipai_desktop.engine.game import Stage

    original = Game._arbitrate
    skipped = skipped_peng = pairs = 0

    def checked(self: Game) -> bool:
        nonlocal skipped, skipped_peng, pairs
        w = self.window
        assert w is not None
        card = w.card
        if w.stage is not Stage.CHI:
            holders = [s for s in self.active if s != w.owner and self.hands[s][card] == 2]
            assert len(holders) <= 1, (w, holders)
            pairs += len(holders)
        if w.stage in (Stage.HU, Stage.QUAD) and not self.is_fork and (self.state.spent[card] or card in self.wall):
            probe = self.fork()  # a fork always searches
            probe.window = dataclasses.replace(w, queue=list(w.queue))
            assert not probe._forced_quad(probe.window)
            skipped += 1
        if w.stage is not Stage.CHI and not self.is_fork and self.state.spent[card] >= 2:
            assert all(self.hands[s][card] < 2 for s in self.active)
            skipped_peng += 1
        return original(self)

    monkeypatch.setattr(Game, "_arbitrate", checked)
    play_both_games(120, 0)
    assert skipped > 1000, skipped
    assert skipped_peng > 300, skipped_peng
    assert pairs > 100, pairs
