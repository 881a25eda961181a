"""A pipe, a device or a folder in place of a saved file is told to the player as what it is ("not a regular file"),
in their language, not as a damaged file; a damaged file is still told as damaged."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from zipai_desktop.app.ui.i18n import tr
from zipai_desktop.store import paths
from zipai_desktop.store.autosave import load_autosave
from zipai_desktop.store.competition import competition_path, load_competition
from zipai_desktop.store.history import open_history
from zipai_desktop.store.settings import load_settings


@pytest.fixture(autouse=True)
def never_hang() -> Iterator[None]:
    """A regression that opens the pipe blocking fails here instead of stopping the suite."""
    signal.signal(signal.SIGALRM, lambda *_: pytest.fail("a store read blocked on a pipe"))
    signal.alarm(30)
    yield
    signal.alarm(0)


def in_place(path: Path, what: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if what == "pipe":
        os.mkfifo(path)
    elif what == "folder":
        path.mkdir()
    else:
        path.write_text("{ not json", encoding="utf-8")


def told(notice: object, key: str) -> None:
    assert getattr(notice, "key", None) == key, (getattr(notice, "key", None), notice)
    params = getattr(notice, "params", {})
    for lang in ("zh", "en"):
        text = tr(f"notice.{key}", lang, **params)
        assert params["moved"] in text and "\n" not in text


@pytest.mark.parametrize(("what", "key"), [("pipe", "not_a_file"), ("folder", "not_a_file"), ("damaged", "moved")])
def test_settings_autosave_and_competition_say_what_was_there(home: Path, what: str, key: str) -> None:
    in_place(paths.settings_path(), what)
    in_place(paths.autosave_path(), what)
    in_place(competition_path(), what)
    _, problems = load_settings()
    told(problems[0], f"settings_{key}")
    state, notice = load_autosave()
    assert state is None
    told(notice, f"autosave_{key}")
    state, notice = load_competition()
    assert state is None
    told(notice, f"competition_{key}")
    assert "regular file" in str(problems[0]) if key == "not_a_file" else "regular file" not in str(problems[0])


def test_the_history_says_what_was_there(home: Path) -> None:
    in_place(paths.history_path(), "pipe")
    with open_history() as history:
        told(history.message, "history_not_a_file")
        assert history.hands() == []
