"""The fast groups builder (engine/win/groups.py) gives exactly the search's split: the same groups, in the same
order, with the same 胡, as reference.split_free (free cards) and reference.role_groups (a whole role) on seeded
samples of both games (melds of every kind, 坎 / 龙, every role of the winning card, Bohu without 二七十 and with a
doubled rank) and on the worked examples of the score tests."""

from __future__ import annotations

import random

import pytest

from tests.tools import test_score_bohu as bohu_examples
from tests.tools import test_score_cli as guilin_examples
from zipai_desktop.engine import win
from zipai_desktop.engine.cards import NUM_KINDS
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.engine.rules.bohu import BOHU, SHAO_KINDS
from zipai_desktop.engine.rules.bohu import QUAD_KINDS as BOHU_QUADS
from zipai_desktop.engine.win import groups as fast
from zipai_desktop.engine.win import model, reference
from zipai_desktop.engine.win import split as win_split
from zipai_desktop.engine.win.automaton import symbols_of
from zipai_desktop.tools import score

from .test_reference import GROUPS, sample_case

GUILIN_TABLE = get_rules("guilin").win_table
SHAO_OR_QUAD = set(SHAO_KINDS | BOHU_QUADS)  # what Bohu's 漂 may not hold


@pytest.mark.parametrize("walk", [True, False])
@pytest.mark.parametrize("need_pair", [False, True])
@pytest.mark.parametrize("erqishi", [True, False])
def test_free_cards_split_as_the_search_splits_them(
    need_pair: bool, erqishi: bool, walk: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Free cards of up to 3 a kind, from a pair and a few cards to more than a hand holds; split by the walk, and by
    the search it hands over to when it wanders too long."""
    if not walk:
        monkeypatch.setattr(fast, "_WALK_LIMIT", 0)
    monkeypatch.setattr(fast, "_DONE", {})
    rng = random.Random(10 * need_pair + erqishi)
    split = 0
    for _ in range(3000):
        counts = [0] * NUM_KINDS
        if rng.random() < 0.8:  # groups and a pair, as a hand's free cards are, some spoiled by a card
            for group in rng.sample(GROUPS, rng.randint(0, 7)):
                if all(counts[k] + group.count(k) <= 3 for k in group):
                    for k in group:
                        counts[k] += 1
            if need_pair:
                k = rng.randrange(NUM_KINDS)
                counts[k] = min(3, counts[k] + 2)
            if rng.random() < 0.2:
                a, b = rng.sample(range(NUM_KINDS), 2)
                if counts[a] and counts[b] < 3:
                    counts[a], counts[b] = counts[a] - 1, counts[b] + 1
        else:
            for k in rng.sample(range(NUM_KINDS), rng.randint(2, 12)):
                counts[k] = rng.choice((1, 1, 2, 3))
        extra = (sum(counts) - (2 if need_pair else 0)) % 3
        while extra:
            k = rng.randrange(NUM_KINDS)
            if counts[k]:
                counts[k] -= 1
                extra -= 1
        want = reference.split_free(counts, need_pair, erqishi)
        if want is None:
            with pytest.raises(ValueError):
                fast.free_groups(symbols_of(counts), need_pair, erqishi)
            continue
        split += 1
        for _ in range(2):  # built, then from the kept splits
            assert list(fast.free_groups(symbols_of(counts), need_pair, erqishi)) == want, counts
    assert split > 1500


def _roles(splits: list[win.Split]) -> list[model.RoleArgs]:
    return [s.role for s in splits]  # every split of the win check has one


@pytest.mark.parametrize("seed", range(3))
def test_every_role_is_grouped_as_the_search_groups_it(seed: int) -> None:
    rng = random.Random(100 + seed)
    roles = 0
    for _ in range(2500):
        hand, melds, card, source, table = sample_case(rng)
        for role in _roles(win.evaluate_roles(hand, melds, card, source, table)):
            roles += 1
            assert fast.role_groups(*role) == reference.role_groups(*role), role
    assert roles > 500


@pytest.mark.parametrize("seed", range(2))
def test_the_fixed_kinds_of_a_role_are_its_groups_kinds_but_the_free_cards(seed: int) -> None:
    """fixed_kinds reads a split's melds, 坎 / 龙 and the card's own group without building them (Bohu's 漂 asks it
    of every role): the kinds of the groups, those of the free cards (seq, da, pair) left out, in order; before the
    groups are built and after."""
    rng = random.Random(200 + seed)
    roles = 0
    for _ in range(2500):
        hand, melds, card, source, table = sample_case(rng)
        for split in win.evaluate_roles(hand, melds, card, source, table):
            roles += 1
            lazy = win_split.fixed_kinds(split)
            want = [g.kind for g in reference.role_groups(*split.role) if g.kind not in ("seq", "da", "pair")]
            assert lazy == want, split.role
            assert win_split.fixed_kinds(split) == [g.kind for g in split.groups if g.kind not in ("seq", "da", "pair")]
    assert roles > 500


@pytest.mark.parametrize("seed", range(2))
def test_whether_a_kind_is_among_the_fixed_groups_is_read_as_the_list_says(seed: int) -> None:
    """any_fixed_kind (Bohu's 漂 asks it of every win: no 哨 and no quad) answers as the list of fixed kinds does, for
    the kinds 漂 reads and for each kind alone; before the groups are built and after."""
    rng = random.Random(300 + seed)
    kinds = [SHAO_OR_QUAD, *({k} for k in ("kan", "long", "peng", "chi", "wei", "ti", "pao", "sao", "kai_duo"))]
    roles = meets = 0
    for _ in range(2500):
        hand, melds, card, source, table = sample_case(rng)
        for split in win.evaluate_roles(hand, melds, card, source, table):
            roles += 1
            listed = [g.kind for g in reference.role_groups(*split.role) if g.kind not in ("seq", "da", "pair")]
            for wanted in kinds:
                want = bool(set(listed) & wanted)
                meets += want
                assert win_split.any_fixed_kind(split, frozenset(wanted)) == want, (split.role, wanted)
            assert split.groups  # built: read from the groups now
            for wanted in kinds:
                assert win_split.any_fixed_kind(split, frozenset(wanted)) == bool(set(listed) & wanted), split.role
    assert roles > 500 and meets > 500


@pytest.mark.parametrize("seed", range(2))
def test_the_groups_of_a_split_are_counted_as_many_as_it_builds(seed: int) -> None:
    """group_count (Bohu's 三提五坎 test of a win from the deal) counts a split's groups without building them."""
    rng = random.Random(500 + seed)
    roles = 0
    for _ in range(2500):
        hand, melds, card, source, table = sample_case(rng)
        splits = win.evaluate_roles(hand, melds, card, source, table)
        if card is None and not melds:
            splits += [s for s in [win.evaluate_win(hand, [], None, source, table)] if s]
        for split in splits:
            roles += 1
            assert win_split.group_count(split) == len(reference.role_groups(*split.role)), split.role
            assert win_split.group_count(split) == len(split.groups)  # built: counted from the groups now
    assert roles > 500


def test_the_worked_examples_are_grouped_as_the_search_groups_them() -> None:
    seen = 0
    for data in [*guilin_examples.EXAMPLES.values(), guilin_examples.N1]:
        h = score.parse_guilin(data)
        if h.win_card is not None:
            seen += _check(win.evaluate_roles(h.hand, h.melds, h.win_card, h.source, GUILIN_TABLE))
        else:
            seen += _check([s for s in [win.evaluate_win(h.hand, [], None, h.source, GUILIN_TABLE)] if s])
    for name in sorted(n for n in dir(bohu_examples) if n[0] == "E" and n[1:2].isdigit()):
        b = score.parse_bohu(getattr(bohu_examples, name))
        table = BOHU.win_table_for(b.options)
        if b.win_card is not None:
            seen += _check(win.evaluate_roles(b.hand, b.melds, b.win_card, b.source, table))
        else:
            seen += _check([s for s in [win.evaluate_win(b.hand, [], None, b.source, table)] if s])
    assert seen >= 18


def _check(splits: list[win.Split]) -> int:
    roles = _roles(splits)
    for role in roles:
        assert fast.role_groups(*role) == reference.role_groups(*role), role
    return len(roles)


def test_every_tables_fixed_groups_are_made_as_the_search_makes_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table's 坎 / 龙 / quads / triples (made once per table, shared by tables alike) are the groups
    reference.fixed_groups makes under that table, for every Guilin and Bohu table, met in a seeded order."""
    from zipai_desktop.engine.rules import bohu

    monkeypatch.setattr(fast, "_ALIKE", {})
    tables = [GUILIN_TABLE] + [bohu._table(p, e, r) for p in (False, True) for e in (False, True) for r in range(11)]
    random.Random(7).shuffle(tables)
    for table in tables:
        tg = fast._table_groups(table)
        for c in range(NUM_KINDS):
            hand = bytes(3 if k == c else 0 for k in range(NUM_KINDS))
            assert (tg.kan[c],) == tuple(reference.fixed_groups("card_free", tuple(hand), (), None, -1, -1, table))
            four = bytes(4 if k == c else 0 for k in range(NUM_KINDS))
            assert (tg.long[c],) == tuple(reference.fixed_groups("card_free", tuple(four), (), None, -1, -1, table))
            plain = reference.fixed_groups("own_quad_kan", tuple(hand), (), c, -1, -1, table)
            assert [tg.quad_own[c]] == plain
            other = reference.fixed_groups("other_quad_kan", tuple(hand), (), c, -1, -1, table)
            assert [tg.quad_other_hidden[c]] == other
            empty = (0,) * NUM_KINDS
            assert [tg.triple_own[c]] == reference.fixed_groups("own_triple", empty, (), c, -1, -1, table)
            assert [tg.triple_other[c]] == reference.fixed_groups("other_triple", empty, (), c, -1, -1, table)
            value = table.value(table.quad_other, c)
            assert tg.quad_other[c] == win.Group(table.quad_other.value, (c,) * 4, value, True)


@pytest.mark.parametrize("erqishi", [True, False])
def test_the_walk_alone_finds_the_searchs_split(erqishi: bool) -> None:
    """The walk (fast._first_split: a group fits when one guarded subtraction says so, fast._GUARD) finds
    split_free's split by itself, with no search to fall back on (free_groups would hide a wrong walk), for the free
    cards of seeded hands of groups and a pair."""
    rng = random.Random(20 + erqishi)
    rows = fast._rows(erqishi)
    walked = 0
    for _ in range(3000):
        counts = [0] * NUM_KINDS
        for group in rng.sample(GROUPS, rng.randint(0, 7)):
            if all(counts[k] + group.count(k) <= 3 for k in group):
                for k in group:
                    counts[k] += 1
        k = rng.randrange(NUM_KINDS)
        counts[k] = min(3, counts[k] + 2)
        if sum(counts) % 3 != 2:
            continue
        want = reference.split_free(counts, True, erqishi)
        if want is None:
            continue
        key = reference.pack(counts) | reference.PAIR | (0 if erqishi else reference.NO27)
        out: list[win.Group] = []
        assert fast._first_split(key, sum(g.hu for g in want), rows, out, [10**9]), counts
        assert out == want, counts
        walked += 1
    assert walked > 1000
