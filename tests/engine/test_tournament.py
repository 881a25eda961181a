"""比赛: Swiss pairing, standings and tie-breaks, duplicate deals, bookings and the saved state."""

from __future__ import annotations

import itertools

import pytest

from zipai_desktop.engine.tournament import (
    Entrant,
    TableResult,
    Tournament,
    TournamentError,
    meetings,
    pair_round,
    standings,
    table_seed,
)


def field(n: int, human: bool = False) -> tuple[Entrant, ...]:
    return tuple(
        Entrant("you" if human and i == 0 else str(i), "human" if human and i == 0 else "casual") for i in range(n)
    )


def result(
    round_no: int, table: int, entrants: tuple[int, ...], points: tuple[int, ...], won: tuple[int, ...]
) -> TableResult:
    return TableResult(round_no, table, entrants, points, won)


def test_standings_rank_by_points_then_hands_won_then_opponents_then_entry() -> None:
    results = [
        result(1, 0, (0, 1, 2), (10, -5, -5), (2, 0, 1)),
        result(1, 1, (3, 4, 5), (10, 0, -10), (2, 1, 1)),
    ]
    ranks = standings(6, results)
    # 0 and 3 both +10 with 2 hands won; 0 met -10 in all, 3 met -10 too: entry order decides.
    assert [s.entrant for s in ranks] == [0, 3, 4, 2, 1, 5]
    assert [s.rank for s in ranks] == [1, 2, 3, 4, 5, 6]
    # 2 and 1 both -5: 2 won a hand, 1 none.
    assert ranks[3].hands_won == 1 and ranks[4].hands_won == 0
    assert ranks[0].opponents == -10 and ranks[0].tables == 1


def test_the_opponents_points_break_a_tie_of_points_and_hands() -> None:
    # 0 and 3 both +6 with one hand won; 3's opponents made more points, so 3 ranks first despite the entry order.
    results = [
        result(1, 0, (0, 1, 2), (6, 0, 0), (1, 0, 0)),
        result(1, 1, (3, 4, 5), (6, 2, 3), (1, 0, 0)),
    ]
    ranks = standings(6, results)
    assert [s.entrant for s in ranks][:2] == [3, 0]
    assert (ranks[0].opponents, ranks[1].opponents) == (5, 0)


def test_round_one_is_a_seeded_draw_seating_everyone_once() -> None:
    a = pair_round(1, 12, 3, [], seed=7)
    assert sorted(itertools.chain(*a)) == list(range(12)) and all(len(t) == 3 for t in a)
    assert pair_round(1, 12, 3, [], seed=7) == a
    assert pair_round(1, 12, 3, [], seed=8) != a


def test_later_rounds_seat_the_leaders_together_and_avoid_rematches() -> None:
    # Round 1: tables {0,1,2} {3,4,5} {6,7,8}; the standings are 0 > 3 > 6 > 1 > 4 > 7 > 2 > 5 > 8.
    r1 = [
        result(1, 0, (0, 1, 2), (9, 0, -9), (1, 0, 0)),
        result(1, 1, (3, 4, 5), (8, -1, -7), (1, 0, 0)),
        result(1, 2, (6, 7, 8), (7, -2, -5), (1, 0, 0)),
    ]
    tables = pair_round(2, 9, 3, r1, seed=1)
    assert {0, 3, 6} == set(tables[0])  # the leaders meet at the top table
    met = meetings(r1)
    rematches = [t for t in tables for a, b in itertools.combinations(t, 2) if met.get(frozenset((a, b)))]
    assert rematches == []


def test_rematches_happen_only_when_the_field_is_too_small() -> None:
    # 6 entrants at tables of 3: every table of round 2 must hold two who met (pigeonhole), but never three.
    r1 = [result(1, 0, (0, 1, 2), (3, 0, -3), (1, 0, 0)), result(1, 1, (3, 4, 5), (2, 0, -2), (1, 0, 0))]
    met = meetings(r1)
    for table in pair_round(2, 6, 3, r1, seed=1):
        assert sum(1 for a, b in itertools.combinations(table, 2) if met.get(frozenset((a, b)))) == 1


