"""Every number a ``zipai`` command takes has an upper bound, said in its --help, and a value past it is refused when
the arguments are read: exit 2, one line on stderr, never a MemoryError from a field, a job list or a table of that
size. A ``--seed`` that is not UTF-8 text, or longer than 200 characters, is refused the same way by every command
that takes one; and a huge value in any argument is quoted in at most about 80 characters."""

from __future__ import annotations

import io
import os
import resource
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from zipai_desktop import cli
from zipai_desktop.app import main as app_main
from zipai_desktop.tools import ladder, sim, tournament

REPO = Path(__file__).resolve().parents[2]
# A lone surrogate pair: how Python holds the argv bytes 0xFF 0xFE, which are not UTF-8 (the shell's $'\xff\xfe').
NOT_UTF8 = os.fsdecode(b"\xff\xfe")
HUGE = "999999999"


def run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(args)
    return code, out.getvalue(), err.getvalue()


def refused(args: list[str], limit: int = 400) -> str:
    """The command exits 2 with one line on stderr of at most ``limit`` characters, nothing on stdout."""
    code, out, err = run(args)
    assert (code, out) == (2, ""), (code, out[:200], err[:300])
    assert err.count("\n") == 1 and len(err) <= limit and "Traceback" not in err, err[:300]
    return err


@pytest.fixture
def nothing_is_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """Whatever would build a field, a job list or a table fails the test: the refusal must come before them."""

    def played(*args: object, **kwargs: object) -> None:
        raise AssertionError("the command started playing")

    monkeypatch.setattr(tournament, "make_field", played)
    monkeypatch.setattr(tournament, "Tournament", played)
    monkeypatch.setattr(ladder, "run_ladder", played)
    monkeypatch.setattr(sim, "play_hand", played)
    monkeypatch.setattr(app_main, "run_demo", played)


# (command, the argument, the most it takes): each bound is far past honest use, and --help says it.
BOUNDS = [
    (["sim"], "--hands", 1_000_000),
    (["sim"], "--players", 99),
    (["tournament"], "--entrants", 1_000),
    (["tournament"], "--rounds", 100),
    (["tournament"], "--hands", 1_000),
    (["tournament"], "--repeat", 1_000),
    (["tournament"], "--players", 99),
    (["ladder"], "--deals", 10_000),
    (["ladder"], "--workers", 61),
    (["--demo"], "--frames", 10_000_000),
    (["--demo"], "--players", 99),
]


@pytest.mark.parametrize(("command", "option", "most"), BOUNDS)
@pytest.mark.usefixtures("nothing_is_played")
def test_a_count_past_its_bound_is_refused_before_anything_is_made(command: list[str], option: str, most: int) -> None:
    for value in (str(most + 1), HUGE, "9" * 5000):
        err = refused([*command, option, value])
        assert f"argument {option}: takes a whole number from " in err and f" to {most:,}, not " in err


@pytest.mark.parametrize(("command", "option", "most"), BOUNDS)
def test_each_bound_is_taken_and_said_in_the_help(command: list[str], option: str, most: int) -> None:
    parser = {
        "sim": sim._parser,
        "tournament": tournament._parser,
        "ladder": ladder._parser,
        "--demo": app_main.parser,
    }[command[0]]()
    args = parser.parse_args([option, str(most)])
    assert getattr(args, option[2:]) == most
    if option != "--players":  # the rules say how many seats a game has; 99 only stops a typo
        text = " ".join(parser.format_help().split())
        assert f"{most:,}" in text, (option, text)


