"""A game record must hold every field its deal is made from: ``rules``, ``options``, ``players``, ``seed``,
``dealer`` and ``actions``. The reader gives none of them a default (a record without its options or its seat count
would be dealt as another game, and then reported as not replaying instead of as incomplete), and the README and the
project's copy of the contract (docs/contracts/sim-cli.md, notes) say so."""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from zipai_desktop.cli import main
from zipai_desktop.engine import record as records
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.record import RecordError, replay, to_record
from zipai_desktop.engine.rules import get_rules

REPO = Path(__file__).resolve().parents[2]
REQUIRED = ("rules", "options", "players", "seed", "dealer", "actions")


def bohu_record() -> dict[str, Any]:
    """A Bohu hand of 4 seats with a rule option changed: neither is the game's default, so a default would deal
    another game."""
    rules = get_rules("bohu")
    game = Game(rules, rules.parse_options({"settlement": "losers_pay"}), seed="fields", dealer=1, players=4)
    for _ in range(6):
        seat = game.to_act
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])
    return json.loads(json.dumps(to_record(game)))  # as read back from a file


def test_the_required_fields_are_the_ones_every_record_is_written_with() -> None:
    record = bohu_record()
    assert records.REQUIRED == REQUIRED  # the reader's own list
    assert set(REQUIRED) <= set(record)
    assert record["players"] == 4 and record["options"]["settlement"] == "losers_pay"
    assert replay(record).snapshot() == record["final"]


@pytest.mark.parametrize("field", REQUIRED)
def test_a_record_without_a_required_field_is_not_a_readable_record(field: str, tmp_path: Path) -> None:
    record = {k: v for k, v in bohu_record().items() if k != field}
    with pytest.raises(RecordError, match=f"record is missing '{field}'"):
        replay(record)
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    for args in ([], ["--verify"]):
        out, err = io.StringIO(), io.StringIO()
        with redirect_stdout(out), redirect_stderr(err):
            code = main(["replay", str(path), *args])
        assert (code, out.getvalue()) == (2, "")
        assert err.getvalue() == f"zipai replay: {path}: record is missing '{field}'\n"


@pytest.mark.parametrize(("field", "value"), [("options", None), ("players", None), ("options", [])])
def test_a_required_field_of_null_is_the_wrong_type(field: str, value: Any) -> None:
    with pytest.raises(RecordError, match=f"record {field} must be "):
        replay({**bohu_record(), field: value})


def _sentence_with(text: str, words: str) -> str:
    flat = " ".join(text.split())
    match = re.search(r"[^.]*" + re.escape(words) + r"[^.]*\.", flat)
    assert match, words
    return match.group()


@pytest.mark.parametrize(
    ("document", "words"),
    [("README.md", "all required"), ("docs/contracts/sim-cli.md", "Required:")],
)
def test_the_readme_and_the_contract_notes_name_every_required_field(document: str, words: str) -> None:
    sentence = _sentence_with((REPO / document).read_text(encoding="utf-8"), words)
    named = set(re.findall(r"`([a-z_]+)`", sentence))
    assert set(REQUIRED) <= named, (document, set(REQUIRED) - named)
