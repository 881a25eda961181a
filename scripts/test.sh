#!/usr/bin/env bash
# Install the game with its test extras, then run every check: ruff, mypy (engine) and pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install --quiet --upgrade pip
python3 -m pip install --quiet -e ".[test]"
python3 -m ruff check zipai_desktop tests bench
python3 -m mypy
python3 -m pytest
