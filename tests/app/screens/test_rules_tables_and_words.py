"""The rules pages in the player's words and with real tables.

The bundled pages (copies of docs/rules-*.md) name the options as the engine does (``zimo_bonus: "double"``); the
screen shows the setup screen's words instead (自摸奖励：翻倍 / 自摸 bonus: ×2), in both games and both languages. Every
table is a ruled grid: each column's lines start at one x, left to right, and no cell runs into the next column.
"""

from __future__ import annotations

import os
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from zipai_desktop.app.main import App  # noqa: E402
from zipai_desktop.app.screens.rules import RulesScene, option_names, player_words, rules_file  # noqa: E402
from zipai_desktop.app.ui.fonts import font  # noqa: E402
from zipai_desktop.app.ui.i18n import tr  # noqa: E402

CASES = [(game, lang) for game in ("guilin", "bohu") for lang in ("zh", "en")]


def page(game: str, lang: str, size: tuple[int, int] = (1280, 720)) -> RulesScene:
    app = App(size, lang, headless=True, resizable=False)
    scene = RulesScene(app, size, lang, game)
    app.push(scene)
    app.frame(1 / 60)
    return scene


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_no_engine_option_name_reaches_the_page(game: str, lang: str) -> None:
    scene = page(game, lang)
    shown = "\n".join(ln.text for ln in scene.lines)
    names = option_names(game)
    assert "zimo_bonus" in rules_file("guilin", lang).read_text(encoding="utf-8")  # the source does name them
    for name in names:
        if "_" in name:
            assert name not in shown, name
        assert not re.search(rf"\b{name}\s*[:=]", shown), name  # no "xing: ..." / "dianpao_pays_all: ..."
    # Nor a quoted engine value, nor a code span naming an option, in the text the page is laid out from.
    text = player_words(rules_file(game, lang).read_text(encoding="utf-8"), game, lang)
    spans = re.findall(r"`([^`]*)`", text)
    assert not [s for s in spans if s.strip('"').split(":")[0].strip() in names], spans
    assert not [s for s in spans if re.fullmatch(r'"[a-z_]+"', s)], spans
    # The setup screen's label of every option is on the page (its table of options, at least).
    for name in names:
        assert tr(f"option.{name}", lang) in shown, name
    pygame.quit()


@pytest.mark.parametrize(("game", "lang"), CASES)
@pytest.mark.parametrize("size", [(1024, 640), (3840, 2160)])
def test_every_table_is_a_grid_whose_columns_line_up(game: str, lang: str, size: tuple[int, int]) -> None:
    scene = page(game, lang, size)
    tables = sorted({ln.table for ln in scene.lines if ln.table >= 0})
    assert len(tables) >= 3
    width = scene.view_rect().width
    for t in tables:
        cells = [ln for ln in scene.lines if ln.table == t and not ln.rule]
        rules = [ln for ln in scene.lines if ln.table == t and ln.rule]
        columns = sorted({ln.column for ln in cells})
        xs = {c: {ln.x for ln in cells if ln.column == c} for c in columns}
        assert all(len(x) == 1 for x in xs.values()), f"table {t}: a column's lines start at several x: {xs}"
        starts = [next(iter(xs[c])) for c in columns]
        assert starts == sorted(starts) and len(set(starts)) == len(starts)
        # No cell text reaches into the next column; the table fits the page.
        for ln in cells:
            end = ln.x + font(ln.size, bold=ln.bold).size(ln.text)[0]
            nxt = [s for c, s in zip(columns, starts, strict=True) if c > ln.column]
            assert end <= (nxt[0] if nxt else width), (t, ln.text)
        # Ruled: a vertical line left of each column and at the right edge; a horizontal line under every row.
        verticals = sorted(ln.x for ln in rules if ln.h)
        assert len(verticals) == len(columns) + 1 and verticals[-1] <= width
        assert all(any(v < s for v in verticals) for s in starts)
        assert len([ln for ln in rules if ln.w]) >= 3
    assert " · " not in "\n".join(ln.text for ln in scene.lines if ln.table >= 0)
    pygame.quit()
