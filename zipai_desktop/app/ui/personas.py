"""Who sits at the table: a persona for each named bot (a 比赛 entrant, ``entrant.0`` .. ``entrant.11``).

A persona is an emblem (a round badge of its own colour with one character of the name, drawn by the program so it is
crisp at any size), a one-line style (``persona.style.N``: 稳扎稳打 / "Plays it safe") and a catch phrase it sometimes
answers the player's quick phrases with (``persona.says.N``). A seat without a persona (a plain bot, a person) gets
the neutral emblem: a grey-blue badge (green for a person) with its seat number, so every seat looks alike.

Nothing here knows the game: a persona never depends on the cards (the quick phrases, :mod:`..table.phrases`, rely
on it to say nothing about a hand).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .fonts import text
from .i18n import STRINGS, tr

ENTRANTS = 12  # entrant.0 .. entrant.11 in the catalogs

HUMAN_COLOUR = (46, 125, 80)
BOT_COLOUR = (84, 98, 120)
RING = (236, 206, 120)  # the badge's rim: the table's gold, a little lighter


@dataclass(frozen=True)
class Persona:
    """A named bot's look and manner: the emblem's ``colour`` and ``glyph``, and its catalog ``index`` (``entrant.N``,
    ``persona.style.N``, ``persona.says.N``)."""

    index: int
    colour: tuple[int, int, int]
    glyph: str  # one character of the zh name, the seal on its badge

    @property
    def key(self) -> str:
        """The entrant's catalog key: its name."""
        return f"entrant.{self.index}"

    def name(self, lang: str) -> str:
        """The entrant's name in ``lang`` (阿明 / Ah Ming)."""
        return tr(self.key, lang)

    def style(self, lang: str) -> str:
        """The one-line style in ``lang`` (稳扎稳打 / Plays it safe)."""
        return tr(f"persona.style.{self.index}", lang)

    @property
    def says_key(self) -> str:
        """The catalog key of its catch phrase (an answer to a quick phrase)."""
        return f"persona.says.{self.index}"


# Colours far enough apart to tell the badges of one table apart at a glance; the glyph is the name's last character.
_LOOKS: tuple[tuple[tuple[int, int, int], str], ...] = (
    ((40, 96, 170), "明"),  # 阿明
    ((200, 80, 130), "芳"),  # 小芳
    ((120, 78, 44), "李"),  # 老李
    ((190, 40, 40), "强"),  # 阿强
    ((222, 110, 30), "红"),  # 小红
    ((110, 120, 40), "王"),  # 王伯
    ((120, 60, 160), "杰"),  # 阿杰
    ((20, 130, 130), "梅"),  # 小梅
    ((30, 100, 60), "陈"),  # 老陈
    ((176, 140, 20), "华"),  # 阿华
    ((170, 40, 150), "丽"),  # 小丽
    ((70, 80, 90), "张"),  # 张叔
)

PERSONAS: dict[str, Persona] = {f"entrant.{i}": Persona(i, colour, glyph) for i, (colour, glyph) in enumerate(_LOOKS)}


def persona_of(entrant: str) -> Persona | None:
    """The persona of a seat's given name (``SeatConfig.entrant``): a catalog key ``entrant.N``, or a name as written
    in either language; None for a seat without one."""
    if entrant in PERSONAS:
        return PERSONAS[entrant]
    for persona in PERSONAS.values():
        if entrant and entrant in STRINGS.get(persona.key, {}).values():
            return persona
    return None


@dataclass(frozen=True)
class Emblem:
    """What a seat's badge shows: its colour and its character."""

    colour: tuple[int, int, int]
    glyph: str


def emblem_of(entrant: str, seat: int, human: bool) -> Emblem:
    """The badge of a seat: its persona's, else the neutral one (grey-blue for a bot, green for a person) with the
    seat's number."""
    persona = None if human else persona_of(entrant)
    if persona is not None:
        return Emblem(persona.colour, persona.glyph)
    return Emblem(HUMAN_COLOUR if human else BOT_COLOUR, str(seat + 1))


def draw_emblem(surface: pygame.Surface, emblem: Emblem, centre: tuple[int, int], diameter: int) -> pygame.Rect:
    """Draw the badge, ``diameter`` pixels across, centred on ``centre``: a filled disc, a gold rim, the character in
    white; returns its rect. Drawn (not scaled from a bitmap), so it stays sharp at 4K."""
    radius = max(4, diameter // 2)
    rect = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    rect.center = centre
    pygame.draw.circle(surface, emblem.colour, centre, radius)
    pygame.draw.circle(surface, RING, centre, radius, width=max(1, radius // 7))
    glyph = text(emblem.glyph, max(8, int(radius * 1.15)), (255, 255, 255), bold=True)
    surface.blit(glyph, glyph.get_rect(center=centre))
    return rect
