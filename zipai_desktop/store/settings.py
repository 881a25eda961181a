"""The player's settings: a small, human-readable JSON file (``settings.json`` in the config folder).

Loading never raises: an unknown key or an invalid value is reported as a readable message and replaced by its
default; a file that is not a regular file (a FIFO, a device or a link to one, a folder: never read), not valid JSON,
not a settings file, or from another version of the format is moved aside (``settings.json.damaged-<timestamp>``)
with one message, and what could be read is used (and written back).
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from ..engine.jsonsafe import JsonInputError, clip, loads, quote
from ..engine.jsonsafe import name as quote_name
from ..engine.rules import RULESETS
from ..engine.rules.base import OptionError
from . import paths
from .atomic import NotRegularFile, quarantine, read_regular, remove_stale_temps, write_atomic
from .notice import Notice, error_text

FORMAT = "zipai-settings"
VERSION = 1

LANGUAGES = ("zh", "en")
RULES = ("guilin", "bohu")
SEAT_KINDS = ("human", "random", "beginner", "casual", "strong", "expert")
MIN_WINDOW = (1024, 640)
MAX_WINDOW = (3840, 2160)
SPEED_RANGE = (0.25, 4.0)
DISCARD_MODES = ("click", "double", "drag")
BOT_PACES = ("normal", "slow", "fast")
TURN_TIMERS = (0, 15, 30, 60)  # seconds for a decision before 托管 takes the seat over; 0: no timer


class SettingsError(ValueError):
    """A settings value outside what the game accepts."""


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _check_choice(name: str, choices: tuple[str, ...]) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if value not in choices or not isinstance(value, str):
            raise SettingsError(f"{name!r} must be one of {', '.join(map(repr, choices))}, not {quote(value)}")
        return value

    return check


def _check_bool(name: str) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if not isinstance(value, bool):
            raise SettingsError(f"{name!r} must be true or false, not {quote(value)}")
        return value

    return check


def _check_seconds(name: str, choices: tuple[int, ...]) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if not isinstance(value, int) or isinstance(value, bool) or value not in choices:
            raise SettingsError(f"{name!r} must be one of {', '.join(map(str, choices))} seconds, not {quote(value)}")
        return value

    return check


def _check_range(name: str, low: float, high: float) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if not _is_number(value) or not low <= value <= high:
            raise SettingsError(f"{name!r} must be a number from {low:g} to {high:g}, not {quote(value)}")
        return float(value)

    return check


def _check_window(value: Any) -> tuple[int, int]:
    ok = (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )
    if ok and MIN_WINDOW[0] <= value[0] <= MAX_WINDOW[0] and MIN_WINDOW[1] <= value[1] <= MAX_WINDOW[1]:
        return (int(value[0]), int(value[1]))
    raise SettingsError(
        f"'window_size' must be [width, height] from {MIN_WINDOW[0]}x{MIN_WINDOW[1]} to "
        f"{MAX_WINDOW[0]}x{MAX_WINDOW[1]}, not {quote(value)}"
    )


#: The bot names the setup screen offers a seat: the i18n keys of the 比赛 catalog's 12 entrants.
BOT_NAMES = tuple(f"entrant.{i}" for i in range(12))


def _check_names(value: Any) -> tuple[str, ...]:
    """The setup screen's bot names, seat by seat: up to the most seats a game has, each one of :data:`BOT_NAMES`,
    no two alike (the screen keeps them distinct)."""
    most = max(n for rules in RULESETS.values() for n in rules.players)
    if (
        isinstance(value, list | tuple)
        and len(value) <= most
        and all(isinstance(v, str) and v in BOT_NAMES for v in value)
        and len(set(value)) == len(value)
    ):
        return tuple(value)
    raise SettingsError(
        f"'default_names' must be a list of up to {most} different bot names ({BOT_NAMES[0]} to {BOT_NAMES[-1]}), "
        f"not {quote(value)}"
    )


def _check_seats(value: Any) -> tuple[str, ...]:
    counts = sorted({n for rules in RULESETS.values() for n in rules.players})
    if (
        isinstance(value, list | tuple)
        and counts[0] <= len(value) <= counts[-1]
        and all(isinstance(v, str) and v in SEAT_KINDS for v in value)
    ):
        return tuple(value)
    raise SettingsError(
        f"'default_seats' must be a list of {counts[0]} to {counts[-1]} seat kinds "
        f"({', '.join(SEAT_KINDS)}), not {quote(value)}"
    )


def _option_problems(rules_name: str, options: Any) -> tuple[dict[str, Any], list[str]]:
    """The valid options of one game and a message per option dropped."""
    rules = RULESETS[rules_name]
    if not isinstance(options, Mapping):
        return {}, [
            f"'rule_options' for {quote_name(rules_name)} must be an object, not {quote(options)}; "
            "the defaults are used"
        ]
    kept: dict[str, Any] = {}
    problems: list[str] = []
    for name, value in options.items():
        try:
            rules.parse_options({name: value})
        except OptionError as exc:
            problems.append(f"'rule_options' for {quote_name(rules_name)}: {exc}; the default is used")
            continue
        kept[str(name)] = value
    return kept, problems


def _check_rule_options(value: Any) -> dict[str, dict[str, Any]]:
    kept, problems = _clean_rule_options(value)
    if problems:
        raise SettingsError("; ".join(problems))
    return kept


def _clean_rule_options(value: Any) -> tuple[dict[str, dict[str, Any]], list[str]]:
    if not isinstance(value, Mapping):
        return {}, [
            f"'rule_options' must be an object with one entry per game, not {quote(value)}; the defaults are used"
        ]
    kept: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    for rules_name, options in value.items():
        if rules_name not in RULESETS:
            known = ", ".join(RULESETS)
            problems.append(f"'rule_options' has an unknown game {quote_name(rules_name)} (known: {known}); ignored")
            continue
        good, bad = _option_problems(rules_name, options)
        kept[rules_name] = good
        problems.extend(bad)
    return kept, problems


_CHECKS: dict[str, Callable[[Any], Any]] = {
    "language": _check_choice("language", LANGUAGES),
    "animation_speed": _check_range("animation_speed", *SPEED_RANGE),
    "sound": _check_bool("sound"),
    "volume": _check_range("volume", 0.0, 1.0),
    "fullscreen": _check_bool("fullscreen"),
    "window_size": _check_window,
    "default_rules": _check_choice("default_rules", RULES),
    "default_seats": _check_seats,
    "default_names": _check_names,
    "rule_options": _check_rule_options,
    "large_cards": _check_bool("large_cards"),
    "colour_blind": _check_bool("colour_blind"),
    "discard_mode": _check_choice("discard_mode", DISCARD_MODES),
    "bot_pace": _check_choice("bot_pace", BOT_PACES),
    "hints": _check_bool("hints"),
    "card_count": _check_bool("card_count"),
    "phrases": _check_bool("phrases"),
    "turn_timer": _check_seconds("turn_timer", TURN_TIMERS),
}


def _default_seats(rules_name: str) -> tuple[str, ...]:
    players = RULESETS[rules_name].default_players
    return ("human",) + ("casual",) * (players - 1)


@dataclass(frozen=True)
class Settings:
    """Every setting with its default. Constructing one with an invalid value raises :class:`SettingsError`."""

    language: str = "zh"
    animation_speed: float = 1.0
    sound: bool = True
    volume: float = 0.8
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 720)
    default_rules: str = "guilin"
    default_seats: tuple[str, ...] = ("human", "casual", "casual")
    default_names: tuple[str, ...] = ()  # the bot names the setup screen gave the seats last (none: its defaults)
    rule_options: dict[str, dict[str, Any]] = field(default_factory=dict)  # per game: option name -> value
    large_cards: bool = False
    colour_blind: bool = False
    discard_mode: str = "click"  # how a card is discarded: a click, a double-click, or a drag to the table
    bot_pace: str = "normal"  # the pause after each bot action, so a person can follow
    hints: bool = False  # the F4 discard hint in games the statistics count (always on in practice)
    card_count: bool = False  # 记牌 (F5) in games the statistics count (always allowed in practice)
    phrases: bool = True  # the table's quick phrases (Q) and the bots' answers; off: no menu, no bubbles
    turn_timer: int = 0  # seconds per decision before 托管 takes over (0: off; never in practice)

    def __post_init__(self) -> None:
        """Check every field and store it in its normal form (a number as a float, a list as a tuple); raise
        :class:`SettingsError` for a bad value, or for a seat count that the default game is not played by."""
        for f in fields(self):
            checked = _CHECKS[f.name](getattr(self, f.name))
            object.__setattr__(self, f.name, checked)
        if len(self.default_seats) not in RULESETS[self.default_rules].players:
            raise SettingsError(
                f"'default_seats' has {len(self.default_seats)} seats, but {self.default_rules} is played by "
                f"{', '.join(map(str, RULESETS[self.default_rules].players))}"
            )

    def options_for(self, rules_name: str) -> dict[str, Any]:
        """The saved rule options of one game (a copy)."""
        return dict(self.rule_options.get(rules_name, {}))

    def to_json(self) -> dict[str, Any]:
        """The settings as the JSON object of ``settings.json``: ``format`` and ``version``, then every setting (tuples
        as lists); :func:`from_json` reads it back."""
        data: dict[str, Any] = {"format": FORMAT, "version": VERSION}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, tuple):
                value = list(value)
            elif f.name == "rule_options":
                value = {k: dict(v) for k, v in value.items()}
            data[f.name] = value
        return data


def dumps(settings: Settings) -> str:
    """The text of ``settings.json``: indented, keys sorted, non-ASCII text unescaped, with a final newline."""
    return json.dumps(settings.to_json(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def from_json(data: Mapping[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a parsed settings object: every unknown key or invalid value gives one message and the default."""
    defaults = Settings()
    values: dict[str, Any] = {}
    messages: list[str] = []
    known = {f.name for f in fields(Settings)}
    for key in data:
        if key in ("format", "version"):
            continue
        if key not in known:
            messages.append(f"settings.json: unknown setting {quote_name(key)} was ignored")
    for name in known:
        if name not in data:
            continue
        value = data[name]
        if name == "rule_options":
            kept, problems = _clean_rule_options(value)
            values[name] = kept
            messages.extend(f"settings.json: {p}" for p in problems)
            continue
        try:
            values[name] = _CHECKS[name](value)
        except SettingsError as exc:
            default = getattr(defaults, name)
            shown = list(default) if isinstance(default, tuple) else default
            messages.append(f"settings.json: {exc}; the default {json.dumps(shown, ensure_ascii=False)} is used")
    rules_name = values.get("default_rules", defaults.default_rules)
    seats = values.get("default_seats")
    if seats is not None and len(seats) not in RULESETS[rules_name].players:
        messages.append(
            f"settings.json: 'default_seats' has {len(seats)} seats, but {rules_name} is played by "
            f"{', '.join(map(str, RULESETS[rules_name].players))}; the default seats are used"
        )
        values["default_seats"] = _default_seats(rules_name)
    elif seats is None and rules_name != defaults.default_rules:
        values["default_seats"] = _default_seats(rules_name)
    return Settings(**values), [Notice(m, "settings_value") for m in messages]


