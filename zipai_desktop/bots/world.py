"""Determinization: a complete game state consistent with what one seat has seen, for the strong bot's simulations.

Everything visible is copied from the observation; the unseen cards (other hands, the wall, the kinds of face-down
melds) are dealt at random from the unseen multiset, keeping every known size. Samples that contradict a forced rule
(an opponent holding three of a kind whose fourth copy is on the table would have had to 开舵 / 跑) are redrawn.
The result is a private :class:`Game` for simulation only, made through the engine's public constructor
(:meth:`Game.from_state` on a :meth:`HandState.from_parts`) and put at the seat's decision by
:meth:`Game.resume_decision`; the real game is never touched.
"""

from __future__ import annotations

import random

from ..engine.cards import COPIES, HIDDEN, NUM_KINDS
from ..engine.game import Game
from ..engine.hand_state import HandState
from ..engine.melds import Meld
from ..engine.observation import Observation, seen_counts
from ..engine.rules import get_rules
from ..engine.rules.base import RuleSet


def determinize(obs: Observation, rng: random.Random, tries: int = 20, *, belief: bool = False) -> Game:
    """A game state the observing seat cannot tell from the real one, waiting for the same decision.

    With ``belief``, the deal also respects what the opponents' play tells (see :func:`unpaired_kinds`): no opponent
    is dealt a pair of a kind that lies untaken in a pile, which they would have had to 扫 or would have 碰'd.
    """
    rules = get_rules(obs.rules)
    seen = seen_counts(obs)
    public = seen_counts(obs, own_hand=False, offer=False)  # a 坎 holder would have had to take the fourth
    pool = [k for k in range(NUM_KINDS) for _ in range(max(0, COPIES - seen[k]))]
    hidden_melds = [(s, i, m) for s in range(obs.players) for i, m in enumerate(obs.melds[s]) if m.cards[0] == HIDDEN]
    game: Game | None = None
    unpaired = unpaired_kinds(obs) if belief else frozenset()
    for attempt in range(tries):
        rng.shuffle(pool)
        game = _build(obs, rules, list(pool), hidden_melds, rng, unpaired)
        if game is not None and (attempt == tries - 1 or _plausible(game, obs, public)):
            break
    if game is None:  # pragma: no cover - only when face-down melds cannot be placed at all
        game = _build(obs, rules, list(pool), [], rng)
        assert game is not None
    return game


def unpaired_kinds(obs: Observation) -> frozenset[int]:
    """Kinds no opponent is likely to hold a pair of: those lying untaken in a pile (a discard or a flip nobody
    took). The concealed hand never grows, so a pair held now was held when that card was offered: the player who
    turned it would have had to 扫 it (forced), the one who discarded it cannot have kept two (a 坎 is never
    discarded), and the others would have been offered the 碰, which is seldom declined."""
    return frozenset(k for pile in obs.piles for k in pile if 0 <= k < NUM_KINDS)


def _repair_pairs(
    hands: list[list[int]], seats: list[int], rest: list[int], unpaired: frozenset[int], rng: random.Random
) -> None:
    """Swap one card of each pair of an ``unpaired`` kind in the opponents' ``hands`` with a card that makes no new
    such pair (nor a 坎): one of ``rest`` (the wall and the removed cards) where one fits, else one of another
    opponent's hand (late in a hand the wall is short). The multiset dealt, and each hand's size, are unchanged."""

    def fits(hand: list[int], kind: int) -> bool:  # ``hand`` may take a card of ``kind``
        return hand[kind] < 2 and not (kind in unpaired and hand[kind] == 1)

    for seat in seats:
        hand = hands[seat]
        for k in sorted(unpaired):
            if hand[k] != 2:
                continue
            start = rng.randrange(len(rest)) if rest else 0
            for j in range(len(rest)):
                i = (start + j) % len(rest)
                other = rest[i]
                if other != k and fits(hand, other):
                    hand[k] -= 1
                    hand[other] += 1
                    rest[i] = k
                    break
            else:
                for giver in seats:
                    given = hands[giver]
                    if giver == seat or not fits(given, k):
                        continue
                    kinds = [o for o in range(NUM_KINDS) if given[o] and o != k and given[o] < 3 and fits(hand, o)]
                    if kinds:
                        other = kinds[rng.randrange(len(kinds))]
                        hand[k] -= 1
                        hand[other] += 1
                        given[other] -= 1
                        given[k] += 1
                        break


