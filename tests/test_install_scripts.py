"""The play and test scripts a newcomer runs on a stock machine (README, Set up): scripts/play finds a Python 3.11 or
newer and hands its arguments on; scripts/ensure_venv.py makes the virtual environment once, installs again only when
pyproject.toml changed or the environment is broken, and says exactly what to install when venv cannot work; the
Windows scripts (play.ps1, play.cmd) take the same steps. .ci/run runs the real route from a fresh clone with only
the system's Python; these tests pin each step's rule."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import venv
from pathlib import Path
from types import ModuleType

import pytest

from tests.powershell import powershell_errors

REPO = Path(__file__).resolve().parent.parent
SCRIPTS = REPO / "scripts"
POSIX_ONLY = pytest.mark.skipif(os.name == "nt", reason="the POSIX shell scripts")


def _ensure_venv() -> ModuleType:
    spec = importlib.util.spec_from_file_location("_zipai_ensure_venv", SCRIPTS / "ensure_venv.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ev = _ensure_venv()
VERSION = (sys.version_info[0], sys.version_info[1])


# ---------------------------------------------------------------------------------------------------------------------
# scripts/play (POSIX sh): which Python it takes, and what it hands on.


def _fake_checkout(tmp_path: Path) -> Path:
    """A checkout whose scripts/play and find_python.sh are the real ones and whose ensure_venv.py reports how it was
    run (interpreter and arguments) instead of setting anything up."""
    root = tmp_path / "checkout"
    (root / "scripts").mkdir(parents=True)
    for name in ("play", "find_python.sh"):
        shutil.copy2(SCRIPTS / name, root / "scripts" / name)
    (root / "scripts" / "ensure_venv.py").write_text(
        "import json, sys\nprint(json.dumps({'executable': sys.executable, 'argv': sys.argv[1:]}))\n", encoding="utf-8"
    )
    return root


def _fake_bin(tmp_path: Path, programs: dict[str, str]) -> Path:
    """A folder for PATH holding only dirname (scripts/play needs it) and the given programs: "python" (this test's
    own interpreter), "fails" (exits 127, as a pyenv shim of a version not selected does) or "old" (answers the
    version check as a Python older than 3.11 does: exit status 1)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    os.symlink(shutil.which("dirname") or "/usr/bin/dirname", bin_dir / "dirname")
    for name, kind in programs.items():
        path = bin_dir / name
        if kind == "python":
            os.symlink(sys.executable, path)
        else:
            path.write_text(f"#!/bin/sh\nexit {127 if kind == 'fails' else 1}\n", encoding="utf-8")
            path.chmod(0o755)
    return bin_dir


