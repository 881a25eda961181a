#!/usr/bin/env bash
# Every check, in a virtual environment of its own (never the caller's interpreter, which a stock Python would refuse
# to install into, PEP 668):
#
#     bash scripts/test.sh                  # set up .venv-test/, then ruff, mypy, pytest, the Linux bundle
#     bash scripts/test.sh --install-only   # only make or update .venv-test/ (what .ci/run tries from a fresh clone)
#
# .venv-test/ is made with the first Python 3.11+ found (scripts/find_python.sh: $PYTHON, python3.13, python3.12,
# python3.11, python3) and holds the game (editable) with its `test` and `dist` extras; scripts/ensure_venv.py makes
# it again or reinstalls only when pyproject.toml changed or it is broken, so later runs start the checks at once.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/find_python.sh

# setup_env PYTHON VENV: make or update VENV with PYTHON, holding the game and the extras the checks need.
setup_env() {
    "$1" scripts/ensure_venv.py --label scripts/test.sh --venv "$2" --extras test,dist
}

# run_checks VENV: every check with VENV's Python. One interpreter today; to test several, call setup_env and
# run_checks once for each, with a VENV of its own.
run_checks() {
    local python="$1/bin/python"
    "$python" -m ruff check zipai_desktop tests bench build scripts
    "$python" -m mypy
    "$python" -m pytest
    # The desktop bundle: PyInstaller one-folder build, tar.xz and .deb, each smoke-tested in a scrubbed environment
    # (build/make_dist.py --smoke; about a minute here). PyInstaller is a build-only tool, in the `dist` extra.
    timeout 900 "$python" build/make_dist.py --smoke
}

python=$(find_python)
setup_env "$python" .venv-test
if [ "${1:-}" = "--install-only" ]; then
    exit 0
fi
run_checks .venv-test
