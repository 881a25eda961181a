"""Only a regular file is opened as the history: anything else in its place is moved aside, never read.

A named pipe blocks its reader until a writer comes (the game would hang at start, deaf to SIGTERM); a link to
``/dev/zero`` reads without end. Each case runs in a child process with a timeout, so a game that hangs fails the test
instead of hanging it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from zipai_desktop.store.history import History

from .histories import build_history

CHILD = textwrap.dedent(
    """
    import json, os, signal, sys
    from pathlib import Path

    from zipai_desktop.store import history as module
    from zipai_desktop.store.history import History

    if len(sys.argv) > 2 and sys.argv[2] == "--killed-in-salvage":
        real = module.salvage

        def salvage(damaged, new):
            real(damaged, new)  # every hand saved into the new file, not yet put in place
            os.kill(os.getpid(), signal.SIGKILL)

        module.salvage = salvage
    history = History(sys.argv[1])
    match = history.start_match("guilin", ["human", "casual", "strong"])
    print(json.dumps({
        "message": history.message,
        "key": getattr(history.message, "key", None),
        "persistent": history.persistent,
        "hands": len(history.hands()),
    }))
    """
)

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes: POSIX")


def _start(path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, PYTHONPATH=str(root))
    return subprocess.run(
        [sys.executable, "-c", CHILD, str(path), *extra], env=env, capture_output=True, text=True, timeout=60
    )


def _opened(path: Path) -> dict[str, Any]:
    proc = _start(path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    result: dict[str, Any] = json.loads(proc.stdout)
    return result


def _moved(path: Path) -> Path:
    (moved,) = path.parent.glob(f"{path.name}.damaged-*")
    return moved


def test_a_named_pipe_is_moved_aside_unread(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite"
    os.mkfifo(path)
    result = _opened(path)
    assert result["persistent"] and result["key"] == "history_not_a_file"
    assert "is not a regular file (a named pipe)" in result["message"] and "\n" not in result["message"]
    moved = _moved(path)
    assert moved.is_fifo() and moved.name in result["message"]
    assert path.is_file() and not path.is_symlink()  # the new history, a file of its own


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_link_to_dev_zero_is_moved_aside_unread(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite"
    path.symlink_to("/dev/zero")
    result = _opened(path)
    assert result["persistent"] and "is not a regular file (a link to a device)" in result["message"]
    assert os.readlink(_moved(path)) == "/dev/zero"  # the link itself was moved, its target left alone
    assert path.is_file() and not path.is_symlink()


def test_a_link_to_a_pipe_and_a_link_to_nothing(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for target, kind in ((pipe, "a link to a named pipe"), (tmp_path / "gone", "a link to nothing")):
        folder = tmp_path / kind.replace(" ", "-")
        folder.mkdir()
        path = folder / "history.sqlite"
        path.symlink_to(target)
        result = _opened(path)
        assert f"is not a regular file ({kind})" in result["message"]
        assert _moved(path).is_symlink() and path.is_file() and not path.is_symlink()
    assert not (tmp_path / "gone").exists()  # a link to nothing did not make its target


def test_a_link_to_a_history_is_the_history(tmp_path: Path) -> None:
    real = tmp_path / "elsewhere.sqlite"
    build_history(real, 12)
    path = tmp_path / "history.sqlite"
    path.symlink_to(real)
    result = _opened(path)
    assert result["message"] is None and result["hands"] == 12 and path.is_symlink()


def test_a_folder_in_its_place_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite"
    path.mkdir()
    (path / "keep.txt").write_text("mine")
    result = _opened(path)
    assert result["persistent"] and "is not a regular file (a folder)" in result["message"]
    assert (_moved(path) / "keep.txt").read_text() == "mine"


def test_a_named_pipe_as_its_journal_is_moved_aside(tmp_path: Path) -> None:
    """SQLite opens ``history.sqlite-journal`` beside the file to look for an unfinished transaction: a named pipe
    there would block the start as well. The history itself is sound and opens with its hands."""
    path = tmp_path / "history.sqlite"
    build_history(path, 12)
    journal = tmp_path / "history.sqlite-journal"
    os.mkfifo(journal)
    result = _opened(path)
    assert result["message"] is None and result["hands"] == 12
    (moved,) = tmp_path.glob("history.sqlite-journal.damaged-*")
    assert moved.is_fifo() and not journal.exists()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_a_start_killed_during_the_salvage_salvages_again(tmp_path: Path) -> None:
    """The damaged file is moved aside only once its hands are saved: a start killed in between leaves it in place
    (not an empty history where it was), and the next start saves them."""
    path = tmp_path / "history.sqlite"
    build_history(path, 40)
    data = bytearray(path.read_bytes())
    data[:100] = bytes(100)
    path.write_bytes(bytes(data))
    proc = _start(path, "--killed-in-salvage")
    assert proc.returncode == -signal.SIGKILL, proc.stderr[-2000:]
    assert path.read_bytes() == bytes(data) and not list(tmp_path.glob("history.sqlite.damaged-*"))
    assert (tmp_path / ".history.sqlite.salvage").exists()  # the kill came with the hands saved beside it
    result = _opened(path)  # a part copy of the killed salvage is beside it: made again
    assert result["key"] == "history_salvaged" and result["hands"] == 40
    assert _moved(path).read_bytes() == bytes(data)
    assert not list(tmp_path.glob(".history.sqlite.salvage*"))


def test_the_history_in_place_of_a_pipe_takes_hands(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite"
    os.mkfifo(path)
    _opened(path)
    with History(path) as history:
        assert history.message is None and history.persistent
        assert len(history.conn.execute("SELECT id FROM matches").fetchall()) == 1  # the child's match
