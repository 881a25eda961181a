"""The folders of the game (contract ``sim-cli.md``, "Where files go").

platformdirs' user folders for the app ``zipai``; when the environment variable ``ZIPAI_HOME`` is set, everything goes
under that folder instead (``$ZIPAI_HOME/data``, ``$ZIPAI_HOME/config``). Folders are created on demand.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "zipai"
HOME_ENV = "ZIPAI_HOME"


def _home() -> Path | None:
    home = os.environ.get(HOME_ENV)
    return Path(home).expanduser() if home else None


def _ensure(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def data_dir() -> Path:
    """Saves, history and replays."""
    home = _home()
    if home is not None:
        return _ensure(home / "data")
    return _ensure(Path(platformdirs.user_data_dir(APP_NAME, appauthor=False)))


def config_dir() -> Path:
    """Settings."""
    home = _home()
    if home is not None:
        return _ensure(home / "config")
    return _ensure(Path(platformdirs.user_config_dir(APP_NAME, appauthor=False)))


def replays_dir() -> Path:
    """Saved game records (one JSON record per file)."""
    return _ensure(data_dir() / "replays")


def settings_path() -> Path:
    """The settings file, ``settings.json`` in the config folder (the folder is created, the file is not)."""
    return config_dir() / "settings.json"


def autosave_path() -> Path:
    """The autosave of the match in progress, ``autosave.json`` in the data folder (the folder is created, the file is
    not)."""
    return data_dir() / "autosave.json"


def history_path() -> Path:
    """The SQLite history of finished hands, ``history.sqlite`` in the data folder (the folder is created, the file
    is not)."""
    return data_dir() / "history.sqlite"
