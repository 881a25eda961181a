"""The network core is headless: it imports the standard library, websockets, zeroconf and ifaddr (discovery) and the
app-free parts of the package (engine, bots, and store.atomic for the room's autosave), never pygame or the window's
code, so a bot or a script can host and join without a display."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

NET = Path(__file__).resolve().parents[2] / "zipai_desktop" / "net"
ALLOWED = set(sys.stdlib_module_names) | {"websockets", "zeroconf", "ifaddr"}


def test_the_net_package_imports_only_stdlib_websockets_engine_bots_and_the_atomic_writer() -> None:
    for path in NET.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            elif isinstance(node, ast.ImportFrom) and node.level > 0:
                inside = (node.module or "").split(".")[0]
                allowed = inside in ("engine", "bots") or node.module == "store.atomic"
                assert node.level == 1 or allowed, f"{path.name} imports ..{node.module}"
                continue
            else:
                continue
            for name in names:
                assert name.split(".")[0] in ALLOWED, f"{path.name} imports {name}"


def test_hosting_and_joining_do_not_load_pygame() -> None:
    code = (
        "import sys; import zipai_desktop.net.host, zipai_desktop.net.client, zipai_desktop.net.room_save,"
        " zipai_desktop.tools.host,"
        " zipai_desktop.tools.join; print('pygame' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
