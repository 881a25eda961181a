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
        same_type = isinstance(value, bool) == isinstance(default, bool) and type(value) is type(default)
        if allowed is not None:
            if not same_type or value not in allowed:
                raise OptionError(f"option {name!r} takes one of {list(allowed)}, not {value!r}")
        elif not same_type or (isinstance(value, int) and value < 0):
            raise OptionError(f"option {name!r} takes a value like {default!r}, not {value!r}")
        values[name] = value
    return cls(**values)


def options_to_dict(options: Any) -> dict[str, Any]:
    return dataclasses.asdict(options)


class RuleSet(Protocol):
    """What the engine asks of a game's rules module."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def players(self) -> tuple[int, ...]: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def win_table(self) -> WinTable: ...

    def parse_options(self, raw: Mapping[str, Any]) -> Any: ...

    def held_target(self, quads: int) -> int: ...
