"""pygame_gui for the screens' buttons and dialogs, themed with the bundled font.

pygame_gui ignores a font given in the theme's "defaults" block (Chinese then comes out as boxes), so the font is set
for every element type the game uses, pointing at the Noto Sans SC subset.
"""

from __future__ import annotations

from typing import Any

import pygame_gui

from .fonts import font_file

ELEMENTS = ("button", "label", "text_entry_line", "drop_down_menu", "text_box", "window", "horizontal_slider")


def theme(size: int = 16) -> dict[str, Any]:
    regular = str(font_file(False))
    bold = str(font_file(True))
    font = {"name": "zipai_sc", "size": str(size), "regular_path": regular, "bold_path": bold}
    colours = {
        "normal_bg": "#0a241c",
        "hovered_bg": "#3c6e50",
        "selected_bg": "#3c6e50",
        "active_bg": "#46785a",
        "normal_text": "#f0f0f0",
        "hovered_text": "#ffffff",
        "selected_text": "#f0c85a",
        "normal_border": "#aab4af",
        "hovered_border": "#f0c85a",
        "selected_border": "#f0c85a",
        "dark_bg": "#10392b",
    }
    out: dict[str, Any] = {}
    for element in ELEMENTS:
        out[element] = {
            "font": dict(font),
            "colours": dict(colours),
            "misc": {"shape": "rounded_rectangle", "shape_corner_radius": "6"},
        }
    return out


def manager(size: tuple[int, int], font_size: int = 16) -> pygame_gui.UIManager:
    return pygame_gui.UIManager(size, theme(font_size))
