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
from zipai_desktop.engine.deck import shuffle_v1
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.hand_state import HandState
from zipai_desktop.engine.observation import Observation, _seen_events, observe
from zipai_desktop.engine.rules import get_rules


def _fresh(name: str, options: Any, seed: int, dealer: int, players: int, wall: int = 80) -> Game:
    """A game with its state made and its wall shuffled (its bottom ``wall`` cards), before any card is dealt."""
    rules = get_rules(name)
    deck = full_deck()
    shuffle_v1(deck, seed)
    state = HandState(players, rules.win_table_for(options).erqishi, deck[:wall])
    return Game.from_state(rules, options, state, seed=seed, dealer=dealer, players=players)


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
    return (game.hands, game.sizes, game.wall, game.state.reach, game.events, game.dang_di, game.removed)


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
            fast.remove_from_wall(20)
            plain.remove_from_wall(20)
        for game in (fast, plain):
            if seed % 2:  # (now and then a card already held: shown with the dealt)
                game.state.add_to_hand(dealer, seed % NUM_KINDS)
            for seat in range(players):  # (a reach kept for each hand: the deal forgets it)
                game.state.reach_of(seat)
        fast.deal_hands(size)
        _plain_deal_hands(plain, size)
        assert _state(fast) == _state(plain), seed
        fast.deal_face_up_to_dealer()
        _plain_face_up(plain)
        assert _state(fast) == _state(plain), seed
        assert all(type(e) is type(p) for e, p in zip(fast.events, plain.events, strict=True))


def test_a_deal_from_a_wall_too_short_is_refused() -> None:
    game = _fresh("guilin", get_rules("guilin").parse_options({}), 1, 0, 3, wall=50)
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


def _stacked_deal(seed: int, dealer: int, options: Any, name: str = "guilin") -> Game:
    """A game right after a deal stacked toward 坎 and 龙 (each seat given a few kinds three or four at a time, the
    rest at random), so that 三龙五坎 / 三提五坎 and the near misses come up often."""
    import random

    rng = random.Random(seed)
    rules = get_rules(name)
    size = rules.hand_size
    left = [4] * NUM_KINDS
    hands = [[0] * NUM_KINDS for _ in range(3)]
    for seat in range(3):
        want = size + 1 if seat == dealer else size
        hand = hands[seat]
        for kind in rng.sample(range(NUM_KINDS), rng.randrange(8)):
            take = min(rng.choice((3, 3, 4)), left[kind], want - sum(hand))
            hand[kind] += take
            left[kind] -= take
        while sum(hand) < want:
            kind = rng.randrange(NUM_KINDS)
            if left[kind]:
                hand[kind] += 1
                left[kind] -= 1
    wall = [kind for kind in range(NUM_KINDS) for _ in range(left[kind])]
    rng.shuffle(wall)
    state = HandState.from_parts(3, rules.win_table_for(options).erqishi, hands=hands, wall=wall)
    return Game.from_state(rules, options, state, seed=seed, dealer=dealer, players=3)


def _plain_guilin_deal_wins(game: Game) -> bool:
    """GuilinRules.deal_wins with 三龙五坎 asked of every seat (no test on the counts first)."""
    from zipai_desktop.engine.game import WinInfo
    from zipai_desktop.engine.special import sanlong_wukan
    from zipai_desktop.engine.win import Source, evaluate_win

    dealer, options, table = game.dealer, game.options, game.table
    candidates: list[WinInfo] = []
    tian = evaluate_win(game.hands[dealer], [], None, Source.DEAL, table)
    if tian is not None and tian.hu >= options.min_hu:
        candidates.append(WinInfo(tian, Source.DEAL, None, dealer, ("tianhu",)))
    for seat in game.order_from(dealer):
        sl = sanlong_wukan(game.hands[seat], table, wukan_counts_long=options.wukan_counts_long)
        if sl is not None:
            candidates.append(WinInfo(sl, Source.DEAL, None, seat, ("sanlong_wukan",)))
        if candidates:
            best = max(candidates, key=lambda w: (game.settle(seat, w).score, w.split.hu))
            game.finish_deal_win(seat, best)
            return True
    return False


@pytest.mark.parametrize("wukan_counts_long", [False, True])
def test_sanlong_wukan_at_the_deal_is_found_as_asking_every_seat_finds_it(wukan_counts_long: bool) -> None:
    """Guilin's deal_wins rules 三龙五坎 out from the counts of 坎 and 龙 before asking sanlong_wukan: on 3,000
    stacked deals it ends the same hands, with the same winner, win and events, as asking every seat."""
    options = get_rules("guilin").parse_options({"wukan_counts_long": wukan_counts_long})
    ended = sanlong = 0
    for seed in range(3000):
        fast, plain = (_stacked_deal(seed, seed % 3, options) for _ in range(2))
        assert get_rules("guilin").deal_wins(fast) == _plain_guilin_deal_wins(plain), seed
        assert fast.events == plain.events and fast.result == plain.result, seed
        ended += fast.result is not None
        sanlong += fast.result is not None and "sanlong_wukan" in fast.result.win.special  # type: ignore[union-attr]
    assert sanlong > 100 and ended > sanlong


def _plain_bohu_deal_wins(game: Game) -> bool:
    """BohuRules.deal_wins with san_ti_wu_kan asked of every seat (no test on the counts first)."""
    from zipai_desktop.engine.game import WinInfo
    from zipai_desktop.engine.rules.bohu import BOHU, san_ti_wu_kan
    from zipai_desktop.engine.win import Source, evaluate_win

    for seat in game.order_from(game.dealer):
        candidates: list[WinInfo] = []
        stw = san_ti_wu_kan(game.hands[seat], game.melds[seat], game.table)
        if stw is not None:
            candidates.append(WinInfo(stw, Source.DEAL, None, seat, ("tianhu",)))
        if seat == game.dealer and not game.melds[seat]:
            split = evaluate_win(game.hands[seat], [], None, Source.DEAL, game.table)
            if split is not None:
                win = WinInfo(split, Source.DEAL, None, seat, ("tianhu",))
                if BOHU._score(game, seat, win)[0] >= game.options.min_huxi:
                    candidates.append(win)
        if candidates:
            best = max(candidates, key=lambda w: (BOHU._score(game, seat, w)[2], w.split.hu))
            game.finish_deal_win(seat, best)
            return True
    return False


def test_san_ti_wu_kan_at_the_deal_is_found_as_asking_every_seat_finds_it() -> None:
    """Bohu's deal_wins rules 三提五坎 out from the 提 placed and the 坎 held before asking san_ti_wu_kan: on 3,000
    stacked deals (every dealt 4 placed as a 提, as the deal does) it ends the same hands, with the same winner, win
    and events, as asking every seat."""
    from zipai_desktop.engine.rules.bohu import BOHU

    options = BOHU.parse_options({})
    ended = 0
    for seed in range(3000):
        fast, plain = (_stacked_deal(seed, seed % 3, options, "bohu") for _ in range(2))
        for game in (fast, plain):
            for seat in range(3):
                BOHU._initial_ti(game, seat)
        assert BOHU.deal_wins(fast) == _plain_bohu_deal_wins(plain), seed
        assert fast.events == plain.events and fast.result == plain.result, seed
        ended += fast.result is not None
    assert ended > 300