def _play(root: Path, bin_dir: Path, *args: str, python: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {"PATH": str(bin_dir), "HOME": str(root)}
    if python is not None:
        env["PYTHON"] = python
    return subprocess.run(
        [str(root / "scripts" / "play"), *args], capture_output=True, text=True, env=env, timeout=60, check=False
    )


@POSIX_ONLY
def test_play_takes_the_first_python_that_runs_and_is_at_least_3_11(tmp_path: Path) -> None:
    root = _fake_checkout(tmp_path)
    bin_dir = _fake_bin(
        tmp_path, {"python3.13": "fails", "python3.12": "old", "python3.11": "python", "python3": "old"}
    )
    proc = _play(root, bin_dir, "--lang", "en", "two words", "")
    assert proc.returncode == 0, proc.stderr
    seen = json.loads(proc.stdout)
    assert seen["executable"] == str(bin_dir / "python3.11")
    # The environment is the checkout's .venv; every argument reaches zipai as given, an empty one and spaces too.
    assert seen["argv"] == [
        "--label",
        "scripts/play",
        "--venv",
        str((root / ".venv").resolve()),
        "--",
        "zipai",
        "--lang",
        "en",
        "two words",
        "",
    ]


@POSIX_ONLY
def test_play_prefers_the_newest_named_python_then_python3(tmp_path: Path) -> None:
    # (A symlinked Python keeps the name it was started by as sys.executable: that name tells which one ran.)
    root = _fake_checkout(tmp_path)
    bin_dir = _fake_bin(tmp_path, {"python3.13": "python", "python3.12": "python", "python3": "python"})
    assert json.loads(_play(root, bin_dir).stdout)["executable"] == str(bin_dir / "python3.13")
    (bin_dir / "python3.13").unlink()
    assert json.loads(_play(root, bin_dir).stdout)["executable"] == str(bin_dir / "python3.12")
    (bin_dir / "python3.12").unlink()
    assert json.loads(_play(root, bin_dir).stdout)["executable"] == str(bin_dir / "python3")


@POSIX_ONLY
def test_play_uses_only_PYTHON_when_it_is_set(tmp_path: Path) -> None:
    root = _fake_checkout(tmp_path)
    bin_dir = _fake_bin(tmp_path, {"python3": "python"})
    spaced = tmp_path / "my pythons" / "py"
    spaced.parent.mkdir()
    os.symlink(sys.executable, spaced)
    proc = _play(root, bin_dir, python=str(spaced))
    assert proc.returncode == 0 and json.loads(proc.stdout)["argv"][-1] == "zipai"
    old = _fake_bin(tmp_path / "o", {"oldpython": "old"}) / "oldpython"
    proc = _play(root, bin_dir, python=str(old))  # python3 on the PATH would do, but PYTHON said otherwise
    assert proc.returncode == 1 and proc.stdout == ""
    assert f"PYTHON={old}" in proc.stderr


@POSIX_ONLY
def test_play_says_what_to_install_when_no_python_fits(tmp_path: Path) -> None:
    root = _fake_checkout(tmp_path)
    bin_dir = _fake_bin(tmp_path, {"python3.13": "fails", "python3": "old"})
    proc = _play(root, bin_dir)
    assert proc.returncode == 1 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr
    assert "needs Python 3.11 or newer" in lines[0]
    assert "python3.13, python3.12, python3.11, python3" in lines[0]
    assert "sudo apt install python3 python3-venv" in lines[0] and "PYTHON=" in lines[0]


def _find_version(bin_dir: Path, pyenv_root: Path, version: str) -> subprocess.CompletedProcess[str]:
    """scripts/find_python.sh's find_python_version, as scripts/test.sh calls it, with only ``bin_dir`` on the PATH."""
    return subprocess.run(
        ["sh", "-c", f'. "{SCRIPTS / "find_python.sh"}" && find_python_version {version}'],
        capture_output=True,
        text=True,
        env={"PATH": f"{bin_dir}:/usr/bin:/bin", "PYENV_ROOT": str(pyenv_root), "HOME": str(pyenv_root)},
        timeout=60,
        check=False,
    )


def _pyenv_install(root: Path, full_version: str, name: str) -> Path:
    """A pyenv install of this test's own interpreter at root/versions/<full_version>/bin/<name>."""
    path = root / "versions" / full_version / "bin" / name
    path.parent.mkdir(parents=True)
    os.symlink(sys.executable, path)
    return path


@POSIX_ONLY
def test_each_supported_python_is_found_past_a_failing_pyenv_shim(tmp_path: Path) -> None:
    # The pyenv shim python3.X on the PATH fails for a version pyenv has not selected: the install itself is taken.
    this = f"{VERSION[0]}.{VERSION[1]}"
    bin_dir = _fake_bin(tmp_path, {f"python{this}": "fails"})
    pyenv = tmp_path / "pyenv"
    installed = _pyenv_install(pyenv, f"{this}.0", f"python{this}")
    proc = _find_version(bin_dir, pyenv, this)
    assert (proc.returncode, proc.stdout.strip()) == (0, str(installed))
    # A python3.X on the PATH that runs comes first.
    (bin_dir / f"python{this}").unlink()
    os.symlink(sys.executable, bin_dir / f"python{this}")
    assert _find_version(bin_dir, pyenv, this).stdout.strip() == str(bin_dir / f"python{this}")
    # A name that runs but is another version does not count (this interpreter named python3.99), nor one missing.
    _pyenv_install(pyenv, "3.99.1", "python3.99")
    os.symlink(sys.executable, bin_dir / "python3.99")
    proc = _find_version(bin_dir, pyenv, "3.99")
    assert (proc.returncode, proc.stdout) == (1, "")


def _test_script_code() -> str:
    text = (SCRIPTS / "test.sh").read_text(encoding="utf-8")
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))


