"""The free cards' automaton (engine/win/automaton.py): the shipped tables are the ones the builder makes, and they give
the search's 胡 for free cards with and without a pair, with and without 二七十."""

from __future__ import annotations

import random
import struct
import zlib
from pathlib import Path
from typing import Any

import pytest

from zipai_desktop.engine import win
from zipai_desktop.engine.win import automaton, automaton_build, tables
from zipai_desktop.engine.win import reference as ref
from zipai_desktop.engine.win.automaton import CAP, free_value, symbols_of
from zipai_desktop.engine.win.automaton_build import FreeSplitAutomaton

from ..notation import hand as counts


@pytest.mark.parametrize("erqishi", [True, False])
def test_the_shipped_tables_are_what_the_builder_makes(erqishi: bool) -> None:
    """tables.bin is rebuilt by build/make_win_tables.py; a stale copy after a change to the automaton fails."""
    ids, accept = tables.read_tables()[erqishi]
    built_trans, built_accept = automaton_build.build_tables(erqishi)
    assert [16 * i for i in ids] == built_trans
    assert accept == built_accept


def _is_the_tables(rows: tuple[Any, Any, Any], erqishi: bool) -> bool:
    """Whether the rows (start, dead, unknown) are the automaton of the shipped tables, state for state: every row
    reached from the start has its state's value and, per symbol, its successor's row (the sinks: their own value,
    and the same sink a step on). Read from the tables themselves, not from automaton._rows."""
    ids, accept = tables.read_tables()[erqishi]
    start, dead, unknown = rows
    seen: set[tuple[int, int]] = set()
    stack = [(start, automaton_build.START // 16)]
    while stack:
        row, state = stack.pop()
        if (id(row), state) in seen:
            continue
        seen.add((id(row), state))
        if row[16] != accept[state]:
            return False
        if state in (automaton_build.DEAD // 16, automaton_build.UNKNOWN // 16):
            if row is not (dead if state == automaton_build.DEAD // 16 else unknown) or row[0][16] != row[16]:
                return False
            continue
        stack.extend((row[symbol], ids[16 * state + symbol]) for symbol in range(16))
    return len(seen) > 1000 or len(accept) < 2000


@pytest.mark.parametrize("erqishi", [True, False])
def test_the_rows_the_check_walks_are_the_shipped_tables(erqishi: bool) -> None:
    assert _is_the_tables(automaton.ROWS[erqishi], erqishi)
    assert not _is_the_tables(automaton.ROWS[not erqishi], erqishi)


def test_the_tables_file_ships_in_the_wheel() -> None:
    """pyproject's package data lists the tables file for the win package (the engine cannot run without it)."""
    import tomllib
    from pathlib import Path

    pyproject = Path(__file__).resolve().parents[3] / "pyproject.toml"
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    assert data["zipai_desktop.engine.win"] == [tables.TABLES_FILE]
    assert (Path(automaton.__file__).parent / tables.TABLES_FILE).is_file()


def test_the_tables_file_is_the_documented_format() -> None:
    """Magic, version, two tables (one per rule set) with their state counts, then the zlib body of exactly their
    values and successors; written back from what it reads, it reads the same."""
    blob = (Path(automaton.__file__).parent / tables.TABLES_FILE).read_bytes()
    magic, version, count = struct.unpack_from("<8sHH", blob)
    assert (magic, version, count) == (b"ZPWINTAB", 1, 2)
    sizes = [struct.unpack_from("<BI", blob, 12 + 5 * i) for i in range(2)]
    assert sorted(flag for flag, _ in sizes) == [0, 1]
    assert len(zlib.decompress(blob[22:])) == sum(36 * n for _, n in sizes)
    read = tables.read_tables()
    again = tables.encode_tables({e: ([16 * i for i in ids], accept) for e, (ids, accept) in read.items()})
    assert tables.decode_tables(again) == read


def test_a_damaged_tables_file_is_refused_with_a_reason() -> None:
    """Bytes that are not the tables give a ValueError that says what is wrong and how to make the file again."""
    blob = (Path(automaton.__file__).parent / tables.TABLES_FILE).read_bytes()
    spoilt = {
        "not a win tables file": b"PK\x03\x04" + blob[4:],
        "format version 9": blob[:8] + struct.pack("<H", 9) + blob[10:],
        "damaged header": blob[:10] + struct.pack("<H", 3) + blob[12:],
        "damaged win tables file": blob[:22] + b"\x00" * 16 + blob[38:],
        "does not match its header": blob[:22] + zlib.compress(zlib.decompress(blob[22:])[:-2]),
    }
    for words, data in spoilt.items():
        with pytest.raises(ValueError, match=words) as caught:
            tables.decode_tables(data)
        assert "build/make_win_tables.py" in str(caught.value)


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
        assert automaton.held_value(hand, need_pair, erqishi) == want, hand
        assert automaton.held_value(tuple(hand), need_pair, erqishi) == want, hand
        values.add(want)
    assert -1 in values and max(values) > 0  # refusals and splits were both met
    # 40 free cards, far past CAP: the tables do not know them (with 二七十), or see at once that they cannot split.
    assert automaton.held_value([2] * 20, need_pair, erqishi) == (-2 if erqishi else -1)
