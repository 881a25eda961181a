"""What ``zipai score`` and the rules' settlement keep between lines is found by value (or by identity among the
few objects held with it), never by ``id()`` of an object: an id is reused once its object is gone, so a cache keyed
by one answers for another object unless every entry holds its object and is checked against it (issue 27)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[3] / "zipai_desktop"
KEPT_BY_VALUE = sorted([*(PACKAGE / "tools" / "score").glob("*.py"), *(PACKAGE / "engine" / "rules").glob("*.py")]) + [
    PACKAGE / "engine" / "scoring.py"
]


@pytest.mark.parametrize("path", KEPT_BY_VALUE, ids=lambda p: p.name)
def test_no_module_keys_what_it_keeps_by_id(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    calls = [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "id"
    ]
    assert calls == [], f"{path.name} calls id() at lines {calls}"