def test_the_test_script_runs_the_suite_on_each_supported_python_in_its_own_environment() -> None:
    code = _test_script_code()
    supported = re.search(r'^SUPPORTED="([\d. ]+)"', code, re.MULTILINE)
    assert supported is not None and supported.group(1).split() == ["3.11", "3.12", "3.13"]
    # Every version but the first one's (which ran every check) is looked for, set up apart and tested; one not found
    # is skipped with a line saying so, and the run goes on.
    assert "for version in $SUPPORTED; do" in code and '"$version" = "$first"' in code
    assert 'other=$(find_python_version "$version")' in code
    assert 'setup_env "$other" ".venv-test-$version" test' in code and 'run_suite ".venv-test-$version"' in code
    assert re.search(r'echo "scripts/test.sh: Python \$version skipped: not found[^"]*"\n\s*continue', code)
    assert '"$python" -m pytest "${NOT_UI[@]}"' in code and "NOT_UI=(tests --ignore=tests/app)" in code
    # The suites run side by side, and a failure on any of them fails the script.
    assert 'wait "${pids[$i]}" || status=$?' in code and re.search(
        r'if \[ -n "\$failed" \]; then\n[^\n]*\n\s*exit 1', code
    )
    assert "/.venv-test-*/" in (REPO / ".gitignore").read_text(encoding="utf-8").splitlines()


def test_the_package_claims_exactly_the_versions_the_tests_run_on() -> None:
    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^requires-python = ">=3.11"$', pyproject, re.MULTILINE)
    claimed = re.findall(r'"Programming Language :: Python :: (3\.\d+)"', pyproject)
    supported = re.search(r'^SUPPORTED="([\d. ]+)"', _test_script_code(), re.MULTILINE)
    assert supported is not None and claimed == supported.group(1).split()


# ---------------------------------------------------------------------------------------------------------------------
# scripts/ensure_venv.py: when it makes, reinstalls or leaves the environment.


def _project(tmp_path: Path, text: str = "[project]\nname = 'x'\n") -> Path:
    project = tmp_path / "project"
    project.mkdir(exist_ok=True)
    (project / "pyproject.toml").write_text(text, encoding="utf-8")
    return project


def _bare_env(path: Path) -> Path:
    """A real virtual environment of this Python, without pip (quick to make)."""
    venv.EnvBuilder(with_pip=False, symlinks=os.name != "nt").create(path)
    return path


def test_a_missing_environment_is_made(tmp_path: Path) -> None:
    stamp = ev.wanted_stamp(_project(tmp_path), [], VERSION)
    assert ev.plan(tmp_path / ".venv", stamp, VERSION) == "create"


def test_an_environment_whose_stamp_matches_is_used_as_it_is(tmp_path: Path) -> None:
    project = _project(tmp_path)
    env = _bare_env(tmp_path / ".venv")
    stamp = ev.wanted_stamp(project, ["test"], VERSION)
    assert ev.plan(env, stamp, VERSION) == "install"  # made, nothing installed yet: no stamp
    (env / ev.STAMP_NAME).write_text(stamp, encoding="utf-8")
    assert ev.plan(env, stamp, VERSION) == "ready"
    # The command to run must be there too: an environment whose zipai was removed is installed again.
    assert ev.plan(env, stamp, VERSION, needs=["zipai"]) == "install"
    assert ev.plan(env, stamp, VERSION, needs=["python"]) == "ready"


def test_a_changed_pyproject_or_other_extras_install_again(tmp_path: Path) -> None:
    project = _project(tmp_path)
    env = _bare_env(tmp_path / ".venv")
    (env / ev.STAMP_NAME).write_text(ev.wanted_stamp(project, ["test"], VERSION), encoding="utf-8")
    assert ev.plan(env, ev.wanted_stamp(project, ["test", "dist"], VERSION), VERSION) == "install"
    _project(tmp_path, "[project]\nname = 'x'\ndependencies = ['platformdirs>=4']\n")
    assert ev.plan(env, ev.wanted_stamp(project, ["test"], VERSION), VERSION) == "install"


def test_a_broken_environment_or_one_of_another_python_is_made_again(tmp_path: Path) -> None:
    project = _project(tmp_path)
    env = _bare_env(tmp_path / ".venv")
    stamp = ev.wanted_stamp(project, [], VERSION)
    (env / ev.STAMP_NAME).write_text(stamp, encoding="utf-8")
    other = (VERSION[0], VERSION[1] + 1)
    assert ev.plan(env, ev.wanted_stamp(project, [], other), other) == "create"
    # Its Python gone (the system Python it was made from was removed or upgraded): made again.
    python = ev.program(env, "python")
    python.unlink()
    if os.name != "nt":
        os.symlink(tmp_path / "no-such-python", python)
    assert ev.plan(env, stamp, VERSION) == "create"


def test_a_folder_that_is_not_an_environment_is_left_alone(tmp_path: Path) -> None:
    project = _project(tmp_path)
    folder = tmp_path / ".venv"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(ev.SetupError, match="is not a virtual environment; move it away"):
        ev.setup(folder, project, [], "scripts/play")
    assert [p.name for p in folder.iterdir()] == ["notes.txt"]


