"""The settlement and the rules that call it import each other in one direction only: the rules modules import
:mod:`zipai_desktop.engine.scoring`, which names the Guilin options by the fields it reads and imports no rules
module, at run time or for type checking alone (issue 27: no import circles)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "zipai_desktop"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every module of the package ``path`` imports, under TYPE_CHECKING and inside functions too."""
    here = _module_name(path)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            out.add(module)
            out.update(f"{module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return {m for m in out if m.startswith("zipai_desktop")}


def _graph() -> dict[str, set[str]]:
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {name: _imports(path) & modules.keys() for name, path in modules.items()}


def _reaches(graph: dict[str, set[str]], start: str, goal: str) -> bool:
    seen, todo = set(), [start]
    while todo:
        node = todo.pop()
        if node == goal:
            return True
        if node not in seen:
            seen.add(node)
            todo.extend(graph.get(node, ()))
    return False


def test_scoring_imports_no_rules_module() -> None:
    graph = _graph()
    rules = [m for m in graph if m.startswith("zipai_desktop.engine.rules")]
    assert rules
    for module in rules:
        assert module not in graph["zipai_desktop.engine.scoring"], module


def test_no_circle_runs_through_the_settlement_or_the_score_tool() -> None:
    graph = _graph()
    for module in graph:
        if module == "zipai_desktop.engine.scoring" or module.startswith("zipai_desktop.tools.score"):
            for imported in graph[module]:
                assert not _reaches(graph, imported, module), f"{module} -> {imported} -> ... -> {module}"
