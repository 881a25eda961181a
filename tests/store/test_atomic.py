"""Atomic writes and moving files aside."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from zipai_desktop.store.atomic import backup_copy, quarantine, remove_stale_temps, write_atomic
from zipai_desktop.store.autosave import load_autosave


def test_write_atomic_replaces_the_content_and_leaves_no_temp_file(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "file.json"
    write_atomic(path, "первый 字")
    write_atomic(path, "second")
    assert path.read_text(encoding="utf-8") == "second"
    assert sorted(p.name for p in path.parent.iterdir()) == ["file.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "file.json"
    write_atomic(path, "old")

    def fail(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(OSError, match="disk full"):
        write_atomic(path, "new")
    assert path.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.json"]


def test_write_atomic_fsyncs_before_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        calls.append("fsync")
        real_fsync(fd)

    def replace(a: str, b: str) -> None:
        calls.append("replace")
        real_replace(a, b)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    write_atomic(tmp_path / "f", "x")
    assert calls[:2] == ["fsync", "replace"]


def test_quarantine_keeps_the_bytes_under_a_new_name(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    names = []
    for i in range(3):
        path.write_bytes(b"\x00broken" + bytes([i]))
        moved = quarantine(path, "test")
        assert not path.exists() and moved.read_bytes() == b"\x00broken" + bytes([i])
        assert moved.name.startswith("autosave.json.damaged-")
        names.append(moved.name)
    assert len(set(names)) == 3  # the same second: still three distinct copies


def test_backup_copy_keeps_the_original(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite"
    path.write_bytes(b"data")
    copy = backup_copy(path, "v1")
    assert path.read_bytes() == copy.read_bytes() == b"data" and copy.name.startswith("history.sqlite.v1-")


def test_stale_temp_files_are_removed_fresh_ones_kept(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    old = tmp_path / ".autosave.json.abc12xyz.tmp"
    new = tmp_path / ".autosave.json.def34xyz.tmp"
    other = tmp_path / ".settings.json.abc12xyz.tmp"  # another file's
    not_ours = tmp_path / ".autosave.json.my notes.tmp"  # not a name write_atomic gives
    for p in (old, new, other, not_ours):
        p.write_text("partial")
    past = time.time() - 60
    for p in (old, other, not_ours):
        os.utime(p, (past, past))
    assert remove_stale_temps(path) == 1
    assert not old.exists() and new.exists() and other.exists() and not_ours.exists()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL") or os.name != "posix", reason="needs SIGKILL and flock (POSIX)")
def test_a_temp_file_being_written_is_kept_and_removed_once_its_writer_is_killed(tmp_path: Path) -> None:
    """A writer (another game window) holds its temporary file locked: never removed under it, however old. Once
    the writer is killed the file is a leftover, and the next start removes it."""
    path = tmp_path / "autosave.json"
    child = textwrap.dedent(
        """
        import os, sys, tempfile, time
        from pathlib import Path
        from zipai_desktop.store import atomic
        target = Path(sys.argv[1])
        fd, name = tempfile.mkstemp(dir=target.parent, prefix=atomic._temp_prefix(target), suffix=atomic.TEMP_SUFFIX)
        atomic._lock(fd)
        os.write(fd, b"half a save")
        print(name, flush=True)
        time.sleep(600)
        """
    )
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(
        [sys.executable, "-c", child, str(path)],
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(root)),
    )
    try:
        assert proc.stdout is not None
        tmp = Path(proc.stdout.readline().strip())
        assert tmp.exists()
        past = time.time() - 7200
        os.utime(tmp, (past, past))
        assert remove_stale_temps(path) == 0 and tmp.exists()  # locked by a live writer
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=30)
    assert load_autosave(path) == (None, None)  # the next start
    assert not tmp.exists()
