"""Rule presets: a game with its rule options and its match length, target and stakes, saved under a name.

Two presets are built in (:data:`BUILTIN`, never written to a file): 老K 桂林 (the 老K defaults of 桂林字牌, an 8-hand
match) and 秀山 100分 (秀山博胡 played to 100 points: one 轮 of the default rules, which ends when a player's score
reaches 100). The player's own presets are kept in ``presets.json`` in the data folder (the format is in
docs/presets.md)::

    {"format": "zipai-presets", "version": 1,
     "presets": [{"name": "周末局", "game": "guilin", "options": {"min_hu": 15},
                  "hands": 16, "target": null, "stakes": {"base": 2, "multiplier": 1, "start_balance": null}}]}

Loading never raises: a file that is not a regular file, too large, not JSON, not a presets file, from another
version, or holding any preset the game cannot play (an unknown game or option, a size outside the engine's bounds,
more than :data:`MAX_PRESETS` presets, a name that is not a short printable text, two presets of one name) is moved
aside as ``presets.json.damaged-<time>`` with one sentence, and the built-in presets are still there. Nothing else
of the player's data is touched.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine.jsonsafe import name as show_name
from ..engine.jsonsafe import quote
from ..engine.match import MAX_HANDS, MAX_TARGET, Stakes
from ..engine.rules import RULESETS
from ..engine.rules.base import OptionError
from . import paths
from .atomic import read_saved_state, write_atomic
from .autosave import bounded_options
from .notice import Notice, error_text

FORMAT = "zipai-presets"
VERSION = 1
#: The most presets a file may hold: far more than a drop-down list shows comfortably, and a bound on what a
#: hostile file can make the setup screen list.
MAX_PRESETS = 50
#: A preset's name: short enough for a drop-down entry at the smallest window.
MAX_NAME_CHARS = 24
#: The prefix of a built-in preset's name: an i18n key (the list shows it in the player's language).
BUILTIN_PREFIX = "preset."
PRESET_FIELDS = ("name", "game", "options", "hands", "target", "stakes")


class PresetError(ValueError):
    """A preset (or a presets file) the game cannot use; the message says why in one sentence."""


@dataclass(frozen=True)
class Preset:
    """A game, its rule options (only those that differ from the defaults) and the match's length: ``hands`` (局数),
    an optional points ``target`` and optional ``stakes`` (the :class:`engine.match.Stakes` JSON object).

    ``hands`` and ``target`` are never both ``None`` (such a match would never end)."""

    name: str
    game: str
    options: Mapping[str, Any] = field(default_factory=dict)
    hands: int | None = 8
    target: int | None = None
    stakes: Mapping[str, Any] | None = None

    @property
    def builtin(self) -> bool:
        """One of the game's own presets (its name is an i18n key), which cannot be saved over or deleted."""
        return self.name.startswith(BUILTIN_PREFIX)

    def to_json(self) -> dict[str, Any]:
        """The preset as a plain JSON object (every field present; ``null`` for none)."""
        return {
            "name": self.name,
            "game": self.game,
            "options": dict(self.options),
            "hands": self.hands,
            "target": self.target,
            "stakes": dict(self.stakes) if self.stakes is not None else None,
        }


#: 老K 桂林: the engine's defaults are the 老K defaults (rules-guilin §11), 8 hands as the setup offers first.
#: 秀山 100分: bohu §14, "打满100息油子才算一轮": the default 轮 (to 100, counted in final scores, winner-only), and
#: the match ends when a player's total reaches 100, which with winner-only scoring is the end of that one 轮.
BUILTIN: tuple[Preset, ...] = (
    Preset("preset.laok_guilin", "guilin", {}, hands=8, target=None),
    Preset("preset.xiushan_100", "bohu", {"round_target": 100}, hands=None, target=100),
)


def presets_path() -> Path:
    """The player's presets, ``presets.json`` in the data folder (the folder is created, the file is not)."""
    return paths.data_dir() / "presets.json"


def _size(value: Any, what: str, most: int) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= most:
        raise PresetError(f"its {what} {quote(value)} is not a whole number from 1 to {most:,} or null")
    return value


def check_name(value: Any) -> str:
    """A preset name a player may give: a printable text of 1 to :data:`MAX_NAME_CHARS` characters, not blank and
    not a built-in preset's key; raises :class:`PresetError` otherwise."""
    if not isinstance(value, str) or not 0 < len(value) <= MAX_NAME_CHARS or not value.isprintable():
        raise PresetError(f"the preset name {quote(value)} is not a printable text of 1 to {MAX_NAME_CHARS} characters")
    if not value.strip() or value != value.strip():
        raise PresetError(f"the preset name {quote(value)} is blank or starts or ends with a space")
    if value.startswith(BUILTIN_PREFIX):
        raise PresetError(f"the preset name {quote(value)} is reserved for the game's own presets")
    return value


