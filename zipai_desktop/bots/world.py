"""Determinization: a complete game state consistent with what one seat has seen, for the strong bot's simulations.

Everything visible is copied from the observation; the unseen cards (other hands, the wall, the kinds of face-down
melds) are dealt at random from the unseen multiset, keeping every known size. Samples that contradict a forced rule
(an opponent holding three of a kind whose fourth copy is on the table would have had to 开舵 / 跑) are redrawn.
The result is a private :class:`Game` for simulation only; the real game is never touched.
"""

from __future__ import annotations

import random

from ..engine.cards import COPIES, HIDDEN, NUM_KINDS
from ..engine.game import Game, Pending, Phase, Stage, Window
from ..engine.melds import Meld
from ..engine.observation import Observation, seen_counts
from ..engine.rules import get_rules
from ..engine.win import Source


def determinize(obs: Observation, rng: random.Random, tries: int = 20) -> Game:
    """A game state the observing seat cannot tell from the real one, waiting for the same decision."""
    rules = get_rules(obs.rules)
    seen = seen_counts(obs)
    public = seen_counts(obs, own_hand=False, offer=False)  # a 坎 holder would have had to take the fourth
    pool = [k for k in range(NUM_KINDS) for _ in range(max(0, COPIES - seen[k]))]
    hidden_melds = [(s, i, m) for s in range(obs.players) for i, m in enumerate(obs.melds[s]) if m.cards[0] == HIDDEN]
    game: Game | None = None
    for attempt in range(tries):
        rng.shuffle(pool)
        game = _build(obs, rules, list(pool), hidden_melds, rng)
        if game is not None and (attempt == tries - 1 or _plausible(game, obs, public)):
            break
    if game is None:  # pragma: no cover - only when face-down melds cannot be placed at all
        game = _build(obs, rules, list(pool), [], rng)
        assert game is not None
    return game


def _plausible(game: Game, obs: Observation, public: list[int]) -> bool:
    for seat in obs.active:
        if seat == obs.seat:
            continue
        hand = game.hands[seat]
        for k in range(NUM_KINDS):
            if hand[k] >= 3 and public[k] > 0:
                return False
    return True


def _build(
    obs: Observation,
    rules: object,
    pool: list[int],
    hidden_melds: list[tuple[int, int, Meld]],
    rng: random.Random,
) -> Game | None:
    game = Game.__new__(Game)
    Game._init_state(game, rules, obs.options, "world", obs.dealer, obs.players)  # type: ignore[arg-type]
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
    game.melds = melds
    game.hands[obs.seat] = list(obs.hand)
    for seat in obs.active:
        if seat == obs.seat:
            continue
        size = obs.hand_sizes[seat]
        hand = [0] * NUM_KINDS
        for k in pool[:size]:
            hand[k] += 1
        del pool[:size]
        game.hands[seat] = hand
    game.piles = list(obs.piles)  # tuples, as the game keeps them
    game.discarded = list(obs.discarded)  # frozen sets, as the game keeps them
    no_kinds: frozenset[int] = frozenset()
    game.chou = [d if getattr(game.procedure, "own_discard_ban", True) else no_kinds for d in obs.discarded]
    game.chou[obs.seat] = obs.chou
    game.peng_ban[obs.seat] = obs.peng_ban
    game.dang_di = obs.dang_di
    game.flips = obs.flips
    game.opening_done = obs.opening_done
    game.wall = pool[: obs.wall]
    game.removed = pool[obs.wall :]
    game.mark_short()
    _resume(game, obs)
    return game


def _resume(game: Game, obs: Observation) -> None:
    """Put the copy at the observing seat's decision, with the same legal actions."""
    seat = obs.seat
    legal = list(obs.legal)
    if obs.decision == "discard":
        game.phase = Phase.DISCARD
        game.pending = Pending(seat, "discard", legal)
        return
    if obs.decision in ("hu_drawer", "hu_dead"):
        game.phase = Phase.CLAIM
        if obs.decision == "hu_dead":
            game.dead_card = obs.offer
        win = game._win_check(seat, obs.offer if obs.decision == "hu_dead" else None, Source.OWN_DRAW, seat, False)
        game.pending = Pending(seat, obs.decision, legal, win=win)
        return
    assert obs.offer is not None and obs.offer_owner is not None
    card, owner, flip = obs.offer, obs.offer_owner, obs.offer_is_flip
    order = game.order_from(owner)
    chi_queue = game.chi_queue(owner, flip)
    if obs.decision == "hu":
        queue, stage = order[order.index(seat) + 1 :], Stage.HU
    elif obs.decision == "peng":
        queue, stage = chi_queue, Stage.CHI  # after the 碰 offer come the 吃 offers
    else:
        queue, stage = chi_queue[chi_queue.index(seat) + 1 :], Stage.CHI
    game.window = Window(card, owner, flip, False, stage, queue)
    game.phase = Phase.CLAIM
    win = None
    if obs.decision == "hu":
        source = Source.OWN_DRAW if (flip and seat == owner) else (Source.OTHER_DRAW if flip else Source.DISCARD)
        win = game._win_check(seat, card, source, owner, False)
    game.pending = Pending(seat, obs.decision or "discard", legal, win=win)
