"""State the engine keeps between decisions (issue 13 speed work) equals a fresh reading after every step.

The game keeps each seat's meld facts (updated when it makes or upgrades a meld), each seat's loose-card reach (kept
with the hand list it was made for, forgotten where the engine changes the hand), each seat's hand size (updated
where cards move) and each seat's melds as seen by itself and by the others (made when a meld is made), the seat to
act (set with the pending decision, by the engine or through Game.resume_decision), and it keeps piles and
kinds as immutable values that observe shows as they are. Seeded random hands of both games (Bohu with 2, 3 and 4
seated) check, after every action, that whatever is kept and still valid is what a fresh computation gives (every
seat's observation shows what a fresh reading of the hands, melds, piles and kinds gives); so do the worlds the
strong bot builds through the engine's public constructor (Game.from_state on HandState.from_parts).
"""

from __future__ import annotations

import random

import pytest

from zipai_desktop.bots import make_bot
from zipai_desktop.bots.world import determinize
from zipai_desktop.engine.cards import HIDDEN
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.hand_state import HandState, views_match
from zipai_desktop.engine.melds import Meld
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.engine.win import meld_facts
from zipai_desktop.engine.win.reach import completing_cards

from .win.test_reach import plain_chi


def _check_kept(game: Game) -> None:
    """Assert everything the game keeps matches a fresh computation from its hands, melds, piles and sets."""
    assert game.sizes == [sum(hand) for hand in game.hands]  # the hand sizes kept as cards move
    assert views_match(game.state) == []  # (the hand state's own reading of its views)
    assert game.to_act == (None if game.pending is None else game.pending.seat)  # kept beside the pending decision
    # The pending decision is kept as its parts (seat, kind, actions, win): the Pending made from them is made once
    # while they stay, and says what legal_actions and the seat's observation say.
    pending = game.pending
    if pending is not None:
        assert game.pending is pending
        assert (pending.win is not None) == (pending.kind in ("hu", "hu_drawer", "hu_dead"))
        assert game.legal_actions(pending.seat) == list(pending.actions)
        seen = observe(game, pending.seat)
        assert (seen.to_act, seen.decision, seen.legal) == (True, pending.kind, tuple(pending.actions))
        assert all(not observe(game, s).to_act for s in game.active if s != pending.seat)
    for seat in game.active:
        melds = game.melds[seat]
        assert game.state.facts[seat] == meld_facts(melds), (seat, melds)  # kept as melds are made
        assert game.meld_facts(seat) == meld_facts(melds)
        # (the quads, 龙 held included, counted on bytes only when a 龙 is held)
        assert game.quads(seat) == meld_facts(melds)[1] + game.hands[seat].count(4)
        assert game.melds_own[seat] == tuple(melds)
        # (the hand it was made for, the reach mask, -1 where the test cannot tell, and the kinds a 吃 may take)
        reach = game.state.reach[seat]
        if reach[0] is game.hands[seat]:
            expected = completing_cards(bytes(game.hands[seat]), game.table.erqishi)
            assert reach[1] == (-1 if expected is None else expected)
            assert reach[2] == plain_chi(game.hands[seat], game.table.erqishi)
        # What observe shows from the game's kept state (hand sizes, melds as shown, piles and kinds kept as
        # immutable values) is what a fresh reading of the hands, meld lists, piles and sets gives.
        seen = observe(game, seat)
        assert seen.rules == game.rules.name  # (kept by the game as it is made)
        assert seen.hand_sizes == tuple(sum(hand) for hand in game.hands)
        assert seen.melds == tuple(
            tuple(m if s == seat or m.face_down < len(m.cards) else Meld(m.kind, (HIDDEN,) * len(m.cards)) for m in ms)
            for s, ms in enumerate(game.melds)
        )
        assert seen.piles == tuple(tuple(pile) for pile in game.piles)
        assert seen.discarded == tuple(frozenset(kinds) for kinds in game.discarded)
        # (the tuples the observations show, kept by the game where the lists change)
        assert game.state.piles_view == tuple(game.piles) and game.state.discarded_view == tuple(game.discarded)
        assert game.state.shown_view == tuple(game.melds_shown)
        assert (seen.chou, seen.peng_ban) == (frozenset(game.chou[seat]), frozenset(game.peng_ban[seat]))


@pytest.mark.parametrize(
    ("name", "players", "hands"), [("guilin", 3, 120), ("bohu", 3, 80), ("bohu", 2, 50), ("bohu", 4, 50)]
)
def test_kept_state_equals_a_fresh_reading_after_every_step(name: str, players: int, hands: int) -> None:
    rules = get_rules(name)
    melds_made = 0
    for i in range(hands):
        game = Game(rules, seed=f"kept:{i}", dealer=i % players, players=players)
        bots = [make_bot("random", f"kept:{i}:{s}") for s in range(players)]
        _check_kept(game)
        while game.to_act is not None:
            seat = game.to_act
            game.apply(seat, bots[seat].choose(observe(game, seat), game.legal_actions(seat)))
            _check_kept(game)
        melds_made += sum(len(m) for m in game.melds)
    assert melds_made > 5 * hands  # the hands made melds, so the kept facts and views were updated


@pytest.mark.parametrize("name", ["guilin", "bohu"])
def test_kept_state_of_a_world_built_from_outside_equals_a_fresh_reading(name: str) -> None:
    """A world (bots/world.py) is made from an observation through the public constructor (Game.from_state on
    HandState.from_parts): what it keeps is right."""
    rules = get_rules(name)
    checked = 0
    for i in range(12):
        game = Game(rules, seed=f"world:{i}", dealer=i % 3)
        bots = [make_bot("random", f"world:{i}:{s}") for s in range(3)]
        while game.to_act is not None:
            seat = game.to_act
            obs = observe(game, seat)
            if len(game.history) % 7 == 3:
                _check_kept(determinize(obs, random.Random(len(game.history))))
                checked += 1
            game.apply(seat, bots[seat].choose(obs, game.legal_actions(seat)))
    assert checked > 30


