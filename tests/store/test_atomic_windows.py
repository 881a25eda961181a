"""The store's Windows branches, run on any system with Windows' conditions simulated.

Windows has no ``fcntl`` (no advisory locks on temporary files), refuses to delete or rename a file another program
has open, and antivirus tools open every new file for a moment, so a rename over it fails with ``PermissionError``
for a while. Paths with spaces and Chinese characters run in every store test (``conftest.py``).
"""

from __future__ import annotations

import errno
import os
import tempfile
import time
from pathlib import Path

import pytest

from zipai_desktop.store import atomic, paths
from zipai_desktop.store.atomic import (
    REPLACE_WAITS,
    FileBusyError,
    quarantine,
    remove_stale_temps,
    write_atomic,
)
from zipai_desktop.store.autosave import load_autosave, match_state, save_match
from zipai_desktop.store.notice import error_text
from zipai_desktop.store.settings import Settings, load_settings, save_settings

from .play import match, play


def temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(atomic.TEMP_SUFFIX))


def make_old(path: Path) -> None:
    past = time.time() - 3600
    os.utime(path, (past, past))


# --- the rename a writer's temporary file is never removed under it ------------------------------------------------


def test_a_temp_file_is_not_removed_at_the_moment_of_its_rename(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A clean-up in another window that runs just before the rename, after a write slow enough that the temporary
    file already looks old (a sleeping disk): with locks (POSIX) the file is still locked then, so it is kept."""
    if atomic.fcntl is None:
        pytest.skip("advisory locks (POSIX)")
    path = tmp_path / "autosave.json"
    real_replace = os.replace
    removed: list[int] = []

    def clean_up_first(source: str | os.PathLike[str], dest: str | os.PathLike[str]) -> None:
        make_old(Path(source))
        removed.append(remove_stale_temps(path))
        real_replace(source, dest)

    monkeypatch.setattr(os, "replace", clean_up_first)
    write_atomic(path, "new")
    assert removed == [0] and path.read_text(encoding="utf-8") == "new"


# --- no fcntl (Windows) ---------------------------------------------------------------------------------------------


@pytest.fixture
def no_fcntl(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(atomic, "fcntl", None)


@pytest.mark.usefixtures("no_fcntl")
def test_without_fcntl_writes_replace_the_file_and_leave_no_temp_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    write_atomic(path, "old")
    write_atomic(path, "新的")
    assert path.read_text(encoding="utf-8") == "新的" and temps(tmp_path) == []


@pytest.mark.usefixtures("no_fcntl")
def test_without_fcntl_a_fresh_temp_file_is_kept_at_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No lock to look at: a temporary file younger than STALE_AFTER is never removed (a write in progress)."""
    path = tmp_path / "autosave.json"
    real_replace = os.replace
    removed: list[int] = []

    def clean_up_first(source: str | os.PathLike[str], dest: str | os.PathLike[str]) -> None:
        removed.append(remove_stale_temps(path))
        real_replace(source, dest)

    monkeypatch.setattr(os, "replace", clean_up_first)
    write_atomic(path, "new")
    assert removed == [0] and path.read_text(encoding="utf-8") == "new"


@pytest.mark.usefixtures("no_fcntl")
def test_without_fcntl_an_old_temp_file_held_open_is_kept_as_windows_refuses_to_delete_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows refuses to delete a file that another program has open (the writer's handle shares no deletion): the
    clean-up skips it without an error and removes only the leftover of a killed write, and the held one once closed.
    """
    path = tmp_path / "autosave.json"
    prefix = atomic._temp_prefix(path)
    fd_live, live = tempfile.mkstemp(dir=tmp_path, prefix=prefix, suffix=atomic.TEMP_SUFFIX)
    fd_dead, dead = tempfile.mkstemp(dir=tmp_path, prefix=prefix, suffix=atomic.TEMP_SUFFIX)
    os.close(fd_dead)  # its writer was killed
    for name in (live, dead):
        make_old(Path(name))
    held = {live}
    real_unlink = os.unlink

    def windows_unlink(name: str | os.PathLike[str], *args: object, **kwargs: object) -> None:
        if os.fspath(name) in held:
            raise PermissionError(
                errno.EACCES, "The process cannot access the file because it is being used by another process"
            )
        real_unlink(name)

    monkeypatch.setattr(os, "unlink", windows_unlink)
    try:
        assert remove_stale_temps(path) == 1
        assert Path(live).exists() and not Path(dead).exists()
    finally:
        os.close(fd_live)
    held.clear()  # the writer is gone
    assert remove_stale_temps(path) == 1 and temps(tmp_path) == []


# --- a rename another program blocks for a while (antivirus on Windows) ----------------------------------------------


class FlakyReplace:
    """``os.replace`` that fails with Windows' sharing violation ``failures`` times, then renames."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.attempts = 0
        self.real = os.replace

    def __call__(self, source: str | os.PathLike[str], dest: str | os.PathLike[str]) -> None:
        self.attempts += 1
        if self.attempts <= self.failures:
            raise PermissionError(
                errno.EACCES, "The process cannot access the file because it is being used by another process"
            )
        self.real(source, dest)


@pytest.fixture
def sleeps(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The pauses asked for, none taken."""
    asked: list[float] = []
    monkeypatch.setattr(time, "sleep", asked.append)
    return asked


@pytest.mark.parametrize("failures", [1, 3, len(REPLACE_WAITS)])
def test_a_rename_held_up_for_a_moment_is_tried_again_and_succeeds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sleeps: list[float], failures: int
) -> None:
    path = tmp_path / "autosave.json"
    write_atomic(path, "old")
    replace = FlakyReplace(failures)
    monkeypatch.setattr(os, "replace", replace)
    write_atomic(path, "new")
    assert replace.attempts == failures + 1 and sleeps == list(REPLACE_WAITS[:failures])
    assert path.read_text(encoding="utf-8") == "new" and temps(tmp_path) == []


def test_a_rename_held_up_for_good_stops_after_about_a_second_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sleeps: list[float]
) -> None:
    path = tmp_path / "autosave.json"
    write_atomic(path, "old")
    replace = FlakyReplace(10**6)
    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(FileBusyError) as caught:
        write_atomic(path, "new")
    assert replace.attempts == len(REPLACE_WAITS) + 1 and sleeps == list(REPLACE_WAITS)
    assert 0.5 <= sum(REPLACE_WAITS) <= 2  # bounded: a save after every action must not freeze the game
    assert isinstance(caught.value, PermissionError)  # every caller that reports an OSError reports this one
    sentence = error_text(caught.value)
    assert sentence == "another program is holding autosave.json (tried for 1 s)"  # whole: no "…"
    assert path.read_text(encoding="utf-8") == "old" and temps(tmp_path) == []  # the old file, no temp file


def test_other_rename_errors_are_not_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sleeps: list[float]
) -> None:
    attempts: list[int] = []

    def full(source: str | os.PathLike[str], dest: str | os.PathLike[str]) -> None:
        attempts.append(1)
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OSError, match="No space") as caught:
        write_atomic(tmp_path / "f.json", "x")
    assert not isinstance(caught.value, FileBusyError) and attempts == [1] and sleeps == []


def test_a_held_settings_save_fails_cleanly_and_the_old_settings_stay(
    home: Path, monkeypatch: pytest.MonkeyPatch, sleeps: list[float]
) -> None:
    save_settings(Settings(language="en"))
    with monkeypatch.context() as patch, pytest.raises(OSError, match="another program is holding settings.json"):
        patch.setattr(os, "replace", FlakyReplace(10**6))
        save_settings(Settings(language="zh"))
    assert load_settings() == (Settings(language="en"), []) and temps(paths.config_dir()) == []


def test_a_held_autosave_fails_cleanly_and_the_last_save_still_resumes(
    home: Path, monkeypatch: pytest.MonkeyPatch, sleeps: list[float]
) -> None:
    m = match("guilin", seed="held", hands=2)
    play(m.start_hand(), 6)
    saved = match_state(m, ["human", "casual", "casual"])
    save_match(saved)
    assert m.game is not None
    play(m.game, 6)
    with monkeypatch.context() as patch, pytest.raises(FileBusyError):
        patch.setattr(os, "replace", FlakyReplace(10**6))
        save_match(match_state(m, ["human", "casual", "casual"]))
    state, message = load_autosave()
    assert message is None and state is not None and state["hand"]["actions"] == saved["hand"]["actions"]
    assert temps(paths.data_dir()) == []


def test_moving_a_damaged_file_aside_is_tried_again_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sleeps: list[float]
) -> None:
    path = tmp_path / "autosave.json"
    path.write_bytes(b"{broken")
    replace = FlakyReplace(2)
    monkeypatch.setattr(os, "replace", replace)
    moved = quarantine(path, "test")
    assert replace.attempts == 3 and moved.read_bytes() == b"{broken" and not path.exists()


# --- ZIPAI_HOME with spaces and a Chinese user name -------------------------------------------------------------------


def test_zipai_home_with_spaces_and_chinese_characters(home: Path) -> None:
    assert "张三 的 字牌" in str(home)
    assert paths.settings_path() == home / "config" / "settings.json" and paths.config_dir().is_dir()
    assert paths.autosave_path() == home / "data" / "autosave.json" and paths.replays_dir().is_dir()
    save_settings(Settings(language="en"))
    assert load_settings() == (Settings(language="en"), [])


def test_zipai_home_given_with_a_tilde(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("USERPROFILE", str(tmp_path))  # what expanduser reads on Windows
    monkeypatch.setenv("ZIPAI_HOME", "~/字牌 数据")
    assert paths.data_dir() == tmp_path / "字牌 数据" / "data" and paths.data_dir().is_dir()
