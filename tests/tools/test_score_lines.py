"""The result line ``zipai score`` writes (``score_line``, built piece by piece) is exactly ``json.dumps`` of the result
``score`` returns: on every worked example, under every option value, on the wins of a seeded sim, on hands that are
not wins, and refused input gets the same message both ways."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.tools import test_score_bohu as bohu_examples
from tests.tools import test_score_cli as guilin_examples
from tests.tools.test_game_matches_score import bohu_game, guilin_game, score_request, take_everything
from zipai_desktop.engine.actions import Hu
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.tools.score import Malformed, score_line, score_text

GUILIN_HANDS = [getattr(guilin_examples, f"EX{i}") for i in range(1, 11)] + [guilin_examples.N1]
BOHU_HANDS = [
    {**value, "rules": "bohu"}
    for name, value in vars(bohu_examples).items()
    if name[:1] == "E" and name[1:2].isdigit() and isinstance(value, dict)
]


def both_ways(request: Any, cli_rules: str | None = None) -> str:
    """The line, after checking it equals json.dumps of the dict (or that both refuse it with one message)."""
    text = request if isinstance(request, str) else json.dumps(request, ensure_ascii=False)
    try:
        expected = json.dumps(score_text(text, cli_rules), ensure_ascii=False)
    except Malformed as exc:
        with pytest.raises(Malformed) as refused:
            score_line(text, cli_rules)
        assert str(refused.value) == str(exc)
        return ""
    line = score_line(text, cli_rules)
    assert line == expected
    assert score_line(text.encode("utf-8"), cli_rules) == expected
    return line


@pytest.mark.parametrize("request_", GUILIN_HANDS + BOHU_HANDS, ids=lambda r: f"{r['rules']}-{r['hand'][:6]}")
def test_every_worked_example_writes_the_same_line(request_: dict[str, Any]) -> None:
    assert both_ways(request_).startswith('{"valid": ')


@pytest.mark.parametrize("rules", ["guilin", "bohu"])
def test_every_value_of_every_option_writes_the_same_line(rules: str) -> None:
    hands = GUILIN_HANDS if rules == "guilin" else BOHU_HANDS
    wins = 0
    for option, values in get_rules(rules).choices.items():
        for value in values:
            for hand in hands:
                line = both_ways({**hand, "options": {**hand.get("options", {}), option: value}})
                wins += line.startswith('{"valid": true')
    assert wins > 100


def sim_requests(make: Any, count: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    i = 0
    while len(out) < count:
        game: Game = make(i)
        rng = random.Random(i)
        i += 1
        while game.to_act is not None:
            seat = game.to_act
            legal = game.legal_actions(seat)
            game.apply(seat, Hu() if Hu() in legal else take_everything(legal, rng))
        if game.result is not None and game.result.winner is not None:
            out.append(score_request(game)[0])
    return out


@pytest.mark.parametrize("make", [guilin_game, bohu_game], ids=["guilin", "bohu"])
def test_the_wins_of_a_seeded_sim_write_the_same_lines(make: Any) -> None:
    for request in sim_requests(make, 150):
        assert both_ways(request).startswith('{"valid": true')
        # The same position, not a win: a minimum out of reach (or refused, both ways alike).
        options = dict(request["options"])
        options["min_hu" if request["rules"] == "guilin" else "min_huxi"] = 15
        both_ways({**request, "options": options, "source": "discard"})


@pytest.mark.parametrize(
    "text",
    ["", "[]", "{", '{"rules": "guilin"}', '{"rules": "xiangxi"}', '{"rules": 1}', '{"rules": "bohu", "hand": []}'],
)
def test_refused_input_says_the_same_both_ways(text: str) -> None:
    assert both_ways(text) == ""
    assert both_ways(text, "guilin") == ""


@settings(max_examples=150, deadline=None)
@given(
    base=st.sampled_from(GUILIN_HANDS + BOHU_HANDS),
    players=st.sampled_from([2, 3, 4]),
    winner=st.integers(0, 3),
    dealer=st.integers(0, 3),
    source=st.sampled_from(["own_draw", "other_draw", "discard", "deal"]),
)
def test_changed_seats_and_sources_write_the_same_line(
    base: dict[str, Any], players: int, winner: int, dealer: int, source: str
) -> None:
    both_ways({**base, "players": players, "winner": winner, "dealer": dealer, "source": source})
