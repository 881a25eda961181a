"""``zipai ladder``'s files: a --render file of the wrong shape and a --write path that cannot be written are one line
on stderr and exit 2, never a traceback; an unwritable --write is refused before any deal is played, and the results
are printed before the file is written, so a write that fails at the end of a long run loses nothing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from zipai_desktop.cli import main
from zipai_desktop.tools import ladder

REAL_RUN_LADDER = ladder.run_ladder


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["ladder", *args])
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    assert err.count("\n") == 1 and len(err) < 400 and "Traceback" not in err, err[:400]
    return err


def small_ladder(*args: Any, **kwargs: Any) -> list[dict[str, Any]]:
    """One real rung of two deals (seconds, not minutes): the figures a full run would print."""
    return REAL_RUN_LADDER(False, "ladder-test", 1, games=[("guilin", 3)], rungs=[("beginner", "random")],
                           deals={"beginner": 2}, verbose=False)  # fmt: skip


@pytest.fixture(scope="module")
def saved_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return {"seconds": 3.0, "rungs": small_ladder()}


@pytest.fixture
def nothing_is_played(monkeypatch: pytest.MonkeyPatch) -> None:
    def played(*args: object, **kwargs: object) -> None:
        raise AssertionError("the ladder started playing")

    monkeypatch.setattr(ladder, "run_ladder", played)


# -- --write: refused before playing ----------------------------------------------------------------------------------


@pytest.mark.usefixtures("nothing_is_played")
def test_a_write_into_a_folder_that_does_not_exist_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "no-such-folder" / "bots.md"
    code, out, err = run(["--quick", "--write", str(target)], capsys)
    assert (code, out) == (2, "")
    assert one_line(err).startswith("zipai ladder: cannot --write ")
    assert err.endswith(f": its folder {target.parent} does not exist\n")
    assert not target.parent.exists()


@pytest.mark.usefixtures("nothing_is_played")
def test_a_write_under_a_regular_file_is_refused_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "a-file").write_text("kept", encoding="utf-8")
    target = tmp_path / "a-file" / "bots.md"
    code, out, err = run(["--write", str(target)], capsys)
    assert (code, out) == (2, "") and "is not a folder" in one_line(err)
    assert (tmp_path / "a-file").read_text(encoding="utf-8") == "kept"


@pytest.mark.usefixtures("nothing_is_played")
def test_a_write_onto_a_folder_is_refused_before_playing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["--write", str(tmp_path)], capsys)
    assert (code, out) == (2, "") and one_line(err).endswith(": it is a folder\n")


# -- print first, then write ------------------------------------------------------------------------------------------


def test_the_results_are_printed_even_when_the_write_fails_at_the_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The folder exists when the run starts (so it is not refused) and is gone when the table is written."""
    folder = tmp_path / "docs"
    folder.mkdir()

    def ladder_then_folder_removed(*args: Any, **kwargs: Any) -> list[dict[str, Any]]:
        results = small_ladder()
        shutil.rmtree(folder)
        return results

    monkeypatch.setattr(ladder, "run_ladder", ladder_then_folder_removed)
    code, out, err = run(["--write", str(folder / "bots.md"), "--json"], capsys)
    printed = json.loads(out)  # the whole result, on stdout, before the write failed
    assert [(r["rules"], r["challenger"], r["baseline"], r["deals"]) for r in printed["rungs"]] == [
        ("guilin", "beginner", "random", 2)
    ]
    assert code == 2
    assert one_line(err).startswith(f"zipai ladder: cannot write {folder / 'bots.md'}: ")
    assert "(the results are above)" in err


def test_a_write_that_works_gives_the_printed_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(ladder, "run_ladder", small_ladder)
    target = tmp_path / "bots.md"
    code, out, err = run(["--write", str(target)], capsys)
    assert err == "" and code in (0, 1)  # two deals cannot judge a rung: only the files are checked
    assert out.startswith("guilin: beginner ") and out.rstrip().splitlines()[-1].startswith("ladder: ")
    assert "| guilin | beginner | random | 2 |" in target.read_text(encoding="utf-8")


# -- --render ---------------------------------------------------------------------------------------------------------


