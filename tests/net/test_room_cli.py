"""`zipai host` and `zipai join`: bad arguments are one line and exit 2; a refused join is one line and exit 1."""

from __future__ import annotations

import pytest

from zipai_desktop.cli import main


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["host", "--friends", "0,7"], "--friends takes distinct seats from 0 to 2"),
        (["host", "--friends", "1,1"], "--friends takes distinct seats"),
        (["host", "--options", "[1]"], "--options takes a JSON object"),
        (["host", "--options", '{"min_hu": "x"}'], "min_hu"),
        (["host", "--rules", "chess"], "chess"),
        (["host", "--hands", "0"], "takes a whole number from 1"),
        (["host", "--port", "70000"], "takes a whole number from 0 to 65,535"),
        (["join", "ws://127.0.0.1:1", "--code", "X"], "the following arguments are required: --seat"),
        (["join", "ws://127.0.0.1:1", "--code", "X", "--seat", "0", "--reconnect", "-1"], "--reconnect"),
        (["host", "--save", "/nonexistent-dir/x/room.json"], "cannot write --save"),
        (["host", "--announce", "room\u202e"], "a room name has no control or format characters"),
        (["host", "--announce", "x" * 40], "a room name is 1 to 32 characters"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(
    args: list[str], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert problem in err and "\n" not in err and "Traceback" not in err


def test_a_join_with_nobody_listening_is_one_line_and_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["join", "ws://127.0.0.1:9", "--code", "ABC234", "--seat", "0"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("zipai join: ") and "\n" not in err
