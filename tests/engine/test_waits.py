"""The 听 helper's answer (engine.waits) against the engine's own 胡 offers, on thousands of random positions.

Before every flip and every discard of seeded random play, each seat's waits for that card and source are read; then
the same arrival is played by the engine itself (on a fork whose wall ends with that card, every 胡 offer passed so
each seat in the queue is asked) and the seats it offers 胡 must be exactly the seats whose waits list the card, with
the same value. Hands are rigged one card short of a win so that wins are common.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from zipai_desktop.engine.actions import Action, Chi, Hu, Pass, Peng
from zipai_desktop.engine.cards import NUM_KINDS, full_deck
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.melds import chi_groups_with
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.engine.waits import HU_KINDS, Wait, _value, waits
from zipai_desktop.engine.win import Source

GROUPS = sorted({g for k in range(NUM_KINDS) for g in chi_groups_with(k)})


def complete_hand(rng: random.Random, groups: int, pair: bool, kans: int = 3) -> list[int]:
    """``groups`` groups, of which ``kans`` are 坎 (the first two of big cards), and a pair if asked; no kind more
    than twice outside a 坎."""
    while True:
        counts = [0] * NUM_KINDS
        held = set()
        for i in range(groups):
            if i < kans:
                k = rng.randrange(10, NUM_KINDS) if i < 2 else rng.randrange(NUM_KINDS)
                counts[k] += 3
                held.add(k)
            else:
                for k in rng.choice(GROUPS):
                    counts[k] += 1
        if pair:
            counts[rng.randrange(NUM_KINDS)] += 2
        if all(c <= 2 or (k in held and c == 3) for k, c in enumerate(counts)):
            return counts


class Probe(Game):
    """A game that, before each flip and discard, compares the waits with the engine's offers on that card."""

    checking = False
    asked: list[int] | None = None  # on a fork: the seats the arbiter put the 胡 question to

    def _win_check(self, seat: int, card: int | None, source: Source, from_seat: int, opening: bool) -> Any:
        if self.asked is not None:
            self.asked.append(seat)
        return super()._win_check(seat, card, source, from_seat, opening)

    def _flip(self, seat: int) -> None:
        if self.checking and not self.is_fork and self.wall:
            listed = {s: waits(self, s) for s in self.active}
            out = [sum(h[k] for h in self.hands) for k in range(NUM_KINDS)]
            for seat_melds in self.melds:
                for m in seat_melds:
                    for k in m.cards:
                        out[k] += 1
            for pile in self.piles:
                for k in pile:
                    out[k] += 1
            # The card on top of the wall, and every other kind it might have been (a copy not yet seen anywhere).
            for card in (k for k in range(NUM_KINDS) if out[k] < 4):
                wanted = {
                    s: [
                        w
                        for w in ws
                        if w.card == card and w.source is (Source.OWN_DRAW if s == seat else Source.OTHER_DRAW)
                    ]
                    for s, ws in listed.items()
                }
                compare(self, wanted, lambda g: g.resume_flip(seat), wall=[card])
        super()._flip(seat)

    def _discard(self, seat: int, card: int) -> None:
        if self.checking and not self.is_fork:
            wanted = {
                s: [w for w in waits(self, s) if w.card == card and w.source is Source.DISCARD]
                for s in self.active
                if s != seat
            }
            compare(self, wanted, lambda g: g._discard(seat, card), wall=[])
        super()._discard(seat, card)


STATS = {"positions": 0, "offers": 0}


def compare(game: Game, wanted: dict[int, list[Wait]], start: Any, *, wall: list[int]) -> None:
    fork = game.fork()
    assert isinstance(fork, Probe)
    fork.state.set_wall(wall)  # nothing after this card: every 胡 question below is about it
    fork.asked = []
    start(fork)
    offered: dict[int, tuple[int, int]] = {}
    while fork.pending is not None and fork.pending.kind in HU_KINDS:
        pending = fork.pending
        assert pending.win is not None
        value = _value(fork, pending.seat, pending.win)
        offered[pending.seat] = (value[0], value[1])
        if Pass() not in pending.actions or pending.kind != "hu":
            break  # compulsory 胡, or the drawer's own offer: nobody else is asked about this card
        fork.apply(pending.seat, Pass())
    for seat, ws in wanted.items():
        assert len(ws) <= 1, ws
        STATS["positions"] += 1
        if seat in fork.asked:
            shown = (ws[0].hu, ws[0].score) if ws else None
            assert offered.get(seat) == shown, (seat, offered, ws, game.hands[seat], game.melds[seat])
            STATS["offers"] += seat in offered
        elif game.hu_locked[seat]:
            assert not ws, "a seat locked by 过胡 is never offered 胡 on another's card"
        else:
            assert seat not in offered


