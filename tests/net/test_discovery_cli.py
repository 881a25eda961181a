"""`zipai rooms`: the rooms announced on the network (here on the loopback interface), as lines or as JSON; bad
arguments are one line and exit 2; an interface this computer does not have is one line and exit 1."""

from __future__ import annotations

import json
import secrets
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from zipai_desktop.cli import main
from zipai_desktop.net.discovery import RoomAd, announce, browse
from zipai_desktop.net.protocol import VERSION

LOOPBACK = ["127.0.0.1"]
#: How long `zipai rooms` listens: an answer on the loopback interface comes within a second on a quiet machine, and
#: took more than 1.5 s once while the suite ran on two Pythons at once beside other work (load 4 on 2 cores).
BROWSE_S = "4"


def test_rooms_lists_an_announced_room_as_json_and_as_lines(capsys: pytest.CaptureFixture[str]) -> None:
    name = f"客厅 {secrets.token_hex(3)}"
    with announce(name, 8770, game="bohu", players=4, free_seats=2, addresses=LOOPBACK, interfaces=LOOPBACK) as ad:
        assert main(["rooms", "--timeout", BROWSE_S, "--json", "--interface", "127.0.0.1"]) == 0
        rooms = [r for r in json.loads(capsys.readouterr().out) if r["name"] == name]
        ad.update(free_seats=1)
        assert main(["rooms", "--timeout", BROWSE_S, "--interface", "127.0.0.1"]) == 0
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


def test_zipai_host_announce_is_listed_and_its_free_seats_follow_the_friends(tmp_path: Path) -> None:
    """`zipai host --announce NAME`: the room is listed under its name with its free seats, never its code; once a
    friend sits down the announcement says one seat fewer."""
    name = f"牌局 {secrets.token_hex(3)}"
    host = subprocess.Popen(
        [sys.executable, "-m", "zipai_desktop.cli", "host", "--announce", name, "--friends", "0,1", "--hands", "1",
         "--wait-away"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    friend: subprocess.Popen[str] | None = None
    try:
        assert host.stdout is not None
        opened = json.loads(host.stdout.readline())

        def mine() -> list[RoomAd]:
            return [r for r in browse(1.5, interfaces=LOOPBACK) if r.name == name]

        first = _until(lambda: mine())
        assert [(r.game, r.port, r.players, r.free_seats) for r in first] == [("guilin", opened["port"], 3, 3)]
        friend = subprocess.Popen(
            [sys.executable, "-m", "zipai_desktop.cli", "join", opened["url"], "--code", opened["code"], "--seat", "0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        later = _until(lambda: [r for r in mine() if r.free_seats == 2])
        assert [r.free_seats for r in later] == [2]
        assert opened["code"] not in repr(later)
    finally:
        for proc in (friend, host):
            if proc is not None:
                proc.kill()
                proc.wait()


def _until(probe: Callable[[], list[Any]], tries: int = 8) -> list[Any]:
    """``probe()`` until it finds something (each try browses for 1.5 s), or its last answer."""
    found: list[Any] = []
    for _ in range(tries):
        found = probe()
        if found:
            return found
    return found
