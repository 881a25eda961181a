"""Every store test writes under its own ZIPAI_HOME (autouse: no test may touch the real user folders).

The folders have a user name with a space and Chinese characters in them, as ``C:\\Users\\张三 的 字牌\\AppData`` on
Windows: ``tmp_path`` (overridden here), the home, and the folder ``tempfile`` makes its temporary folders in, so every
store test runs under such a path.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

#: A user folder name as Windows and macOS allow it: spaces and characters outside ASCII.
USER_FOLDER = "张三 的 字牌"


@pytest.fixture
def tmp_path(tmp_path: Path) -> Path:
    """pytest's temporary folder, one level down in a folder named like a Chinese user's home."""
    folder = tmp_path / USER_FOLDER
    folder.mkdir()
    return folder


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "AppData"
    monkeypatch.setenv("ZIPAI_HOME", str(home))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # tempfile.TemporaryDirectory() lands there too
    return home
