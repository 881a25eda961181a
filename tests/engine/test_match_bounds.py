"""倍率 and match sizes have upper bounds: a stakes or match field past them is refused by the constructor with one
clear sentence (the value quoted short), so no saved number can slow the table down or make a match without end."""

from __future__ import annotations

from typing import Any

import pytest

from zipai_desktop.engine.match import (
    MAX_HANDS,
    MAX_ROUNDS,
    MAX_STAKE_BASE,
    MAX_STAKE_MULTIPLIER,
    MAX_START_BALANCE,
    MAX_TARGET,
    Match,
    Stakes,
)
from zipai_desktop.engine.rules import get_rules

GUILIN = get_rules("guilin")
BOHU = get_rules("bohu")


def test_the_largest_stakes_are_allowed_and_pay_as_usual() -> None:
    stakes = Stakes(MAX_STAKE_BASE, MAX_STAKE_MULTIPLIER, MAX_START_BALANCE)
    assert stakes.unit == MAX_STAKE_BASE * MAX_STAKE_MULTIPLIER
    assert Stakes.from_json(stakes.to_json()) == stakes


@pytest.mark.parametrize(
    ("fields", "name"),
    [
        ({"base": MAX_STAKE_BASE + 1}, "base"),
        ({"multiplier": MAX_STAKE_MULTIPLIER + 1}, "multiplier"),
        ({"multiplier": 10**900}, "multiplier"),
        ({"start_balance": MAX_START_BALANCE + 1}, "start_balance"),
        ({"base": 0}, "base"),
        ({"start_balance": 0}, "start_balance"),
        ({"base": True}, "base"),
    ],
)
def test_stakes_past_their_bounds_are_refused_in_one_sentence(fields: dict[str, Any], name: str) -> None:
    with pytest.raises(ValueError, match=name) as info:
        Stakes(**fields)
    message = str(info.value)
    assert len(message) < 160 and "\n" not in message
    with pytest.raises(ValueError, match=name):
        Stakes.from_json(fields)


@pytest.mark.parametrize(
    ("fields", "name"),
    [
        ({"hands": MAX_HANDS + 1}, "hands"),
        ({"hands": 0}, "hands"),
        ({"hands": 10**900}, "hands"),
        ({"hands": None, "target": MAX_TARGET + 1}, "target"),
        ({"hands": None, "target": 0}, "target"),
        ({"hands": None, "rounds": MAX_ROUNDS + 1}, "rounds"),
        ({"hands": "8"}, "hands"),
    ],
)
def test_match_sizes_past_their_bounds_are_refused_in_one_sentence(fields: dict[str, Any], name: str) -> None:
    with pytest.raises(ValueError, match=name) as info:
        Match(BOHU, BOHU.parse_options({}), seed=1, **fields)
    assert len(str(info.value)) < 160 and "\n" not in str(info.value)


def test_the_largest_match_sizes_are_allowed() -> None:
    m = Match(BOHU, BOHU.parse_options({}), seed=1, hands=MAX_HANDS, target=MAX_TARGET, rounds=MAX_ROUNDS)
    assert not m.over
    assert not Match(GUILIN, GUILIN.parse_options({}), seed=1, hands=None).over  # a match without a hand count
