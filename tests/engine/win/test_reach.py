"""The loose-card test (engine/win/reach.py) only ever refuses hands that no card completes.

A refused (hand, card) must get no win from the engine's own win check, in every role and from every source. The
sample is built to reach the cases that matter: complete hands with one card taken out (a card completes them), the
same hands spoiled by a card or two, and random deals; both games' tables and Bohu without 二七十.
"""

from __future__ import annotations

import random

import pytest

from zipai_desktop.engine.cards import NUM_KINDS, full_deck, parse_cards, to_counts
from zipai_desktop.engine.chi import chi_offers
from zipai_desktop.engine.game import Game, WinInfo
from zipai_desktop.engine.melds import Meld, MeldKind, chi_groups_with
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.engine.win import Source, WinTable, evaluate_roles
from zipai_desktop.engine.win.reach import completing_cards, keep_function

GUILIN = get_rules("guilin")
BOHU = get_rules("bohu")
TABLES = [GUILIN.win_table, BOHU.win_table, BOHU.win_table_for(BOHU.parse_options({"erqishi": False}))]
GROUPS = sorted({g for k in range(NUM_KINDS) for g in chi_groups_with(k)})


def reach(text: str, erqishi: bool = True) -> set[int] | None:
    mask = completing_cards(bytes(to_counts(parse_cards(text))), erqishi)
    return None if mask is None else {k for k in range(NUM_KINDS) if mask >> k & 1}


def test_three_loose_cards_leave_no_card_that_completes() -> None:
    # 一 / 五 / 玖 have no group among the other cards: one card cannot reach all three.
    assert reach("一 五 玖 二二 七七") == set()


def test_two_loose_cards_leave_the_cards_that_make_a_group_with_both() -> None:
    # 一 and 三 are loose; only 二 makes 一二三.
    assert reach("一 三 伍伍 陆陆 柒柒") == set(parse_cards("二"))


def test_one_loose_card_leaves_its_pair_and_the_cards_that_make_a_group_with_it() -> None:
    # 五 is loose: 五 itself (the pair), or a card that makes a 五 group with a card held: 六 (五六七 with 七).
    assert reach("五 七七 二二") == set(parse_cards("五六"))
    # With no card of any 五 group held, only the pair is left.
    assert reach("五 二二 八八") == set(parse_cards("五"))


def test_no_loose_card_leaves_every_card() -> None:
    assert reach("一二三 四五") is None
    assert reach("二七十 四五六") is None  # every card held once is in a group of the others


def test_erqishi_is_a_group_only_where_the_rules_say_so() -> None:
    assert reach("二七") == set(parse_cards("十"))  # both loose: only 十 makes 二七十 with them
    assert reach("二七", erqishi=False) == set()  # without 二七十 no group holds both
    assert reach("二七十 五", erqishi=False) == set()  # 二 / 七 / 十 / 五: four loose cards


def test_a_kind_held_twice_is_not_loose_and_covers_its_other_suit_card() -> None:
    # 伍伍 (held twice) makes 五伍伍 with 五; three 坎 kinds are never free.
    assert reach("五 伍伍 九九九 一一一") is None


def complete_hand(rng: random.Random, table: WinTable) -> tuple[list[int], list[Meld]]:
    guilin = table.first_quad_free
    counts = [0] * NUM_KINDS
    melds: list[Meld] = []
    quads = rng.choice([0, 0, 0, 1, 2])
    for i in range(7 if guilin and not quads else 6):
        r = rng.random()
        if i < quads:
            kind = rng.choice([MeldKind.KAI_DUO, MeldKind.SAO_CHUAN] if guilin else [MeldKind.TI, MeldKind.PAO])
            melds.append(Meld(kind, (rng.randrange(NUM_KINDS),) * 4))
        elif r < 0.75:
            group = rng.choice(GROUPS)
            if not table.erqishi and sorted(k % 10 for k in group) == [1, 6, 9]:
                group = (0, 1, 2)
            for k in group:
                counts[k] += 1
        elif r < 0.85:
            counts[rng.randrange(NUM_KINDS)] += 3
        else:
            melds.append(Meld(MeldKind.PENG, (rng.randrange(NUM_KINDS),) * 3))
    if not guilin or quads:
        counts[rng.randrange(NUM_KINDS)] += 2
    return [min(4, c) for c in counts], melds


def waiting_or_spoiled(rng: random.Random, counts: list[int]) -> list[int]:
    """A complete hand's counts with a card out (the hand waits on it, and maybe others), spoiled by a card or
    three, or a random deal instead."""
    r = rng.random()
    if r < 0.6:
        held = [k for k in range(NUM_KINDS) if counts[k]]
        counts[rng.choice(held)] -= 1
    elif r < 0.9:
        for _ in range(rng.choice([1, 2, 3])):
            k = rng.randrange(NUM_KINDS)
            counts[k] = min(4, max(0, counts[k] + rng.choice([1, -1])))
    else:
        deck = full_deck()
        rng.shuffle(deck)
        counts = to_counts(deck[: rng.randint(17, 21)])
    return counts


