"""The hand state (牌面, engine/hand_state.py): its writers keep every view in step, and its copy shares nothing.

Random sequences of writer calls (cards given and taken, discards, piles, 吃 / 碰 / quads placed and upgraded, kinds
banned, what-if hands and walls) are applied to a state; after each call every kept view (hand sizes, meld facts,
melds as each seat sees them, the tuples an observation shows, a kept reach still held) equals a fresh reading of the
hands, melds, piles and kinds, and a copy taken along the way is untouched by what happens to the original.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from zipai_desktop.engine.cards import NUM_KINDS, full_deck
from zipai_desktop.engine.hand_state import NO_REACH, HandState, views_match
from zipai_desktop.engine.melds import Meld, MeldKind, chi_groups_with

GROUPS = sorted({g for k in range(NUM_KINDS) for g in chi_groups_with(k)})
OWN = (MeldKind.SAO, MeldKind.GUO_SAO, MeldKind.WEI, MeldKind.CHOU_WEI)  # 扫 / 偎 kinds, some face down


def _fresh(players: int, rng: random.Random) -> HandState:
    deck = full_deck()
    rng.shuffle(deck)
    return HandState(players, rng.random() < 0.5, deck)


def _step(state: HandState, rng: random.Random) -> None:
    """One writer call the state allows now, chosen at random."""
    players = len(state.hands)
    seat = rng.randrange(players)
    hand = state.hands[seat]
    held = [k for k in range(NUM_KINDS) if hand[k]]
    choice = rng.randrange(12)
    if choice == 0 and len(state.wall) >= 3:
        state.give(seat, rng.randint(1, 3))
    elif choice == 1 and len(state.wall) >= 2 * players:
        state.deal(list(range(players)), 2)
    elif choice == 2 and held:
        state.discard(seat, rng.choice(held), rng.random() < 0.5)
    elif choice == 3 and state.wall:
        state.to_pile(seat, state.draw())
    elif choice == 4 and state.wall:
        state.add_to_hand(seat, state.draw())
    elif choice == 5:
        pairs = [k for k in held if hand[k] >= 2]
        if pairs:
            k = rng.choice(pairs)
            state.add_meld(seat, Meld(MeldKind.PENG, (k,) * 3), (k, k))
    elif choice == 6:
        triples = [k for k in held if hand[k] >= 3]
        if triples:
            k = rng.choice(triples)
            state.add_meld(seat, Meld(rng.choice(OWN), (k,) * 3), (k,) * 3)
    elif choice == 7 and state.melds[seat]:
        index = rng.randrange(len(state.melds[seat]))
        meld = state.melds[seat][index]
        if meld.kind is not MeldKind.CHI and len(meld.cards) == 3:
            quad = rng.choice((MeldKind.KAI_DUO, MeldKind.SAO_CHUAN, MeldKind.TI, MeldKind.PAO))
            state.replace_meld(seat, index, Meld(quad, (meld.cards[0],) * 4))
    elif choice == 8:
        # (the main group's first card is the card on offer; its other two come from the hand)
        groups = [g for g in GROUPS if all(hand[k] >= g[1:].count(k) for k in g[1:])]
        if groups:
            state.eat(seat, [rng.choice(groups)])
    elif choice == 9:
        (state.ban_chi if rng.random() < 0.5 else state.ban_peng)(seat, rng.randrange(NUM_KINDS))
    elif choice == 10:
        state.reach_of(seat)  # (a reach kept for the hand: forgotten at its next change)
    elif choice == 11 and rng.random() < 0.2:
        state.set_wall(state.wall[: rng.randrange(len(state.wall) + 1)])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_every_writer_keeps_every_view_in_step(seed: int, players: int) -> None:
    rng = random.Random(seed)
    state = _fresh(players, rng)
    copy = None
    before = None
    for step in range(120):
        _step(state, rng)
        assert views_match(state) == [], step
        assert all(c >= 0 for hand in state.hands for c in hand)
        for kept, hand in zip(state.reach, state.hands, strict=True):
            assert kept is NO_REACH or kept[0] is hand or kept[0] is not None
        if step == 40:
            copy = state.copy()
            before = (
                [list(h) for h in copy.hands],
                [list(m) for m in copy.melds],
                list(copy.piles),
                list(copy.wall),
                list(copy.chou),
            )
            assert views_match(copy) == []
    assert copy is not None and before is not None
    # The copy, taken at step 40, is untouched by the original's 80 steps after it.
    assert ([list(h) for h in copy.hands], [list(m) for m in copy.melds]) == (before[0], before[1])
    assert (list(copy.piles), list(copy.wall), list(copy.chou)) == (before[2], before[3], before[4])
    assert views_match(copy) == []


def test_a_state_from_parts_reads_every_view_from_them() -> None:
    """HandState.from_parts (a position, a world) gives the views a fresh reading gives, a seat beyond a part's end
    having none, and refuses a hand that is not a count vector."""
    hands = [[1] * NUM_KINDS, [0] * NUM_KINDS]
    melds = [[Meld(MeldKind.SAO, (3, 3, 3)), Meld(MeldKind.CHI, (0, 1, 2))]]
    state = HandState.from_parts(3, True, hands=hands, melds=melds, piles=[(4,), (5, 6)], discarded=[{4}], wall=[7, 8])
    assert views_match(state) == []
    assert state.sizes == [NUM_KINDS, 0, 0] and state.piles == [(4,), (5, 6), ()]
    assert state.melds_shown[0][0].cards != (3, 3, 3)  # a 扫 is face down to the others
    assert state.draw() == 8
    try:
        HandState.from_parts(2, False, hands=[[1, 2]])
    except ValueError as error:
        assert "counts" in str(error)
    else:
        raise AssertionError("a short hand was accepted")


def test_a_deep_copy_of_a_game_keeps_its_hands_the_states_and_draws_from_its_own_wall() -> None:
    """copy.deepcopy of a game (tests rescramble what a seat cannot see on one): the copy's hands are its own hand
    state's, its draw takes from its own wall, and the original is untouched."""
    import copy

    from zipai_desktop.engine.game import Game
    from zipai_desktop.engine.rules import get_rules

    game = Game(get_rules("bohu"), seed=4)
    other = copy.deepcopy(game)
    assert other.hands is other.state.hands and other.hands == game.hands and other.hands is not game.hands
    assert views_match(other.state) == []
    wall = list(game.wall)
    other.state.draw()
    assert game.wall == wall and other.wall == wall[:-1]
