"""The i18n table, and the bundled subset font: it must hold every character the game shows, and be installed."""

from __future__ import annotations

import re
import tomllib
import unicodedata
from pathlib import Path

import pytest

from zipai_desktop.app.ui import i18n
from zipai_desktop.app.ui.assets import FONT_FILES, asset_path, font_path
from zipai_desktop.app.ui.i18n import LANGUAGES, STRINGS, tr
from zipai_desktop.engine.cards import GLYPHS

REPO = Path(__file__).resolve().parents[3]
CARD_GLYPHS = GLYPHS + "叄"


def all_text() -> str:
    return "".join(text for entry in STRINGS.values() for text in entry.values()) + CARD_GLYPHS


# --- the font


@pytest.fixture(scope="module")
def freetype():
    import pygame
    import pygame.freetype

    assert pygame.IS_CE, "pygame-ce is required, not upstream pygame"
    pygame.freetype.init()
    yield pygame.freetype
    pygame.freetype.quit()


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
def test_font_covers_every_string_and_card(freetype, bold):
    font = freetype.Font(str(font_path(bold)), 24)
    chars = sorted(set(all_text()) - {"\n"})  # line breaks split text into lines; they are never drawn
    missing = [ch for ch, metrics in zip(chars, font.get_metrics("".join(chars)), strict=True) if metrics is None]
    assert not missing, (
        f"{font_path(bold).name} lacks {''.join(missing)!r}: run python build/make_font_subset.py and commit the fonts"
    )


def test_missing_glyphs_are_detected(freetype):
    """The check above relies on get_metrics giving None for a character the subset lacks."""
    font = freetype.Font(str(font_path()), 24)
    assert font.get_metrics("龘") == [None]
    assert font.get_metrics("胡")[0] is not None


def test_font_renders_cards(freetype):
    font = freetype.Font(str(font_path()), 32)
    surface, rect = font.render(GLYPHS, (0, 0, 0))
    assert rect.width > 20 * 16 and surface.get_bounding_rect().height > 16
    assert font.name == "Noto Sans SC"


def test_font_files_and_licence_are_found():
    assert font_path().name == FONT_FILES[False]
    assert font_path(bold=True).name == FONT_FILES[True]
    for bold in (False, True):
        size = font_path(bold).stat().st_size
        assert 10_000 < size < 400_000, "the subset should stay a few hundred KB at most"
    licence = asset_path("fonts", "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Adobe" in licence


# --- packaging: assets/ is installed as zipai_desktop/assets, and no subpackage is left out of the wheel


def pyproject_setuptools() -> dict:
    with open(REPO / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["tool"]["setuptools"]


def test_assets_are_mapped_into_the_package():
    config = pyproject_setuptools()
    assert config["package-dir"]["zipai_desktop.assets"] == "assets"
    assert "zipai_desktop.assets" in config["packages"]
    patterns = config["package-data"]["zipai_desktop.assets"]
    for name in ["fonts/OFL.txt", *(f"fonts/{f}" for f in FONT_FILES.values())]:
        assert any(Path(name).match(p.removeprefix("**/")) for p in patterns), name


def test_every_subpackage_is_listed_in_pyproject():
    source = REPO / "zipai_desktop"
    packages = {
        ".".join(d.relative_to(REPO).parts)
        for d in [source, *source.rglob("*")]
        if d.is_dir() and d.name != "__pycache__" and any(d.glob("*.py"))
    }
    listed = set(pyproject_setuptools()["packages"])
    missing = packages - listed
    assert not missing, f"add {sorted(missing)} to [tool.setuptools] packages in pyproject.toml"


# --- the i18n table


def test_both_languages_have_the_same_keys():
    assert LANGUAGES[0] == i18n.DEFAULT_LANG == "zh"
    for key, entry in STRINGS.items():
        assert set(entry) == set(LANGUAGES), key
        assert all(text.strip() for text in entry.values()), key


def test_both_languages_use_the_same_fields():
    fields = re.compile(r"\{(\w*)\}")
    for key, entry in STRINGS.items():
        assert len({frozenset(fields.findall(text)) for text in entry.values()}) == 1, key


def test_chinese_text_is_chinese():
    """Every zh string holds a CJK character, unless it is only fields and punctuation (such as "{name}（{level}）")."""
    for key, entry in STRINGS.items():
        zh = re.sub(r"\{\w*\}", "", entry["zh"])
        cjk = any("\u4e00" <= ch <= "\u9fff" for ch in zh)
        assert cjk or all(unicodedata.category(ch)[0] in "PSZ" for ch in zh), key


def test_tr_formats():
    assert tr("hotseat.pass_to", name="玩家2") == "请把电脑交给玩家2"
    assert tr("hotseat.pass_to", "en", name="Player 2") == "Pass the computer to Player 2"
    assert tr("table.wall_left", "zh", n=19) == "底牌剩19张"
    assert tr("table.wall_left", lang="en", n=19) == "Wall: 19 left"
    assert tr("prompt.claim", card="叁") == "要这张叁吗？"
    assert tr("game.guilin") == "桂林字牌"
    assert tr("game.bohu", "en") == "Xiushan Bohu"


def test_tr_falls_back_to_chinese():
    assert tr("action.hu", "fr") == tr("action.hu") == "胡"
    assert tr("seat.player", "xx", n=3) == "玩家3"


def test_tr_raises_for_an_unknown_key():
    with pytest.raises(KeyError, match="unknown i18n key 'no.such.key'"):
        tr("no.such.key")
    with pytest.raises(KeyError, match="needs the field 'name'"):
        tr("hotseat.pass_to")
