"""Packaging: one version everywhere, and the build files (build/zipai.spec, build/make_dist.py ...) point at files that
exist. The bundle itself is built and smoke-tested by scripts/test.sh (``python3 build/make_dist.py --smoke``), not
here, to keep pytest fast."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from types import ModuleType

import pytest

import zipai_desktop
from zipai_desktop.cli import main

REPO = Path(__file__).resolve().parent.parent
BUILD = REPO / "build"
# `REPO / "a" / "b"` chains in the build scripts and the spec.
REPO_PATH = re.compile(r'REPO((?:\s*/\s*"[^"]+")+)')


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"_zipai_build_{name}", BUILD / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _repo_paths(text: str) -> list[Path]:
    return [REPO.joinpath(*re.findall(r'"([^"]+)"', chain)) for chain in REPO_PATH.findall(text)]


def test_version_is_the_same_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    version = zipai_desktop.__version__
    assert re.fullmatch(r"\d+\.\d+\.\d+(?:[.-]?\w+)?", version)
    assert importlib.metadata.version("zipai_desktop") == version, "reinstall: pip install -e ."
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"zipai {version}\n"
    proc = subprocess.run(
        [sys.executable, "-m", "zipai_desktop.cli", "--version"], capture_output=True, text=True, check=True
    )
    assert proc.stdout.strip() == f"zipai {version}"
    assert _load("make_dist").version() == version
    assert _load("smoke_test").expected_version() == version


def test_pyproject_reads_the_version_from_the_package() -> None:
    data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in data["project"]
    assert "version" in data["project"]["dynamic"]
    assert data["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "zipai_desktop.__version__"}
    assert any(dep.startswith("pyinstaller==6.") for dep in data["project"]["optional-dependencies"]["dist"])


def test_usage_mentions_version() -> None:
    from zipai_desktop.cli import USAGE

    assert "zipai --version" in USAGE


@pytest.mark.parametrize("name", ["zipai.spec", "make_dist.py", "smoke_test.py", "make_icon.py"])
def test_build_files_reference_files_that_exist(name: str) -> None:
    text = (BUILD / name).read_text(encoding="utf-8")
    paths = _repo_paths(text)
    assert paths, f"no REPO / ... paths found in {name}"
    for path in paths:
        if path.suffix or path.name in ("assets", "zipai_desktop"):  # a file, or a source folder (not dist/ etc.)
            assert path.exists(), f"{name} refers to {path.relative_to(REPO)}, which does not exist"


def test_spec_collects_assets_and_keeps_the_pygame_gui_fonts_it_needs() -> None:
    spec = (BUILD / "zipai.spec").read_text(encoding="utf-8")
    assert 'REPO / "build" / "launcher.py"' in spec
    assert '"zipai_desktop", "assets"' in spec  # assets/ goes where an installed wheel has it
    kept = re.search(r"PYGAME_GUI_FONTS_KEPT = \{([^}]*)\}", spec)
    assert kept is not None
    names = re.findall(r'"([^"]+)"', kept.group(1))
    assert set(names) == {"NotoSans-Regular.ttf", "NotoSans-Bold.ttf", "FiraCode-Regular.ttf"}
    data = importlib.util.find_spec("pygame_gui.data")
    assert data is not None and data.origin is not None
    for font in names:  # a pygame_gui upgrade that renames its default fonts must fail here, not in the bundle
        assert (Path(data.origin).parent / font).is_file(), font
    launcher = (BUILD / "launcher.py").read_text(encoding="utf-8")
    assert "from zipai_desktop.cli import main" in launcher


def test_installer_files_reference_the_spec_and_the_icon() -> None:
    workflow = (REPO / ".github" / "workflows" / "installers.yml").read_text(encoding="utf-8")
    for ref in ("build/make_dist.py", "build/smoke_test.py", "build\\zipai.iss", "hdiutil"):
        assert ref in workflow, ref
    iss = (BUILD / "zipai.iss").read_text(encoding="utf-8")
    for rel in re.findall(r'(?:Source: "|SetupIconFile=)\.\.\\([^"*\r\n]+?)(?:\\\*)?(?:"|\r?\n)', iss):
        path = REPO.joinpath(*rel.split("\\"))
        assert path.exists() or rel.startswith("dist"), rel
    assert (REPO / "assets" / "icon.ico").is_file()
    test_sh = (REPO / "scripts" / "test.sh").read_text(encoding="utf-8")
    assert "build/make_dist.py --smoke" in test_sh


def test_icon_is_a_256_px_png() -> None:
    smoke = _load("smoke_test")
    width, height, uniform = smoke.png_info(REPO / "assets" / "icon.png")
    assert (width, height) == (256, 256)
    assert not uniform


def test_smoke_test_png_check(tmp_path: Path) -> None:
    import pygame

    smoke = _load("smoke_test")
    plain = pygame.Surface((40, 30))
    plain.fill((22, 78, 58))
    pygame.image.save(plain, str(tmp_path / "plain.png"))
    assert smoke.png_info(tmp_path / "plain.png") == (40, 30, True)
    plain.set_at((39, 29), (255, 255, 255))
    pygame.draw.line(plain, (200, 10, 10), (0, 0), (39, 20))
    pygame.image.save(plain, str(tmp_path / "drawn.png"))
    assert smoke.png_info(tmp_path / "drawn.png") == (40, 30, False)
    (tmp_path / "bad.png").write_bytes(b"not a png")
    with pytest.raises(smoke.SmokeError):
        smoke.png_info(tmp_path / "bad.png")


def test_pyproject_gives_no_setuptools_deprecation_warnings() -> None:
    """`pip install .` used to print setuptools' warnings for the license table and for each asset folder that was not
    a listed package; the build that prints none is checked by hand with `pip wheel . -v` (setuptools 84)."""
    data = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    project, setuptools = data["project"], data["tool"]["setuptools"]
    assert isinstance(project["license"], str)  # an SPDX expression, not the deprecated {text = ...} table
    assert set(project["license"].split(" AND ")) == {"MIT", "OFL-1.1"}
    for name in project["license-files"]:
        assert (REPO / name).is_file(), name
    assert "MIT License" in (REPO / "LICENSE").read_text(encoding="utf-8")
    requires = data["build-system"]["requires"]
    assert any(r.replace(" ", "") == "setuptools>=77" for r in requires)  # the first with SPDX license strings
    folders = {p.parent for p in (REPO / "assets").rglob("*") if p.is_file()}
    for folder in folders:
        package = ".".join(("zipai_desktop", *folder.relative_to(REPO).parts))
        assert package in setuptools["packages"], f"add {package} to [tool.setuptools] packages"
