"""The 战绩 queries: a match's figures per seat rebuilt from its stored hands, and the list of matches.

Each expected figure is counted here from the engine's own hand results (who won, from which source, on whose
discard, with what score, who sat out), never from the rows the history wrote: the two ways must agree.
"""

from __future__ import annotations

import dataclasses
from datetime import datetime, timedelta

import pytest

from zipai_desktop.engine.match import Match, Stakes
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.engine.win.model import Source
from zipai_desktop.store.history import MEMORY, History

from .play import play


def play_match(
    history: History,
    rules: str,
    players: int,
    kinds: list[str],
    *,
    hands: int,
    seed: str,
    stakes: Stakes | None = None,
    practice: bool = False,
    finish: bool = True,
    started_at: datetime | None = None,
) -> tuple[int, Match, list[dict[str, object]]]:
    """Play a whole match with random legal actions, storing every hand; the match id, the match and per hand what
    the engine says of it (winner, source, discarder, score, the seats that played)."""
    game_rules = get_rules(rules)
    options = game_rules.parse_options({})
    match = Match(game_rules, options, seed=seed, hands=hands, players=players, stakes=stakes)
    match_id = history.start_match(
        rules,
        kinds,
        options=dataclasses.asdict(options),
        seed=seed,
        practice=practice,
        stakes=stakes.to_json() if stakes is not None else None,
        started_at=started_at,
    )
    seen: list[dict[str, object]] = []
    while not match.over:
        game = play(match.start_hand())
        result = game.result
        assert result is not None
        win = result.win
        seen.append(
            {
                "winner": result.winner,
                "source": win.source if win is not None and result.winner is not None else None,
                "from": win.from_seat if win is not None and win.source is Source.DISCARD else None,
                "score": result.score,
                "active": tuple(game.active),
            }
        )
        history.add_hand(match_id, match.played, game)
        match.finish_hand()
    if finish:
        history.finish_match(match_id, match.totals)
    return match_id, match, seen


def expected(seen: list[dict[str, object]], seat: int) -> dict[str, object]:
    won = [h for h in seen if h["winner"] == seat]
    return {
        "wins": len(won),
        "self_drawn": sum(1 for h in won if h["source"] is Source.OWN_DRAW),
        "dealt_in": sum(1 for h in seen if h["from"] == seat),
        "best": max((int(h["score"]) for h in won), default=None),  # type: ignore[call-overload]
        "hands": sum(1 for h in seen if seat in h["active"]),  # type: ignore[operator]
    }


@pytest.mark.parametrize(
    ("rules", "players", "seed"),
    [("guilin", 3, "r1"), ("bohu", 2, "r2"), ("bohu", 3, "r3"), ("bohu", 4, "r4")],
)
def test_each_seats_figures_are_its_hands_counted_again(rules: str, players: int, seed: str) -> None:
    with History(MEMORY) as history:
        kinds = ["human"] + ["casual"] * (players - 1)
        match_id, match, seen = play_match(history, rules, players, kinds, hands=8, seed=seed)
        result = history.match_result(match_id)
        assert result.match.hands == len(seen) == 8
        assert list(result.match.totals) == match.totals
        for seat in range(players):
            figures = result.seats[seat]
            assert figures.total == match.totals[seat]
            assert figures.stake is None  # no stakes: no stake units
            want = expected(seen, seat)
            got = {k: getattr(figures, k) for k in want}
            assert got == want, (seat, got, want)
        if players == 4:  # one seat sits out each hand: 3 seat-hands a hand
            assert sum(s.hands for s in result.seats) == 3 * 8
        assert sum(s.wins for s in result.seats) == sum(1 for h in seen if h["winner"] is not None)
        assert result.ranking()[0] == max(range(players), key=lambda s: (match.totals[s], -s))


def test_a_stakes_match_gives_each_total_in_stake_units() -> None:
    with History(MEMORY) as history:
        stakes = Stakes(base=2, multiplier=3, start_balance=None)
        match_id, match, _ = play_match(
            history, "guilin", 3, ["human", "casual", "strong"], hands=6, seed="s", stakes=stakes
        )
        result = history.match_result(match_id)
        assert result.match.unit == 6
        assert [s.stake for s in result.seats] == [t * 6 for t in match.totals]


def test_the_list_has_one_row_per_match_newest_first_and_marks_practice() -> None:
    with History(MEMORY) as history:
        t0 = datetime(2026, 1, 1, 12, 0)
        first, m1, _ = play_match(history, "guilin", 3, ["human", "casual", "casual"], hands=3, seed="a", started_at=t0)
        second, _, _ = play_match(
            history, "bohu", 2, ["human", "human"], hands=2, seed="b", practice=True, started_at=t0 + timedelta(hours=1)
        )
        bots, _, _ = play_match(history, "guilin", 3, ["casual"] * 3, hands=1, seed="c", started_at=t0)
        unfinished, m4, seen4 = play_match(
            history, "guilin", 3, ["human", "casual", "casual"], hands=2, seed="d", finish=False,
            started_at=t0 - timedelta(hours=1),
        )  # fmt: skip
        empty = history.start_match("guilin", ["human", "casual", "casual"])  # no hand stored: not listed
        rows = history.matches()
        assert [r.id for r in rows] == [second, first, unfinished]  # the bots-only match is no one's record
        assert bots not in [r.id for r in rows] and empty not in [r.id for r in rows]
        by_id = {r.id: r for r in rows}
        assert by_id[second].practice and not by_id[first].practice
        assert by_id[second].seats == ("human", "human") and by_id[second].hands == 2
        assert by_id[first].finished_at is not None and by_id[unfinished].finished_at is None
        assert list(by_id[first].totals) == m1.totals
        assert list(by_id[unfinished].totals) == m4.totals  # not finished: its hands' points summed
        assert [h.hand_no for h in history.hands(match_id=first)] == [2, 1, 0]
        assert history.matches(limit=1, offset=1)[0].id == first


def test_a_hint_used_marks_the_match_in_the_list() -> None:
    with History(MEMORY) as history:
        match_id, _, _ = play_match(history, "guilin", 3, ["human", "casual", "casual"], hands=1, seed="h")
        history.mark_practice(match_id)
        row = history.match(match_id)
        assert row is not None and row.practice


def test_an_unknown_match_has_no_result() -> None:
    with History(MEMORY) as history, pytest.raises(KeyError):
        history.match_result(12345)
    with History(MEMORY) as history:
        assert history.match(12345) is None
