"""The Windows and macOS installers, checked as far as Linux can: the installers workflow is a valid GitHub workflow
(GitHub's schema, as check-jsonschema ships it), every script, file and option its steps name exists, and the names
the PyInstaller spec (build/zipai.spec), the Inno Setup script (build/zipai.iss) and the workflow give the programs,
the bundle folder and the setup file agree. The builds themselves run only on Windows and macOS runners."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML  # check-jsonschema's YAML reader

from tests.powershell import powershell_errors

REPO = Path(__file__).resolve().parent.parent.parent
WORKFLOW = REPO / ".github" / "workflows" / "installers.yml"
SPEC = REPO / "build" / "zipai.spec"
ISS = REPO / "build" / "zipai.iss"
# A repository path named in a step's shell code, with / or \ (PowerShell) between its parts.
STEP_PATH = re.compile(r"(?<![\w$/\\.-])((?:build|scripts|assets|zipai_desktop|tests)[/\\][\w./\\-]*\w)")


def _workflow() -> dict[str, Any]:
    data = YAML(typ="safe").load(WORKFLOW.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _steps() -> list[tuple[str, dict[str, Any]]]:
    return [(job, step) for job, body in _workflow()["jobs"].items() for step in body["steps"]]


def _run_code() -> str:
    return "\n".join(str(step.get("run", "")) for _, step in _steps())


def _check_workflow(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "check_jsonschema", "--builtin-schema", "vendor.github-workflows", str(path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_installers_workflow_follows_githubs_workflow_schema(tmp_path: Path) -> None:
    proc = _check_workflow(WORKFLOW)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # The check does catch a broken workflow: a job without runs-on, a step key misspelt.
    text = WORKFLOW.read_text(encoding="utf-8")
    for broken in (text.replace("runs-on: windows-latest", "run-on: windows-latest"), text.replace("uses:", "use:")):
        assert broken != text
        bad = tmp_path / "installers.yml"
        bad.write_text(broken, encoding="utf-8")
        assert _check_workflow(bad).returncode != 0


def test_every_path_a_workflow_step_names_exists() -> None:
    named = {m.replace("\\", "/") for m in STEP_PATH.findall(_run_code())}
    assert {"build/make_dist.py", "build/smoke_test.py", "build/zipai.iss"} <= named, named
    for rel in sorted(named):
        assert (REPO / rel).exists(), f"installers.yml names {rel}, which does not exist"


def test_the_pull_request_paths_match_files() -> None:
    for pattern in _workflow()["on"]["pull_request"]["paths"]:
        assert any(REPO.glob(pattern)), f"installers.yml watches {pattern}, which matches nothing"


def test_the_workflow_uses_only_options_and_extras_that_exist() -> None:
    code = _run_code()
    make_dist = (REPO / "build" / "make_dist.py").read_text(encoding="utf-8")
    for option in re.findall(r"make_dist\.py((?: --[\w-]+)+)", code):
        for flag in option.split():
            assert f'add_argument("{flag}"' in make_dist, f"build/make_dist.py has no {flag}"
    smoke = (REPO / "build" / "smoke_test.py").read_text(encoding="utf-8")
    for flag in set(re.findall(r"smoke_test\.py \S+((?: --[\w-]+)*)", code)):
        for one in flag.split():
            assert f'add_argument("{one}"' in smoke, f"build/smoke_test.py has no {one}"
    extras = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    used = re.findall(r'pip install -e "\.\[([\w,]+)\]"', code)
    assert used, "no pip install -e .[...] step"
    for names in used:
        for extra in names.split(","):
            assert extra in extras, f"installers.yml installs the extra {extra!r}, which pyproject.toml lacks"


def _spec_names() -> tuple[set[str], str, str]:
    """(the program names, the one-folder bundle's folder, the macOS app) as build/zipai.spec gives them."""
    spec = SPEC.read_text(encoding="utf-8")
    programs = set(re.findall(r'_exe\("([\w-]+)"', spec))
    folder = re.search(r'COLLECT\([^)]*?name="([\w.-]+)"', spec, re.DOTALL)
    app = re.search(r'BUNDLE\([^)]*?name="([\w.-]+)"', spec, re.DOTALL)
    assert programs and folder is not None and app is not None
    return programs, folder.group(1), app.group(1)


def test_the_programs_the_workflow_runs_are_the_ones_the_spec_builds() -> None:
    programs, folder, app = _spec_names()
    assert programs == {"zipai", "zipai-cli"} and (folder, app) == ("zipai", "zipai.app")
    code = _run_code().replace("\\", "/")
    windows = re.findall(r"dist/([\w.-]+)/([\w-]+)\.exe", code)
    assert windows, "no dist/<folder>/<program>.exe in the workflow"
    for found_folder, program in windows:
        assert (found_folder, program) == (folder, program) and program in programs, (found_folder, program)
    mac = re.findall(r"([\w.-]+\.app)/Contents/MacOS/([\w-]+)", code)
    assert mac, "no <app>/Contents/MacOS/<program> in the workflow"
    for found_app, program in mac:
        assert found_app == app and program in programs, (found_app, program)
    assert f"ditto dist/{app} dist/dmg/{app}" in code


def _iss_value(key: str) -> str:
    found = re.search(rf"^{key}=(.+)$", ISS.read_text(encoding="utf-8"), re.MULTILINE)
    assert found is not None, key
    return found.group(1).strip()


def test_the_inno_setup_script_names_files_that_exist_or_that_the_spec_builds() -> None:
    iss = ISS.read_text(encoding="utf-8")
    programs, folder, _ = _spec_names()
    # Paths are relative to build\; the bundle folder is the spec's one-folder output (dist\zipai\).
    sources = re.findall(r'^Source: "([^"]+)"', iss, re.MULTILINE)
    assert sources == [f"..\\dist\\{folder}\\*"]
    icon = _iss_value("SetupIconFile")
    assert (REPO / "build").joinpath(*icon.split("\\")).resolve().is_file(), icon
    # Every program the Start menu, the desktop, the uninstaller and the last page start is one the spec builds.
    for name in re.findall(r"\{app\}\\([\w-]+)\.exe", iss):
        assert name in programs, name
    assert _iss_value("OutputDir") == "..\\dist"


def test_the_setup_file_the_workflow_installs_is_the_one_inno_setup_writes() -> None:
    written = _iss_value("OutputBaseFilename").replace("{#AppVersion}", "VERSION") + ".exe"
    code = _run_code()
    installed = re.search(r'\$setup = "dist\\([^"]+)"', code)
    assert installed is not None
    assert installed.group(1).replace("$env:ZIPAI_VERSION", "VERSION") == written
    assert "/DAppVersion=$version" in code and "build\\zipai.iss" in code
    uploaded = [p for _, step in _steps() for p in str(step.get("with", {}).get("path", "")).split()]
    assert "dist/*-setup.exe" in uploaded and written.endswith("-setup.exe")


def test_the_workflows_powershell_steps_parse() -> None:
    # The Windows job runs its steps in pwsh; the PowerShell grammar parses each (pwsh itself cannot run here).
    windows = [step for job, step in _steps() if job == "windows" and "run" in step]
    assert _workflow()["jobs"]["windows"]["defaults"]["run"]["shell"] == "pwsh" and len(windows) >= 3
    for step in windows:
        assert powershell_errors(step["run"].encode()) == [], step["name"]
    assert powershell_errors(b"if ($LASTEXITCODE -ne 0) { exit $LASTEXITCODE")  # and it does find a broken one
