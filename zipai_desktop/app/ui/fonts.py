"""Fonts: the bundled Noto Sans SC subset (OFL), cached by size."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame


def _font_file(bold: bool) -> Path | None:
    try:
        from .assets import font_path

        path = font_path(bold)
        if path.exists():
            return path
    except (ImportError, FileNotFoundError):
        pass
    # Fall back to the full face pygame_gui ships (same family, larger file).
    try:
        import pygame_gui

        data = Path(pygame_gui.__file__).parent / "data"
        candidate = data / ("NotoSansSC-Bold.otf" if bold else "NotoSansSC-Regular.otf")
        if candidate.exists():
            return candidate
    except ImportError:  # pragma: no cover - pygame_gui is a dependency
        pass
    return None


@lru_cache(maxsize=128)
def font(size: int, *, bold: bool = False) -> pygame.font.Font:
    """The game's font (with Chinese glyphs) at ``size`` px, bold or regular."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(_font_file(bold), max(6, size))


@lru_cache(maxsize=2048)
def text(s: str, size: int, colour: tuple[int, int, int] = (240, 240, 240), *, bold: bool = False) -> pygame.Surface:
    """A rendered line of text (cached: the table redraws the same labels every frame)."""
    return font(size, bold=bold).render(s, True, colour)


def reset_caches() -> None:
    """Forget every font and rendered text (they die with ``pygame.quit()``)."""
    font.cache_clear()
    text.cache_clear()


def fitted(
    s: str, size: int, width: int, colour: tuple[int, int, int] = (240, 240, 240), *, bold: bool = False
) -> pygame.Surface:
    """A line of text that fits ``width`` px: smaller type first (down to 3/4 of ``size``), then cut with "..."."""
    f = font(size, bold=bold)
    if f.size(s)[0] <= width:
        return text(s, size, colour, bold=bold)
    size = max(9, size * 3 // 4, int(size * width / max(1, f.size(s)[0])))
    f = font(size, bold=bold)
    if f.size(s)[0] > width:
        while s and f.size(s + "...")[0] > width:
            s = s[:-1]
        s += "..."
    return text(s, size, colour, bold=bold)
