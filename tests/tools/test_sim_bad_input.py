"""``zipai sim`` and ``zipai tournament`` arguments: a bad one is exit 2 with one short line, never a traceback."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zipai_desktop.cli import main


def run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(args)
    return code, out.getvalue(), err.getvalue()


def refused(args: list[str]) -> str:
    code, out, err = run(args)
    assert (code, out) == (2, ""), err
    assert err.count("\n") == 1 and len(err) < 500, err[:300]
    return err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--options", "[" * 50_000], "--options is nested deeper than 64"),
        (["--options", " " * 100_000], "--options is 100,000 bytes, more than the 65,536 this program reads"),
        (["--options", '{"min_hu": ' + "1" * 5000 + "}"], "--options holds a number of 5,000 digits"),
        (["--options", "[1]"], '--options must be a JSON object like {"min_hu": 15}, not [1]'),
        (["--options", '{"min_hu": "' + "x" * 50_000 + '"}'], "(50,000 characters)"),
        (["--options", '{"' + "k" * 50_000 + '": 1}'], "unknown option 'kkkk"),
        (["--options", "NaN"], "--options holds NaN, which is not a finite number"),
        (["--hands", "9" * 5000], "takes a whole number from 0 to 1,000,000, not '9999"),
        (["--hands", "-1"], "takes a whole number from 0 to 1,000,000, not '-1'"),
        (["--hands", "²"], "takes a whole number from 0 to 1,000,000, not '²'"),  # "²".isdigit(), but int("²") fails
        (["--players", "x" * 1000], "takes a whole number from 0 to 99, not 'xxxx"),
        (["--bots", "random," * 10_000], "--bots needs 3 names, one per seat; got 10001"),
        (["--bots", "random,random," + "z" * 10_000], "unknown bot 'zzzz"),
        (["--rules", "r" * 10_000], "unknown rules 'rrrr"),
    ],
)
def test_bad_sim_arguments(args: list[str], message: str) -> None:
    err = refused(["sim", "--hands", "0", *args] if args[0] != "--hands" else ["sim", *args])
    assert err.startswith("zipai sim: ") and message in err


def test_a_seed_of_more_than_a_hundred_digits_is_a_string_seed(tmp_path: Path) -> None:
    for seed in ("7" * 200, "²", "-²"):
        code, out, err = run(["sim", "--hands", "1", f"--seed={seed}", "--json"])
        assert code == 0 and err == ""
        assert json.loads(out)["seed"] == seed
    assert json.loads(run(["sim", "--hands", "0", "--seed", "-12", "--json"])[1])["seed"] == -12


def test_a_records_path_that_is_a_file_is_refused(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    err = refused(["sim", "--hands", "1", "--records", str(tmp_path / "file" / "sub")])
    assert "cannot make the folder" in err


def test_bad_tournament_options() -> None:
    assert "--options is nested deeper than 64" in refused(["tournament", "--options", "[" * 5000])
    assert "--options must be a JSON object" in refused(["tournament", "--options", '"x"'])


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
option_names = st.sampled_from(["min_hu", "min_huxi", "erqishi", "two_long", "settlement", "xing", "max_fan", ""])
FUZZ = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(rules=st.sampled_from(["guilin", "bohu"]), options=st.dictionaries(option_names, json_values, max_size=2) |
       json_values)  # fmt: skip
def test_fuzz_options(rules: str, options: Any) -> None:
    code, out, err = run(["sim", "--rules", rules, "--hands", "0", "--json", "--options", json.dumps(options)])
    if code == 0:
        assert json.loads(out)["hands"] == 0 and err == ""
    else:
        assert code == 2 and out == "" and err.startswith("zipai sim: ") and err.count("\n") == 1


@FUZZ
@given(
    field=st.sampled_from(["--hands", "--players", "--bots", "--rules", "--seed", "--duplicate", "--vs", "--options"]),
    value=st.text(max_size=30).filter(
        lambda t: not (t.isascii() and t.isdigit() and 0 < int(t) < 10**9) and not t.startswith("-")
    ),
)
def test_fuzz_any_text_in_any_option(field: str, value: str) -> None:
    """No hands are played (0, or a value that is refused), so every example is quick."""
    args = ["sim", "--hands", "0", field, value] if field != "--hands" else ["sim", field, value]
    code, out, err = run(args)
    assert code in (0, 2)
    if code == 2:
        assert out == "" and err.count("\n") == 1 and len(err) < 600