def _plausible(game: Game, obs: Observation, public: list[int]) -> bool:
    for seat in obs.active:
        if seat == obs.seat:
            continue
        hand = game.hands[seat]
        for k in range(NUM_KINDS):
            if hand[k] >= 3 and public[k] > 0:
                return False
    return True


# What a world reads of the rules' options (the table's 二七十 rule, §7.4's own-discard ban), per options object:
# the options are frozen and shared by every observation of a game, and a world is made many times per decision.
_OPTIONS_READ: dict[tuple[int, int], tuple[object, bool, bool]] = {}


def _read_options(rules: RuleSet, options: object) -> tuple[bool, bool]:
    key = (id(rules), id(options))
    read = _OPTIONS_READ.get(key)
    if read is None or read[0] is not options:
        if len(_OPTIONS_READ) >= 64:
            _OPTIONS_READ.clear()
        table, procedure = rules.win_table_for(options), rules.procedure(options)
        read = _OPTIONS_READ[key] = (options, table.erqishi, procedure.own_discard_ban)
    return read[1], read[2]


def _build(
    obs: Observation,
    rules: RuleSet,
    pool: list[int],
    hidden_melds: list[tuple[int, int, Meld]],
    rng: random.Random,
    unpaired: frozenset[int] = frozenset(),
) -> Game | None:
    counts = [0] * NUM_KINDS
    for k in pool:
        counts[k] += 1
    melds = [list(ms) for ms in obs.melds]
    for seat, index, meld in hidden_melds:
        size = len(meld.cards)
        choices = [k for k in range(NUM_KINDS) if counts[k] >= size]
        if not choices:
            return None
        k = rng.choice(choices)
        counts[k] -= size
        for _ in range(size):
            pool.remove(k)
        melds[seat][index] = Meld(meld.kind, (k,) * size)
    hands = [[0] * NUM_KINDS for _ in range(obs.players)]
    hands[obs.seat] = list(obs.hand)
    for seat in obs.active:
        if seat == obs.seat:
            continue
        size = obs.hand_sizes[seat]
        hand = hands[seat]
        for k in pool[:size]:
            hand[k] += 1
        del pool[:size]
    if unpaired and pool:
        _repair_pairs(hands, [s for s in obs.active if s != obs.seat], pool, unpaired, rng)
    erqishi, own_discard_ban = _read_options(rules, obs.options)
    chou = [d if own_discard_ban else frozenset() for d in obs.discarded]
    chou[obs.seat] = obs.chou
    peng_ban = [frozenset() if s != obs.seat else obs.peng_ban for s in range(obs.players)]
    state = HandState.from_parts(
        obs.players,
        erqishi,
        hands=hands,
        melds=melds,
        piles=obs.piles,
        discarded=obs.discarded,
        chou=chou,
        peng_ban=peng_ban,
        wall=pool[: obs.wall],
        removed=pool[obs.wall :],
    )
    game = Game.from_state(
        rules,
        obs.options,
        state,
        seed="world",
        dealer=obs.dealer,
        players=obs.players,
        flips=obs.flips,
        opening_done=obs.opening_done,
        dang_di=obs.dang_di,
    )
    # At the observing seat's decision, with the same legal actions.
    game.resume_decision(
        obs.seat, obs.decision or "discard", obs.legal, card=obs.offer, owner=obs.offer_owner, flip=obs.offer_is_flip
    )
    return game
