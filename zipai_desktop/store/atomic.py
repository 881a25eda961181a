"""Crash-safe writes, reading only regular files, and moving damaged files aside (never deleting user data).

:func:`write_atomic` writes a temporary file in the same folder, flushes and fsyncs it, then renames it over the
target with :func:`os.replace`: after a crash (even SIGKILL or power loss after the rename) the target is either the
old complete file or the new complete file, never a mix. On Windows another program (an antivirus or backup tool)
may hold the target open for a moment, and the rename fails with ``PermissionError``: it is tried again a few times
over about a second before :class:`FileBusyError` says so.

:func:`read_regular` reads a saved file only when it is a regular file of a bounded size: a FIFO, a device (or a link
to one), a folder, a socket or a broken link is refused at once with one sentence, and the caller sets it aside.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import re
import shutil
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import ModuleType
from typing import Any, BinaryIO

from ..engine.jsonsafe import JsonInputError, clip, loads, read_file

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # Windows
    fcntl = None

log = logging.getLogger(__name__)

TEMP_SUFFIX = ".tmp"
#: A temporary file older than this and not locked is a leftover of a killed write (a live one is locked at once).
STALE_AFTER = 10.0
#: The pauses between attempts of a rename that another program blocks (Windows): about a second in all, short
#: enough that a save after every action does not freeze the game when the file stays held.
REPLACE_WAITS = (0.05, 0.1, 0.15, 0.2, 0.25, 0.25)


class FileBusyError(PermissionError):
    """A rename that kept failing with ``PermissionError``: another program holds the file (an antivirus on Windows).

    The message names the file and says so in one sentence; the old file is untouched.
    """


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
            if fcntl is not None:  # renamed while still open, so still locked: no clean-up takes it in between
                _replace(tmp, target)
        if fcntl is None:  # Windows renames no file that is open: closed first (then the age rule keeps it)
            _replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    _fsync_dir(target.parent)


def _replace(source: Path, dest: Path) -> None:
    """:func:`os.replace`, tried again after a short pause while it fails with ``PermissionError``.

    On Windows a rename over a file that another program has open (antivirus and backup tools open every new file for
    a moment) fails with a sharing violation that clears by itself. After :data:`REPLACE_WAITS` the attempts stop
    with :class:`FileBusyError`. Other errors (a full disk, a missing folder) are raised at once.
    """
    for wait in (*REPLACE_WAITS, None):
        try:
            os.replace(source, dest)
        except PermissionError as exc:
            if wait is None:
                # Short enough to reach the player whole through notice.error_text.
                busy = f"another program is holding {dest.name} (tried for {sum(REPLACE_WAITS):g} s)"
                raise FileBusyError(exc.errno or errno.EACCES, busy) from exc
            time.sleep(wait)
        else:
            return


def _lock(fd: int) -> None:
    """Hold an advisory lock on a temporary file while it is written (POSIX), so a cleaner never takes a live one."""
    if fcntl is None:
        return
    with contextlib.suppress(OSError):
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _locked(tmp: Path) -> bool:
    """True when another open file holds the temporary file's lock (a write in progress, in any process), or when
    the file cannot be looked at as a regular file (then it is left alone).

    Without ``fcntl`` (Windows) there are no advisory locks and this is ``False``: a live temporary file is kept there
    by the age rule of :func:`remove_stale_temps` and by Windows itself, which refuses to delete a file another
    program has open (:func:`tempfile.mkstemp`'s handle does not share deletion), so the clean-up's unlink fails and
    the file is skipped.
    """
    if fcntl is None:
        return False
    # Not blocking and not following a link: the name may have been swapped for a FIFO or a link since it was listed.
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(tmp, flags)
    except OSError:
        return True  # cannot look: leave it
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return True
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

    Only regular files (a link, a FIFO or a device is neither opened nor removed) named exactly as
    :func:`write_atomic` names them, not locked by a write in progress, and older than ``older_than`` seconds (a write
    that has just created its file has not locked it yet) are removed.
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
            info = tmp.lstat()  # the name itself: a link is not followed
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= older_than and not _locked(tmp):
                tmp.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def _free_name(path: Path, tag: str) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    candidate = path.with_name(f"{path.name}.{tag}-{stamp}")
    n = 1
    while os.path.lexists(candidate):  # a broken link counts as taken too
        candidate = path.with_name(f"{path.name}.{tag}-{stamp}-{n}")
        n += 1
    return candidate


def quarantine(path: str | os.PathLike[str], reason: str) -> Path:
    """Move a damaged file aside to ``<name>.damaged-<timestamp>`` and return its new path (the bytes are kept).

    The name itself is moved: a link is moved as a link, a FIFO or a folder as it is, nothing is opened.
    """
    source = Path(path)
    dest = _free_name(source, "damaged")
    _replace(source, dest)
    _fsync_dir(source.parent)
    log.info("moved %s aside to %s: %s", source, dest.name, reason)
    return dest


def backup_copy(path: str | os.PathLike[str], tag: str) -> Path:
    """Copy a file to ``<name>.<tag>-<timestamp>`` (e.g. before a schema upgrade) and return the copy's path.

    Only a regular file (or a link to one) is copied: anything else raises ``OSError`` saying what it is, before a
    copy is started (a link to ``/dev/zero`` would otherwise be copied until the disk is full).
    """
    source = Path(path)
    with _open_regular(source, source.name) as src:
        dest = _free_name(source, tag)
        with open(dest, "xb") as out:  # "x": never into something that took the name meanwhile
            shutil.copyfileobj(src, out)
    shutil.copystat(source, dest)
    return dest


def _not_regular(fd: int, what: str) -> str | None:
    """Why the open file is not one the store reads, or ``None`` for a regular file."""
    mode = os.fstat(fd).st_mode
    if stat.S_ISREG(mode):
        return None
    return f"{what} is {'a folder' if stat.S_ISDIR(mode) else 'a pipe or device'}, not a regular file"


@contextlib.contextmanager
def _open_regular(path: Path, what: str) -> Iterator[BinaryIO]:
    """The file opened for reading without blocking (a FIFO opens at once); ``OSError`` when it is not regular."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(fd, "rb") as f:  # closes the descriptor whatever happens
        problem = _not_regular(fd, what)
        if problem is not None:
            raise OSError(errno.EINVAL, problem)
        yield f


class NotRegularFile(JsonInputError):
    """What is in a saved file's place is not a regular file: a pipe, a device or a socket, a folder, or a link to
    nothing or that loops. It is moved aside unread, and the player is told so (not that the file was damaged)."""


def read_regular(path: Path, what: str) -> bytes | None:
    """The bytes of a saved file, or ``None`` when there is none; read through
    :func:`~zipai_desktop.engine.jsonsafe.read_file` (opened without blocking, checked with ``fstat``, bounded).

    :class:`JsonInputError` (one sentence starting with ``what``) for what is not a regular file of at most
    :data:`~zipai_desktop.engine.jsonsafe.MAX_BYTES`: a FIFO, a device or a link to one, a folder, a socket, a link
    to a missing file or a link that loops. The caller moves such a file aside. Any other ``OSError`` (no permission:
    the file may be fine) is raised for the caller to report, and the file stays.
    """
    try:
        return read_file(path, what=what)
    except JsonInputError as exc:
        if str(exc).endswith("not a regular file"):  # (read_file's words for a folder, a pipe or a device)
            raise NotRegularFile(str(exc)) from None
        raise  # a regular file over the size limit: set aside as damaged
    except FileNotFoundError:
        if os.path.islink(path):  # the link is the player's: kept aside, not replaced by the next save
            raise NotRegularFile(f"{what} is a link to a missing file") from None
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise NotRegularFile(f"{what} is a link that loops, not a regular file") from None
        if exc.errno == errno.ENXIO:  # a socket, or a device without a driver
            raise NotRegularFile(f"{what} is a socket or device, not a regular file") from None
        if exc.errno == errno.EISDIR or (exc.errno == errno.EACCES and os.path.isdir(path)):  # Windows opens none
            raise NotRegularFile(f"{what} is a folder, not a regular file") from None
        raise


@dataclass(frozen=True)
class SavedProblem:
    """Why a saved state file (the autosave, the competition save) cannot be resumed.

    ``reason`` is a clause ("the file is empty"); ``moved`` is where the file was moved aside, or ``None`` with the
    ``OSError`` in ``error`` when it could not be read or moved (``unreadable`` says which of the two); ``not_a_file``
    when what was there is not a regular file (:class:`NotRegularFile`), not a damaged save.
    """

    reason: str
    moved: Path | None = None
    error: OSError | None = None
    unreadable: bool = False
    not_a_file: bool = False


def read_saved_state(
    target: Path, restore: Callable[[dict[str, Any]], object], expected: type[Exception], not_a: str
) -> tuple[dict[str, Any] | None, SavedProblem | None]:
    """(state, problem) of a saved state file, read through the bounded JSON loader; never raises.

    No file: ``(None, None)``. A file that is not a regular file of a bounded size (:func:`read_regular`), not JSON,
    not a dict (``not_a`` names what it should be), or that ``restore`` refuses (raising ``expected`` or anything
    else) is moved aside, never deleted, and the problem says why. Stale temporary files that a killed save left
    beside it are removed first.
    """
    remove_stale_temps(target)
    try:
        raw = read_regular(target, "the file")
    except NotRegularFile as exc:
        return None, _set_aside(target, str(exc), not_a_file=True)
    except JsonInputError as exc:
        return None, _set_aside(target, str(exc))
    except OSError as exc:
        return None, SavedProblem(str(exc), error=exc, unreadable=True)
    if raw is None:
        return None, None
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
    return None, _set_aside(target, reason)


def _set_aside(target: Path, reason: str, *, not_a_file: bool = False) -> SavedProblem:
    try:
        return SavedProblem(reason, moved=quarantine(target, reason), not_a_file=not_a_file)
    except OSError as exc:
        return SavedProblem(reason, error=exc, not_a_file=not_a_file)
