#!/usr/bin/env python3
"""Make or reuse a virtual environment holding the game, then optionally run a command from it.

    python scripts/ensure_venv.py --venv .venv -- zipai ARGS...        # what scripts/play (and play.ps1, play.cmd) run
    python scripts/ensure_venv.py --venv .venv-test --extras test,dist  # what scripts/test.sh runs before its checks

A stock Python (Debian 12, Ubuntu 23.04+, Fedora 38+, Homebrew) refuses ``pip install`` into itself (PEP 668), so
the game goes into a virtual environment of its own, made with the Python that runs this script. The project is
installed editable (``pip install -e``), so a change to the code needs no reinstall; a change to its dependencies
does. The environment's stamp file (``zipai-stamp.txt`` inside it) records what it was set up from: a hash of
pyproject.toml, the extras and the Python version. When the stamp matches and the environment's Python runs, nothing
is installed and the command starts at once; when pyproject.toml or the extras changed, the project is installed
again; when the environment is missing, broken (its Python no longer runs, say after a system upgrade) or was made
with another Python version, it is made again. A folder at that place that is not a virtual environment is never
touched: the script says so and stops.

Standard library only: it runs under the system's Python before anything is installed. Exit status: 1 when the
environment could not be set up (one line says why), else 0, or the command's own exit status.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import os
import subprocess
import sys
import venv
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAMP_NAME = "zipai-stamp.txt"
MIN_PYTHON = (3, 11)


class SetupError(Exception):
    """The environment could not be set up; the message is one sentence for the user."""


def bin_dir(env: Path) -> Path:
    """The folder of a virtual environment's programs: Scripts on Windows, bin elsewhere."""
    return env / ("Scripts" if os.name == "nt" else "bin")


def program(env: Path, name: str) -> Path:
    """A program inside the environment (python, zipai ...), with Windows' .exe where it has one."""
    return bin_dir(env) / (f"{name}.exe" if os.name == "nt" else name)


def wanted_stamp(project: Path, extras: Sequence[str], version: tuple[int, int]) -> str:
    """The stamp an environment set up from this pyproject.toml, these extras and this Python version carries."""
    digest = hashlib.sha256((project / "pyproject.toml").read_bytes()).hexdigest()
    return f"pyproject-sha256={digest} extras={','.join(sorted(extras))} python={version[0]}.{version[1]}\n"


