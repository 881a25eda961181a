"""Rule sets: one module per game. Differences between the games are data plus a few small hooks."""

from __future__ import annotations

from typing import Any

from .base import OptionError, RuleSet
from .bohu import BOHU
from .guilin import GUILIN

RULESETS: dict[str, RuleSet] = {GUILIN.name: GUILIN, BOHU.name: BOHU}


class UnknownRules(ValueError):
    """A rules name that is not one of :data:`RULESETS`."""


def get_rules(name: str) -> RuleSet:
    """The rules of the game named ``name``; :class:`UnknownRules`, naming the known ones, for any other name."""
    try:
        return RULESETS[name]
    except KeyError:
        raise UnknownRules(f"unknown rules {name!r} (known: {', '.join(sorted(RULESETS))})") from None


def parse_options(rules: RuleSet, raw: dict[str, Any] | None) -> Any:
    """``rules``' options from a dict of names and values (None: the defaults); :class:`OptionError` on a bad one."""
    return rules.parse_options(raw or {})


__all__ = ["RULESETS", "OptionError", "RuleSet", "UnknownRules", "get_rules", "parse_options"]
