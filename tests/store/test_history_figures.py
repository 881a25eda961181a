"""Every statistics figure, rebuilt here from the stored hand rows by its definition, equals the history's.

The definitions (see ``Stats``): a hand counts once per human seat that played it (hot-seat hands too), wins the
same way, so the win rate is wins / hands; stake units come only from stakes matches; practice matches and matches
where a hint was used are left out, and said to be, unless asked for.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from zipai_desktop.engine.win import Source
from zipai_desktop.store.history import HandRow, History, LevelStats, Stats

from .test_history import fake_hand, outcome

DAY = datetime(2024, 3, 1, 12, 0, tzinfo=UTC)
UNIT = 5 * 2  # the stakes match: 底分 5, 倍率 2


def seeded(h: History) -> dict[str, int]:
    """A hot-seat match, a practice match, a hinted match, a stakes match, a plain match and a bots-only match."""
    hot = h.start_match("guilin", ["human", "human", "casual"], seed=1, started_at=DAY)
    h.add_hand(hot, 0, outcome(fake_hand("guilin", 1), 0, (8, -4, -4), 4, Source.OWN_DRAW), played_at=DAY)
    h.add_hand(hot, 1, outcome(fake_hand("guilin", 2), 2, (-6, 0, 6), 3, Source.DISCARD, 0), played_at=DAY)
    h.add_hand(hot, 2, outcome(fake_hand("guilin", 3), None, (0, 0, 0)), played_at=DAY)
    practice = h.start_match("guilin", ["human", "random", "random"], practice=True, started_at=DAY)
    h.add_hand(practice, 0, outcome(fake_hand("guilin", 4), 0, (40, -20, -20), 20, Source.OWN_DRAW), played_at=DAY)
    hinted = h.start_match("bohu", ["human", "strong"], seed=3, started_at=DAY)
    h.add_hand(hinted, 0, outcome(fake_hand("bohu", 5, 2), 0, (12, -12), 12, Source.OWN_DRAW), played_at=DAY)
    h.mark_practice(hinted)  # the player asked for the F4 hint in hand 2
    h.add_hand(hinted, 1, outcome(fake_hand("bohu", 6, 2), 1, (-9, 9), 9, Source.DISCARD, 0), played_at=DAY)
    stakes = h.start_match(
        "guilin", ["human", "casual", "strong"], seed=4, started_at=DAY, stakes={"base": 5, "multiplier": 2}
    )
    h.add_hand(stakes, 0, outcome(fake_hand("guilin", 7), 1, (-8, 16, -8), 8, Source.OWN_DRAW), played_at=DAY)
    h.add_hand(stakes, 1, outcome(fake_hand("guilin", 8), 2, (-6, 0, 6), 6, Source.DISCARD, 0), played_at=DAY)
    plain = h.start_match("bohu", ["human", "beginner"], seed=5, started_at=DAY)
    h.add_hand(plain, 0, outcome(fake_hand("bohu", 9, 2), 0, (30, -30), 30, Source.OWN_DRAW), played_at=DAY)
    bots = h.start_match("guilin", ["casual", "strong", "random"], started_at=DAY)
    h.add_hand(bots, 0, outcome(fake_hand("guilin", 10), 0, (20, -10, -10), 20, Source.OWN_DRAW), played_at=DAY)
    return {"hot": hot, "practice": practice, "hinted": hinted, "stakes": stakes, "plain": plain, "bots": bots}


def rebuilt(rows: list[HandRow], staked: set[int], *, include_practice: bool) -> Stats:
    """The figures by their definitions, from the rows alone (no SQL)."""
    mine = [r for r in rows if r.humans and (include_practice or r.counted)]
    hands = sum(len(r.humans) for r in mine)
    won = [r for r in mine if r.winner in r.humans]
    levels: dict[str, list[int]] = {}
    for r in mine:
        for level in sorted({r.seats[s] for s in range(len(r.seats))} - {"human"}):
            entry = levels.setdefault(level, [0, 0, 0])
            entry[0] += len(r.humans)
            entry[1] += r.winner in r.humans
            entry[2] += sum(r.points[s] for s in r.humans)
    return Stats(
        hands=hands,
        matches=len({r.match_id for r in mine}),
        wins=len(won),
        win_rate=len(won) / hands if hands else 0.0,
        draws=sum(len(r.humans) for r in mine if r.winner is None),
        points=sum(r.points[s] for r in mine for s in r.humans),
        average_score=sum(r.score for r in won) / len(won) if won else None,
        best_score=max((r.score for r in won), default=None),
        dealt_in=sum(1 for r in mine if r.source == "discard" and r.discarder in r.humans),
        vs={k: LevelStats(k, *v) for k, v in sorted(levels.items())},
        stake=sum(r.points[s] * UNIT for r in mine if r.match_id in staked for s in r.humans),
        stake_hands=sum(len(r.humans) for r in mine if r.match_id in staked),
        left_out=0 if include_practice else sum(len(r.humans) for r in rows if r.humans and not r.counted),
    )


def test_each_figure_is_its_definition_over_the_hand_rows(home: object) -> None:
    h = History()
    ids = seeded(h)
    rows = h.hands()
    staked = {ids["stakes"]}
    got = h.stats()
    assert got == rebuilt(rows, staked, include_practice=False)
    # The same figures written out: 3 hot-seat hands x 2 humans + 2 stakes hands + 1 plain hand.
    assert (got.hands, got.wins, got.draws, got.matches) == (9, 2, 2, 3)
    assert got.win_rate == pytest.approx(2 / 9)  # wins / hands played, on the same count
    assert got.stake == (-8 - 6) * UNIT and got.stake_hands == 2  # the plain and hot-seat points are not units
    assert got.points == (8 - 4) + (-6 + 0) + 0 - 8 - 6 + 30
    assert got.left_out == 1 + 2  # the practice hand and both hands of the hinted match, never silently missing
    everything = h.stats(include_practice=True)
    assert everything == rebuilt(rows, staked, include_practice=True)
    assert everything.hands == got.hands + got.left_out and everything.left_out == 0


def test_filters_keep_the_definitions(home: object) -> None:
    h = History()
    ids = seeded(h)
    for rules in ("guilin", "bohu"):
        rows = [r for r in h.hands() if r.rules == rules]
        for include in (False, True):
            assert h.stats(rules, include_practice=include) == rebuilt(rows, {ids["stakes"]}, include_practice=include)
