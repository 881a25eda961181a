"""``zipai replay`` on bad and changed records: exit 2 for a file that is not a readable record, exit 1 for a record
that does not replay or (with --verify) replays to another final state or result, never a traceback or a hang."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zipai_desktop.cli import main
from zipai_desktop.engine.record import RecordError, differences, read, replay, verify
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.tools.sim import Timings, play_hand

REPO = Path(__file__).resolve().parents[2]


@cache
def won_record(rules_name: str) -> str:
    """The record (JSON text) of the first seeded random-bot hand that ends in a win."""
    rules = get_rules(rules_name)
    with tempfile.TemporaryDirectory() as folder:
        for i in range(50):
            out = play_hand(rules, rules.parse_options({}), f"replay-test:{i}", 0, ["random"] * 3, Timings(),
                            records=Path(folder), record_name="hand")  # fmt: skip
            if out.winner is not None:
                return (Path(folder) / "hand.json").read_text(encoding="utf-8")
    raise AssertionError("no win in 50 seeded hands")


def record(rules_name: str = "guilin") -> dict[str, Any]:
    data: dict[str, Any] = json.loads(won_record(rules_name))
    return data


def run(path: Path, *args: str) -> tuple[int, str, str]:
    """``zipai replay`` in-process; stdout and stderr captured by hand (hypothesis cannot use capsys)."""
    import io
    from contextlib import redirect_stderr, redirect_stdout

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["replay", str(path), *args])
    return code, out.getvalue(), err.getvalue()


def write(folder: Path, content: Any, name: str = "r.json") -> Path:
    path = folder / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_text(json.dumps(content, ensure_ascii=False), encoding="utf-8")
    return path


def refused(path: Path, *args: str) -> str:
    code, out, err = run(path, *args)
    assert code == 2 and out == "", (code, err)
    assert err.startswith("zipai replay: ") and err.count("\n") == 1 and len(err) < 700, err[:300]
    return err


# ---------------------------------------------------------------------------------------------------------------------
# Exit 2: not a readable record.


def test_a_good_record_shows_and_verifies(tmp_path: Path) -> None:
    for rules_name in ("guilin", "bohu"):
        path = write(tmp_path, record(rules_name))
        assert run(path, "--verify")[:2] == (0, "record verified: the replay gives the stored final state and result\n")
        code, out, _ = run(path)
        assert code == 0 and out.splitlines()[-1].startswith("HandEnded")


def test_non_utf8_deep_nesting_and_huge_numbers(tmp_path: Path) -> None:
    text = json.dumps(record(), ensure_ascii=False)
    assert "not UTF-8 text" in refused(write(tmp_path, b'{"format": "\xff"}'))
    deep = text[:-1] + ', "x": ' + "[" * 10_000 + "]" * 10_000 + "}"
    assert "nested deeper than 64" in refused(write(tmp_path, deep))
    assert "nested deeper than 64" in refused(write(tmp_path, "[" * 100_000))
    huge = text.replace('"dealer": 0', '"dealer": ' + "9" * 5000)
    assert "a number of 5,000 digits" in refused(write(tmp_path, huge))
    assert "record dealer must be a seat 0..2, not a number of 999 digits" in refused(
        write(tmp_path, text.replace('"dealer": 0', '"dealer": ' + "9" * 999)), "--verify"
    )


@pytest.mark.skipif(sys.platform == "win32", reason="no FIFOs on Windows")
def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    proc = subprocess.run(
        [sys.executable, "-m", "zipai_desktop.cli", "replay", str(fifo), "--verify"],
        capture_output=True, text=True, timeout=60, cwd=REPO,
    )  # fmt: skip
    assert proc.returncode == 2
    assert proc.stderr == f"zipai replay: {fifo}: the file is a pipe or device, not a regular file\n"
    assert "is a folder, not a regular file" in refused(tmp_path)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"rules": ["guilin"]}, 'record rules must be a name like "guilin", not ["guilin"]'),
        ({"rules": "mahjong"}, "record rules 'mahjong' are not a game this program knows"),
        ({"options": [1]}, "record options must be a JSON object, not [1]"),
        ({"options": {"min_hu": "x" * 1000}}, "record options: option 'min_hu' takes one of [10, 15], not \"xxxx"),
        ({"seed": [1]}, "record seed must be a number or a string, not [1]"),
        ({"seed": True}, "record seed must be a number or a string, not true"),
        ({"dealer": "0"}, 'record dealer must be a seat 0..2, not "0"'),
        ({"dealer": 3}, "record dealer must be a seat 0..2, not 3"),
        ({"players": 2.0}, "record players must be 3 for guilin, not 2.0"),
        ({"actions": {"0": 1}}, 'record actions must be a list, not {"0": 1}'),
        ({"actions": [5]}, 'action 0 must be an object like {"seat": 0, "action": {...}}, not 5'),
        ({"actions": [{"seat": True, "action": {"type": "pass"}}]}, "action 0: seat must be 0..2, not true"),
        ({"actions": [{"seat": 0, "action": {"type": "chi", "groups": 5}}]}, "a 吃's groups are a list"),
        ({"actions": [{"seat": 0, "action": {"type": "discard", "card": ["五"]}}]}, "a discard's card is a glyph"),
        ({"actions": [{"seat": 0, "action": {"type": "x" * 10_000}}]}, "unknown action type 'xxxxxxxx"),
        ({"result": [1]}, "record result must be a JSON object, not [1]"),
    ],
)
def test_every_field_wrong_typed_is_a_clear_exit_2(tmp_path: Path, change: dict[str, Any], message: str) -> None:
    err = refused(write(tmp_path, {**record(), **change}), "--verify")
    assert message in err


def test_a_malformed_action_late_in_the_record_is_exit_2_even_if_an_earlier_one_does_not_replay(tmp_path: Path) -> None:
    data = record()
    data["actions"][0]["action"] = {"type": "hu"}  # does not replay ...
    data["actions"][-1]["action"] = {"type": "discard"}  # ... but this one is malformed: the file is exit 2
    assert "action" in refused(write(tmp_path, data), "--verify")


def test_missing_final_is_malformed_for_verify(tmp_path: Path) -> None:
    data = record()
    del data["final"]
    assert "missing 'final'" in refused(write(tmp_path, data), "--verify")
    assert run(write(tmp_path, data))[0] == 0  # showing it needs no final state


# ---------------------------------------------------------------------------------------------------------------------
# Exit 1: well-formed, but it does not replay, or replays to something else.


@pytest.mark.parametrize(("key", "value"), [("winner", 2), ("score", 999), ("hu", 1), ("special", ["tianhu"])])
def test_verify_compares_the_stored_result(tmp_path: Path, key: str, value: Any) -> None:
    data = record()
    assert data["result"][key] != value
    data["result"][key] = value
    code, out, err = run(write(tmp_path, data), "--verify")
    assert (code, err) == (1, "")
    assert out.startswith("record differs on replay: result " + key)
    assert not verify(data)


def test_verify_requires_the_result_of_a_finished_hand(tmp_path: Path) -> None:
    data = record("bohu")
    del data["result"]
    code, out, _ = run(write(tmp_path, data), "--verify")
    assert code == 1 and "finished on replay" in out


def test_a_changed_seed_or_action_does_not_replay(tmp_path: Path) -> None:
    data = record()
    data["seed"] = "another seed"
    code, out, _ = run(write(tmp_path, data), "--verify")
    assert code == 1 and out.startswith("record differs on replay: does not replay: action ")
    code, out, err = run(write(tmp_path, data))  # showing it: the same verdict, on stderr
    assert code == 1 and out == "" and "does not replay: action " in err
    data = record()
    first_discard = next(a for a in data["actions"] if a["action"]["type"] == "discard")
    first_discard["action"]["card"] = "拾" if first_discard["action"]["card"] != "拾" else "一"
    code, out, _ = run(write(tmp_path, data), "--verify")  # the final state is left as it was
    assert code == 1 and out.startswith("record differs on replay: does not replay: action ")


def test_the_readme_contract_section_states_both_exit_codes() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    contract = (REPO / "docs" / "contracts" / "sim-cli.md").read_text(encoding="utf-8")
    for text in (readme, contract):
        assert "does not replay" in text and "exit 1" in text and "exit 2" in text


# ---------------------------------------------------------------------------------------------------------------------
# Fuzzing: any JSON value in any field of a record or of an action gives exit 0, 1 or 2 with at most one short line.

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=8,
)
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_any(data: Any, raw: bytes | None = None) -> int:
    with tempfile.TemporaryDirectory() as folder:
        path = write(Path(folder), raw if raw is not None else data)
        for args in ((), ("--verify",), ("--json",)):
            code, out, err = run(path, *args)
            assert code in (0, 1, 2)
            if code == 2 or (code == 1 and "--verify" not in args):
                assert out == "" and err.count("\n") == 1 and len(err) < 700, err[:300]
            elif code == 1:
                assert out.startswith("record differs on replay: ") and err == ""
            else:
                assert err == ""
    if raw is None and isinstance(data, dict):  # the library calls agree: RecordError or an answer
        with contextlib.suppress(RecordError):
            differences(data)
    return code


@FUZZ
@given(rules_name=st.sampled_from(["guilin", "bohu"]), data=st.data())
def test_fuzz_every_record_field(rules_name: str, data: st.DataObject) -> None:
    spoiled = record(rules_name)
    field = data.draw(st.sampled_from(sorted(spoiled) + ["extra"]))
    spoiled[field] = data.draw(json_values)
    check_any(spoiled)


@FUZZ
@given(rules_name=st.sampled_from(["guilin", "bohu"]), data=st.data())
def test_fuzz_every_action_field(rules_name: str, data: st.DataObject) -> None:
    spoiled = record(rules_name)
    item = data.draw(st.sampled_from(spoiled["actions"]))
    where = data.draw(st.sampled_from(["seat", "action", "type", "card", "groups", "item"]))
    value = data.draw(json_values)
    if where == "item":
        spoiled["actions"][spoiled["actions"].index(item)] = value
    elif where in ("seat", "action"):
        item[where] = value
    else:
        item["action"][where] = value
    check_any(spoiled)


@FUZZ
@given(rules_name=st.sampled_from(["guilin", "bohu"]), data=st.data())
def test_fuzz_swapped_actions_and_result_values(rules_name: str, data: st.DataObject) -> None:
    """Well-formed changes: moved actions, another seed, another result; never exit 2, never a traceback."""
    spoiled = copy.deepcopy(record(rules_name))
    actions = spoiled["actions"]
    i, j = data.draw(st.integers(0, len(actions) - 1)), data.draw(st.integers(0, len(actions) - 1))
    actions[i], actions[j] = actions[j], actions[i]
    if data.draw(st.booleans()):
        spoiled["seed"] = data.draw(st.integers() | st.text(max_size=10))
    if data.draw(st.booleans()):
        spoiled["result"][data.draw(st.sampled_from(sorted(spoiled["result"])))] = data.draw(json_values)
    unchanged = spoiled == record(rules_name)
    assert check_any(spoiled) in ((0,) if unchanged else (0, 1))


@FUZZ
@given(st.binary(max_size=200))
def test_fuzz_random_bytes(raw: bytes) -> None:
    assert check_any(None, raw) == 2


def test_read_and_replay_library_errors(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="a record is a JSON object"):
        read(write(tmp_path, "[1]"))
    with pytest.raises(RecordError, match="not a zipai-record file"):
        replay({"format": ["x" * 1000]})
