"""Atomic writes and moving files aside."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from zipai_desktop.store.atomic import backup_copy, quarantine, remove_stale_temps, write_atomic


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
    old = tmp_path / ".autosave.json.abc.tmp"
    new = tmp_path / ".autosave.json.def.tmp"
    other = tmp_path / ".settings.json.abc.tmp"
    for p in (old, new, other):
        p.write_text("partial")
    past = time.time() - 7200
    os.utime(old, (past, past))
    os.utime(other, (past, past))
    assert remove_stale_temps(path) == 1
    assert not old.exists() and new.exists() and other.exists()
