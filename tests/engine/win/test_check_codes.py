"""A number's code (model.count_codes), made from each kind's codes and shared by tables alike, against the plain sum
of its fields for every number and held count, under every Guilin and Bohu table and seeded made-up values."""

from __future__ import annotations

import random

from zipai_desktop.engine import win
from zipai_desktop.engine.rules import bohu, guilin
from zipai_desktop.engine.win import model


def _plain(table: win.WinTable) -> tuple[tuple[tuple[int, ...], ...], ...]:
    kan, long_ = table.values_of("kan"), table.values_of("long")
    return tuple(
        tuple(
            tuple(
                small + big
                | ((small == 4) + (big == 4)) << model.LONGS_AT
                | sum(kan[k] if held == 3 else long_[k] if held == 4 else 0 for k, held in ((n, small), (n + 10, big)))
                << model.FIXED_AT
                for big in range(5)
            )
            for small in range(5)
        )
        for n in range(10)
    )


def _tables() -> list[win.WinTable]:
    out = [guilin.GuilinRules.win_table]
    out += [bohu._table(p, e, r) for p in (False, True) for e in (False, True) for r in range(11)]
    rng = random.Random(13)
    base = out[-1]
    for _ in range(40):
        values = dict(base.values)
        values["kan"] = (rng.randrange(30), rng.randrange(30))
        values["long"] = (rng.randrange(30), rng.randrange(30))
        out.append(win.WinTable(
            values=values, triple_own=base.triple_own, quad_own=base.quad_own, triple_other=base.triple_other,
            quad_other=base.quad_other, pair_always=base.pair_always, peng_upgrade_on_discard=True,
            bonus_rank=rng.randrange(11),
        ))  # fmt: skip
    return out


def test_every_tables_codes_are_the_plain_sums_of_its_fields() -> None:
    tables = _tables()
    assert len(tables) > 80
    for table in tables:
        assert table.codes == _plain(table)


def test_tables_with_one_kan_and_long_valuation_share_their_codes() -> None:
    assert bohu._table(False, True, 3).codes is bohu._table(True, False, 3).codes
    assert bohu._table(False, True, 3).codes != bohu._table(False, True, 4).codes
