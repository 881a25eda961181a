"""``zipai tournament``: a whole competition of bots headless, seeded, with each level's mean finishing position."""

from __future__ import annotations

import json

import pytest

from zipai_desktop.cli import main

LEAN = ["--hands", "1", "--levels", "random,beginner"]


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["tournament", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("rules", "players", "entrants"), [("guilin", 3, 6), ("bohu", 4, 8), ("bohu", 2, 6)])
def test_a_seeded_tournament_gives_the_same_json_every_run(
    rules: str, players: int, entrants: int, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--rules", rules, "--players", str(players), "--entrants", str(entrants), "--rounds", "2", "--seed", "9"]
    code, first, err = run([*args, *LEAN, "--json"], capsys)
    assert code == 0, err
    code, second, _ = run([*args, *LEAN, "--json"], capsys)
    assert first == second
    data = json.loads(first)
    assert (data["rules"], data["players"], data["entrants"], data["rounds"]) == (rules, players, entrants, 2)
    (comp,) = data["competitions"]
    final = comp["final"]
    assert [s["rank"] for s in final] == list(range(1, entrants + 1))
    assert sorted(s["entrant"] for s in final) == list(range(entrants))
    assert len(comp["tables"]) == 2 * entrants // players
    # The standings are the sums of the tables.
    for s in final:
        mine = [t["points"][t["entrants"].index(s["entrant"])] for t in comp["tables"] if s["entrant"] in t["entrants"]]
        assert len(mine) == 2 and sum(mine) == s["points"]
    # Each level's mean finishing position lies in its interval, and the positions add up to the whole field.
    levels = data["levels"]
    assert set(levels) == {"random", "beginner"}
    total = 0.0
    for summary in levels.values():
        lo, hi = summary["position_ci95"]
        assert lo <= summary["mean_position"] <= hi
        total += summary["mean_position"] * summary["entrants"]
    assert total == pytest.approx(entrants * (entrants + 1) / 2)


def test_duplicate_seeding_deals_every_table_of_a_round_alike(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--entrants", "6", "--rounds", "2", "--seed", "3", *LEAN, "--json"]
    _, out, _ = run([*base, "--duplicate"], capsys)
    tables = json.loads(out)["competitions"][0]["tables"]
    for round_no in (1, 2):
        assert len({t["seed"] for t in tables if t["round"] == round_no}) == 1
    _, out, _ = run(base, capsys)
    tables = json.loads(out)["competitions"][0]["tables"]
    assert len({t["seed"] for t in tables if t["round"] == 1}) == 2


def test_repeated_competitions_pool_the_finishing_positions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--entrants", "6", "--rounds", "1", "--repeat", "3", "--seed", "2", *LEAN, "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["repeat"] == 3 and [c["seed"] for c in data["competitions"]] == ["2:0", "2:1", "2:2"]
    assert sum(s["firsts"] for s in data["levels"].values()) == 3


def test_the_table_output_names_each_level(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--entrants", "6", "--rounds", "1", "--seed", "2", *LEAN], capsys)
    assert code == 0 and "mean place" in out and "beginner" in out and "final ranking" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (["--entrants", "8"], "multiple of 3"),
        (["--rules", "mahjong"], "mahjong"),
        (["--players", "5", "--rules", "bohu"], "not 5"),
        (["--levels", "genius"], "unknown bot"),
        (["--rounds", "0"], "argument --rounds: takes a whole number from 1 to 100, not '0'"),
        (["--options", "{bad"], "not valid JSON"),
        (["--repeat", "0"], "--repeat"),
        (["--entrants", "x"], "takes a whole number from 1 to 1,000, not 'x'"),
    ],
)
def test_bad_arguments_are_refused_with_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(args, capsys)
    assert code == 2 and out == "" and message in err and err.startswith("zipai tournament:")


class _SlowClock:
    """A machine where every clock read is a second later: a strong bot on a time budget would play fewer worlds."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 1.0
        return self.now


def test_strong_bots_give_the_same_json_on_a_fast_and_a_slow_machine(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, bot tables played the strong bot on the window's 0.3 s budget, so a seeded tournament depended on the
    machine's speed and load; now it plays a world count and reads no clock."""
    from zipai_desktop.bots import search

    args = ["tournament", "--rules", "guilin", "--entrants", "6", "--rounds", "1", "--hands", "1", "--seed", "4"]
    args += ["--levels", "strong,casual,strong", "--json"]
    assert main(args) == 0
    fast = capsys.readouterr().out
    monkeypatch.setattr(search, "time", _SlowClock())
    assert main(args) == 0
    slow = capsys.readouterr().out
    assert slow == fast
    assert [s["level"] for s in json.loads(fast)["competitions"][0]["final"]].count("strong") == 4
