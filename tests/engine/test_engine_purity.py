"""The engine is standard library only and never imports pygame."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "zipai_desktop" / "engine"
STDLIB = set(sys.stdlib_module_names)


def test_engine_imports_only_the_standard_library_and_itself() -> None:
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in STDLIB, f"{path.name} imports {name}"


def test_importing_the_engine_does_not_load_pygame() -> None:
    code = (
        "import sys; import zipai_desktop.engine.game, zipai_desktop.engine.record, zipai_desktop.tools.score,"
        " zipai_desktop.tools.sim; print('pygame' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