def dealt_or_crowded(rng: random.Random, i: int) -> list[int]:
    """Dealt hands of every size (odd ``i``) and hands crowded with pairs and 坎 (the 搭 / 绞 and locked cases)."""
    if i % 2:
        deck = full_deck()
        rng.shuffle(deck)
        return to_counts(deck[: rng.randint(1, 24)])
    return [rng.choice((0, 0, 1, 1, 2, 2, 3, 4)) for _ in range(NUM_KINDS)]


@pytest.mark.parametrize("seed", range(3))
def test_a_refused_card_never_wins_in_any_role(seed: int) -> None:
    rng = random.Random(seed)
    refused = allowed_wins = 0
    for _ in range(1000):
        table = rng.choice(TABLES)
        counts, melds = complete_hand(rng, table)
        counts = waiting_or_spoiled(rng, counts)
        mask = completing_cards(bytes(counts), table.erqishi)
        for card in [None, *range(NUM_KINDS)]:
            for source in Source:
                wins = evaluate_roles(counts, melds, card, source, table)
                if mask is not None and (card is None or not mask >> card & 1):
                    refused += 1
                    assert wins == [], (counts, melds, card, source)
                else:
                    allowed_wins += bool(wins)
    assert refused > 40_000 and allowed_wins > 2_000, (refused, allowed_wins)  # both sides were exercised


def plain_reach(counts: list[int], erqishi: bool) -> int | None:
    """The test read straight off its definition (no tables): the loose kinds, then the cards that can join them."""
    groups = [g for g in GROUPS if erqishi or sorted(k % 10 for k in g) != [1, 6, 9]]
    free = [0 < c < 3 for c in counts]
    # A kind held once is covered when a group of the free cards holds it (a pair of a kind counts twice).
    loose = [
        k
        for k in range(NUM_KINDS)
        if counts[k] == 1
        and not any(k in g and all(g.count(x) <= (counts[x] if free[x] else 0) for x in g) for g in groups)
    ]
    if not loose:
        return None
    if len(loose) >= 3:
        return 0
    if len(loose) == 2:
        a, b = loose
        return sum(1 << c for c in range(NUM_KINDS) if any(sorted((a, b, c)) == sorted(g) for g in groups))
    (k,) = loose
    mask = 1 << k  # its pair
    for g in groups:
        if k in g:
            rest = list(g)
            rest.remove(k)
            for card, other in (rest, rest[::-1]):
                if other != k and free[other]:
                    mask |= 1 << card
    return mask


@pytest.mark.parametrize("erqishi", [True, False])
def test_the_tables_give_what_the_plain_definition_gives(erqishi: bool) -> None:
    """completing_cards reads the loose kinds from per-suit tables: the same answer as the definition, on dealt hands
    of every size and on hands crowded with pairs and 坎 (the 搭 / 绞 and locked cases)."""
    rng = random.Random(13)
    answers = set()
    for i in range(6000):
        counts = dealt_or_crowded(rng, i)
        expected = plain_reach(counts, erqishi)
        assert completing_cards(bytes(counts), erqishi) == expected, counts
        assert completing_cards(bytearray(counts), erqishi) == expected
        answers.add(None if expected is None else min(expected.bit_count(), 3))
    assert answers == {None, 0, 1, 2, 3}  # every kind of answer came up


def plain_chi(counts: list[int], erqishi: bool) -> int:
    """The kinds a 吃 plan may take from the hand, read straight off the groups: a group with the card whose two
    other cards the hand can give (two kinds, each free: held once or twice; one kind twice: held exactly twice)."""
    mask = 0
    for card in range(NUM_KINDS):
        for g in GROUPS:
            if card not in g or (not erqishi and sorted(k % 10 for k in g) == [1, 6, 9]):
                continue
            rest = list(g)
            rest.remove(card)
            x, y = rest
            if (counts[x] == 2) if x == y else (counts[x] in (1, 2) and counts[y] in (1, 2)):
                mask |= 1 << card
    return mask


@pytest.mark.parametrize("erqishi", [True, False])
def test_the_kept_reach_and_chi_mask_are_the_plain_definitions(erqishi: bool) -> None:
    """keep(hand) gives the hand, completing_cards (-1 for 'cannot tell') and the kinds a 吃 plan may take, on dealt
    hands of every size and on hands crowded with pairs and 坎; a kind outside the 吃 mask gets no 吃 offer."""
    keep = keep_function(erqishi)
    rng = random.Random(31)
    bits = 0
    for i in range(6000):
        counts = dealt_or_crowded(rng, i)
        expected = plain_reach(counts, erqishi)
        kept = keep(counts)
        assert kept[0] is counts
        assert kept[1] == (-1 if expected is None else expected), counts
        assert kept[2] == plain_chi(counts, erqishi), counts
        bits += kept[2].bit_count()
        for card in range(NUM_KINDS):
            if counts[card] < 3 and not kept[2] >> card & 1:
                assert chi_offers(counts, card, erqishi, True) == [], (counts, card)
    assert 6000 < bits < 6000 * 19  # both sides of the mask came up


