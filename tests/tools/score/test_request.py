"""The careful reader's option sets (zipai_desktop/tools/score/request.py): a set is parsed once per game whatever
order a line gives its names in, and a value only equal to an accepted one (1 for true) is still refused in any
order."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from tests.tools.test_score_caches import GUILIN
from zipai_desktop.tools.score import Malformed, request, score


def test_an_option_set_is_parsed_once_whatever_the_order_of_its_names(monkeypatch: pytest.MonkeyPatch) -> None:
    options = {"min_hu": 15, "hu_step": 5, "guo_hu": True, "xing": "up_down"}
    parsed: list[Any] = []
    parse = request.parse_options

    def counted(rules: Any, raw: Any) -> Any:
        parsed.append(raw)
        return parse(rules, raw)

    monkeypatch.setattr(request, "_OPTIONS", {})
    monkeypatch.setattr(request, "parse_options", counted)
    answers = set()
    for names in itertools.permutations(options):
        answers.add(repr(score({**GUILIN, "options": {name: options[name] for name in names}})))
    assert len(answers) == 1
    assert len(parsed) == 1


@pytest.mark.parametrize(
    ("accepted", "given", "message"),
    [
        (
            {"min_hu": 10, "guo_hu": True},
            {"guo_hu": 1, "min_hu": 10},
            "option 'guo_hu' takes one of [False, True], not 1",
        ),
        (
            {"guo_hu": True, "min_hu": 10},
            {"min_hu": 10.0, "guo_hu": True},
            "option 'min_hu' takes one of [10, 15], not 10.0",
        ),
    ],
)
def test_an_equal_value_of_another_type_is_refused_in_any_order(
    accepted: dict[str, Any], given: dict[str, Any], message: str
) -> None:
    assert score({**GUILIN, "options": accepted})["valid"] is True
    with pytest.raises(Malformed) as refused:
        score({**GUILIN, "options": given})
    assert str(refused.value) == message