def test_the_seat_to_act_follows_a_decision_resumed_from_outside() -> None:
    """Code outside the engine (a world) puts a game at a decision with Game.resume_decision; the seat to act, the
    pending decision, the legal actions and the observation follow it."""
    game = Game(get_rules("guilin"), seed=5)
    pending = game.pending
    assert pending is not None and game.to_act == pending.seat
    seat = (pending.seat + 1) % 3
    game.resume_decision(seat, "discard", list(pending.actions))
    assert game.to_act == seat and game.legal_actions(pending.seat) == []
    assert game.pending is not None and game.pending.seat == seat and game.pending.kind == "discard"
    # An observation shows the offered actions as a tuple (the game keeps them so, whatever it was given); the seats
    # that play are a tuple.
    seen = observe(game, seat)
    assert type(seen.legal) is tuple and seen.legal == tuple(pending.actions)
    assert type(seen.active) is tuple and seen.active == (0, 1, 2)
    assert game.legal_actions(seat) == list(pending.actions)
    assert game.pending is game.pending and game.pending.actions == seen.legal


def test_the_shared_melds_and_deal_events_are_the_values_they_stand_for() -> None:
    """The engine shares melds (one per kind and cards) and the deal's HandStarted, as values: after
    seeded hands of both games, every entry is the value made afresh, of exactly that class."""
    from zipai_desktop.engine import dealing, hand_state
    from zipai_desktop.engine import events as ev
    from zipai_desktop.engine import game as game_module
    from zipai_desktop.engine.melds import MeldKind

    for name, players in [("guilin", 3), ("bohu", 3), ("bohu", 4)]:
        for i in range(40):
            game = Game(get_rules(name), seed=i, dealer=i % players, players=players)
            bots = [make_bot("random", f"shared:{i}:{s}") for s in range(players)]
            while game.to_act is not None:
                seat = game.to_act
                game.apply(seat, bots[seat].choose(observe(game, seat), game.legal_actions(seat)))
    kinds = {kind for kind, _ in hand_state._MELDS}
    assert {MeldKind.SAO, MeldKind.WEI, MeldKind.LONG} <= kinds  # (the hands made such melds)
    for (kind, cards), meld in hand_state._MELDS.items():
        assert meld == Meld(kind, cards) and type(meld) is Meld
    for card, meld in enumerate(game_module._PENG_MELDS):
        assert meld == Meld(MeldKind.PENG, (card,) * 3) and type(meld) is Meld
    assert dealing._STARTED
    for key, started in dealing._STARTED.items():
        assert started == ev.HandStarted(*key) and type(started) is ev.HandStarted


@pytest.mark.parametrize("name", ["guilin", "bohu"])
def test_the_held_count_table_is_the_rule(name: str) -> None:
    """The engine reads §7.9's held-count rule at every take from a table by quads, made once per options: it is
    what the rules' held_target says for every count of quads a seat can have."""
    rules = get_rules(name)
    game = Game(rules, seed=3)
    assert len(game._held_target) == 21
    assert list(game._held_target) == [rules.held_target(quads) for quads in range(21)]


@pytest.mark.parametrize(("name", "players"), [("guilin", 3), ("bohu", 3), ("bohu", 4), ("bohu", 2)])
def test_the_cards_short_after_the_deal_and_the_dealers_first_turn_follow_the_rule(name: str, players: int) -> None:
    """After the deal (read from the kept meld facts and held-count table), each seat's shortfall is what the rules'
    held_target gives for its quads less what it holds, and the dealer discards first exactly when it holds more than
    its target: 1,500 seeded deals of each table size, the state right after the rules' deal read the plain way."""
    from zipai_desktop.engine.cards import full_deck
    from zipai_desktop.engine.deck import shuffle_v1

    rules = get_rules(name)
    short_seen = dealer_first = 0
    for seed in range(1500):
        dealer = seed % players
        deck = full_deck()
        shuffle_v1(deck, seed)
        options = rules.parse_options({})
        state = HandState(players, rules.win_table_for(options).erqishi, deck)
        dealt = Game.from_state(rules, options, state, seed=seed, dealer=dealer, players=players)
        rules.deal(dealt)  # (the deal alone: no shortfall marked, no win at the deal, no first turn)
        short = [0] * players
        for s in dealt.active:
            short[s] = max(0, rules.held_target(dealt.quads(s)) - dealt.held(s))
        discards_first = dealt.held(dealer) > rules.held_target(dealt.quads(dealer))
        game = Game(rules, seed=seed, dealer=dealer, players=players)
        assert game.short == short
        short_seen += any(short)
        if game.to_act is None:  # (a win at the deal)
            continue
        assert (game.flips == 0) == discards_first
        if discards_first:
            assert game.pending_kind == "discard" and game.to_act == dealer
            dealer_first += 1
    assert dealer_first > 1000
    assert name == "guilin" or short_seen > 0


def test_a_game_made_without_options_plays_the_rules_default_options() -> None:
    """Game keeps each rules object's default options (one parse_options({}) per rules object): a game made without
    options has what its rules parse from no options, whichever rules were asked before."""
    for name in ["guilin", "bohu", "guilin", "bohu"]:
        rules = get_rules(name)
        for seed in range(3):
            options = Game(rules, seed=seed).options
            assert type(options) is type(rules.parse_options({})) and options == rules.parse_options({})
