"""Rule sets: one module per game. Differences between the games are data plus a few small hooks."""

from __future__ import annotations

from typing import Any

from .base import OptionError, RuleSet
from .bohu import BOHU
from .guilin import GUILIN

RULESETS: dict[str, RuleSet] = {GUILIN.name: GUILIN, BOHU.name: BOHU}


class UnknownRules(ValueError):
    pass


def get_rules(name: str) -> RuleSet:
    try:
        return RULESETS[name]
    except KeyError:
        raise UnknownRules(f"unknown rules {name!r} (known: {', '.join(sorted(RULESETS))})") from None


def parse_options(rules: RuleSet, raw: dict[str, Any] | None) -> Any:
    return rules.parse_options(raw or {})


__all__ = ["RULESETS", "OptionError", "RuleSet", "UnknownRules", "get_rules", "parse_options"]