@pytest.mark.parametrize("seed", range(2))
def test_a_card_no_group_of_free_cards_takes_never_wins(seed: int) -> None:
    """The win check's second refusal (Game._win_check): a card of a kind the hand does not hold, outside the kept 吃
    mask (no group of two free hand cards takes it) and in no 扫 / 偎 / 碰 of the seat, wins in no role from no
    source; the sample holds complete hands with a card out (waiting on it, or on a meld upgrade), spoiled ones and
    deals, with 碰, 扫 / 偎 and quads among the melds."""
    rng = random.Random(100 + seed)
    refused = 0
    for _ in range(1000):
        table = rng.choice(TABLES)
        counts, melds = complete_hand(rng, table)
        own_triple = MeldKind.SAO if table.first_quad_free else MeldKind.WEI
        melds = [Meld(own_triple, m.cards) if m.kind is MeldKind.PENG and rng.random() < 0.4 else m for m in melds]
        counts = waiting_or_spoiled(rng, counts)
        chi = keep_function(table.erqishi)(counts)[2]
        melded = {m.cards[0] for m in melds if m.kind in (MeldKind.PENG, MeldKind.SAO, MeldKind.WEI)}
        for card in range(NUM_KINDS):
            if counts[card] or chi >> card & 1 or card in melded:
                continue
            refused += 1
            for source in Source:
                assert evaluate_roles(counts, melds, card, source, table) == [], (counts, melds, card, source)
    assert refused > 5_000, refused


def plain_win_check(game: Game, seat: int, card: int | None, source: Source, from_seat: int) -> WinInfo | None:
    """Game._win_check without its refusals: every role evaluate_roles finds, picked by the rules."""
    splits = evaluate_roles(game.hands[seat], game.melds[seat], card, source, game.table)
    if not splits:
        return None
    special = game.rules.win_specials(game, seat, source, from_seat, False)
    return game.rules.pick_win(game, seat, [WinInfo(sp, source, card, from_seat, special) for sp in splits])


@pytest.mark.parametrize("seed", range(2))
def test_the_win_checks_refusals_lose_no_win(seed: int) -> None:
    """Game._win_check refuses before evaluate_roles (the loose cards, a card no group of free cards takes, a card
    whose one role is to join the free cards when the free cards with it do not split, and another's card the hand
    holds a pair of when neither the 碰-type triple nor three free copies split); with or without the refusals it
    gives the same answer, for every card and source, on complete hands with a card out, spoiled ones and deals of
    Guilin and Bohu (二七十 or not), 碰, 扫 / 偎 and quads among the melds. A good share of the checks are wins, and
    both free-card refusals are reached thousands of times."""
    rng = random.Random(300 + seed)
    no_erqishi = BOHU.parse_options({"erqishi": False})
    games = [Game(GUILIN, seed=seed), Game(BOHU, seed=seed), Game(BOHU, no_erqishi, seed=seed)]
    wins = free_refusals = pair_refusals = 0
    for _ in range(500):
        game = rng.choice(games)
        table = game.table
        counts, melds = complete_hand(rng, table)
        own_triple = MeldKind.SAO if table.first_quad_free else MeldKind.WEI
        melds = [Meld(own_triple, m.cards) if m.kind is MeldKind.PENG and rng.random() < 0.4 else m for m in melds]
        counts = waiting_or_spoiled(rng, counts)
        game.state.set_hand(1, counts)  # (the hand state's what-if writers keep its views in step)
        game.state.set_melds(1, melds)
        melded = {m.cards[0] for m in melds if m.kind in (MeldKind.PENG, MeldKind.SAO, MeldKind.WEI)}
        for card in [None, *range(NUM_KINDS)]:
            if card is not None:  # (the card in flight, as the rules' scoring asks: see Game.winner_cards)
                game.put_on_offer(card, 2, flip=True)
            for source in Source:
                expected = plain_win_check(game, 1, card, source, 2)
                assert game.win_for(1, card, source, 2) == expected, (counts, melds, card, source)
                wins += expected is not None
                if card is not None and card not in melded and expected is None:
                    if counts[card] < 2:
                        free_refusals += 1
                    elif counts[card] == 2 and source is not Source.OWN_DRAW:
                        pair_refusals += 1
    assert wins > 800 and free_refusals > 20_000 and pair_refusals > 1_000, (wins, free_refusals, pair_refusals)