def preset_from_json(data: Any) -> Preset:
    """A player's preset from its JSON object, every field checked against what the game plays (the options by the
    game's rules, each number bounded; hands and target by the engine's bounds; the stakes by
    :class:`engine.match.Stakes`); raises :class:`PresetError` naming the first bad field."""
    if not isinstance(data, Mapping):
        raise PresetError(f"a preset {quote(data)} is not an object")
    unknown = sorted(str(k) for k in data if k not in PRESET_FIELDS)
    if unknown:
        raise PresetError(f"a preset has unknown field(s) {quote(unknown)}")
    name = check_name(data.get("name"))
    game = data.get("game")
    if not isinstance(game, str) or game not in RULESETS:
        raise PresetError(f"the preset {quote(name)} has the game {show_name(game)}, not one of {', '.join(RULESETS)}")
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise PresetError(f"the preset {quote(name)} has options {quote(options)} that are not an object")
    try:
        bounded_options(RULESETS[game], options)
    except OptionError as exc:
        raise PresetError(f"the preset {quote(name)} has an option the game refuses: {exc}") from None
    hands = _size(data.get("hands"), "number of hands", MAX_HANDS)
    target = _size(data.get("target"), "points target", MAX_TARGET)
    if hands is None and target is None:
        raise PresetError(f"the preset {quote(name)} has neither a number of hands nor a points target")
    stakes = data.get("stakes")
    if stakes is not None:
        try:
            stakes = Stakes.from_json(stakes).to_json()
        except ValueError as exc:
            raise PresetError(f"the preset {quote(name)} has stakes the game refuses: {exc}") from None
    return Preset(name, game, dict(options), hands=hands, target=target, stakes=stakes)


def presets_from_state(state: Any) -> list[Preset]:
    """The presets of a whole file's JSON object (format, version, at most :data:`MAX_PRESETS` presets of distinct
    names); raises :class:`PresetError` with the first reason the file cannot be used."""
    if not isinstance(state, Mapping) or state.get("format") != FORMAT:
        raise PresetError("it is not a presets file")
    version = state.get("version")
    if version != VERSION or isinstance(version, bool):
        raise PresetError(f"its version {quote(version)} is not the one this game reads ({VERSION})")
    items = state.get("presets")
    if not isinstance(items, list):
        raise PresetError(f"its presets {quote(items)} are not a list")
    if len(items) > MAX_PRESETS:
        raise PresetError(f"it has {len(items):,} presets, more than the {MAX_PRESETS} the game keeps")
    presets = [preset_from_json(item) for item in items]
    names = [p.name for p in presets]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice is not None:
        raise PresetError(f"it has two presets named {quote(twice)}")
    return presets


def dumps(presets: Sequence[Preset]) -> str:
    """The text of ``presets.json``: indented, non-ASCII text unescaped, with a final newline."""
    state = {"format": FORMAT, "version": VERSION, "presets": [p.to_json() for p in presets]}
    return json.dumps(state, indent=2, ensure_ascii=False) + "\n"


def _target(path: str | os.PathLike[str] | None) -> Path:
    return Path(path) if path is not None else presets_path()


def load_presets(path: str | os.PathLike[str] | None = None) -> tuple[list[Preset], str | None]:
    """(the player's presets, a message): never raises. No file: no presets. A file the game cannot use is moved
    aside (never deleted) and the message, one sentence, says why and where it went."""
    try:
        target = _target(path)
    except OSError as exc:
        text = f"The data folder cannot be created ({exc}), so your saved presets cannot be read."
        return [], Notice(text, "presets_unreadable", error=error_text(exc))
    state, problem = read_saved_state(target, presets_from_state, PresetError, "a presets file")
    if problem is None:
        return (presets_from_state(state) if state is not None else []), None
    error = error_text(problem.error) if problem.error is not None else ""
    if problem.unreadable or problem.moved is None:
        text = f"Your saved presets cannot be read ({problem.reason})."
        return [], Notice(text, "presets_unreadable", error=error or problem.reason)
    text = (
        f"Your saved presets cannot be used because {problem.reason}; the file was moved aside to {problem.moved.name}."
    )
    return [], Notice(text, "presets_moved", moved=problem.moved.name)


def _write(presets: Sequence[Preset], path: str | os.PathLike[str] | None) -> None:
    write_atomic(_target(path), dumps(presets))


def save_preset(preset: Preset, path: str | os.PathLike[str] | None = None) -> list[Preset]:
    """Add ``preset`` to the player's presets (replacing one of the same name) and write the file atomically; the
    presets now saved. Raises :class:`PresetError` for a preset the game cannot play or one too many, ``OSError``
    when the file cannot be written (the old file is then unchanged)."""
    checked = preset_from_json(preset.to_json())
    presets, _ = load_presets(path)  # a damaged file is moved aside first: its bytes are kept
    kept = [p for p in presets if p.name != checked.name]
    if len(kept) >= MAX_PRESETS:
        raise PresetError(f"there are already {MAX_PRESETS} saved presets; delete one first")
    kept.append(checked)
    _write(kept, path)
    return kept


def delete_preset(name: str, path: str | os.PathLike[str] | None = None) -> list[Preset]:
    """Remove the player's preset ``name`` (a name not saved changes nothing) and return the presets left."""
    presets, _ = load_presets(path)
    kept = [p for p in presets if p.name != name]
    if len(kept) != len(presets):
        _write(kept, path)
    return kept
