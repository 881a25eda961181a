#!/usr/bin/env bash
# Every check, on every Python the game supports that this machine has, each in a virtual environment of its own
# (never the caller's interpreter, which a stock Python would refuse to install into, PEP 668):
#
#     bash scripts/test.sh                  # set up .venv-test/, then ruff, mypy, pytest, the Linux bundle; then the
#                                           # suite again on each other Python of 3.11, 3.12, 3.13 found
#     bash scripts/test.sh --install-only   # only make or update .venv-test/ (what .ci/run tries from a fresh clone)
#
# .venv-test/ is made with the first Python 3.11+ found (scripts/find_python.sh: $PYTHON, python3.13, python3.12,
# python3.11, python3) and holds the game (editable) with its `test` and `dist` extras; scripts/ensure_venv.py makes
# it again or reinstalls only when pyproject.toml changed or it is broken, so later runs start the checks at once.
# Every check runs there: ruff, mypy (the code is the same on every version), the whole suite, the bundle.
#
# Then each other supported version (3.11, 3.12, 3.13) found (scripts/find_python.sh's find_python_version:
# python3.X on the PATH, else pyenv's installs) gets .venv-test-3.X/ (the `test` extra only: the bundle is built
# once) and runs every test but the UI ones (tests/app). What differs between interpreters is the language and the
# standard library (json's error messages and depth guard, random, marshal, sqlite3, subprocess, signals), which the
# engine, store, tools, bots, competition, CLI and install tests reach; the UI tests drive pygame-ce and pygame_gui
# screens with posted input and compare screenshots, which rest on those libraries rather than on the interpreter.
# The whole suite on each would take CI past its budget (20 minutes on 2 cores; the README gives the figures);
# ZIPAI_TEST_ALL=1 runs it all on each anyway. These suites run side by side, one process each (pytest uses one core,
# so two of them fill a 2-core machine), each into its own log, printed when it ends. A version not found is skipped
# with a line saying so.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/find_python.sh

SUPPORTED="3.11 3.12 3.13"  # pyproject.toml's classifiers name the same versions (tests/test_install_scripts.py)
NOT_UI=(tests --ignore=tests/app)

# setup_env PYTHON VENV [EXTRAS]: make or update VENV with PYTHON, holding the game and the extras the checks need
# (default test,dist).
setup_env() {
    "$1" scripts/ensure_venv.py --label scripts/test.sh --venv "$2" --extras "${3:-test,dist}"
}

# run_checks VENV: every check with VENV's Python.
run_checks() {
    local python="$1/bin/python"
    "$python" -m ruff check zipai_desktop tests bench build scripts
    "$python" -m mypy
    "$python" -m pytest
    # The desktop bundle: PyInstaller one-folder build, tar.xz and .deb, each smoke-tested in a scrubbed environment
    # (build/make_dist.py --smoke; about a minute here). PyInstaller is a build-only tool, in the `dist` extra.
    timeout 900 "$python" build/make_dist.py --smoke
}

# run_suite VENV: the suite with VENV's Python on another interpreter: the non-UI part, or all with ZIPAI_TEST_ALL=1.
run_suite() {
    local python="$1/bin/python"
    if [ "${ZIPAI_TEST_ALL:-}" = 1 ]; then
        "$python" -m pytest
    else
        "$python" -m pytest "${NOT_UI[@]}"
    fi
}

# version_of PYTHON: its X.Y.
version_of() {
    "$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])'
}

python=$(find_python)
setup_env "$python" .venv-test
if [ "${1:-}" = "--install-only" ]; then
    exit 0
fi
first=$(version_of .venv-test/bin/python)
echo "scripts/test.sh: Python $first ($python): ruff, mypy, the whole suite, the bundle"
run_checks .venv-test
others=()
for version in $SUPPORTED; do
    if [ "$version" = "$first" ]; then
        continue
    fi
    if ! other=$(find_python_version "$version"); then
        echo "scripts/test.sh: Python $version skipped: not found (python$version on the PATH, pyenv's versions)"
        continue
    fi
    setup_env "$other" ".venv-test-$version" test
    others+=("$version")
done
what="the suite$([ "${ZIPAI_TEST_ALL:-}" = 1 ] || echo ' but the UI tests')"
pids=()
for version in ${others[@]+"${others[@]}"}; do
    echo "scripts/test.sh: Python $version ($(.venv-test-"$version"/bin/python -c 'import sys; print(sys.version.split()[0])')): $what"
    run_suite ".venv-test-$version" >".venv-test-$version/pytest.log" 2>&1 &
    pids+=($!)
done
failed=
for i in ${pids[@]+"${!pids[@]}"}; do
    status=0
    wait "${pids[$i]}" || status=$?
    echo "scripts/test.sh: Python ${others[$i]}, $what: $([ $status = 0 ] && echo passed || echo "FAILED (exit status $status)")"
    cat ".venv-test-${others[$i]}/pytest.log"
    if [ $status != 0 ]; then
        failed="$failed ${others[$i]}"
    fi
done
if [ -n "$failed" ]; then
    echo "scripts/test.sh: the suite failed on Python$failed" >&2
    exit 1
fi
echo "scripts/test.sh: all checks passed"
