"""The shared shape of a rule set and its options."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from ..hu import WinTable


class OptionError(ValueError):
    """An unknown option name or a value the option does not take."""


T = TypeVar("T")


def options_from_dict(cls: type[T], raw: Mapping[str, Any], choices: Mapping[str, tuple[Any, ...]]) -> T:
    """Build a frozen options dataclass from a dict, refusing unknown names and values outside ``choices``."""
    if not isinstance(raw, Mapping):
        raise OptionError("options must be a JSON object")
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    values: dict[str, Any] = {}
    for name, value in raw.items():
        if name not in fields:
            raise OptionError(f"unknown option {name!r} (known: {', '.join(sorted(fields))})")
        allowed = choices.get(name)
        default = fields[name].default
        if allowed is not None:
            if value not in allowed or isinstance(value, bool) != isinstance(default, bool):
                raise OptionError(f"option {name!r} takes one of {list(allowed)}, not {value!r}")
        elif isinstance(default, bool) and not isinstance(value, bool):
            raise OptionError(f"option {name!r} takes true or false, not {value!r}")
        elif isinstance(default, int) and not isinstance(default, bool):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise OptionError(f"option {name!r} takes a whole number, not {value!r}")
        values[name] = value
    return cls(**values)


def options_to_dict(options: Any) -> dict[str, Any]:
    return dataclasses.asdict(options)


class RuleSet(Protocol):
    """What the engine asks of a game's rules module."""

    name: str
    players: tuple[int, ...]
    win_table: WinTable

    def parse_options(self, raw: Mapping[str, Any]) -> Any: ...
