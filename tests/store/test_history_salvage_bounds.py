"""Salvage keeps what a damaged history still holds, in bounded memory and work, whatever its bytes.

Each damaged history (about 3,000 hands) is opened by a child process whose address space is capped (RLIMIT_AS) far
above what opening it needs: scattered bit flips, a file cut short, a header or first page wiped. The child must
finish, say in its one message how many hands it kept, and keep most of them. (The cap stands for the player's memory:
an unbounded salvage took every byte of it and then failed, leaving an empty history.)
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from zipai_desktop.store.history import History
from zipai_desktop.store.salvage import salvage

from .histories import build_history, rows

HANDS = 2984
#: The child's address space: opening even the damaged histories needs well under a tenth of this.
CAP_MB = 512

CHILD = textwrap.dedent(
    """
    import json, resource, sys

    cap = int(sys.argv[1]) << 20
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    if sys.argv[2] == "--greedy":  # the cap really bites: more than it allows cannot be had
        try:
            hog = bytearray(cap)
        except MemoryError:
            print(json.dumps({"refused": True}))
        sys.exit(0)

    from zipai_desktop.store.history import History

    history = History(sys.argv[2])
    message = history.message
    out = {
        "message": message,
        "key": getattr(message, "key", None),
        "params": getattr(message, "params", {}),
        "persistent": history.persistent,
        "hands": len(history.hands()),
        "counted": history.stats().hands,
        "peak_kb": int(open("/proc/self/status").read().split("VmPeak:")[1].split()[0]),
    }
    history.close()
    print(json.dumps(out))
    """
)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS and /proc: Linux")


@pytest.fixture(scope="module")
def sound(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One sound history of 2,984 hands (as the review's), built once for the module."""
    path = tmp_path_factory.mktemp("sound") / "history.sqlite"
    build_history(path, HANDS)
    return path


def _open_capped(folder: Path, content: bytes) -> dict[str, Any]:
    """Write ``content`` as the history in ``folder`` and open it in a child process under the memory cap."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "history.sqlite"
    path.write_bytes(content)
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root), ZIPAI_HOME=str(folder / "home"))
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, str(CAP_MB), str(path)], env=env, capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    result: dict[str, Any] = json.loads(proc.stdout.splitlines()[-1])
    moved = list(folder.glob("history.sqlite.damaged-*"))
    assert len(moved) == 1 and moved[0].read_bytes() == content  # the damaged file is kept, byte for byte
    assert not list(folder.glob(".history.sqlite.salvage*"))  # no part copy left behind
    return result


def _says_what_it_kept(result: dict[str, Any]) -> None:
    assert result["persistent"]
    assert result["key"] == "history_salvaged" and result["params"]["kept"] == result["hands"]
    assert f"the {result['hands']} hands" in result["message"] and "\n" not in result["message"]
    assert result["peak_kb"] < CAP_MB * 1024


def test_the_cap_holds(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, str(CAP_MB), "--greedy"], capture_output=True, text=True, timeout=60
    )
    assert json.loads(proc.stdout) == {"refused": True}


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_thousand_bit_flips(sound: Path, tmp_path: Path, seed: int) -> None:
    """1,000 bits flipped at random across the file: the b-trees answer out of order, point in circles, claim huge
    values. Most hands are kept, and each kept hand is sound (its columns agree, its record is a record)."""
    data = bytearray(sound.read_bytes())
    rng = random.Random(seed)
    for _ in range(1000):
        bit = rng.randrange(len(data) * 8)
        data[bit // 8] ^= 1 << (bit % 8)
    result = _open_capped(tmp_path, bytes(data))
    _says_what_it_kept(result)
    assert HANDS * 0.85 <= result["hands"] <= HANDS, result
    assert result["counted"] == result["hands"]  # every hand had a human seat in a counted match
    with History(tmp_path / "history.sqlite") as history:
        assert history.message is None  # the new history is sound
        for row in history.hands()[::50]:
            record = history.get_record(row.id)
            assert record is not None and isinstance(record["actions"], list)
            assert record["result"]["points"] == list(row.points)


@pytest.mark.parametrize("kept", [0.99, 0.90])
def test_a_history_cut_short_keeps_the_hands_before_the_cut(sound: Path, tmp_path: Path, kept: float) -> None:
    """A file cut at 99 % or 90 % of its length (the header still counts every page): the hands on the pages that
    are there are kept, each exactly as it was."""
    data = sound.read_bytes()
    result = _open_capped(tmp_path, data[: int(len(data) * kept)])
    _says_what_it_kept(result)
    # The hands were written in order, so about that share of them lies wholly before the cut.
    assert HANDS * kept * 0.98 <= result["hands"] <= HANDS * kept + 1, result
    before, after = rows(sound, "hands"), rows(tmp_path / "history.sqlite", "hands")
    assert all(after[i] == before[i] for i in after)
    assert rows(tmp_path / "history.sqlite", "matches").items() <= rows(sound, "matches").items()


@pytest.mark.parametrize("wiped", [100, 4096])
def test_a_wiped_header_or_first_page_loses_no_hand(sound: Path, tmp_path: Path, wiped: int) -> None:
    """The header (SQLite's name, the page size) or the whole first page (also the schema) zeroed: no hand is on it,
    and every hand and match is kept, exactly as it was."""
    data = sound.read_bytes()
    result = _open_capped(tmp_path, bytes(wiped) + data[wiped:])
    _says_what_it_kept(result)
    assert result["hands"] == HANDS and "header is lost" in result["message"]
    assert rows(tmp_path / "history.sqlite", "hands") == rows(sound, "hands")
    assert rows(tmp_path / "history.sqlite", "matches") == rows(sound, "matches")


def test_pages_that_claim_endless_cells_spend_the_budget_not_the_player(tmp_path: Path) -> None:
    """A history followed by 2,000 pages that each claim 600 cells: the page reader stops when its share of work is
    spent, and the hands the other reader found are kept all the same."""
    path = tmp_path / "history.sqlite"
    build_history(path, 40)
    page = bytearray(4096)
    cells = 600
    page[0] = 0x0D  # a table leaf
    page[3:5] = cells.to_bytes(2, "big")
    page[5:7] = (8 + 2 * cells).to_bytes(2, "big")
    for c in range(cells):
        page[8 + 2 * c : 10 + 2 * c] = (8 + 2 * cells).to_bytes(2, "big")
    page[8 + 2 * cells : 8 + 2 * cells + 5] = bytes([0x83, 0xFF, 0xFF, 0x7F, 1])  # a payload as long as the file
    path.write_bytes(path.read_bytes() + bytes(page) * 2000)
    new = History(":memory:")
    report = salvage(path, new.conn)
    assert report.exhausted and report.hands == 40
    assert len(new.hands()) == 40
