"""The win decomposition against an independent brute-force reference."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from zipai_desktop.engine.cards import NUM_KINDS, parse_cards, to_counts
from zipai_desktop.engine.melds import chi_bonus, chi_groups_with
from zipai_desktop.engine.win import Source, best_free, evaluate_win
from zipai_desktop.engine.win.reference import split_free

from ..notation import GUILIN

ALL_CHI = sorted({g for k in range(NUM_KINDS) for g in chi_groups_with(k)})


def reference(counts: tuple[int, ...], need_pair: bool) -> int:
    """Max 胡 by trying every 吃-type group in a fixed list order (a different search from the engine's)."""

    def go(c: list[int], start: int, pair_left: bool) -> int:
        if not any(c):
            return -1 if pair_left else 0
        best = -1
        if pair_left:
            for k in range(NUM_KINDS):
                if c[k] >= 2:
                    c[k] -= 2
                    r = go(c, start, False)
                    c[k] += 2
                    best = max(best, r)
        for i in range(start, len(ALL_CHI)):
            g = ALL_CHI[i]
            need = {k: g.count(k) for k in g}
            if all(c[k] >= n for k, n in need.items()):
                for k, n in need.items():
                    c[k] -= n
                r = go(c, i, pair_left)
                for k, n in need.items():
                    c[k] += n
                if r >= 0:
                    best = max(best, r + chi_bonus(g))
        return best

    total = sum(counts)
    if total % 3 != (2 if need_pair else 0):
        return -1
    return go(list(counts), 0, need_pair)


def hands(max_groups: int = 4) -> st.SearchStrategy[tuple[tuple[int, ...], bool]]:
    group = st.sampled_from(ALL_CHI)

    @st.composite
    def build(draw: st.DrawFn) -> tuple[tuple[int, ...], bool]:
        groups = draw(st.lists(group, min_size=0, max_size=max_groups))
        need_pair = draw(st.booleans())
        counts = [0] * NUM_KINDS
        for g in groups:
            for k in g:
                counts[k] += 1
        if need_pair:
            k = draw(st.integers(0, NUM_KINDS - 1))
            counts[k] += 2
        if draw(st.booleans()):  # perturb: swap one card for another
            present = [k for k in range(NUM_KINDS) if counts[k]]
            if present:
                counts[draw(st.sampled_from(present))] -= 1
                counts[draw(st.integers(0, NUM_KINDS - 1))] += 1
        counts = [min(c, 2 if i % 3 == 0 else 4) for i, c in enumerate(counts)]  # at most 4 of a kind
        return tuple(counts), need_pair

    return build()


@settings(max_examples=300, deadline=None)
@given(hands())
def test_best_free_matches_brute_force(case: tuple[tuple[int, ...], bool]) -> None:
    counts, need_pair = case
    assert best_free(counts, need_pair) == reference(counts, need_pair)


@settings(max_examples=300, deadline=None)
@given(hands())
def test_split_uses_every_card_once_and_adds_up(case: tuple[tuple[int, ...], bool]) -> None:
    counts, need_pair = case
    groups = split_free(counts, need_pair)
    value = best_free(counts, need_pair)
    if value < 0:
        assert groups is None
        return
    assert groups is not None
    used = [0] * NUM_KINDS
    for g in groups:
        for k in g.cards:
            used[k] += 1
    assert tuple(used) == counts
    assert sum(g.hu for g in groups) == value
    assert sum(1 for g in groups if g.kind == "pair") == (1 if need_pair else 0)


def test_locked_kan_is_never_split() -> None:
    # 陆柒捌 + 捌捌八 would be a split if the three 捌 were free; they are a 坎.
    hand = to_counts(parse_cards("二十伍伍伍三三三四五六捌捌八壹贰叁陆柒捌"))
    assert evaluate_win(hand, [], parse_cards("七")[0], Source.DISCARD, GUILIN.win_table) is None


def test_pair_exactly_when_a_quad_is_held() -> None:
    seven_triples = to_counts(parse_cards("一二三四五六七八九壹贰叁肆伍陆柒捌玖二七十"))
    assert evaluate_win(seven_triples, [], None, Source.DEAL, GUILIN.win_table) is not None
    with_pair = to_counts(parse_cards("一二三四五六七八九壹贰叁肆伍陆柒捌玖拾拾"))
    assert evaluate_win(with_pair, [], None, Source.DEAL, GUILIN.win_table) is None  # Q = 0: no pair allowed


def test_every_chi_group_is_listed_once() -> None:
    for k in range(NUM_KINDS):
        groups = chi_groups_with(k)
        assert len(groups) == len(set(groups))
        assert all(k in g for g in groups)
    assert len(list(itertools.chain.from_iterable(chi_groups_with(k) for k in range(NUM_KINDS)))) > 0


def test_a_hand_as_it_stands_is_split_as_evaluate_roles_splits_it() -> None:
    """evaluate_win of a concealed hand with no card (a win from the deal) reads the counts its own way (a code and a
    symbol per number) and makes its role only when read: the same 胡, quads, groups and role as evaluate_roles' one
    role, on seeded complete, spoiled and random hands of every table; the split keeps the counts of the check (the
    caller's list may change after) and is immutable."""
    import random

    from zipai_desktop.engine import win
    from zipai_desktop.engine.cards import full_deck
    from zipai_desktop.engine.rules import get_rules
    from zipai_desktop.engine.win import split as win_split

    from .test_reference import as_it_stands_case

    bohu = get_rules("bohu")
    tables = [
        GUILIN.win_table,
        bohu.win_table,
        bohu.win_table_for(bohu.parse_options({"erqishi": False, "bonus_rank": 2, "peng_pao_on_discard": False})),
        bohu.win_table_for(bohu.parse_options({"bonus_rank": 10})),
    ]
    rng = random.Random(13)
    wins = 0
    for n in range(9000):
        table = tables[n % len(tables)]
        counts = [0] * NUM_KINDS
        if n % 3:  # groups, 坎, 龙 (a pair with Bohu or a 龙), some spoiled
            counts = as_it_stands_case(rng, table, [0, 0, 0, 1, 2], spoiled=0.2)
        else:  # random draws
            deck = full_deck()
            rng.shuffle(deck)
            for k in deck[: rng.choice([20, 21, 22])]:
                counts[k] += 1
        got = evaluate_win(counts, [], None, Source.DEAL, table)
        roles = win.evaluate_roles(counts, [], None, Source.DEAL, table)
        assert len(roles) <= 1
        if not roles:
            assert got is None, counts
            continue
        wins += 1
        want = roles[0]
        assert got is not None, counts
        kept = list(counts)
        counts[0] = (counts[0] + 1) % 5  # the caller's list changes after the check
        assert (got.hu, got.quads) == (want.hu, want.quads), kept
        if n % 2:  # read the role first (the score command's way), or the groups first
            assert got.role == want.role, kept
            assert win_split.group_count(got) == len(want.groups)
            assert win_split.fixed_kinds(got) == win_split.fixed_kinds(want)
        assert got.groups == want.groups, kept
        assert got.role == want.role, kept
        assert got == want
    assert wins > 400  # a 3rd card of a kind from two groups makes a 坎 that breaks them: many are refusals
    try:
        got.hu = 0  # type: ignore[misc]
    except AttributeError:
        pass
    else:  # pragma: no cover
        raise AssertionError("a split found by the check can be changed")


def test_the_games_question_gives_the_roles_own_splits() -> None:
    """find_wins answers a card that can only join the free cards (held at most once, in no 扫 / 偎 / 碰 of the seat),
    and a hand as it stands (no card), with a split of its own making, from one read of the counts: the same 胡,
    quads, role, groups, group count and fixed kinds as evaluate_roles gives, on seeded complete, spoiled and random
    hands of every table, every source; the hand is left as it was and the split keeps what it read (the caller's hand
    and meld list may change after)."""
    import random

    from zipai_desktop.engine import win
    from zipai_desktop.engine.win import split as win_split
    from zipai_desktop.engine.win.reach import keep_function

    from .test_reference import sample_case

    rng = random.Random(31)
    wins = joined = standing = 0
    for _ in range(6000):
        hand, melds, card, source, table = sample_case(rng)
        before = list(hand)
        got = win.find_wins(hand, melds, card, source, table, win.meld_facts(melds), keep_function(table.erqishi)(hand))
        assert hand == before
        want = win.evaluate_roles(hand, melds, card, source, table)
        if not got:
            assert not want, (hand, melds, card, source)
            continue
        wins += 1
        joined += card is not None and hand[card] < 2 and len(got) == 1 and got[0].role is not None
        standing += card is None
        kept_melds = list(melds)
        hand[0] = (hand[0] + 1) % 5  # the caller's hand and melds change after the check
        melds.clear()
        assert [(s.hu, s.quads, s.role) for s in got] == [(s.hu, s.quads, s.role) for s in want], (before, kept_melds)
        assert [win_split.group_count(s) for s in got] == [len(s.groups) for s in want]
        assert [win_split.fixed_kinds(s) for s in got] == [win_split.fixed_kinds(s) for s in want]
        assert got == want
    assert wins > 1000 and joined > 500 and standing > 50
