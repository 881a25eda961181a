"""The project's copies of the JSON contracts (docs/contracts/) document every field the tools read and write."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from zipai_desktop.cli import main
from zipai_desktop.tools.score import BOHU_FIELDS, GUILIN_FIELDS, score

REPO = Path(__file__).resolve().parents[2]
CONTRACTS = REPO / "docs" / "contracts"


def contract(name: str) -> str:
    """The contract part of a docs/contracts file (the project's notes after it are not the contract)."""
    text = (CONTRACTS / name).read_text(encoding="utf-8")
    assert "## Notes of this project" in text
    return text.split("\n---\n\n## Notes of this project", 1)[0]


def table_keys(text: str, heading: str) -> set[str]:
    """The `names` in the first column of the field table after ``heading``."""
    section = text.split(heading, 1)[1]
    keys: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            keys.update(re.findall(r"`([a-z_]+)`", line.split("|")[1]))
        elif keys and not line.startswith("|"):
            break
    return keys


def json_blocks(text: str) -> list[Any]:
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, flags=re.S)]


GUILIN = json_blocks(contract("score-cli.md"))[0]
BOHU = {
    "rules": "bohu", "players": 3, "dealer": 0, "winner": 1,
    "melds": [{"kind": "peng", "cards": "叁叁叁"}, {"kind": "chi", "cards": "一二三"}],
    "hand": "捌捌捌 四五六 柒柒七 二七十 九", "win_card": "九", "source": "own_draw", "from": 1,
}  # fmt: skip


def test_every_input_field_the_scorer_reads_is_in_the_input_table() -> None:
    documented = table_keys(contract("score-cli.md"), "## Input")
    assert documented >= GUILIN_FIELDS | BOHU_FIELDS, (GUILIN_FIELDS | BOHU_FIELDS) - documented
    assert set(GUILIN) <= GUILIN_FIELDS  # the example input is one the scorer reads


@pytest.mark.parametrize(
    "payload",
    [GUILIN, BOHU, {**GUILIN, "hand": "五五五六七八二七十玖玖九三五"}, {**BOHU, "source": "discard", "from": 2}],
)
def test_every_key_the_scorer_writes_is_in_the_output_table(payload: dict[str, Any]) -> None:
    text = contract("score-cli.md")
    example = json_blocks(text)[1]
    documented = table_keys(text, "## Output") | set(example)  # `rules` is shown in the example, not in the table
    result = score(payload)
    assert set(result) <= documented, set(result) - documented
    for group in result.get("groups", []):
        assert set(group) == set(example["groups"][0])
    if "duo_parts" in result:
        assert set(result["duo_parts"]) <= {"hu", "xing", "zimo", "tianhu", "dihu", "sanlong_wukan"}
        assert "`zimo`, `tianhu`, `dihu`, `sanlong_wukan`" in text


def test_the_example_output_is_what_the_scorer_gives_but_for_the_documented_special() -> None:
    """The notes say the example's "special": [] is the one difference (the table's `zimo` is right)."""
    example = json_blocks(contract("score-cli.md"))[1]
    result = score(GUILIN)
    assert example["special"] == [] and result["special"] == ["zimo"]
    for key in ("valid", "rules", "hu", "duo", "duo_parts", "xing_cards", "score", "points"):
        assert result[key] == example[key], key
    assert all(group in result["groups"] for group in example["groups"])
    notes = (CONTRACTS / "score-cli.md").read_text(encoding="utf-8").split("## Notes of this project")[1]
    assert '"special": ["zimo"]' in notes


def test_every_key_sim_writes_is_in_the_contract_example(capsys: pytest.CaptureFixture[str]) -> None:
    example = json_blocks(contract("sim-cli.md"))[0]
    args = ["sim", "--rules", "guilin", "--hands", "2", "--seed", "3", "--duplicate", "random", "--vs", "random"]
    assert main([*args, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == set(example)
    assert set(result["challenger"]) == set(example["challenger"])
    assert set(result["decision_ms"]["random"]) == set(example["decision_ms"]["random"])


def test_the_readme_points_at_the_projects_own_contracts() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "shared/contracts" not in readme
    for name in ("score-cli.md", "sim-cli.md"):
        assert f"(docs/contracts/{name})" in readme and (CONTRACTS / name).is_file()
