"""Special files where the store expects its plain files: only regular files of a bounded size are read.

A FIFO named ``settings.json`` used to block the start forever, a link to ``/dev/zero`` to fill the memory until
``MemoryError``. Now anything that is not a regular file is set aside (moved, a link itself and never what it points
at), the defaults are used and one sentence says what was wrong. Each load runs in a child process with a memory cap
and a time limit, so the code as it was fails these tests instead of hanging or exhausting the machine.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import stat
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from zipai_desktop.engine.jsonsafe import MAX_BYTES
from zipai_desktop.store import atomic, paths
from zipai_desktop.store.atomic import backup_copy, remove_stale_temps
from zipai_desktop.store.autosave import load_autosave
from zipai_desktop.store.competition import competition_path, load_competition
from zipai_desktop.store.settings import Settings, load_settings

pytestmark = pytest.mark.skipif(os.name != "posix" or not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero (POSIX)")

ROOT = Path(__file__).resolve().parents[2]
#: Generous: a child that ends at all ends in well under a second; only a hang reaches it.
CHILD_TIMEOUT = 60
MEMORY_CAP = 1 << 30

# The child loads one file the way the game's start does, under a memory cap, and prints what it got as JSON.
CHILD = textwrap.dedent(
    """
    import json, resource, sys
    cap = int(sys.argv[2])
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    which = sys.argv[1]
    if which == "settings":
        from zipai_desktop.store.settings import Settings, load_settings
        settings, messages = load_settings()
        print(json.dumps({"defaults": settings == Settings(), "messages": list(messages)}))
    else:
        from zipai_desktop.store.autosave import load_autosave
        from zipai_desktop.store.competition import load_competition
        state, message = (load_autosave if which == "autosave" else load_competition)()
        print(json.dumps({"defaults": state is None, "messages": [message] if message else []}))
    """
)

FILES: dict[str, Callable[[], Path]] = {
    "settings": paths.settings_path,
    "autosave": paths.autosave_path,
    "competition": competition_path,
}


def load_in_child(which: str) -> tuple[bool, list[str]]:
    """(defaults used, messages) of one load in a child process; fails the test if the child hangs or crashes."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    try:
        done = subprocess.run(
            [sys.executable, "-c", CHILD, which, str(MEMORY_CAP)],
            capture_output=True,
            text=True,
            env=env,
            timeout=CHILD_TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"loading {which} did not return within {CHILD_TIMEOUT} s (it blocks on the file)")
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout)
    return result["defaults"], result["messages"]


def damaged(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".damaged-*"))


def make_fifo(path: Path) -> None:
    os.mkfifo(path)


def make_zero_link(path: Path) -> None:
    path.symlink_to("/dev/zero")


SPECIAL: dict[str, Callable[[Path], None]] = {"fifo": make_fifo, "link to /dev/zero": make_zero_link}


def is_what_was_made(kind: str, moved: Path) -> bool:
    """The file set aside is the special file itself: the FIFO, or the link (not a copy of what it points at)."""
    if kind == "fifo":
        return stat.S_ISFIFO(moved.lstat().st_mode)
    return moved.is_symlink() and os.readlink(moved) == "/dev/zero"


@pytest.mark.parametrize("kind", sorted(SPECIAL))
@pytest.mark.parametrize("which", sorted(FILES))
def test_a_special_file_is_set_aside_and_the_defaults_used(home: Path, which: str, kind: str) -> None:
    path = FILES[which]()
    SPECIAL[kind](path)
    defaults, messages = load_in_child(which)
    assert defaults
    (moved,) = damaged(path)
    assert is_what_was_made(kind, moved)
    assert len(messages) == 1 and "a pipe or device, not a regular file" in messages[0] and moved.name in messages[0]
    if which == "settings":  # the defaults were written back in its place
        assert stat.S_ISREG(path.lstat().st_mode) and load_settings() == (Settings(), [])
    else:
        assert not os.path.lexists(path)
        assert (load_autosave if which == "autosave" else load_competition)() == (None, None)


