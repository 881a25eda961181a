"""One sizing rule for every menu screen, from 1024x640 to 3840x2160 (4K).

A window of any size gets a UI scale (:func:`ui_for`: 1.0 at 1280x720, 3.0 at 3840x2160, limited by the width on a
narrow window); the font sizes, paddings, gaps and line heights follow from it (:class:`Ui`). Nothing is a fixed
number of pixels: a button is as wide as its label measured in the font it is drawn with plus the padding
(:meth:`Ui.button_w`), and rows of buttons are laid out from those widths (:meth:`Ui.row`). pygame_gui gets the same
font size through :func:`gui.manager`.

The screens also record what they draw in a :class:`Painter` (each label with the box it must fit, and whether the box
is clickable), so one test (``tests/app/ui/test_sizing.py``) can walk every screen at several sizes in both languages
and check that no text is cut off and no two clickable things or two texts overlap.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from .fonts import font, text
from .palette import GOLD, GREY, PANEL

#: The window the sizes below are designed for (scale 1).
BASE = (1280, 720)
#: Below this width per unit of scale the width limits the scale (a 1024x640 window is a little narrower than 16:9).
WIDTH_PER_SCALE = 1152


@dataclass(frozen=True)
class Ui:
    """The sizes of one window: fonts, paddings, gaps and line heights, all from :attr:`scale`."""

    size: tuple[int, int]
    scale: float

    def px(self, n: float, least: int = 1) -> int:
        """``n`` pixels at scale 1, at this scale (never below ``least``)."""
        return max(least, round(n * self.scale))

    @property
    def font(self) -> int:
        """Body text and button labels."""
        return self.px(17, 11)

    @property
    def small(self) -> int:
        """Notes, key hints."""
        return self.px(14, 10)

    @property
    def heading(self) -> int:
        """A screen's title."""
        return self.px(27, 16)

    @property
    def pad(self) -> int:
        """Inside a button or a row, left and right of its text."""
        return self.px(12, 6)

    @property
    def gap(self) -> int:
        """Between two controls."""
        return self.px(10, 6)

    @property
    def margin(self) -> int:
        """From the window's edge."""
        return max(self.px(16, 12), int(self.size[0] * 0.05))

    def line(self, size: int | None = None) -> int:
        """The height of a button or a row holding one line of text of ``size`` px (default: :attr:`font`)."""
        return font(size or self.font).get_linesize() + self.px(10, 6)

    def text_w(self, label: str, size: int | None = None, *, bold: bool = False) -> int:
        """The width of ``label`` in pixels at ``size`` (default: the body text)."""
        return font(size or self.font, bold=bold).size(label)[0]

    def button_w(self, label: str, size: int | None = None, *, bold: bool = False, least: int = 0) -> int:
        """The width of a button holding ``label``: the text, the padding and the border (at least ``least``)."""
        return max(least, self.text_w(label, size, bold=bold) + 2 * self.pad + 6)

    def row(
        self,
        labels: Sequence[str],
        x: int,
        y: int,
        *,
        size: int | None = None,
        least: int = 0,
        right: bool = False,
        height: int | None = None,
        same_width: bool = False,
    ) -> list[pygame.Rect]:
        """Rects for buttons labelled ``labels`` side by side from ``x`` (their right end at ``x`` with ``right``)."""
        widths = [self.button_w(s, size, least=least) for s in labels]
        if same_width and widths:
            widths = [max(widths)] * len(widths)
        h = height or self.line(size)
        rects: list[pygame.Rect] = []
        if right:
            x -= sum(widths) + self.gap * (len(widths) - 1)
        for w in widths:
            rects.append(pygame.Rect(x, y, w, h))
            x += w + self.gap
        return rects


def ui_for(size: tuple[int, int]) -> Ui:
    """The sizes for a window of ``size``."""
    w, h = size
    return Ui((w, h), max(0.7, min(h / BASE[1], w / WIDTH_PER_SCALE)))


# --- what a screen drew, for the layout check -------------------------------------------------------------------------


@dataclass(frozen=True)
class Drawn:
    """A text the screen drew: where it went, and the box it must stay inside (itself for free text)."""

    text: str
    text_rect: pygame.Rect
    box: pygame.Rect
    interactive: bool = False  # the box is clicked (a button, a row that changes a setting, a link)


