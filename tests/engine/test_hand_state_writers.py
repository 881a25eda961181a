"""Only the hand state writes the cards, and code outside the game reads it through public names (issue 27).

Every module of the package is read as a syntax tree: outside the game's own modules (game.py and its bases
arbiter.py, forced.py, dealing.py, and hand_state.py itself) no code reads or calls a private name (``x._y``) of
anything but ``self`` / ``cls`` or a module, and no code assigns to a game's or a hand state's parts (``hands``,
``melds``, ``piles``, ``wall`` ...) or to one of their items: positions, 听 what-ifs and bot worlds go through
``Game.from_state`` and the state's writers. A position, a world and the 听 helper made that way play on as the engine
plays (the seeded digests, tests/engine/test_waits.py and tests/bots hold their results).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "zipai_desktop"
OWN = {"game.py", "arbiter.py", "forced.py", "dealing.py", "hand_state.py"}
PARTS = {"hands", "sizes", "melds", "melds_own", "melds_shown", "piles", "chou", "discarded", "peng_ban", "wall"}
PARTS |= {"removed", "spent", "reach", "facts", "state", "window", "pending"}
# Names of the store and app layers that are private to their own objects (not the engine's): their modules are read
# for the engine's names only.
ENGINE_OBJECTS = {"game", "probe", "blind", "g", "world", "state"}


def _outside_modules() -> list[Path]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent.name == "engine" and path.name in OWN:
            continue
        out.append(path)
    return out


def _target_names(node: ast.expr) -> list[ast.Attribute]:
    """The attributes written by an assignment target (``a.b = ``, ``a.b[i] = ``, ``a.b[i][j] += ``)."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Attribute):
        return [node]
    if isinstance(node, ast.Tuple | ast.List):
        return [a for elt in node.elts for a in _target_names(elt)]
    return []


def test_no_code_outside_the_game_touches_its_private_names_or_writes_its_parts() -> None:
    found = []
    for path in _outside_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                owner = node.value.id
                if owner in ENGINE_OBJECTS and node.attr.startswith("_") and not node.attr.startswith("__"):
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} reads {owner}.{node.attr}")
                if owner == "Game" and node.attr.startswith("_") and not node.attr.startswith("__"):
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} reads Game.{node.attr}")
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = list(node.targets)
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets = [node.target]
            for target in targets:
                for attr in _target_names(target):
                    owner_node = attr.value
                    if isinstance(owner_node, ast.Attribute) and owner_node.attr == "state":
                        found.append(f"{path.relative_to(PACKAGE)}:{attr.lineno} writes state.{attr.attr}")
                    elif isinstance(owner_node, ast.Name) and owner_node.id in ENGINE_OBJECTS and attr.attr in PARTS:
                        found.append(f"{path.relative_to(PACKAGE)}:{attr.lineno} writes {owner_node.id}.{attr.attr}")
    assert found == []


def test_the_check_sees_a_private_call_and_a_written_list(tmp_path: Path) -> None:
    """(The check itself: the code position.py, waits.py and bots/world.py used to hold is found.)"""
    code = "game._flip(1)\nprobe._win_check(1, 2)\ngame.hands[1] = [0]\ngame.wall = []\nprobe.state.wall = []\n"
    tree = ast.parse(code)
    privates = [n for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr.startswith("_")]
    writes = [a.attr for n in ast.walk(tree) if isinstance(n, ast.Assign) for t in n.targets for a in _target_names(t)]
    assert [p.attr for p in privates] == ["_flip", "_win_check"]
    assert writes == ["hands", "wall", "wall"]
