"""The deal and the observation, made the fast way (issue 13), against the plain computation.

``Game.deal_hands`` gives every seat its cards inline (no ``give`` per seat, the cards sorted in place) and
``deal_face_up_to_dealer`` pops the dealer's face-up card itself; ``observe`` reads every field once straight into
the tuple. Here the same deals are made the plain way (``give`` for each seat from the dealer on, the top of the wall
first, the dealt cards sorted afresh) and every observation is built field by field from the game, and they must be
equal: the hands, sizes, wall, kept reach and events of thousands of seeded deals of both games (Bohu with 2, 3 and 4
seated, and the two-player removal), and the observation of every seat at every decision of seeded hands.
"""

from __future__ import annotations

from itertools import chain, repeat
from typing import Any

import pytest

from zipai_desktop.bots import make_bot
from zipai_desktop.engine import events as ev
from zipai_desktop.engine.cards import NUM_KINDS, full_deck
from zipai_desktop.engine.game import Game, _shuffle
from zipai_desktop.engine.observation import Observation, _seen_events, observe
from zipai_desktop.engine.rules import get_rules


def _fresh(name: str, options: Any, seed: int, dealer: int, players: int) -> Game:
    """A game with its state made and its wall shuffled, before any card is dealt."""
    game = Game.__new__(Game)
    game._init_state(get_rules(name), options, seed, dealer, players)
    deck = full_deck()
    _shuffle(deck, seed)
    game.wall = deck
    return game


def _plain_deal_hands(game: Game, size: int) -> None:
    """Game.deal_hands as a seat-by-seat give: the dealer's cards from the top of the wall first."""
    order = game.order_from(game.dealer)
    given = [game.give(seat, size) for seat in order]
    game.events.append(ev.HandStarted(game.rules.name, game.dealer, game.players, len(game.wall) - 1))
    for seat, dealt in zip(order, given, strict=True):
        hand = game.hands[seat]
        if sum(hand) == len(dealt):
            cards = tuple(sorted(dealt))
        else:
            cards = tuple(chain.from_iterable(map(repeat, range(NUM_KINDS), hand)))
        game.events.append(ev.Dealt(seat, cards, len(cards)))


def _plain_face_up(game: Game) -> None:
    (card,) = game.give(game.dealer, 1)
    game.dang_di = card
    game.events.append(ev.DangDi(game.dealer, card))


def _state(game: Game) -> tuple[Any, ...]:
    return (game.hands, game.sizes, game.wall, game._reach, game.events, game.dang_di, game.removed)


@pytest.mark.parametrize(
    ("name", "players", "raw"),
    [("guilin", 3, {}), ("bohu", 3, {}), ("bohu", 4, {}), ("bohu", 2, {}), ("bohu", 2, {"two_player_remove": True})],
)
def test_the_deal_gives_what_a_seat_by_seat_deal_gives(name: str, players: int, raw: dict[str, Any]) -> None:
    options = get_rules(name).parse_options(raw)
    size = get_rules(name).hand_size
    for seed in range(1500):
        dealer = seed % players
        fast, plain = (_fresh(name, options, seed, dealer, players) for _ in range(2))
        if raw:  # (Bohu's two-player removal comes first, as the rules' deal does it)
            fast.removed = [fast.wall.pop() for _ in range(20)]
            plain.removed = [plain.wall.pop() for _ in range(20)]
        for game in (fast, plain):
            game.hands[dealer][seed % NUM_KINDS] += seed % 2  # (now and then a card already held: shown with the dealt)
            game._reach = [(hand, 0) for hand in game.hands]  # (a reach kept for each hand: the deal forgets it)
        fast.deal_hands(size)
        _plain_deal_hands(plain, size)
        assert _state(fast) == _state(plain), seed
        fast.deal_face_up_to_dealer()
        _plain_face_up(plain)
        assert _state(fast) == _state(plain), seed
        assert all(type(e) is type(p) for e, p in zip(fast.events, plain.events, strict=True))


def test_a_deal_from_a_wall_too_short_is_refused() -> None:
    game = _fresh("guilin", get_rules("guilin").parse_options({}), 1, 0, 3)
    del game.wall[50:]
    with pytest.raises(IndexError):
        game.deal_hands(20)


def _plain_observe(game: Game, seat: int, with_events: bool) -> Observation:
    """What ``seat`` may see, field by field from the game (the melds as the others see them, its own as it does)."""
    pending = game.pending
    mine = pending is not None and pending.seat == seat
    window = game.window
    offer = window.card if window is not None else None
    if mine and pending is not None and pending.kind == "hu_dead":
        offer = game.dead_card
    melds = list(game.melds_shown)
    melds[seat] = game.melds_own[seat]
    return Observation(
        seat=seat,
        rules=game.rules.name,
        options=game.options,
        players=game.players,
        active=tuple(game.active),
        dealer=game.dealer,
        hand=tuple(game.hands[seat]),
        hand_sizes=tuple(sum(hand) for hand in game.hands),
        melds=tuple(melds),
        piles=tuple(game.piles),
        discarded=tuple(game.discarded),
        wall=len(game.wall),
        dang_di=game.dang_di,
        offer=offer,
        offer_owner=window.owner if window is not None else None,
        offer_is_flip=window.flip if window is not None else False,
        to_act=mine,
        decision=pending.kind if mine and pending is not None else None,
        legal=tuple(pending.actions) if mine and pending is not None else (),
        chou=game.chou[seat],
        peng_ban=game.peng_ban[seat],
        events=_seen_events(game, seat) if with_events else (),
        flips=game.flips,
        opening_done=game.opening_done,
        own_decisions=game.decisions[seat],
    )


@pytest.mark.parametrize(
    ("name", "players", "raw"),
    [("guilin", 3, {}), ("guilin", 3, {"hu_compulsory": "always"}), ("bohu", 3, {}), ("bohu", 4, {})],
)
def test_every_seat_sees_what_a_field_by_field_reading_shows(name: str, players: int, raw: dict[str, Any]) -> None:
    rules = get_rules(name)
    options = rules.parse_options(raw)
    seen = decisions = 0
    kinds: set[str] = set()
    for i in range(40):
        game = Game(rules, options, seed=i, dealer=i % players, players=players)
        bots = [make_bot("random", f"plain:{i}:{s}") for s in range(players)]
        while game.to_act is not None:
            for seat in range(players):
                with_events = (seen + seat) % 9 == 0
                got = observe(game, seat, with_events=with_events)
                assert got == _plain_observe(game, seat, with_events)
                assert type(got) is Observation and type(got.legal) is tuple and type(got.active) is tuple
                seen += 1
            seat = game.to_act
            kinds.add(game.pending.kind if game.pending is not None else "")
            decisions += 1
            game.apply(seat, bots[seat].choose(observe(game, seat), game.legal_actions(seat)))
        for seat in range(players):  # (and once the hand is over)
            assert observe(game, seat) == _plain_observe(game, seat, False)
    assert decisions > 800 and {"discard", "chi"} <= kinds
