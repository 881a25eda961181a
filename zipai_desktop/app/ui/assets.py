"""Where the bundled files (fonts, later images and sounds) are, in a source checkout and in an installed copy.

The files live in the top-level ``assets/`` folder of the repository. ``pip install .`` copies that folder into the
installed package as ``zipai_desktop/assets`` (see ``[tool.setuptools.package-dir]`` in pyproject.toml); a PyInstaller
build must collect it to the same place. In a source checkout or an editable install the package has no ``assets``
folder of its own, so the repository's is used.
"""

from __future__ import annotations

import functools
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parents[2]  # .../zipai_desktop
FONT_FILES = {False: "NotoSansSC-Zipai-Regular.otf", True: "NotoSansSC-Zipai-Bold.otf"}


def _candidates() -> list[Path]:
    return [
        _PACKAGE_DIR / "assets",  # an installed wheel or a frozen build
        _PACKAGE_DIR.parent / "assets",  # a source checkout or an editable install: <repo>/zipai_desktop/../assets
    ]


@functools.cache
def assets_dir() -> Path:
    """The folder holding the bundled assets (its ``fonts/`` subfolder must exist)."""
    candidates = _candidates()
    for folder in candidates:
        if (folder / "fonts").is_dir():
            return folder
    raise FileNotFoundError("bundled assets not found; looked in " + ", ".join(str(p) for p in candidates))


def asset_path(*parts: str) -> Path:
    """The path of a bundled file, e.g. ``asset_path("fonts", "OFL.txt")`` (whether it exists is not checked)."""
    return assets_dir().joinpath(*parts)


def font_path(bold: bool = False) -> Path:
    """The bundled Chinese font (a subset of Noto Sans SC holding every character the game shows)."""
    path = asset_path("fonts", FONT_FILES[bool(bold)])
    if not path.is_file():
        raise FileNotFoundError(f"bundled font missing: {path} (regenerate it with python build/make_font_subset.py)")
    return path