def _path(path: str | os.PathLike[str] | None) -> Path:
    return Path(path) if path is not None else paths.settings_path()


def is_first_run(path: str | os.PathLike[str] | None = None) -> bool:
    """No settings file yet (not even a link or a damaged one): the game has never been set up on this computer, and
    the window asks the first-run questions (the discard mode)."""
    try:
        return not os.path.lexists(_path(path))
    except OSError:  # no config folder can be made: nothing can be saved either, so nothing is asked
        return False


def load_settings(path: str | os.PathLike[str] | None = None) -> tuple[Settings, list[str]]:
    """The saved settings and the problems found (readable sentences). Never raises; a missing file is the defaults."""
    try:
        target = _path(path)
    except OSError as exc:
        text = f"the settings folder cannot be created ({exc}); default settings are used"
        return Settings(), [Notice(text, "settings_unreadable", error=error_text(exc))]
    remove_stale_temps(target)

    def set_aside(
        why: str, salvaged: Settings, more: list[str], tail: str, key: str = "settings_moved"
    ) -> tuple[Settings, list[str]]:
        try:
            moved = quarantine(target, why)
        except OSError as exc:
            text = f"{target.name} {why} and could not be moved aside ({exc}); {tail}"
            return salvaged, [Notice(text, "settings_unreadable", error=error_text(exc)), *more]
        with contextlib.suppress(OSError):  # the next save tries again
            write_atomic(target, dumps(salvaged))
        text = f"{target.name} {why}; it was moved aside to {moved.name} and {tail}"
        return salvaged, [Notice(text, key, moved=moved.name), *more]

    defaults_used = "default settings are used"
    try:
        raw = read_regular(target, target.name)
    except NotRegularFile as exc:  # a pipe, a device, a folder, a dangling link: set aside unread
        why = str(exc).removeprefix(target.name + " ")
        return set_aside(why, Settings(), [], defaults_used, "settings_not_a_file")
    except JsonInputError as exc:  # too large: set aside unread
        return set_aside(str(exc).removeprefix(target.name + " "), Settings(), [], defaults_used)
    except OSError as exc:
        text = f"{target.name} cannot be read ({exc}); {defaults_used}"
        return Settings(), [Notice(text, "settings_unreadable", error=error_text(exc))]
    if raw is None:
        return Settings(), []
    try:
        data = loads(raw, what=target.name)
    except JsonInputError as exc:
        why = "is empty" if not raw.strip() else str(exc).removeprefix(target.name + " ")
        return set_aside(why, Settings(), [], defaults_used)
    if not isinstance(data, dict) or data.get("format", FORMAT) != FORMAT:
        what = data.get("format") if isinstance(data, dict) else type(data).__name__
        return set_aside(f"is not a settings file ({quote(what)})", Settings(), [], defaults_used)
    version = data.get("version", VERSION)
    if version != VERSION:
        settings, messages = from_json(data)
        newer = isinstance(version, int) and not isinstance(version, bool) and version > VERSION
        why = (
            f"was written by a newer version of the game (settings version {quote(version)}; this one reads {VERSION})"
            if newer
            else f"has an unsupported settings version {quote(version)} (this game reads {VERSION})"
        )
        return set_aside(why, settings, messages, "the settings this version understands are used")
    try:
        return from_json(data)
    except Exception as exc:  # noqa: BLE001 - a value no check foresaw must not stop the game from starting
        return set_aside(f"could not be read ({type(exc).__name__}: {clip(str(exc))})", Settings(), [], defaults_used)


def save_settings(settings: Settings, path: str | os.PathLike[str] | None = None) -> Path:
    """Write the settings atomically; returns the file written."""
    target = _path(path)
    write_atomic(target, dumps(settings))
    return target
