"""pygame_gui for the screens' buttons and dialogs, with the one theme in ``assets/theme.json``.

pygame_gui ignores a font given in the theme's "defaults" block (Chinese then comes out as boxes), so the theme sets
the font for every element type the game uses; its font paths are relative to ``assets/`` and resolved here, and the
font size follows the window.
"""

from __future__ import annotations

import json
from typing import Any

import pygame_gui

from .assets import asset_path


def theme(size: int = 16) -> dict[str, Any]:
    """The theme with absolute font paths and the font size for this window."""
    data: dict[str, Any] = json.loads(asset_path("theme.json").read_text(encoding="utf-8"))
    for element in data.values():
        font = element.get("font")
        if font:
            font["size"] = str(size)
            for key in ("regular_path", "bold_path"):
                if key in font:
                    font[key] = str(asset_path(font[key]))
    # A drop-down's arrow button, its list's entries and a window's title bar are sized in pixels by pygame_gui (about
    # 20 by default): they follow the font, so an entry holds its text and the arrow shows at every window size.
    data.setdefault("drop_down_menu", {}).setdefault("misc", {})["open_button_width"] = str(max(20, size * 3 // 2))
    data.setdefault("selection_list", {}).setdefault("misc", {})["list_item_height"] = str(max(20, size * 3 // 2))
    # The drop-down's arrow is a button of its own that falls back to pygame_gui's default font (a fixed small size)
    # unless named here. A window (a question) has no close button: its ╳ is not in the game's font, and its own
    # buttons (and Esc) answer it.
    data["drop_down_menu.#expand_button"] = {"font": dict(data["drop_down_menu"]["font"])}
    window = data.setdefault("window", {}).setdefault("misc", {})
    window["title_bar_height"] = str(max(28, size * 2))
    window["enable_close_button"] = "0"
    return data


def manager(size: tuple[int, int], font_size: int = 16) -> pygame_gui.UIManager:
    """A pygame_gui manager for a window of ``size``, with the game's theme at ``font_size``."""
    return pygame_gui.UIManager(size, theme(font_size))