@dataclass
class Painter:
    """Draws a screen's texts and boxes and remembers them (cleared at the start of each frame's drawing)."""

    drawn: list[Drawn] = field(default_factory=list)

    def reset(self) -> None:
        """Forget what was drawn (the start of a frame's drawing)."""
        self.drawn.clear()

    def text(
        self,
        surface: pygame.Surface,
        s: str,
        size: int,
        colour: tuple[int, int, int],
        *,
        bold: bool = False,
        box: pygame.Rect | None = None,
        interactive: bool = False,
        **anchor: Any,
    ) -> pygame.Rect:
        """Blit one line of text placed by ``anchor`` (``topleft=``, ``midleft=``, ``center=``...); its rect."""
        img = text(s, size, colour, bold=bold)
        rect = img.get_rect(**anchor)
        surface.blit(img, rect)
        if s.strip():
            self.drawn.append(Drawn(s, rect, box if box is not None else rect, interactive))
        return rect

    def button(
        self,
        surface: pygame.Surface,
        rect: pygame.Rect,
        label: str,
        size: int,
        *,
        selected: bool = False,
        fill: tuple[int, int, int] | None = None,
        colour: tuple[int, int, int] = (240, 240, 240),
        border: tuple[int, int, int] | None = None,
        align: str = "center",
        pad: int = 8,
        bold: bool = False,
    ) -> None:
        """A clickable box with one line of text, centred (or ``align="left"``) and vertically centred."""
        radius = max(4, rect.height // 6)
        pygame.draw.rect(surface, fill or ((60, 110, 80) if selected else PANEL), rect, border_radius=radius)
        pygame.draw.rect(surface, border or (GOLD if selected else GREY), rect, width=1, border_radius=radius)
        if align == "left":
            self.text(
                surface,
                label,
                size,
                colour,
                bold=bold,
                box=rect,
                interactive=True,
                midleft=(rect.left + pad, rect.centery),
            )
        else:
            self.text(surface, label, size, colour, bold=bold, box=rect, interactive=True, center=rect.center)

    def area(self, rect: pygame.Rect) -> None:
        """A clickable area without text of its own (a row whose texts are drawn separately inside it)."""
        self.drawn.append(Drawn("", pygame.Rect(rect.topleft, (0, 0)), rect, True))


def gui_drawn(buttons: Iterable[Any]) -> list[Drawn]:
    """pygame_gui buttons as :class:`Drawn`: the label measured in the button's own font, centred in its box.

    The label's room is the box less the button's border and shadow on each side.
    """
    out: list[Drawn] = []
    for b in buttons:
        if not b.visible:
            continue
        w, h = b.font.size(b.text)
        inset = max(b.border_width.values()) + b.shadow_width if isinstance(b.border_width, dict) else 3
        room = b.rect.inflate(-2 * inset, -2 * inset)
        text_rect = pygame.Rect(0, 0, w, h)
        text_rect.center = b.rect.center
        out.append(Drawn(b.text, text_rect, room, True))
    return out


def problems(drawn: Sequence[Drawn], size: tuple[int, int]) -> list[str]:
    """What is wrong with a screen's layout: a text outside its box or the window, overlapping texts or buttons."""
    out: list[str] = []
    window = pygame.Rect(0, 0, *size)
    for d in drawn:
        if d.text and not d.box.contains(d.text_rect):
            out.append(f"{d.text!r} ({d.text_rect.width} px) does not fit its box {tuple(d.box)}")
        if not window.contains(d.box) or (d.text and not window.contains(d.text_rect)):
            out.append(f"{d.text!r} runs off the window: {tuple(d.box)}")
    clickable = [d for d in drawn if d.interactive]
    for i, a in enumerate(clickable):
        for b in clickable[i + 1 :]:
            if a.box.colliderect(b.box):
                out.append(f"buttons {a.text!r} {tuple(a.box)} and {b.text!r} {tuple(b.box)} overlap")
    texts = [d for d in drawn if d.text]
    for i, a in enumerate(texts):
        for b in texts[i + 1 :]:
            if a.text_rect.colliderect(b.text_rect):
                out.append(f"texts {a.text!r} and {b.text!r} overlap")
    for t in texts:
        for d in clickable:
            if d is not t and t.text_rect.colliderect(d.box) and not d.box.contains(t.box):
                out.append(f"text {t.text!r} lies over the button {d.text!r} {tuple(d.box)}")
    return out
