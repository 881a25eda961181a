"""What ``zipai score`` keeps between hands of a stream (checked melds, card strings, option sets, seats) never answers
for a value that only compares equal to one it has seen: ``false`` is not seat 0, ``1`` is not ``true``, ``10.0`` is
not 10, and a 二七十 accepted with the option erqishi on is still refused with it off."""

from __future__ import annotations

from typing import Any

import pytest

from zipai_desktop.tools.score import Malformed, score

GUILIN = {
    "rules": "guilin", "options": {"min_hu": 10, "guo_hu": True}, "players": 3, "dealer": 0, "winner": 1,
    "melds": [{"kind": "peng", "cards": "捌捌捌"}, {"kind": "chi", "cards": "壹贰叁"}],
    "hand": "五五五六七八二七十玖玖九三四", "win_card": "二", "source": "own_draw", "from": 1,
    "first_discard": False, "xing": "七肆",
}  # fmt: skip
BOHU = {
    "rules": "bohu", "players": 3, "dealer": 0, "winner": 1,
    "melds": [{"kind": "peng", "cards": "叁叁叁"}, {"kind": "chi", "cards": "一二三"},
              {"kind": "chi", "cards": "二七十"}],
    "hand": "捌捌捌 四五六 柒柒七 九", "win_card": "九", "source": "own_draw", "from": 1,
}  # fmt: skip


@pytest.mark.parametrize(
    ("base", "field", "value", "message"),
    [
        (GUILIN, "dealer", False, "dealer must be a whole number, not false"),
        (GUILIN, "winner", True, "winner must be a whole number, not true"),
        (GUILIN, "players", 3.0, "players must be a whole number, not 3.0"),
        (GUILIN, "from", True, "from must be a whole number, not true"),
        (GUILIN, "first_discard", 0, "first_discard must be true or false, not 0"),
        (GUILIN, "options", {"min_hu": 10, "guo_hu": 1}, "option 'guo_hu' takes one of [False, True], not 1"),
        (GUILIN, "options", {"min_hu": 10.0, "guo_hu": True}, "option 'min_hu' takes one of [10, 15], not 10.0"),
        (GUILIN, "melds", [{"kind": "peng", "cards": "捌捌捌"}, {"kind": "chi", "cards": "壹贰叁", "x": 1}],
         "melds[1]: unknown field 'x' (a meld has kind and cards)"),
        (GUILIN, "melds", [{"kind": "peng", "cards": "捌捌捌"}, {"kind": "chi", "cards": None}],
         "missing field 'cards'"),
        (GUILIN, "hand", "五五五六七八二七十玖玖九三四x", "hand: unknown card glyph 'x'"),
        (GUILIN, "source", "own_draw ", 'source must be one of own_draw, other_draw, discard, deal, not "own_draw "'),
        (BOHU, "options", {"erqishi": False},
         "melds[2]: 二七十 is not a 吃 group with the option erqishi false"),
        (BOHU, "melds", [{"kind": "peng", "cards": "叁叁叁"}, {"kind": "chi", "cards": "一二三"},
                         {"kind": "wei", "cards": "二七十"}], "melds[2]: a wei is 3 identical cards, not 二七十"),
    ],
)  # fmt: skip
def test_a_value_equal_to_an_accepted_one_is_still_refused(
    base: dict[str, Any], field: str, value: Any, message: str
) -> None:
    assert score(base)["rules"] == base["rules"]  # accepted: every cache now holds its values
    with pytest.raises(Malformed) as refused:
        score({**base, field: value})
    assert str(refused.value) == message
    assert score(base) == score(dict(base))  # and the accepted one still reads the same
