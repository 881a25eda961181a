"""``zipai sim`` and ``zipai replay`` per docs/contracts/sim-cli.md."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from zipai_desktop.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("rules", "players"), [("guilin", 3), ("bohu", 2), ("bohu", 3), ("bohu", 4)])
def test_sim_json_fields_and_determinism(rules: str, players: int, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["sim", "--rules", rules, "--players", str(players), "--hands", "40", "--seed", "7", "--json"]
    code, out, _ = run(args, capsys)
    assert code == 0
    first = json.loads(out)
    for field in (
        "rules",
        "seed",
        "hands",
        "players",
        "bots",
        "wins",
        "draws",
        "points",
        "errors",
        "actions",
        "seconds",
        "hands_per_second",
        "decision_ms",
    ):
        assert field in first
    assert first["rules"] == rules and first["players"] == players and first["hands"] == 40
    assert first["errors"] == 0
    assert sum(first["wins"]) + first["draws"] == 40
    assert set(first["decision_ms"]["random"]) == {"p50", "p95", "max"}
    _, again, _ = run(args, capsys)
    second = json.loads(again)
    for field in ("wins", "draws", "points", "actions"):
        assert first[field] == second[field]  # the same command gives the same results


def test_sim_duplicate_reports_the_challenger(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        ["sim", "--hands", "30", "--seed", "3", "--duplicate", "random", "--vs", "random", "--json"], capsys
    )
    assert code == 0
    ch = json.loads(out)["challenger"]
    assert ch["bot"] == "random" and ch["baseline"] == "random" and ch["deals"] == 30 and ch["plays"] == 90
    # The same bot in every seat of a zero-sum game: the challenger's net over each deal's three plays is zero.
    assert ch["net_per_hand"] == 0 and ch["net_ci95"] == [0, 0]
    lo, hi = ch["win_ci95"]
    assert 0 <= lo <= ch["win_rate"] <= hi <= 1


def test_sim_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["sim", "--hands", "5", "--seed", "1"], capsys)
    assert code == 0 and "hands/s" in out and "seat" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "mahjong"], "unknown rules"),
        (["--bots", "random,random"], "needs 3 names"),
        (["--bots", "random,random,genius"], "unknown bot"),
        (["--options", "{not json"], "not valid JSON"),
        (["--options", '{"min_hu": 11}'], "min_hu"),
        (["--options", '{"no_such": 1}'], "unknown option"),
        (["--rules", "guilin", "--players", "4"], "players"),
        (["--duplicate", "random"], "--vs"),
        (["--frobnicate"], "unrecognized"),
    ],
)
def test_sim_bad_arguments_exit_2(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["sim", "--hands", "1", *args], capsys)
    assert code == 2 and message in err


def test_records_replay_and_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, _ = run(
        ["sim", "--rules", "bohu", "--hands", "6", "--seed", "5", "--records", str(tmp_path), "--json"], capsys
    )
    assert code == 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 6
    for f in files:
        code, out, _ = run(["replay", str(f), "--verify"], capsys)
        assert code == 0, out
    code, out, _ = run(["replay", str(files[0]), "--json"], capsys)
    lines = [json.loads(line) for line in out.splitlines()]
    assert lines[0]["event"] == "HandStarted" and lines[-1]["event"] == "HandEnded"
    code, out, _ = run(["replay", str(files[0])], capsys)
    assert code == 0 and "HandEnded" in out
    # A tampered final state is reported as different (exit 1) ...
    record = json.loads(files[0].read_text(encoding="utf-8"))
    record["final"]["wall"] += 1
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    code, out, _ = run(["replay", str(changed), "--verify"], capsys)
    assert code == 1
    # ... and the original file is untouched.
    assert json.loads(files[0].read_text(encoding="utf-8"))["final"]["wall"] == record["final"]["wall"] - 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{broken", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"format": "zipai-record", "version": 99}', "version"),
        ('{"format": "other"}', "not a zipai-record"),
        (
            '{"format": "zipai-record", "version": 1, "rules": "guilin", "options": {}, "players": 3, "seed": 1,'
            ' "dealer": 0}',
            "missing 'actions'",
        ),
        (
            '{"format": "zipai-record", "version": 1, "rules": "guilin", "options": {}, "players": 3, "seed": 1,'
            ' "dealer": 0, "actions": [{"seat": 0, "action": {"type": "discard", "card": "X"}}]}',
            "unknown card",
        ),
    ],
)
def test_replay_bad_files_exit_2_with_a_reason(
    tmp_path: Path, content: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "bad.json"
    f.write_text(content, encoding="utf-8")
    code, _, err = run(["replay", str(f), "--verify"], capsys)
    assert code == 2 and message in err
    assert f.read_text(encoding="utf-8") == content  # a bad file is reported, never rewritten


def test_replay_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["replay", str(tmp_path / "nope.json")], capsys)
    assert code == 2 and "cannot read" in err


def test_zipai_console_script_runs_sim() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "zipai_desktop.cli", "sim", "--hands", "3", "--seed", "1", "--json"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )
    assert proc.returncode == 0 and json.loads(proc.stdout)["hands"] == 3
