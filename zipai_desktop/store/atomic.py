"""Crash-safe writes and moving damaged files aside (never deleting user data).

:func:`write_atomic` writes a temporary file in the same folder, flushes and fsyncs it, then renames it over the
target with :func:`os.replace`: after a crash (even SIGKILL or power loss after the rename) the target is either the
old complete file or the new complete file, never a mix.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import Any

from ..engine.jsonsafe import JsonInputError, clip, loads

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # Windows
    fcntl = None

log = logging.getLogger(__name__)

TEMP_SUFFIX = ".tmp"
#: A temporary file older than this and not locked is a leftover of a killed write (a live one is locked at once).
STALE_AFTER = 10.0


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX; Windows has no directory handles to fsync)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) so that the file is always either the old or the new content."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(dir=target.parent, prefix=_temp_prefix(target), suffix=TEMP_SUFFIX)
    _lock(fd)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(target.parent)


def _lock(fd: int) -> None:
    """Hold an advisory lock on a temporary file while it is written (POSIX), so a cleaner never takes a live one."""
    if fcntl is None:
        return
    with contextlib.suppress(OSError):
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _locked(tmp: Path) -> bool:
    """True when another open file holds the temporary file's lock (a write in progress, in any process)."""
    if fcntl is None:
        return False  # no advisory locks (Windows): an open file cannot be removed there anyway
    try:
        fd = os.open(tmp, os.O_RDONLY)
    except OSError:
        return True  # cannot look: leave it
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # closing drops the probe's own lock
    return False


def _our_temp(target: Path) -> re.Pattern[str]:
    """The exact names :func:`write_atomic` gives its temporary files: ``.<name>.<8 random characters>.tmp``."""
    return re.compile(re.escape(_temp_prefix(target)) + r"[A-Za-z0-9_]{8}" + re.escape(TEMP_SUFFIX) + r"\Z")


def remove_stale_temps(path: str | os.PathLike[str], older_than: float = STALE_AFTER) -> int:
    """Remove temporary files a killed :func:`write_atomic` of ``path`` left behind (incomplete copies, not data).

    Only files named exactly as :func:`write_atomic` names them, not locked by a write in progress, and older than
    ``older_than`` seconds (a write that has just created its file has not locked it yet) are removed.
    """
    target = Path(path)
    removed = 0
    now = time.time()
    pattern = _our_temp(target)
    try:
        candidates = [p for p in target.parent.glob(_temp_prefix(target) + "*" + TEMP_SUFFIX) if pattern.match(p.name)]
    except OSError:
        return 0
    for tmp in candidates:
        try:
            if tmp.is_file() and now - tmp.stat().st_mtime >= older_than and not _locked(tmp):
                tmp.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def _free_name(path: Path, tag: str) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.name}.{tag}-{stamp}")
    n = 1
    while candidate.exists():
        candidate = path.with_name(f"{path.name}.{tag}-{stamp}-{n}")
        n += 1
    return candidate


def quarantine(path: str | os.PathLike[str], reason: str) -> Path:
    """Move a damaged file aside to ``<name>.damaged-<timestamp>`` and return its new path (the bytes are kept)."""
    source = Path(path)
    dest = _free_name(source, "damaged")
    os.replace(source, dest)
    _fsync_dir(source.parent)
    log.info("moved %s aside to %s: %s", source, dest.name, reason)
    return dest


def backup_copy(path: str | os.PathLike[str], tag: str) -> Path:
    """Copy a file to ``<name>.<tag>-<timestamp>`` (e.g. before a schema upgrade) and return the copy's path."""
    source = Path(path)
    dest = _free_name(source, tag)
    shutil.copy2(source, dest)
    return dest


@dataclass(frozen=True)
class SavedProblem:
    """Why a saved state file (the autosave, the competition save) cannot be resumed.

    ``reason`` is a clause ("the file is empty"); ``moved`` is where the file was moved aside, or ``None`` with the
    ``OSError`` in ``error`` when it could not be read or moved (``unreadable`` says which of the two).
    """

    reason: str
    moved: Path | None = None
    error: OSError | None = None
    unreadable: bool = False


def read_saved_state(
    target: Path, restore: Callable[[dict[str, Any]], object], expected: type[Exception], not_a: str
) -> tuple[dict[str, Any] | None, SavedProblem | None]:
    """(state, problem) of a saved state file, read through the bounded JSON loader; never raises.

    No file: ``(None, None)``. A file that is not JSON, not a dict (``not_a`` names what it should be), or that
    ``restore`` refuses (raising ``expected`` or anything else) is moved aside, never deleted, and the problem says why.
    Stale temporary files that a killed save left beside it are removed first.
    """
    remove_stale_temps(target)
    try:
        raw = target.read_bytes()
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, SavedProblem(str(exc), error=exc, unreadable=True)
    try:
        state = loads(raw, what="the file")  # bounded: depth, size and digits (a hostile file cannot stop the game)
        if not isinstance(state, dict):
            raise expected(f"it is not {not_a}")
        restore(state)
    except JsonInputError as exc:
        if not raw.strip():
            reason = "the file is empty"
        elif str(exc).startswith(("the file is not valid JSON", "the file is not UTF-8")):
            reason = "the file is damaged or incomplete"
        else:
            reason = str(exc)
    except expected as exc:
        reason = clip(str(exc), 200)
    except Exception as exc:  # noqa: BLE001 - a save that breaks the engine must not stop the game from starting
        reason = f"it could not be replayed ({type(exc).__name__}: {clip(str(exc))})"
    else:
        return state, None
    try:
        return None, SavedProblem(reason, moved=quarantine(target, reason))
    except OSError as exc:
        return None, SavedProblem(reason, error=exc)
