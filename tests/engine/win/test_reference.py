"""The table-driven win check gives exactly what the reference search gives (engine/win/reference.py, the
engine's own win check before issue 13): same roles, same 胡, same quads, same groups, on a seeded sample of hands.

The sample mixes complete hands (groups, 坎, melds of every kind, a pair, the winning card taken back out), the same
hands spoiled by a card or two, and random draws from the deck; every source of the winning card; both games' tables
and Bohu without 二七十 and with a doubled rank.
"""

from __future__ import annotations

import random

import pytest

from zipai_desktop.engine import win
from zipai_desktop.engine.cards import NUM_KINDS, full_deck
from zipai_desktop.engine.melds import Meld, MeldKind, chi_groups_with
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.engine.win import Source
from zipai_desktop.engine.win import reference as ref
from zipai_desktop.engine.win.reach import keep_function

GUILIN = get_rules("guilin")
BOHU = get_rules("bohu")
TABLES = [
    GUILIN.win_table,
    BOHU.win_table,
    BOHU.win_table_for(BOHU.parse_options({"erqishi": False, "bonus_rank": 2, "peng_pao_on_discard": False})),
    # Groups made alike to the default's (free_split_groups shares them between such tables), the free split not.
    BOHU.win_table_for(BOHU.parse_options({"erqishi": False, "peng_pao_on_discard": False})),
]
GROUPS = sorted({g for k in range(NUM_KINDS) for g in chi_groups_with(k)})
TRIPLES = [MeldKind.PENG, MeldKind.SAO, MeldKind.GUO_SAO]
BOHU_TRIPLES = [MeldKind.PENG, MeldKind.WEI, MeldKind.CHOU_WEI]


def sample_case(rng: random.Random) -> tuple[list[int], list[Meld], int | None, Source, win.WinTable]:
    table = rng.choice(TABLES)
    guilin = table.first_quad_free
    counts = [0] * NUM_KINDS
    melds: list[Meld] = []
    quads = rng.choice([0, 0, 0, 1, 2])
    groups = 7 if guilin and not quads else 6  # Guilin: the first quad replaces the pair
    for i in range(groups):
        if i < quads:
            k = rng.randrange(NUM_KINDS)
            if rng.random() < 0.3:
                counts[k] += 4  # a 龙 held
            else:
                kind = rng.choice([MeldKind.KAI_DUO, MeldKind.SAO_CHUAN] if guilin else [MeldKind.TI, MeldKind.PAO])
                melds.append(Meld(kind, (k,) * 4))
            continue
        r = rng.random()
        if r < 0.7:
            group = rng.choice(GROUPS)
            if rng.random() < 0.2:
                melds.append(Meld(MeldKind.CHI, group))
            else:
                for k in group:
                    counts[k] += 1
        elif r < 0.85:
            counts[rng.randrange(NUM_KINDS)] += 3
        else:
            kind = rng.choice(TRIPLES if guilin else BOHU_TRIPLES)
            melds.append(Meld(kind, (rng.randrange(NUM_KINDS),) * 3))
    if not guilin or quads:
        counts[rng.randrange(NUM_KINDS)] += 2
    if rng.random() < 0.3:
        for _ in range(rng.choice([1, 2])):
            counts[rng.randrange(NUM_KINDS)] += rng.choice([1, -1])
    if rng.random() < 0.1:
        deck = full_deck()
        rng.shuffle(deck)
        counts = [0] * NUM_KINDS
        for k in deck[: rng.randint(18, 22)]:
            counts[k] += 1
    counts = [min(4, max(0, c)) for c in counts]
    card: int | None = None
    if rng.random() < 0.85:
        if melds and rng.random() < 0.15:
            card = rng.choice(melds).cards[0]
        else:
            held = [k for k in range(NUM_KINDS) if counts[k]]
            if held:
                card = rng.choice(held)
                counts[card] -= 1
    return counts, melds, card, rng.choice(list(Source)), table


def as_data(splits: list[win.Split] | list[ref.PlainSplit]) -> list[tuple[object, ...]]:
    return [(s.hu, s.quads, [(g.kind, g.cards, g.hu, g.exposed) for g in s.groups]) for s in splits]


