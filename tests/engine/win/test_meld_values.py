"""The 胡 of a seat's table melds is each table's own: the same meld object read under tables that value it
differently (Bohu's ``bonus_rank`` doubles one number's triples and quads) gets each table's own value, and a list's 胡
is the sum of its melds' values under the table, however the lists share their melds and in whatever order the
tables are met (the win check keeps nothing of them between checks)."""

from __future__ import annotations

import random

from zipai_desktop.engine.melds import Meld, MeldKind
from zipai_desktop.engine.rules.bohu import BOHU, BohuOptions
from zipai_desktop.engine.win import Source, evaluate_roles, roles


def test_a_melds_hu_is_its_tables_own_whatever_lists_and_tables_it_was_read_under() -> None:
    rng = random.Random(13)
    tables = [BOHU.win_table_for(BohuOptions(bonus_rank=r)) for r in (0, 2, 7)]
    pool = [Meld(MeldKind.PENG, (k,) * 3) for k in range(20)] + [Meld(MeldKind.WEI, (k,) * 3) for k in range(20)]
    pool += [Meld(MeldKind.TI, (k,) * 4) for k in range(20)] + [
        Meld(MeldKind.CHI, (1, 6, 9)),
        Meld(MeldKind.CHI, (0, 1, 2)),
    ]
    differs = 0
    for _ in range(600):
        melds = tuple(rng.sample(pool, rng.randint(1, 6)))
        table = rng.choice(tables)
        got = roles.melds_hu(melds, table)
        assert got == sum(table.meld_value(m) for m in melds)
        differs += len({sum(t.meld_value(m) for m in melds) for t in tables}) > 1
    assert differs > 300  # the tables do value most of these lists differently


def test_the_win_check_sees_the_tables_own_meld_values() -> None:
    """A 二 peng is worth 1 胡息, 2 with bonus_rank 2: the same meld objects, checked under both tables, win with
    totals one apart."""
    peng = Meld(MeldKind.PENG, (1, 1, 1))
    melds = [peng, Meld(MeldKind.CHI, (2, 3, 4)), Meld(MeldKind.CHI, (5, 6, 7))]
    hand = [0] * 20
    for k in (10, 11, 12, 13, 14, 15, 16, 17, 18, 19):
        hand[k] += 1
    plain, doubled = (BOHU.win_table_for(BohuOptions(bonus_rank=r)) for r in (0, 2))
    for _ in range(2):  # the second time from what the first kept
        a = evaluate_roles(hand, melds, 19, Source.OWN_DRAW, plain)
        b = evaluate_roles(hand, melds, 19, Source.OWN_DRAW, doubled)
        assert a and b
        assert max(s.hu for s in b) - max(s.hu for s in a) == plain.meld_value(peng)
