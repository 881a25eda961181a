"""A result line's groups are written from what the win check kept of the winning split (its role: the melds, the
hand's counts, the card's role, the free cards' symbols), without building the groups: the text is the groups' own,
group for group and byte for byte, on a seeded sample of every role of both games (melds of every kind, 坎 / 龙,
Bohu without 二七十 and with a doubled rank), met first and then from the kept pieces, and with the melds' texts as
the quick check reads them."""

from __future__ import annotations

import json
import random

import pytest

from tests.engine.win.test_reference import sample_case
from zipai_desktop.engine import win
from zipai_desktop.engine.cards import format_cards
from zipai_desktop.engine.win import groups as free_split_groups
from zipai_desktop.engine.win import reference
from zipai_desktop.tools import score
from zipai_desktop.tools.score import text


def _plain(groups: tuple[win.Group, ...]) -> str:
    """The groups as json.dumps writes them in a result line."""
    shown = [{"kind": g.kind, "cards": format_cards(g.cards), "hu": g.hu, "exposed": g.exposed} for g in groups]
    line = json.dumps({"groups": shown}, ensure_ascii=False)
    return line[len('{"groups": [') : -2]


@pytest.mark.parametrize("seed", range(3))
def test_the_groups_text_of_a_role_is_the_text_of_its_groups(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    for kept in ("_TEXTS_ALIKE", "_TEXT_OF_FREE", "_GROUP_TEXT"):
        monkeypatch.setattr(text, kept, {})
    monkeypatch.setattr(text, "_RECENT_TABLES", [])
    monkeypatch.setattr(text, "_FREE_TEXT", (({}, {}), ({}, {})))
    rng = random.Random(400 + seed)
    roles: dict[str, int] = {}
    for _ in range(5000):
        hand, melds, card, source, table = sample_case(rng)
        for split in win.evaluate_roles(hand, melds, card, source, table):
            role = split.role
            assert role is not None
            roles[role[0]] = roles.get(role[0], 0) + 1
            want = _plain(free_split_groups.role_groups(*role))
            assert want == _plain(reference.role_groups(*role))
            assert score._role_text(role) == want, role  # met now (or its pieces before)
            assert score._role_text(role) == want, role  # from the kept pieces
            # With the melds' texts as the quick check reads them with the melds (one may become the card's quad).
            texts = tuple(
                json.dumps({"kind": m.kind.value, "cards": format_cards(m.cards), "hu": table.meld_value(m),
                            "exposed": True}, ensure_ascii=False)
                for m in role[2]
            )  # fmt: skip
            assert score._role_text(role, texts) == want, role
            assert score._groups_text(split.groups) == want
    # Every role of the winning card is met (the card joining the free cards most often).
    assert set(roles) == {
        "base", "card_free", "own_triple", "other_triple", "own_quad_kan", "other_quad_kan", "own_quad_sao",
        "other_quad_sao", "peng_quad",
    }, roles  # fmt: skip
    assert sum(roles.values()) > 1000
