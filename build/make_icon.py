#!/usr/bin/env python3
"""Draw the application icon: a 字牌 card showing a red 胡 in front of a card back, on a transparent square.

Run from the repository root (pygame-ce is the only requirement; no display is needed):

    python build/make_icon.py            # writes assets/icon.png (256x256) and assets/icon.ico (Windows)
    python build/make_icon.py --check    # exit 1 if the committed icon.png differs from a fresh drawing

The glyph comes from the bundled font ``assets/fonts/NotoSansSC-Zipai-Bold.otf`` (胡 is in the subset). The colours are
the table's (``zipai_desktop/app/ui/cards.py``). ``icon.ico`` holds PNG-compressed 16..256 px images (the ICO format
Windows reads since Vista); PyInstaller and Inno Setup take it as it is. macOS builds convert ``icon.png`` themselves.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
FONT = REPO / "assets" / "fonts" / "NotoSansSC-Zipai-Bold.otf"
OUT_PNG = REPO / "assets" / "icon.png"
OUT_ICO = REPO / "assets" / "icon.ico"
GLYPH = "胡"
SIZE = 256
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)

RED = (196, 30, 36)
IVORY = (250, 246, 232)
FRAME = (90, 80, 60)
BACK = (30, 92, 66)
BACK_LINE = (58, 130, 96)
BACK_EDGE = (14, 50, 36)
SHADOW = (0, 0, 0, 70)


def _card_back(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = w // 7
    lattice = pygame.Surface((w, h), pygame.SRCALPHA)
    lattice.fill(BACK)
    step = max(6, w // 5)
    for x in range(-h, w + h, step):
        pygame.draw.line(lattice, BACK_LINE, (x, 0), (x + h, h), 3)
        pygame.draw.line(lattice, BACK_LINE, (x + h, 0), (x, h), 3)
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), rect, border_radius=radius)
    lattice.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(lattice, (0, 0))
    pygame.draw.rect(surf, BACK_EDGE, rect, width=max(3, w // 16), border_radius=radius)
    return surf


def _card_face(w: int, h: int, font: pygame.font.Font) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = w // 7
    pygame.draw.rect(surf, IVORY, rect, border_radius=radius)
    pygame.draw.rect(surf, FRAME, rect, width=max(3, w // 22), border_radius=radius)
    glyph = font.render(GLYPH, True, RED)
    surf.blit(glyph, glyph.get_rect(center=(w // 2, h // 2)))
    return surf


def draw() -> pygame.Surface:
    """The 256x256 icon (transparent background)."""
    pygame.font.init()
    font = pygame.font.Font(str(FONT), 118)
    icon = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    w, h = 132, 212
    back = pygame.transform.rotozoom(_card_back(w, h), 14, 1.0)
    icon.blit(back, back.get_rect(center=(98, 126)))
    front = _card_face(w, h, font)
    shadow = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(shadow, SHADOW, shadow.get_rect(), border_radius=w // 7)
    shadow = pygame.transform.rotozoom(shadow, -8, 1.0)
    icon.blit(shadow, shadow.get_rect(center=(162, 134)))
    front = pygame.transform.rotozoom(front, -8, 1.0)
    icon.blit(front, front.get_rect(center=(154, 128)))
    return icon


def _png_bytes(surface: pygame.Surface) -> bytes:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "x.png"
        pygame.image.save(surface, str(path))
        return path.read_bytes()


def ico_bytes(icon: pygame.Surface, sizes: tuple[int, ...] = ICO_SIZES) -> bytes:
    """An ICO file whose images are PNG streams (one per size)."""
    images = [_png_bytes(icon if s == SIZE else pygame.transform.smoothscale(icon, (s, s))) for s in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries = io.BytesIO()
    for size, data in zip(sizes, images, strict=True):
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICO directory entry
        entries.write(struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset))
        offset += len(data)
    return header + entries.getvalue() + b"".join(images)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if assets/icon.png is out of date")
    args = parser.parse_args(argv)
    if not FONT.is_file():
        print(f"make_icon: font missing: {FONT}", file=sys.stderr)
        return 1
    pygame.font.init()
    if pygame.font.Font(str(FONT), 20).metrics(GLYPH)[0] is None:
        print(f"make_icon: {GLYPH} is not in {FONT.name}", file=sys.stderr)
        return 1
    icon = draw()
    png = _png_bytes(icon)
    if args.check:
        ok = OUT_PNG.is_file() and OUT_PNG.read_bytes() == png
        print("icon.png is up to date" if ok else "icon.png is out of date: run python build/make_icon.py")
        return 0 if ok else 1
    OUT_PNG.write_bytes(png)
    OUT_ICO.write_bytes(ico_bytes(icon))
    print(
        f"wrote {OUT_PNG.relative_to(REPO)} ({len(png)} bytes), {OUT_ICO.relative_to(REPO)} "
        f"({OUT_ICO.stat().st_size} bytes)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