def test_a_saved_run_renders_as_it_was_played(
    tmp_path: Path, saved_run: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "run.json"
    saved.write_text(json.dumps(saved_run), encoding="utf-8")
    code, out, err = run(["--render", str(saved), "--write", str(tmp_path / "bots.md")], capsys)
    assert err == "" and code in (0, 1) and out.startswith("guilin: beginner ")
    assert "| guilin | beginner | random | 2 |" in (tmp_path / "bots.md").read_text(encoding="utf-8")


def _without(data: dict[str, Any], key: str) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != key}


def wrong_shapes(good: dict[str, Any]) -> list[tuple[Any, str]]:
    rung = good["rungs"][0]
    return [
        ([1, 2], "a saved run is a JSON object, not [1, 2]"),
        ({"seconds": 1}, "rungs must be a list, not null"),
        ({"seconds": 1, "rungs": 5}, "rungs must be a list, not 5"),
        ({"rungs": []}, "seconds must be a number, not null"),
        ({"seconds": "x" * 10_000, "rungs": []}, 'seconds must be a number, not "xxxx'),
        ({"seconds": 1, "rungs": [1]}, "rungs[0] must be an object, not 1"),
        ({"seconds": 1, "rungs": [{"rules": "guilin"}]}, "rungs[0] lacks 'challenger'"),
        ({"seconds": 1, "rungs": [_without(rung, "decision_ms")]}, "rungs[0] lacks 'decision_ms'"),
        ({"seconds": 1, "rungs": [{**rung, "net_ci95": [1]}]}, "rungs[0].net_ci95 must be two numbers"),
        ({"seconds": 1, "rungs": [{**rung, "net_ci95": 3}]}, "rungs[0].net_ci95 must be of type list, not 3"),
        ({"seconds": 1, "rungs": [{**rung, "win_rate": "0.5"}]}, 'rungs[0].win_rate must be a number, not "0.5"'),
        ({"seconds": 1, "rungs": [{**rung, "deals": True}]}, "rungs[0].deals must be of type int, not true"),
        ({"seconds": 1, "rungs": [{**rung, "passed": 1}]}, "rungs[0].passed must be of type bool, not 1"),
        ({"seconds": 1, "rungs": [{**rung, "rules": "x" * 10_000}]}, "rungs[0].rules must be a game"),
        ({"seconds": 1, "rungs": [{**rung, "challenger": "\x1b[2J"}]}, 'must be a bot level, not "\\u001b[2J"'),
        ({"seconds": 1, "rungs": [{**rung, "decision_ms": {"random": 5}}]}, 'decision_ms["random"] must hold'),
        ({"seconds": 1, "rungs": [{**rung, "decision_ms": {"random": {"p50": 1}}}]}, "must hold the numbers p50"),
    ]


@pytest.mark.usefixtures("nothing_is_played")
def test_a_render_file_of_the_wrong_shape_is_one_line(
    tmp_path: Path, saved_run: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "bots.md"
    for data, message in wrong_shapes(saved_run):
        saved = tmp_path / "run.json"
        saved.write_text(json.dumps(data), encoding="utf-8")
        code, out, err = run(["--render", str(saved), "--write", str(target)], capsys)
        assert (code, out) == (2, ""), (data, err)
        assert one_line(err).startswith(f"zipai ladder: --render {saved}: not a saved --json run (") and message in err
        assert not target.exists()  # nothing half-written


@pytest.mark.usefixtures("nothing_is_played")
@pytest.mark.parametrize(
    ("content", "message"),
    [(b"{broken", "is not valid JSON"), (b"\xff\xfe", "is not UTF-8"), (b"[" * 10_000, "nested deeper than 64")],
)
def test_a_render_file_that_is_not_json_is_one_line(
    content: bytes, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "run.json"
    saved.write_bytes(content)
    code, out, err = run(["--render", str(saved)], capsys)
    assert (code, out) == (2, "") and message in one_line(err)


@pytest.mark.usefixtures("nothing_is_played")
def test_a_render_file_that_is_missing_or_a_folder_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["--render", str(tmp_path / "missing.json")], capsys)
    assert (code, out) == (2, "") and "cannot read it (No such file or directory)" in one_line(err)
    code, out, err = run(["--render", str(tmp_path)], capsys)
    assert (code, out) == (2, "") and "is a folder, not a regular file" in one_line(err)
