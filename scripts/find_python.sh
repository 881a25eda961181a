# Sourced by scripts/play and scripts/test.sh (POSIX sh, so that macOS's bash 3.2 and dash both read it).
#
# find_python: print the first Python 3.11 or newer among $PYTHON (when set, and then only it), python3.13,
# python3.12, python3.11 and python3 on the PATH; each is run to ask its version, so that a name that exists but does
# not run (a pyenv shim for a version not selected) or an older python3 (macOS's /usr/bin/python3 is 3.9) is passed
# over. When none fits, say which were tried and what to do, on stderr, and return 1.
# scripts/play.ps1 and scripts/play.cmd try the same names in the same order (tests/test_install_scripts.py).

find_python() {
    if [ -n "${PYTHON:-}" ]; then  # one name or path, which may hold spaces
        if _is_python_311 "$PYTHON"; then
            command -v "$PYTHON"
            return 0
        fi
        tried="PYTHON=$PYTHON"
    else
        for candidate in python3.13 python3.12 python3.11 python3; do
            if _is_python_311 "$candidate"; then
                command -v "$candidate"
                return 0
            fi
        done
        tried="python3.13, python3.12, python3.11, python3"
    fi
    echo "${0##*/}: needs Python 3.11 or newer, and none was found ($tried: missing, older, or does not run)." \
        "Install one (Debian/Ubuntu: sudo apt install python3 python3-venv; Fedora: sudo dnf install python3;" \
        "macOS: brew install python@3.12, or python.org), or set PYTHON=/path/to/python3.11 or newer." >&2
    return 1
}

_is_python_311() {
    "$1" -c 'import sys; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1
}

# find_python_version X.Y: print a Python X.Y that runs (scripts/test.sh runs the suite on each of 3.11, 3.12, 3.13):
# pythonX.Y on the PATH, else pyenv's own installs (the executables themselves: a pyenv shim on the PATH runs only the
# versions pyenv has selected, and fails for the others), the newest-named that runs. Return 1 when none does.
find_python_version() {
    if _is_python_version "python$1" "$1"; then
        command -v "python$1"
        return 0
    fi
    found=
    for candidate in "${PYENV_ROOT:-$HOME/.pyenv}/versions/$1".*/bin/"python$1"; do
        if _is_python_version "$candidate" "$1"; then
            found=$candidate
        fi
    done
    [ -n "$found" ] && echo "$found"
}

_is_python_version() {
    "$1" -c 'import sys; sys.exit("%d.%d" % sys.version_info[:2] != sys.argv[1])' "$2" >/dev/null 2>&1
}
