"""`zipai rooms`: the rooms announced on the network (here on the loopback interface), as lines or as JSON; bad
arguments are one line and exit 2; an interface this computer does not have is one line and exit 1."""

from __future__ import annotations

import json
import secrets

import pytest

from zipai_desktop.cli import main
from zipai_desktop.net.discovery import announce
from zipai_desktop.net.protocol import VERSION

LOOPBACK = ["127.0.0.1"]


def test_rooms_lists_an_announced_room_as_json_and_as_lines(capsys: pytest.CaptureFixture[str]) -> None:
    name = f"客厅 {secrets.token_hex(3)}"
    with announce(name, 8770, game="bohu", players=4, free_seats=2, addresses=LOOPBACK, interfaces=LOOPBACK) as ad:
        assert main(["rooms", "--timeout", "1.5", "--json", "--interface", "127.0.0.1"]) == 0
        rooms = [r for r in json.loads(capsys.readouterr().out) if r["name"] == name]
        ad.update(free_seats=1)
        assert main(["rooms", "--timeout", "1.5", "--interface", "127.0.0.1"]) == 0
        lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith(name)]
    assert rooms == [
        {"name": name, "game": "bohu", "url": "ws://127.0.0.1:8770", "host": "127.0.0.1", "port": 8770, "players": 4,
         "free_seats": 2, "version": VERSION, "addresses": ["127.0.0.1"]}
    ]  # fmt: skip
    assert lines == [f"{name}\tbohu\t127.0.0.1:8770\t1 of 4 seats free"]
    assert "code" not in json.dumps(rooms)


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--timeout", "0"], "takes seconds from 0.1 to 60"),
        (["--timeout", "1e9"], "takes seconds from 0.1 to 60"),
        (["--timeout", "nan"], "takes seconds from 0.1 to 60"),
        (["--interface", "::1"], "takes an IPv4 address"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(
    args: list[str], problem: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["rooms", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert problem in err and "\n" not in err and "Traceback" not in err


def test_an_interface_this_computer_lacks_is_one_line_and_exit_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rooms", "--timeout", "0.1", "--interface", "203.0.113.254"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("zipai rooms: cannot listen") and "\n" not in err
