"""The ``zipai`` command: every sub-command and window option in ``--help``, a help line for every option, and a quiet
stop when the reader of the output goes away (``zipai --help | head -2``)."""

from __future__ import annotations

import contextlib
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import zipai_desktop.tools
from zipai_desktop import cli

REPO = Path(__file__).resolve().parent.parent
COMMAND = [sys.executable, "-m", "zipai_desktop.cli"]
GUILIN = json.dumps(
    {"rules": "guilin", "options": {"min_hu": 10}, "players": 3, "dealer": 0, "winner": 1,
     "melds": [{"kind": "peng", "cards": "捌捌捌"}, {"kind": "chi", "cards": "壹贰叁"}],
     "hand": "五五五六七八二七十玖玖九三四", "win_card": "二", "source": "own_draw", "from": 1, "xing": "七肆"},
    ensure_ascii=False,
)  # fmt: skip


def help_of(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert cli.main([*args, "--help"]) == 0
    return capsys.readouterr().out


def test_every_tool_is_a_sub_command_and_listed_in_help(capsys: pytest.CaptureFixture[str]) -> None:
    tools = {m.name for m in pkgutil.iter_modules(zipai_desktop.tools.__path__) if not m.name.startswith("_")}
    tools = {name for name in tools if hasattr(__import__(f"zipai_desktop.tools.{name}", fromlist=["main"]), "main")}
    assert tools == {module for module, _, _ in cli.COMMANDS.values()} >= {"score", "sim", "replay", "ladder"}
    text = help_of([], capsys)
    for command, (_, synopsis, _) in cli.COMMANDS.items():
        assert f"zipai {command}" in text and synopsis in text
    assert "zipai --version" in text


def test_help_lists_the_window_options(capsys: pytest.CaptureFixture[str]) -> None:
    from zipai_desktop.app.main import parser

    text = help_of([], capsys)
    options = [o for action in parser()._actions for o in action.option_strings if o.startswith("--")]
    assert {"--demo", "--screenshot", "--size", "--lang", "--home", "--frames"} <= set(options)
    for option in options:
        assert option in text, option


def options_without_help(text: str) -> list[str]:
    """Options in an argparse help text that have no description after them (nor on the next line)."""
    lines = text.splitlines()
    missing = []
    for i, line in enumerate(lines):
        if not line.startswith("  -"):
            continue
        described = "  " in line.strip()  # "--rules RULES    the game ..." has two spaces before its help
        following = lines[i + 1] if i + 1 < len(lines) else ""
        continued = following.startswith(" " * 8) and not following.strip().startswith("-")
        if not (described or continued):
            missing.append(line.strip())
    return missing


@pytest.mark.parametrize("command", ["sim", "replay", "ladder", "tournament", "window"])
def test_every_option_has_a_help_line(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    if command == "window":
        from zipai_desktop.app.main import parser

        text = parser().format_help()
    else:
        text = help_of([command], capsys)
    assert "options:" in text
    assert options_without_help(text) == []
    assert options_without_help("  --quick\n  --seed SEED   the seed\n") == ["--quick"]  # the check can fail


def test_score_help_names_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_of(["score"], capsys)
    for option in ("--rules NAME", "--jsonl", "-h, --help"):
        line = next(x for x in text.splitlines() if x.strip().startswith(option))
        assert len(line.strip()) > len(option) + 5, line


def test_an_unknown_command_is_exit_2_with_the_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["frobnicate" * 100]) == 2
    err = capsys.readouterr().err
    assert "unknown command 'frobnicatefrob" in err and "characters)" in err and "usage: zipai" in err


# ---------------------------------------------------------------------------------------------------------------------
# A closed pipe: `zipai ... | head -1`.


def run_into_closed_pipe(args: list[str], stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """Run ``zipai ARGS`` with stdout a pipe whose reading end is already closed: every write fails with EPIPE."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run(
            [*COMMAND, *args], input=stdin, stdout=write_end, stderr=subprocess.PIPE, cwd=REPO, timeout=120
        )
    finally:
        os.close(write_end)


@pytest.mark.skipif(sys.platform == "win32", reason="EPIPE on a closed pipe is the POSIX behaviour")
@pytest.mark.parametrize(
    "args",
    [["--help"], ["score", "--help"], ["sim", "--help"], ["replay", "--help"], ["ladder", "--help"],
     ["tournament", "--help"], ["--version"], ["sim", "--hands", "1"]],
)  # fmt: skip
def test_help_and_output_into_a_closed_pipe_stop_quietly(args: list[str]) -> None:
    proc = run_into_closed_pipe(args)
    assert proc.stderr == b"", proc.stderr.decode("utf-8", "replace")
    # argparse's own --help may swallow the write error and exit 0; everything else reports the closed pipe as 141.
    assert proc.returncode in ((0, cli.BROKEN_PIPE) if "--help" in args else (cli.BROKEN_PIPE,))


@pytest.mark.skipif(sys.platform == "win32", reason="EPIPE on a closed pipe is the POSIX behaviour")
def test_score_jsonl_into_head_stops_quietly() -> None:
    proc = run_into_closed_pipe(["score", "--jsonl"], ("\n".join([GUILIN] * 200) + "\n").encode("utf-8"))
    assert (proc.returncode, proc.stderr) == (cli.BROKEN_PIPE, b"")
    # As a shell pipeline does it: the reader takes one line and goes away while the scorer is still writing.
    with subprocess.Popen(
        [*COMMAND, "score", "--jsonl"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO
    ) as proc2:
        assert proc2.stdin is not None and proc2.stdout is not None and proc2.stderr is not None
        proc2.stdin.write((GUILIN + "\n").encode("utf-8"))
        proc2.stdin.flush()
        assert json.loads(proc2.stdout.readline())["duo"] == 5
        proc2.stdout.close()
        with contextlib.suppress(BrokenPipeError):  # the scorer stops at its next line of output, mid-way through this
            proc2.stdin.write(("\n".join([GUILIN] * 5000) + "\n").encode("utf-8"))
            proc2.stdin.close()
        err = proc2.stderr.read()
        assert proc2.wait(timeout=120) == cli.BROKEN_PIPE
    assert err == b""


@pytest.mark.skipif(sys.platform == "win32", reason="EPIPE on a closed pipe is the POSIX behaviour")
def test_replay_into_a_closed_pipe(tmp_path: Path) -> None:
    assert cli.main(["sim", "--hands", "1", "--seed", "2", "--records", str(tmp_path), "--json"]) == 0
    (record,) = tmp_path.glob("*.json")
    proc = run_into_closed_pipe(["replay", str(record)])
    assert (proc.returncode, proc.stderr) == (cli.BROKEN_PIPE, b"")