@pytest.mark.parametrize("seed", range(4))
def test_every_role_split_matches_the_reference_search(seed: int) -> None:
    rng = random.Random(seed)
    wins = 0
    for _ in range(2500):
        hand, melds, card, source, table = sample_case(rng)
        got = win.evaluate_roles(hand, melds, card, source, table)
        want = ref.evaluate_roles(hand, melds, card, source, table)
        assert as_data(got) == as_data(want), (hand, melds, card, source)
        best = win.evaluate_win(hand, melds, card, source, table)
        assert as_data([best] if best else []) == as_data([max(want, key=_hu)] if want else [])
        wins += bool(want)
    assert wins > 500  # the sample holds plenty of complete hands, not only refusals


def _hu(split: ref.PlainSplit) -> int:
    return split.hu


def as_it_stands_case(rng: random.Random, table: win.WinTable, longs_from: list[int], spoiled: float) -> list[int]:
    """A concealed hand of groups, 坎 and ``rng.choice(longs_from)`` 龙 (a pair with Bohu or a 龙): complete for
    ``table``, unless a card is added or taken away (probability ``spoiled``)."""
    counts = [0] * NUM_KINDS
    longs = rng.choice(longs_from)
    for _ in range(longs):
        counts[rng.randrange(NUM_KINDS)] += 4
    for _ in range((7 if table.first_quad_free and not longs else 6) - longs):
        if rng.random() < 0.15:
            counts[rng.randrange(NUM_KINDS)] += 3
        else:
            for k in rng.choice(GROUPS):
                counts[k] += 1
    if not table.first_quad_free or longs:
        counts[rng.randrange(NUM_KINDS)] += 2
    if rng.random() < spoiled:
        k = rng.randrange(NUM_KINDS)
        counts[k] += rng.choice([1, -1])
    return [min(4, max(0, c)) for c in counts]


def test_a_hand_as_it_stands_matches_the_reference_search() -> None:
    """evaluate_win of a concealed hand with no winning card (a win from the deal) takes a path of its own: complete
    hands of groups, 坎 and 龙 (a pair with Bohu or a 龙), some spoiled by a card."""
    rng = random.Random(7)
    wins = 0
    for _ in range(4000):
        table = rng.choice(TABLES)
        counts = as_it_stands_case(rng, table, [0, 0, 0, 1], spoiled=0.3)
        got = win.evaluate_win(counts, [], None, Source.DEAL, table)
        want = ref.evaluate_win(counts, [], None, Source.DEAL, table)
        assert as_data([got] if got else []) == as_data([want] if want else []), counts
        wins += want is not None
    assert wins > 250  # a 3rd card of a kind from two groups makes a 坎 that breaks them: many are refusals


@pytest.mark.parametrize("need_pair", [False, True])
@pytest.mark.parametrize("erqishi", [True, False])
def test_free_value_matches_the_reference_on_every_small_vector(need_pair: bool, erqishi: bool) -> None:
    """Free cards of up to 3 a kind, as a hand holds them: the tables and the search agree on their 胡."""
    rng = random.Random(int(need_pair) * 2 + int(erqishi))
    for _ in range(4000):
        counts = [rng.choice((0, 0, 0, 1, 1, 2, 3)) for _ in range(NUM_KINDS)]
        extra = (sum(counts) - (2 if need_pair else 0)) % 3
        while extra:
            k = rng.randrange(NUM_KINDS)
            if counts[k]:
                counts[k] -= 1
                extra -= 1
        assert win.best_free(counts, need_pair, erqishi) == ref.best_free(counts, need_pair, erqishi), counts


@pytest.mark.parametrize("seed", range(2))
def test_the_games_question_finds_every_win_the_reference_finds(seed: int) -> None:
    """find_wins (the game's win check: the reach filter and the two one-role refusals, then the roles) answers as
    the reference search does on complete hands, spoilt hands and random draws, and leaves the hand as it was."""
    rng = random.Random(100 + seed)
    wins = 0
    for _ in range(2500):
        hand, melds, card, source, table = sample_case(rng)
        before = list(hand)
        reach = keep_function(table.erqishi)(hand)
        got = win.find_wins(hand, melds, card, source, table, win.meld_facts(melds), reach)
        assert hand == before
        want = ref.evaluate_roles(hand, melds, card, source, table)
        assert as_data(got) == as_data(want), (hand, melds, card, source)
        wins += bool(want)
    assert wins > 100  # the sample holds wins, not only refusals
