"""Every store test writes under its own ZIPAI_HOME (autouse: no test may touch the real user folders)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ZIPAI_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
