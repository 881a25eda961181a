"""Headless pygame for every app test: set before any test module imports pygame."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEO_DRIVER", "dummy")  # the SDL3 spelling, for pygame-ce 3
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _zipai_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every app test keeps its settings, autosave and history in a fresh folder, never the user's."""
    monkeypatch.setenv("ZIPAI_HOME", str(tmp_path_factory.mktemp("zipai-home")))