def rigged(rules_name: str, options: dict[str, Any], seed: int, players: int) -> Probe:
    """A dealt game whose non-dealers hold a hand one card short of a win; the dealer's hand and the wall are dealt
    again from the rest of the deck (no kind four times in the dealer's hand, as the deal would have melded it)."""
    rules = get_rules(rules_name)
    game = Probe(rules, rules.parse_options(options), seed=seed, players=players)
    rng = random.Random(seed)
    groups, pair = (7, False) if rules_name == "guilin" else (6, True)
    rigged_seats = [s for s in game.active if s != game.dealer and not game.melds[s]]
    while True:
        hands: dict[int, list[int]] = {}
        for seat in rigged_seats:
            hand = complete_hand(rng, groups, pair, kans=3)  # two big 坎 and one more: 15 胡 at least
            gone = rng.choice([k for k in range(NUM_KINDS) if 0 < hand[k] < 3])
            hand[gone] -= 1
            hands[seat] = hand
        used = [sum(h[k] for h in hands.values()) for k in range(NUM_KINDS)]
        for seat in game.active:  # cards that stay where they are: melds, the hands not rigged, cards out of play
            for m in game.melds[seat]:
                for k in m.cards:
                    used[k] += 1
            if seat not in hands and seat != game.dealer:
                used = [u + c for u, c in zip(used, game.hands[seat], strict=True)]
        for k in game.removed:
            used[k] += 1
        if any(u > 4 for u in used):
            continue
        deck = [k for k in full_deck()]
        for k, n in enumerate(used):
            for _ in range(n):
                deck.remove(k)
        rng.shuffle(deck)
        size = sum(game.hands[game.dealer])
        dealer = [0] * NUM_KINDS
        for k in deck[:size]:
            dealer[k] += 1
        if max(dealer) < 4:
            break
    # (through the hand state's what-if writers, which keep the hand sizes and the kept reach in step)
    game.state.set_hand(game.dealer, dealer)
    for seat, hand in hands.items():
        game.state.set_hand(seat, hand)
    game.state.set_wall(deck[size : size + len(game.wall)])
    if game.pending is not None and game.pending.kind == "discard":
        game.resume_discard(game.pending.seat)  # the discards on offer come from the new hand
    return game


def choose(legal: list[Action], rng: random.Random) -> Action:
    """Random play that keeps the hand going: 胡 taken one time in four, 碰 / 吃 often."""
    if any(isinstance(a, Hu) for a in legal) and (rng.random() < 0.25 or Pass() not in legal):
        return Hu()
    takes = [a for a in legal if isinstance(a, Peng | Chi)]
    if takes and rng.random() < 0.5:
        return rng.choice(takes)
    rest = [a for a in legal if not isinstance(a, Hu)] or legal
    return rng.choice(rest)


CASES = [
    ("guilin", 3, {}),
    ("guilin", 3, {"min_hu": 15, "guo_hu": True}),
    ("guilin", 3, {"hu_compulsory": "discard"}),
    ("bohu", 3, {}),
    ("bohu", 2, {"dihu": "first_draw", "first_card_tianhu": True, "bonus_ten": True}),
    ("bohu", 4, {"min_huxi": 15, "guo_hu": True, "chi_next_on_draw": True}),
]


@pytest.mark.parametrize(("rules_name", "players", "options"), CASES)
def test_the_waits_are_exactly_the_engines_offers(rules_name: str, players: int, options: dict[str, Any]) -> None:
    STATS.update(positions=0, offers=0)
    for seed in range(10):
        game = rigged(rules_name, options, seed, players)
        if game.result is not None:
            continue
        game.checking = True
        rng = random.Random(seed)
        while game.result is not None or game.to_act is not None:
            if game.result is not None:
                break
            seat = game.to_act
            assert seat is not None
            game.apply(seat, choose(game.legal_actions(seat), rng))
    # Thousands of (seat, card) questions in each case, and wins among them.
    assert STATS["positions"] >= 2000, STATS
    assert STATS["offers"] >= 30, STATS


def test_the_waits_never_list_a_card_below_the_minimum() -> None:
    """The old helper listed "贰:0": any card whose split existed, below 10 胡 or not."""
    for seed in range(30):
        game = rigged("guilin", {}, seed, 3)
        for seat in game.active:
            for w in waits(game, seat):
                assert w.hu >= game.options.min_hu and w.score >= 1


def test_a_seat_holding_a_long_asks_about_every_card() -> None:
    """The helper asks "what if I turned this card?" for every kind, even one whose four copies the seat holds (a 龙
    in hand): the what-if flip of a fifth copy is no forced meld, and the answer is simply no win."""
    from zipai_desktop.engine.cards import parse_card
    from zipai_desktop.engine.position import game_from_position

    hands = ["", "五五五五 一二三 六七八"]
    game = game_from_position(get_rules("guilin"), hands=hands, dealer=0, flipped=1, to_discard=0)
    five = parse_card("五")
    assert game.hands[1][five] == 4
    assert all(w.card != five or w.source is not Source.OWN_DRAW for w in waits(game, 1))