class Blocked(Exception):
    """A call blocked (not an ``OSError``: the code under test must not be able to take it for one and go on)."""


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Fail instead of hanging when a call blocks (an open of a FIFO without a writer blocks until one comes)."""

    def stop(signum: int, frame: object) -> None:
        raise Blocked(f"blocked for {seconds} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def test_a_folder_in_place_of_the_autosave_is_set_aside(home: Path) -> None:
    path = paths.autosave_path()
    path.mkdir()
    (path / "keep.txt").write_text("mine")
    state, message = load_autosave()
    assert state is None and message is not None and "a folder, not a regular file" in message
    (moved,) = damaged(path)
    assert (moved / "keep.txt").read_text() == "mine"


def test_a_link_to_a_missing_file_is_set_aside_not_replaced(home: Path) -> None:
    path = paths.settings_path()
    path.symlink_to(home / "elsewhere" / "settings.json")
    settings, messages = load_settings()
    assert settings == Settings() and len(messages) == 1 and "a link to a missing file" in messages[0]
    (moved,) = damaged(path)
    assert os.readlink(moved) == str(home / "elsewhere" / "settings.json")


def test_a_link_that_loops_is_set_aside(home: Path) -> None:
    path = paths.autosave_path()
    path.symlink_to(path.name)  # points at itself
    state, message = load_autosave()
    assert state is None and message is not None and "loops" in message
    (moved,) = damaged(path)
    assert moved.is_symlink()


def test_a_socket_in_place_of_the_settings_is_set_aside(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = paths.settings_path()
    monkeypatch.chdir(path.parent)  # a socket's path is limited to about 100 bytes: bind the short relative name
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(path.name)
        with time_limit(30):
            settings, messages = load_settings()
    assert settings == Settings() and len(messages) == 1 and "not a regular file" in messages[0]
    (moved,) = damaged(path)
    assert stat.S_ISSOCK(moved.lstat().st_mode)


def test_a_link_to_a_regular_file_is_still_read(home: Path) -> None:
    """A player who keeps the settings elsewhere (with their dotfiles) and links them in keeps that working."""
    real = home / "dotfiles" / "zipai.json"
    real.parent.mkdir(parents=True)
    real.write_text('{"language": "en"}', encoding="utf-8")
    paths.settings_path().symlink_to(real)
    assert load_settings() == (Settings(language="en"), [])


def test_a_file_over_the_size_limit_is_set_aside_unread(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = paths.autosave_path()
    with path.open("wb") as f:  # sparse: no disk space used
        f.truncate(MAX_BYTES + 1)
    state, message = load_autosave()
    assert state is None and message is not None and "more than the" in message
    (moved,) = damaged(path)
    assert moved.stat().st_size == MAX_BYTES + 1


# --- the clean-up of temporary files and the copies never open a special file ---------------------------------------


def old(path: Path) -> None:
    past = time.time() - 3600
    os.utime(path, (past, past), follow_symlinks=False)


def test_stale_temp_clean_up_neither_opens_nor_removes_special_files(home: Path) -> None:
    path = paths.autosave_path()
    fifo = path.with_name(f".{path.name}.fifo1234.tmp")
    os.mkfifo(fifo)
    zero = path.with_name(f".{path.name}.zero1234.tmp")
    zero.symlink_to("/dev/zero")
    real = home / "notes.txt"
    real.write_text("mine")
    link = path.with_name(f".{path.name}.link1234.tmp")
    link.symlink_to(real)
    for p in (fifo, zero, real, link):
        old(p)
    with time_limit(30):
        assert remove_stale_temps(path) == 0
    assert fifo.exists() and zero.is_symlink() and link.is_symlink() and real.read_text() == "mine"


def test_the_lock_probe_does_not_block_on_a_fifo(home: Path) -> None:
    """A temporary file swapped for a FIFO between the clean-up's look and its probe: the probe returns at once."""
    fifo = home / ".autosave.json.abcd1234.tmp"
    home.mkdir(parents=True, exist_ok=True)
    os.mkfifo(fifo)
    with time_limit(30):
        assert atomic._locked(fifo)  # not a file the clean-up may remove
    assert fifo.exists()


# The copy before a schema upgrade of a file that is a link to /dev/zero: at most 1 MB may be written, so the code as
# it was (which copied /dev/zero until the disk was full) fails this test without filling the disk.
BACKUP_CHILD = textwrap.dedent(
    """
    import resource, signal, sys
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (1 << 20, 1 << 20))
    from zipai_desktop.store.atomic import backup_copy
    try:
        backup_copy(sys.argv[1], "v1")
    except OSError as exc:
        print(exc.strerror or exc)
    """
)


@pytest.mark.parametrize("kind", sorted(SPECIAL))
def test_a_backup_copy_of_a_special_file_is_refused(home: Path, kind: str) -> None:
    home.mkdir(parents=True, exist_ok=True)
    path = home / "history.sqlite"
    SPECIAL[kind](path)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    try:
        done = subprocess.run(
            [sys.executable, "-c", BACKUP_CHILD, str(path)],
            capture_output=True,
            text=True,
            env=env,
            timeout=CHILD_TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"the backup copy did not return within {CHILD_TIMEOUT} s")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "history.sqlite is a pipe or device, not a regular file" in done.stdout
    assert sorted(p.name for p in home.iterdir()) == ["history.sqlite"]  # no copy was started


def test_a_backup_copy_of_a_regular_file_keeps_its_bytes(home: Path) -> None:
    home.mkdir(parents=True, exist_ok=True)
    path = home / "history.sqlite"
    path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 40)
    copy = backup_copy(path, "v1")
    assert copy.read_bytes() == path.read_bytes() and copy.stat().st_mtime == path.stat().st_mtime
