"""A damaged competition save at 比赛 / 继续比赛: the window shows one sentence in the player's language, moves the
file aside and goes on (a new competition starts); it never crashes. Before, a well-formed but wrong save (an unknown
bot level, an entrant named "²", a bad option) was offered for 继续比赛 and crashed the window at every attempt."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pytest

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.competition import CompetitionScene, CompetitionSetupScene
from zipai_desktop.app.screens.title import TitleScene
from zipai_desktop.app.screens.tutorial import wrap
from zipai_desktop.app.ui.banner import localize
from zipai_desktop.app.ui.fonts import font
from zipai_desktop.app.ui.sizing import ui_for
from zipai_desktop.competition.play import make_field
from zipai_desktop.engine.tournament import Tournament
from zipai_desktop.store import paths
from zipai_desktop.store.competition import competition_state

from ..drive import key, press

#: Where the screenshots go when asked (ZIPAI_SCREENSHOTS=folder): to look at the notice in both languages.
SHOTS = os.environ.get("ZIPAI_SCREENSHOTS")

DAMAGES = {
    "unknown level": lambda t: t["entrants"][1].update(level="wizard"),
    "superscript digit name": lambda t: t["entrants"][1].update(name="²" * 41),
    "bad option": lambda t: t.update(options={"min_hu": 99}),
    "endless hands": lambda t: t.update(hands=10**9),
}


def _damaged_save(damage: str) -> bytes:
    t = Tournament("guilin", 3, make_field(6, ("random", "beginner")), rounds=2, hands=1, seed=4)
    t.start_round()
    state = competition_state(t)
    DAMAGES[damage](state["tournament"])
    return json.dumps(state, ensure_ascii=False).encode()


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_competition_save_shows_one_sentence_and_the_game_goes_on(lang: str, damage: str) -> None:
    path = paths.data_dir() / "competition.json"
    content = _damaged_save(damage)
    path.write_bytes(content)
    app = App((1280, 720), lang, headless=True, resizable=False)
    try:
        title = TitleScene(app, app.size, lang)
        app.push(title)
        app.frame(1 / 60)
        press(app, title.button("competition").rect.center)  # 比赛
        setup = app.scenes[-1]
        assert isinstance(setup, CompetitionSetupScene)
        app.frame(1 / 60)
        # Moved aside, never deleted; nothing to continue.
        (moved,) = path.parent.glob("competition.json.damaged-*")
        assert moved.read_bytes() == content and not path.exists()
        assert setup.saved is None and setup.row("continue") is None
        # One sentence, in the player's language, drawn whole inside the window and clear of the buttons.
        (note,) = setup.notes
        line = localize(note, lang)
        assert line != str(note) and moved.name in line and "\n" not in line
        ui = ui_for(app.size)
        parts = wrap(line, font(ui.small), app.size[0] - 2 * ui.margin)
        assert len(parts) <= 2  # the screen shows a note on up to two lines: the whole sentence fits
        window = pygame.Rect(0, 0, *app.size)
        for part in parts:
            (d,) = [d for d in setup.paint.drawn if d.text == part]
            assert window.contains(d.text_rect)
            assert not any(d.text_rect.colliderect(r.rect) for r in setup.rows)
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            pygame.image.save(
                app.screen, str(Path(SHOTS) / f"competition_damaged_{lang}_{damage.replace(' ', '_')}.png")
            )
        # Enter starts a new competition: the game goes on.
        setup.levels = ("random",)
        setup.seed = 1
        key(app, pygame.K_RETURN)
        comp = app.scenes[-1]
        assert isinstance(comp, CompetitionScene) and comp.phase == "play"
        comp.bots.close()
    finally:
        pygame.quit()
