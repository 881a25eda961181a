"""The free cards' automaton (engine/free_split.py): the shipped tables are the ones the builder makes, and they give
the search's 胡 for free cards with and without a pair, with and without 二七十."""

from __future__ import annotations

import random

import pytest

from zipai_desktop.engine import free_split, free_split_build, free_split_data, hu
from zipai_desktop.engine.free_split import CAP, free_value, symbols_of
from zipai_desktop.engine.free_split_build import FreeSplitAutomaton

from . import reference_hu as ref
from .notation import hand as counts


@pytest.mark.parametrize("erqishi", [True, False])
def test_the_shipped_tables_are_what_the_builder_makes(erqishi: bool) -> None:
    """free_split_data.py is rebuilt by build/make_win_tables.py; a stale copy after a change to the automaton fails."""
    trans, accept = free_split._decode_tables(free_split_data.TABLES[erqishi])
    built_trans, built_accept = free_split_build.build_tables(erqishi)
    assert list(trans) == built_trans
    assert list(accept) == built_accept


def test_a_hand_of_sequences_and_the_da() -> None:
    # 一二三 (3) 二七十 (3) 壹贰叁 (6) and 四四肆 (搭: 0): 12 胡.
    hand = counts("一二三 二七十 壹贰叁 四四肆")
    assert free_value(symbols_of(hand), need_pair=False, erqishi=True) == 12
    # Without 二七十 as a group the hand does not split.
    assert free_value(symbols_of(hand), need_pair=False, erqishi=False) == -1


def test_the_pair_is_taken_where_it_pays() -> None:
    # 一一 二二 三三 and 壹壹: as 一二三 一二三 and the pair 壹壹 it is worth 6;
    # a pair of 一 leaves 二二三三 壹壹, which does not split.
    hand = counts("一一二二三三 壹壹")
    assert free_value(symbols_of(hand), need_pair=True, erqishi=True) == 6
    assert free_value(symbols_of(hand), need_pair=False, erqishi=True) == -1


@pytest.mark.parametrize("need_pair", [False, True])
@pytest.mark.parametrize("erqishi", [True, False])
def test_tables_and_lazy_automaton_and_search_agree(need_pair: bool, erqishi: bool) -> None:
    rng = random.Random(11 + 2 * need_pair + erqishi)
    lazy = FreeSplitAutomaton(erqishi, need_pair)
    for _ in range(3000):
        hand = [rng.choice((0, 0, 0, 1, 1, 2, 2, 3)) for _ in range(20)]
        while sum(hand) > CAP or (sum(hand) - 2 * need_pair) % 3:
            k = rng.randrange(20)
            hand[k] = max(0, hand[k] - 1)
        symbols = symbols_of(hand)
        want = ref.best_free(hand, need_pair, erqishi)
        assert free_value(symbols, need_pair, erqishi) == want, hand
        assert lazy.value(symbols) == want, hand


def test_more_free_cards_than_the_tables_hold_are_searched() -> None:
    """No hand holds more than 22 free cards; past that the tables may not know the way (-2) and the search answers."""
    # 24 free cards: 8 sequences.
    hand = counts("一二三 一二三 四五六 四五六 七八九 七八九 壹贰叁 壹贰叁")
    assert sum(hand) > CAP
    assert free_value(symbols_of(hand), need_pair=False, erqishi=True) in (-2, 18)
    assert hu.best_free(hand, need_pair=False) == ref.best_free(hand, False) == 18
    # 60 free cards (3 of every kind): unknown to the tables.
    full = [3] * 20
    assert free_value(symbols_of(full), need_pair=False, erqishi=True) == -2
    assert hu.best_free(full, need_pair=False) == ref.best_free(full, False)


@pytest.mark.parametrize("need_pair", [False, True])
@pytest.mark.parametrize("erqishi", [True, False])
def test_a_hand_read_straight_from_its_held_counts_is_valued_as_its_free_cards(need_pair: bool, erqishi: bool) -> None:
    """held_value reads the 20 held counts (a 3 or 4 is a 坎 / 龙, not free) without making the symbols: the same
    value as free_value of the free counts, for hands of every size, over CAP included (-2 there: the search)."""
    rng = random.Random(29 + 2 * need_pair + erqishi)
    values = set()
    for _ in range(4000):
        hand = [rng.choice((0, 0, 0, 1, 1, 2, 2, 3, 4)) for _ in range(20)]
        free = [c if c < 3 else 0 for c in hand]
        want = free_value(symbols_of(free), need_pair, erqishi)
        assert free_split.held_value(hand, need_pair, erqishi) == want, hand
        assert free_split.held_value(tuple(hand), need_pair, erqishi) == want, hand
        values.add(want)
    assert -1 in values and max(values) > 0  # refusals and splits were both met
    # 40 free cards, far past CAP: the tables do not know them (with 二七十), or see at once that they cannot split.
    assert free_split.held_value([2] * 20, need_pair, erqishi) == (-2 if erqishi else -1)
