"""The free cards' automaton (engine/win/automaton.py): the shipped tables are the ones the builder makes, and they give
the search's 胡 for free cards with and without a pair, with and without 二七十."""

from __future__ import annotations

import gc
import marshal
import random
import zlib
from typing import Any

import pytest

from zipai_desktop.engine import win
from zipai_desktop.engine.win import automaton as free_split
from zipai_desktop.engine.win import automaton_build as free_split_build
from zipai_desktop.engine.win import reference as ref
from zipai_desktop.engine.win import tables_data as free_split_data
from zipai_desktop.engine.win.automaton import CAP, free_value, symbols_of
from zipai_desktop.engine.win.automaton_build import FreeSplitAutomaton

from ..notation import hand as counts


@pytest.mark.parametrize("erqishi", [True, False])
def test_the_shipped_tables_are_what_the_builder_makes(erqishi: bool) -> None:
    """free_split_data.py is rebuilt by build/make_win_tables.py; a stale copy after a change to the automaton fails."""
    trans, accept = free_split._decode_tables(free_split_data.TABLES[erqishi])
    built_trans, built_accept = free_split_build.build_tables(erqishi)
    assert list(trans) == built_trans
    assert list(accept) == built_accept


def _is_the_tables(rows: tuple[Any, Any, Any], tables: str) -> bool:
    """Whether the rows (start, dead, unknown) are the automaton of the tables' text, state for state: every row
    reached from the start has its state's value and, per symbol, its successor's row (the sinks: their own value,
    and the same sink a step on). Read from the tables themselves, not from free_split._rows."""
    ids, accept = free_split._decoded(tables)
    start, dead, unknown = rows
    seen: set[tuple[int, int]] = set()
    stack = [(start, free_split_build.START // 16)]
    while stack:
        row, state = stack.pop()
        if (id(row), state) in seen:
            continue
        seen.add((id(row), state))
        if row[16] != accept[state]:
            return False
        if state in (free_split_build.DEAD // 16, free_split_build.UNKNOWN // 16):
            if row is not (dead if state == free_split_build.DEAD // 16 else unknown) or row[0][16] != row[16]:
                return False
            continue
        stack.extend((row[symbol], ids[16 * state + symbol]) for symbol in range(16))
    return len(seen) > 1000 or len(accept) < 2000


@pytest.mark.parametrize("erqishi", [True, False])
def test_the_shipped_rows_are_the_shipped_tables(erqishi: bool) -> None:
    """The rows the check walks are read from free_split_rows.bin (build/make_win_tables.py writes it with the tables):
    made from the shipped tables' text (its fingerprint), and the tables' automaton state for state; the rows made
    from the tables when no such file is there are too."""
    blob = free_split.ROWS_FILE.read_bytes()
    fingerprint, _, _ = marshal.loads(zlib.decompress(blob))
    assert fingerprint == free_split.tables_fingerprint(free_split_data.TABLES), "run build/make_win_tables.py"
    assert _is_the_tables(free_split.ROWS[erqishi], free_split_data.TABLES[erqishi])
    assert _is_the_tables(free_split._rows(free_split_data.TABLES[erqishi]), free_split_data.TABLES[erqishi])
    assert not _is_the_tables(free_split.ROWS[not erqishi], free_split_data.TABLES[erqishi])


def test_the_rows_file_ships_in_the_wheel() -> None:
    """pyproject's package data lists the rows file for the engine package (a wheel without it makes the rows at
    every import: about five times as long)."""
    import tomllib
    from pathlib import Path

    pyproject = Path(__file__).resolve().parents[3] / "pyproject.toml"
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    assert free_split.ROWS_FILE.name in data["zipai_desktop.engine.win"]
    assert free_split.ROWS_FILE.parent.name == "win" and free_split.ROWS_FILE.is_file()


def test_a_rows_file_that_is_stale_damaged_or_missing_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file as the builder writes it is read (nothing is made); rows of other tables (another fingerprint), a
    damaged or cut file, another shape, or no file: the rows are made from the tables instead."""
    tables = free_split_data.TABLES
    shipped = free_split.ROWS
    fingerprint, listed, where = marshal.loads(zlib.decompress(free_split.ROWS_FILE.read_bytes()))
    swapped = {True: where[False], False: where[True]}
    whole = marshal.dumps((fingerprint, listed, where), 4)
    blobs = [
        zlib.compress(marshal.dumps((fingerprint + 1, listed, swapped), 4)),
        zlib.compress(marshal.dumps((fingerprint, listed, {True: where[True]}), 4)),
        zlib.compress(marshal.dumps((fingerprint, listed, {True: (0, 1), False: (0, 1)}), 4)),
        zlib.compress(marshal.dumps((fingerprint, shipped), 4)),
        zlib.compress(whole[: len(whole) // 2]),
        b"not a rows file",
        None,
    ]
    rng = random.Random(5)
    walks = [bytes(rng.choice([0, 0, 1, 2, 4, 5, 6, 8, 9, 10]) for _ in range(10)) for _ in range(3000)]

    def values(rows: free_split.Rows, erqishi: bool) -> list[int]:
        out = []
        for walk in walks:
            row = rows[erqishi][0]
            for symbol in walk:
                row = row[symbol]
            out.append(row[16])
        return out

    want = {e: values(shipped, e) for e in (True, False)}
    assert want[True] != want[False] and max(want[True]) > 0  # the walks tell the rule sets apart
    for blob in blobs:
        rows = free_split._load_rows(blob, tables)
        assert rows[True][0] is not shipped[True][0]  # made, not read
        assert all(values(rows, e) == want[e] for e in (True, False))
    built = free_split.rows_blob(tables)  # what build/make_win_tables.py writes
    with monkeypatch.context() as patched:
        patched.setattr(free_split, "_rows", None)  # making them would fail
        for blob in (zlib.compress(whole), built):
            read = free_split._load_rows(blob, tables)
            assert all(values(read, e) == want[e] for e in (True, False))
    # Read successors first, every row is let go of by the collector's first pass (none is walked again after).
    read = free_split._load_rows(built, tables)
    gc.collect()
    assert not any(gc.is_tracked(row) for e in (True, False) for row in read[e])


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
    assert win.best_free(hand, need_pair=False) == ref.best_free(hand, False) == 18
    # 60 free cards (3 of every kind): unknown to the tables.
    full = [3] * 20
    assert free_value(symbols_of(full), need_pair=False, erqishi=True) == -2
    assert win.best_free(full, need_pair=False) == ref.best_free(full, False)


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