def test_a_python_without_ensurepip_is_told_the_debian_package() -> None:
    # Debian and Ubuntu split ensurepip into python3-venv; without it `python3 -m venv` cannot put pip in.
    problem = ev.venv_problem(find_spec=lambda name: None)
    assert problem is not None and "ensurepip module is missing" in problem
    assert "sudo apt install python3-venv" in problem and f"python{VERSION[0]}.{VERSION[1]}-venv" in problem
    assert ev.venv_problem() is None  # this Python has it


def test_the_stamp_names_what_the_environment_was_set_up_from(tmp_path: Path) -> None:
    project = _project(tmp_path)
    stamp = ev.wanted_stamp(project, ["test", "dist"], (3, 11))
    assert stamp == ev.wanted_stamp(project, ["dist", "test"], (3, 11))
    assert "extras=dist,test" in stamp and "python=3.11" in stamp
    assert re.search(r"pyproject-sha256=[0-9a-f]{64}", stamp)


@pytest.mark.skipif(ev.venv_problem() is not None, reason="this Python cannot make a virtual environment with pip")
def test_the_first_run_sets_up_once_and_later_runs_start_at_once(tmp_path: Path) -> None:
    """The whole route on a small project: the first run makes the environment and installs (one line says so), the
    second says nothing and installs nothing, a changed pyproject.toml installs again; each run then runs the
    command with its arguments and hands back its exit status."""
    project = _project(
        tmp_path,
        "[build-system]\nrequires = ['setuptools>=61']\nbuild-backend = 'setuptools.build_meta'\n"
        "[project]\nname = 'tinygame'\nversion = '1'\n[project.scripts]\ntinygame = 'tinygame:main'\n"
        "[tool.setuptools]\npy-modules = ['tinygame']\n",
    )
    (project / "tinygame.py").write_text(
        "import sys\ndef main():\n    print(repr(sys.argv[1:]))\n    return 3\n", encoding="utf-8"
    )
    env = tmp_path / "env"
    cmd = [sys.executable, str(SCRIPTS / "ensure_venv.py"), "--venv", str(env), "--project", str(project)]
    cmd += ["--label", "play", "--", "tinygame", "a b", "--x"]

    def run() -> subprocess.CompletedProcess[str]:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=300, check=False)

    first = run()
    assert first.returncode == 3, first.stderr
    assert first.stdout == "['a b', '--x']\n"
    said = [line for line in first.stderr.splitlines() if line.startswith("play: ")]
    assert len(said) == 1 and said[0].startswith("play: first run: making ")
    stamp = (env / ev.STAMP_NAME).read_text(encoding="utf-8")
    assert stamp == ev.wanted_stamp(project, [], VERSION)

    second = run()
    assert (second.returncode, second.stdout, second.stderr) == (3, "['a b', '--x']\n", "")

    # A code change needs nothing (the install is editable); a pyproject change installs again.
    (project / "tinygame.py").write_text("def main():\n    print('changed')\n", encoding="utf-8")
    assert (run().stdout, run().stderr) == ("changed\n", "")
    pyproject = project / "pyproject.toml"
    pyproject.write_text(pyproject.read_text(encoding="utf-8").replace("version = '1'", "version = '2'"), "utf-8")
    third = run()
    assert third.returncode == 0 and third.stdout == "changed\n"
    assert "play: pyproject.toml or the extras changed" in third.stderr
    assert (env / ev.STAMP_NAME).read_text(encoding="utf-8") != stamp


# ---------------------------------------------------------------------------------------------------------------------
# The Windows scripts: the same steps as scripts/play. (pwsh cannot be installed here, so they are not run; play.ps1
# is parsed with a PowerShell grammar.)


def _shell_order() -> list[str]:
    text = (SCRIPTS / "find_python.sh").read_text(encoding="utf-8")
    found = re.search(r"for candidate in ([\w. ]+); do", text)
    assert found is not None
    return found.group(1).split()


def test_the_shell_tries_the_documented_order() -> None:
    assert _shell_order() == ["python3.13", "python3.12", "python3.11", "python3"]