def test_duplicate_seeding_gives_every_table_of_a_round_the_same_deals() -> None:
    assert table_seed(5, 2, 0, True) == table_seed(5, 2, 3, True) != table_seed(5, 3, 0, True)
    assert table_seed(5, 2, 0, False) != table_seed(5, 2, 1, False)
    t = Tournament("guilin", 3, field(9), rounds=2, hands=1, seed=5, duplicate=True)
    t.start_round()
    assert len({t.seed_of(1, i) for i in range(3)}) == 1


def play_round(t: Tournament) -> None:
    """Book made-up results: the lowest entrant number at each table wins."""
    round_no = len(t.tables)
    for i in t.pending():
        seated = t.tables[round_no - 1][i]
        best = min(seated)
        t.record(
            TableResult(
                round_no,
                i,
                seated,
                tuple(4 if e == best else -2 for e in seated),
                tuple(int(e == best) for e in seated),
            )
        )


def test_a_tournament_runs_its_rounds_and_ranks_everyone() -> None:
    t = Tournament("bohu", 4, field(8, human=True), rounds=3, hands=2, seed="s")
    assert t.human() == 0 and not t.over
    for r in range(1, 4):
        t.start_round()
        assert t.rounds_done == r - 1 and len(t.pending()) == 2 and t.human_table() is not None
        with pytest.raises(TournamentError, match="not finished"):
            t.start_round()
        play_round(t)
    assert t.over and t.finish(0) == 1  # entrant 0 won every table it sat at
    with pytest.raises(TournamentError, match="over"):
        t.start_round()
    final = t.standings()
    assert sorted(s.entrant for s in final) == list(range(8))
    assert final[0].points == 12 and final[0].hands_won == 3


def test_standings_count_only_finished_rounds() -> None:
    t = Tournament("guilin", 3, field(6), rounds=2, hands=1, seed=1)
    t.start_round()
    seated = t.tables[0][0]
    t.record(TableResult(1, 0, seated, (3, 0, -3), (1, 0, 0)))
    assert all(s.points == 0 for s in t.standings())  # round 1 is not complete yet
    assert t.standings(upto_round=1)[0].points == 3


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda r: TableResult(2, r.table, r.entrants, r.points, r.hands_won), "not started"),
        (lambda r: TableResult(1, r.table, tuple(reversed(r.entrants)), r.points, r.hands_won), "is not"),
        (lambda r: TableResult(1, r.table, r.entrants, r.points[:2], r.hands_won), "every seat"),
    ],
)
def test_a_result_that_does_not_fit_is_refused(change: object, message: str) -> None:
    t = Tournament("guilin", 3, field(6), rounds=2, hands=1, seed=1)
    t.start_round()
    good = TableResult(1, 0, t.tables[0][0], (1, 0, -1), (1, 0, 0))
    with pytest.raises(TournamentError, match=message):
        t.record(change(good))  # type: ignore[operator]
    t.record(good)
    with pytest.raises(TournamentError, match="already booked"):
        t.record(good)


@pytest.mark.parametrize(
    "entrants, size, rounds, message",
    [(8, 3, 2, "multiple of 3"), (3, 3, 1, "at least 6"), (6, 3, 0, "at least one round")],
)
def test_a_competition_that_cannot_be_played_is_refused(entrants: int, size: int, rounds: int, message: str) -> None:
    with pytest.raises(TournamentError, match=message):
        Tournament("guilin", size, field(entrants), rounds=rounds, hands=1, seed=1)
    with pytest.raises(TournamentError, match="at most one human"):
        Tournament("guilin", 3, (Entrant("a", "human"),) * 6, rounds=1, hands=1, seed=1)


def test_the_state_survives_json_and_bad_states_are_refused() -> None:
    t = Tournament("guilin", 3, field(9, human=True), rounds=3, hands=2, seed=4, duplicate=True, options={"min_hu": 15})
    t.start_round()
    play_round(t)
    t.start_round()
    again = Tournament.from_json(t.to_json())
    assert again.to_json() == t.to_json() and again.standings() == t.standings() and again.pending() == t.pending()
    broken = t.to_json()
    broken["tables"][0][0] = [0, 0, 1]
    with pytest.raises(TournamentError, match="every entrant once"):
        Tournament.from_json(broken)
    broken = t.to_json()
    del broken["rounds"]
    with pytest.raises(TournamentError, match="rounds"):
        Tournament.from_json(broken)
    broken = t.to_json()
    broken["results"][0]["points"] = ["x", 0, 0]
    with pytest.raises(TournamentError):
        Tournament.from_json(broken)