def read_stamp(env: Path) -> str | None:
    try:
        return (env / STAMP_NAME).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def env_python_version(env: Path) -> tuple[int, int] | None:
    """The environment's Python version, or None when its Python is missing or does not run."""
    python = program(env, "python")
    if not python.exists():  # also a symlink whose target (the system Python it was made from) is gone
        return None
    try:
        out = subprocess.run(
            [str(python), "-c", "import sys; print(*sys.version_info[:2])"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    parts = out.stdout.split()
    if out.returncode != 0 or len(parts) != 2:
        return None
    return int(parts[0]), int(parts[1])


def plan(env: Path, stamp: str, version: tuple[int, int], needs: Sequence[str] = ()) -> str:
    """What to do with the environment at ``env``: "ready", "install" (into it as it is) or "create" (make it anew).

    ``needs`` are programs that must be in it (the command to run): one missing means the install is incomplete.
    """
    if env.exists() and not (env / "pyvenv.cfg").is_file():
        raise SetupError(f"{env} exists and is not a virtual environment; move it away and run this again")
    if not env.exists():
        return "create"
    found = env_python_version(env)
    if found is None:
        return "create"
    old = read_stamp(env)
    if found != version and old is not None:  # made by this script with another Python: make it with this one
        return "create"
    if old != stamp or any(not program(env, name).exists() for name in needs):
        return "install"
    return "ready"


def venv_problem(find_spec: Callable[[str], object] = importlib.util.find_spec) -> str | None:
    """Why this Python cannot make a virtual environment with pip in it, or None when it can."""
    if sys.version_info[:2] < MIN_PYTHON:
        return (
            f"this is Python {sys.version_info[0]}.{sys.version_info[1]} ({sys.executable}); the game needs "
            f"{MIN_PYTHON[0]}.{MIN_PYTHON[1]} or newer: install one, or set PYTHON to one"
        )
    if find_spec("ensurepip") is None:  # Debian and Ubuntu ship it in a separate package
        v = f"{sys.version_info[0]}.{sys.version_info[1]}"
        return (
            f"Python {v} ({sys.executable}) cannot make a virtual environment: its ensurepip module is missing; "
            f"on Debian or Ubuntu install it with `sudo apt install python3-venv` (python{v}-venv for this "
            "Python), then run this again"
        )
    return None


def _say(label: str, text: str) -> None:
    print(f"{label}: {text}", file=sys.stderr, flush=True)


def _describe(env: Path) -> str:
    try:
        return str(env.relative_to(Path.cwd()))
    except ValueError:
        return str(env)


def setup(env: Path, project: Path, extras: Sequence[str], label: str, needs: Sequence[str] = ()) -> None:
    """Make or update the environment (one line on stderr says what is done when anything is); raise SetupError."""
    version = (sys.version_info[0], sys.version_info[1])
    stamp = wanted_stamp(project, extras, version)
    action = plan(env, stamp, version, needs)
    if action == "ready":
        return
    problem = venv_problem()
    if problem is not None:
        raise SetupError(problem)
    name, v = _describe(env), f"{sys.version_info[0]}.{sys.version_info[1]}.{sys.version_info[2]}"
    what = "the game" + (f" with its {', '.join(extras)} extras" if extras else "")
    if action == "create":
        why = "first run: making" if not env.exists() else "the environment is broken or of another Python: remaking"
        _say(label, f"{why} {name} with Python {v} ({sys.executable}) and installing {what} into it (a minute or two)")
        try:
            # symlinks: the POSIX default; Windows venvs copy the launcher instead.
            venv.EnvBuilder(with_pip=True, clear=env.exists(), symlinks=os.name != "nt").create(env)
        except (OSError, subprocess.CalledProcessError) as exc:
            raise SetupError(f"making the virtual environment {name} failed: {exc}") from None
    else:
        _say(label, f"pyproject.toml or the extras changed since {name} was set up: installing {what} again")
    (env / STAMP_NAME).unlink(missing_ok=True)  # an interrupted install must not look finished
    target = str(project) + (f"[{','.join(extras)}]" if extras else "")
    pip = [str(program(env, "python")), "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    if subprocess.run([*pip, "-e", target]).returncode != 0:
        raise SetupError(f"installing {what} into {name} failed (pip's message is above); run this again to retry")
    (env / STAMP_NAME).write_text(stamp, encoding="utf-8")


def run(env: Path, command: Sequence[str]) -> int:
    """Run a program of the environment with its arguments and return its exit status (on POSIX, become it)."""
    exe = str(program(env, command[0]))
    args = [exe, *command[1:]]
    if os.name == "nt":  # Windows has no real exec: os.execv would return to the console before the game ends
        return subprocess.run(args).returncode
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(exe, args)
    return 0  # pragma: no cover - execv does not return


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command: list[str] = []
    if "--" in args:
        command = args[args.index("--") + 1 :]
        args = args[: args.index("--")]
    parser = argparse.ArgumentParser(
        prog="ensure_venv.py", description="Make or reuse a virtual environment holding the game; run a command."
    )
    parser.add_argument("--venv", type=Path, default=ROOT / ".venv", help="where (default: .venv at the repository)")
    parser.add_argument("--project", type=Path, default=ROOT, help="the project to install (default: this one)")
    parser.add_argument("--extras", default="", help="comma-separated extras to install with it (test,dist)")
    parser.add_argument("--label", default="scripts/play", help="the name the messages start with")
    opts = parser.parse_args(args)
    extras = [e.strip() for e in opts.extras.split(",") if e.strip()]
    env = Path(os.path.abspath(opts.venv))
    try:
        setup(env, opts.project.resolve(), extras, opts.label, needs=command[:1])
    except SetupError as exc:
        _say(opts.label, str(exc))
        return 1
    return run(env, command) if command else 0


if __name__ == "__main__":
    sys.exit(main())
