#!/usr/bin/env bash
# Install the game with its test extras, then run every check: ruff, mypy (engine) and pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --upgrade pip
python3 -m pip install --quiet -e ".[test]"
python3 -m ruff check zipai_desktop tests bench build
python3 -m mypy
python3 -m pytest
# The desktop bundle: PyInstaller one-folder build, tar.xz and .deb, each smoke-tested in a scrubbed environment
# (build/make_dist.py --smoke; about a minute here). PyInstaller is a build-only tool, in the `dist` extra.
python3 -m pip install --quiet -e ".[dist]"
timeout 900 python3 build/make_dist.py --smoke