@pytest.mark.parametrize(
    "args",
    [["tournament", "--entrants", HUGE], ["ladder", "--quick", "--deals", HUGE]],
    ids=["tournament --entrants", "ladder --deals"],
)
def test_the_reported_cases_under_a_memory_cap(args: list[str]) -> None:
    """The issue's two commands, as a user runs them, with the address space capped at 1 GB: a field or a job list
    of 999,999,999 entries would not fit (MemoryError, a traceback); refused at parsing, nothing is allocated."""

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    proc = subprocess.run(
        [sys.executable, "-m", "zipai_desktop.cli", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        preexec_fn=cap,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr[-500:]
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr and "MemoryError" not in proc.stderr
    assert "takes a whole number from 1 to " in proc.stderr


# -- the seed ---------------------------------------------------------------------------------------------------------

SEEDED = [["sim", "--hands", "1"], ["tournament", "--entrants", "6", "--hands", "1"], ["ladder", "--deals", "1"],
          ["--demo", "--frames", "1"]]  # fmt: skip


@pytest.mark.parametrize("command", SEEDED, ids=lambda c: c[0])
@pytest.mark.usefixtures("nothing_is_played")
def test_a_seed_that_is_not_utf8_is_refused_alike_by_every_command(command: list[str]) -> None:
    err = refused([*command, "--seed", NOT_UTF8])
    assert err.endswith("argument --seed: takes text that is UTF-8, not '\\udcff\\udcfe' (bytes that are not UTF-8)\n")
    err.encode("utf-8")  # echoed escaped: the line can be written on any stream


@pytest.mark.parametrize("command", SEEDED, ids=lambda c: c[0])
@pytest.mark.usefixtures("nothing_is_played")
def test_a_seed_over_200_characters_is_refused_and_quoted_short(command: list[str]) -> None:
    err = refused([*command, "--seed", "s" * 100_000])
    assert "argument --seed: takes at most 200 characters, not 'ssss" in err and "(100,000 characters)" in err
    assert err.count("s" * 81) == 0


def test_a_seed_that_is_not_utf8_is_refused_from_a_real_command_line() -> None:
    """As the shell passes it: raw bytes in argv (before: UnicodeEncodeError in the deal's hash, a traceback)."""
    proc = subprocess.run(
        [sys.executable.encode(), b"-m", b"zipai_desktop.cli", b"sim", b"--hands", b"1", b"--seed", b"\xff\xfe"],
        capture_output=True,
        cwd=REPO,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert proc.returncode == 2 and proc.stdout == b""
    assert proc.stderr == b"zipai sim: argument --seed: takes text that is UTF-8, not '\\udcff\\udcfe' (bytes that " \
                          b"are not UTF-8)\n"  # fmt: skip


def test_a_seed_of_200_characters_plays() -> None:
    code, out, err = run(["sim", "--hands", "1", "--seed", "种" * 200, "--json"])
    assert code == 0 and err == "" and '"seed": "' + "种" * 200 + '"' in out


# -- a huge value in any text argument is quoted short ----------------------------------------------------------------

BIG = "x" * 100_000


@pytest.mark.parametrize(
    "args",
    [
        ["tournament", "--levels", BIG],
        ["tournament", "--levels", "random," + BIG],
        ["tournament", "--rules", BIG],
        ["tournament", "--options", '{"' + BIG[:60_000] + '": 1}'],
        ["tournament", "--" + BIG],
        ["sim", "--rules", BIG],
        ["sim", "--bots", "random,random," + BIG],
        ["sim", "--duplicate", BIG, "--vs", "random"],
        ["sim", "--" + BIG],
        ["ladder", "--render", BIG],
        ["ladder", "--write", BIG],
        ["ladder", "--" + BIG],
        ["replay", BIG],
        ["replay", "--" + BIG, "file"],
        ["--demo", "--rules", BIG],
        ["--" + BIG],
        [BIG],
    ],
    ids=lambda a: " ".join(x[:12] for x in a),
)
@pytest.mark.usefixtures("nothing_is_played")
def test_a_100_kb_argument_is_quoted_in_at_most_about_80_characters(args: list[str]) -> None:
    code, out, err = run(args)
    assert code == 2 and "Traceback" not in err
    first = err.splitlines()[0]
    assert len(first) <= 400 and "x" * 81 not in err, first[:200]


def test_a_long_run_keeps_a_bounded_evenly_spaced_sample_of_decision_times() -> None:
    """``zipai sim --hands 1000000`` makes tens of millions of decisions; their times are kept in bounded memory."""
    timings = sim.Timings()
    n = 5 * sim.MAX_SAMPLES + 123
    for i in range(n):
        timings.add("random", float(i))
    kept = timings.samples["random"]
    assert sim.MAX_SAMPLES // 2 <= len(kept) < sim.MAX_SAMPLES
    stride = kept[1] - kept[0]
    assert kept == [float(i) for i in range(0, n, int(stride))]  # every stride-th decision, from the first
    summary = timings.summary()["random"]
    assert summary["max"] == n - 1  # exact, though the last decision is not in the sample
    assert abs(summary["p50"] - n / 2) <= stride and abs(summary["p95"] - 0.95 * n) <= stride
