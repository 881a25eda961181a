"""The README's Benchmarks section names every script in bench/, and names no script that is not there: the figures
an issue asks for are only reproducible when the reader can find the script that prints them."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _benchmarks_section() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start = readme.index("\n## Benchmarks\n")
    end = readme.find("\n## ", start + 1)
    return readme[start : end if end != -1 else len(readme)]


def test_the_readme_lists_every_bench_script_and_only_those() -> None:
    listed = set(re.findall(r"python bench/(\w+\.py)", _benchmarks_section()))
    present = {p.name for p in (REPO / "bench").glob("*.py")}
    missing, stale = sorted(present - listed), sorted(listed - present)
    assert listed == present, f"not in the README: {missing}; not in bench/: {stale}"


def test_every_bench_script_says_how_to_run_it() -> None:
    for script in sorted((REPO / "bench").glob("*.py")):
        head = script.read_text(encoding="utf-8").split('"""')[1]
        assert f"bench/{script.name}" in head, f"{script.name}: its docstring gives no 'bench/{script.name}' line"
