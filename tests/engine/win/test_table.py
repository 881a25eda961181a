"""A win table (engine/win/model.py WinTable) is made whole: what it derives from the rules' values is made with it,
read only, and no check changes it; it holds no cache, so sharing one table between games, copies and threads shares
nothing that changes."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import fields

from zipai_desktop.engine import win
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.engine.win.reach import keep_function

from .test_reference import TABLES, sample_case


def snapshot(table: win.WinTable) -> dict[str, object]:
    """Every field of the table, containers copied (a later change to them shows as a difference)."""
    out: dict[str, object] = {}
    for f in fields(table):
        value = getattr(table, f.name)
        out[f.name] = dict(value) if isinstance(value, Mapping) else value
    return out


def test_no_check_changes_a_win_table() -> None:
    before = [snapshot(t) for t in TABLES]
    rng = random.Random(5)
    wins = 0
    for _ in range(3000):
        hand, melds, card, source, table = sample_case(rng)
        reach = keep_function(table.erqishi)(hand)
        for split in win.find_wins(hand, melds, card, source, table, win.meld_facts(melds), reach):
            wins += 1
            split.groups  # noqa: B018 - reading them builds them
        win.evaluate_win(hand, melds, card, source, table)
    assert wins > 300
    assert [snapshot(t) for t in TABLES] == before


def test_what_a_table_derives_is_made_with_it_and_read_only() -> None:
    bohu = get_rules("bohu")
    table = bohu.win_table_for(bohu.parse_options({"bonus_rank": 2}))
    # Every kind the rules value, for every card, is there before any check (value() per card, the doubled rank in).
    assert set(table.per_kind) == set(table.values)
    for kind in table.values:
        assert table.per_kind[kind] == tuple(table.value(kind, k) for k in range(20))
    try:
        table.per_kind["kan"] = ()  # type: ignore[index]
    except TypeError:
        pass
    else:  # pragma: no cover
        raise AssertionError("a table's values per kind can be changed")
    # Nothing the table holds besides the rules' own values is a container that could change.
    for f in fields(table):
        if f.name != "values":
            assert not isinstance(getattr(table, f.name), (dict, list, set)), f.name