@pytest.mark.parametrize("name", ["play.ps1", "play.cmd"])
def test_the_windows_scripts_take_the_same_steps_as_the_shell_one(name: str) -> None:
    text = (SCRIPTS / name).read_text(encoding="utf-8")
    code = "\n".join(line for line in text.splitlines() if not re.match(r"\s*(#|rem\b)", line, re.IGNORECASE))
    # The same Pythons in the same order: $PYTHON alone when set, else 3.13, 3.12, 3.11, 3 (the py launcher's names
    # for python3.13 ... python3), else python.
    versions = [v.removeprefix("python") or "3" for v in _shell_order()]
    launcher = re.findall(r'"?-(3(?:\.\d+)?)"?', code)
    assert launcher[: len(versions)] == versions, launcher
    assert "PYTHON" in code and re.search(r"\bpython\b", code)
    # The same environment and the same set-up: ensure_venv.py (which keeps the pyproject stamp) with the checkout's
    # .venv, then zipai with every argument; no install of their own.
    play = (SCRIPTS / "play").read_text(encoding="utf-8")
    for shared in ("ensure_venv.py", ".venv", "--venv", "zipai"):
        assert shared in code and shared in play, shared
    passes_all = "%*" if name.endswith(".cmd") else "@args"
    assert re.search(r'["]?--["]? zipai ' + re.escape(passes_all), code), "the arguments must follow -- zipai"
    assert "pip" not in code and "stamp" not in code.lower()


def test_the_cmd_script_is_checked_out_with_crlf_line_ends() -> None:
    attributes = (REPO / ".gitattributes").read_text(encoding="utf-8")
    assert re.search(r"^\*\.cmd\s+text\s+eol=crlf$", attributes, re.MULTILINE)


def test_play_ps1_parses_as_powershell() -> None:
    source = (SCRIPTS / "play.ps1").read_bytes()
    assert powershell_errors(source) == []
    # The grammar does find errors: a brace left open, and a bare -- (Windows PowerShell would not pass it on).
    assert powershell_errors(source.replace(b"{ $exe = $env:PYTHON }", b"{ $exe = $env:PYTHON "))
    assert powershell_errors(source.replace(b'"--" zipai', b"-- zipai"))


@POSIX_ONLY
def test_play_and_its_sourced_finder_are_posix_sh() -> None:
    # macOS runs /bin/sh scripts with bash 3.2, Debian with dash: no bash-only syntax.
    dash = shutil.which("dash")
    if dash is None:
        pytest.skip("dash is not installed")
    for name in ("play", "find_python.sh"):
        proc = subprocess.run([dash, "-n", str(SCRIPTS / name)], capture_output=True, text=True, check=False)
        assert proc.returncode == 0, proc.stderr
    assert (SCRIPTS / "play").read_text(encoding="utf-8").startswith("#!/bin/sh\n")
    assert os.access(SCRIPTS / "play", os.X_OK)


# ---------------------------------------------------------------------------------------------------------------------
# The README's two commands, scripts/test.sh and .ci/run.


def _set_up_commands() -> list[str]:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start = readme.index("\n## Set up\n")
    section = readme[start : readme.index("\n## ", start + 1)]
    return [block.strip() for block in re.findall(r"\n\n((?:    \S.*\n)+)", section)]


def test_set_up_opens_with_the_play_and_the_test_command() -> None:
    assert _set_up_commands()[:2] == ["scripts/play", "bash scripts/test.sh"]


def test_ci_runs_exactly_the_readme_test_command_after_the_stock_route() -> None:
    ci = [line for line in (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines() if line.strip()]
    commands = [line for line in ci if not line.lstrip().startswith("#")]
    assert "bash scripts/test.sh" in commands
    stock = "\n".join(commands[: commands.index("bash scripts/test.sh")])
    for step in ("git clone", 'PATH="$stock_path"', "scripts/play --demo", "--screenshot", "test.sh --install-only"):
        assert step in stock, step
    assert "stock_path=/usr/bin:/bin" in stock


def test_the_test_script_installs_only_into_its_own_environment() -> None:
    text = (SCRIPTS / "test.sh").read_text(encoding="utf-8")
    code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    assert not re.search(r"\bpip\b", code)  # every install goes through ensure_venv.py, into .venv-test
    assert "ensure_venv.py" in code and '--venv "$2"' in code and 'setup_env "$python" .venv-test' in code
    # Every check runs with the environment's Python, never with python3 from the PATH.
    assert not re.search(r"^\s*python3? ", code, re.MULTILINE)
    for check in ("-m ruff check", "-m mypy", "-m pytest", "build/make_dist.py --smoke"):
        assert f'"$python" {check}' in code, check
    ignored = (REPO / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert "/.venv/" in ignored and "/.venv-test/" in ignored
