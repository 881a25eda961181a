"""Named bots have a persona: a name, an emblem and a one-line style in both languages (issue 29, table presence)."""

from __future__ import annotations

import pygame

from zipai_desktop.app.ui.i18n import tr
from zipai_desktop.app.ui.personas import (
    BOT_COLOUR,
    ENTRANTS,
    HUMAN_COLOUR,
    PERSONAS,
    draw_emblem,
    emblem_of,
    persona_of,
)


def test_every_entrant_has_a_name_an_emblem_a_style_and_a_catch_phrase_in_both_languages() -> None:
    assert set(PERSONAS) == {f"entrant.{i}" for i in range(ENTRANTS)}
    styles = {"zh": set(), "en": set()}  # type: dict[str, set[str]]
    for key, persona in PERSONAS.items():
        assert persona.key == key
        assert persona.name("zh") == tr(key, "zh") and persona.name("en") == tr(key, "en") != tr(key, "zh")
        assert persona.glyph in persona.name("zh") and len(persona.glyph) == 1
        for lang in ("zh", "en"):
            assert persona.style(lang).strip() and tr(persona.says_key, lang).strip()
            styles[lang].add(persona.style(lang))
        assert persona.style("en") != persona.style("zh")
    assert len(styles["zh"]) == len(styles["en"]) == ENTRANTS  # twelve different manners
    assert len({p.colour for p in PERSONAS.values()}) == ENTRANTS  # twelve badges told apart by colour


def test_a_seat_is_known_by_its_catalog_key_or_its_written_name_and_plain_seats_get_the_neutral_badge() -> None:
    assert persona_of("entrant.3") is PERSONAS["entrant.3"]
    assert persona_of("阿强") is PERSONAS["entrant.3"] and persona_of("Ah Qiang") is PERSONAS["entrant.3"]
    assert persona_of("") is None and persona_of("bot 1") is None
    assert emblem_of("entrant.3", 1, human=False).colour == PERSONAS["entrant.3"].colour
    assert emblem_of("", 1, human=False).colour == BOT_COLOUR and emblem_of("", 1, human=False).glyph == "2"
    assert emblem_of("", 0, human=True).colour == HUMAN_COLOUR


def test_an_emblem_is_drawn_crisp_at_any_size() -> None:
    pygame.init()
    for diameter in (22, 67):  # a seat label's height at 1024x640 and at 3840x2160
        surface = pygame.Surface((100, 100))
        surface.fill((0, 0, 0))
        persona = PERSONAS["entrant.0"]
        rect = draw_emblem(surface, emblem_of(persona.key, 1, human=False), (50, 50), diameter)
        assert abs(rect.width - diameter) <= 1 and rect.center == (50, 50)
        colours = [
            surface.get_at((x, y))[:3] for x in range(rect.left, rect.right) for y in range(rect.top, rect.bottom)
        ]
        assert colours.count(persona.colour) > 0.25 * rect.width * rect.height  # the disc, in the persona's colour
        assert any(c == (255, 255, 255) for c in colours)  # its character in white
        assert surface.get_at((rect.left + 1, rect.top + 1))[:3] == (0, 0, 0)  # round: the corners stay clear
