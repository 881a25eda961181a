"""The title screen: new game, resume the autosaved match, competition (比赛), tutorial, rules, statistics, replays,
quit; and the language.

Each choice pushes its screen on top; when that screen is popped the title screen is on top again and looks once more
whether there is a match to resume (a game played meanwhile leaves an autosave, a finished match clears it).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame
import pygame_gui

from ... import __version__
from ...store.autosave import load_autosave
from ...store.settings import load_settings, save_settings
from ..scene import Scene
from ..table.persist import recover_at_start
from ..ui import cards
from ..ui.banner import Banner
from ..ui.gui import manager
from ..ui.i18n import tr
from ..ui.palette import FELT, FELT_DARK, GOLD, GREY, PANEL, WHITE
from ..ui.sizing import Painter, ui_for
from ..ui.sound import Sound
from .competition import CompetitionSetupScene
from .replays import ReplaysScene
from .room_open import RoomChoiceScene
from .rules import RulesScene
from .settings import SettingsScene, apply
from .setup import SetupScene
from .stats import StatsScene
from .tutorial import TutorialScene

#: The cards fanned beside the title (二 七 十 and their big forms: the red ones).
FAN = (1, 6, 9, 11, 16, 19)
#: The menu in order; an entry's number key is its index here, the same whether or not 继续上局 (resume) is shown.
MENU = (
    "resume", "new_game", "competition", "room", "tutorial", "rules", "stats", "replays", "record", "settings", "quit",
)  # fmt: skip


class TitleScene(Scene):
    """The title screen: the main menu (new game, competition, tutorial, rules, statistics, replays, the match
    record, settings, quit), the language buttons, and continuing a saved match."""

    def __init__(self, app: Any, size: tuple[int, int], lang: str = "zh", *, notes: list[str] | None = None) -> None:
        """The title with its menu; ``notes`` (a store's notices) show in the banner."""
        self.app = app
        self.size = size
        self.lang = lang
        self.notes = list(notes or [])
        self.banner = Banner(lang)  # the store's messages (a damaged file moved aside...): one line at the bottom
        self.saved: dict[str, Any] | None = None
        self.child: Any = None  # the screen pushed on top of this one, while it is there
        self.paint = Painter()
        self._check_autosave()

        self.notes.extend(recover_at_start(self.saved))  # a hand a kill kept out of the history is recorded now
        self._build_gui()

    # --- state ------------------------------------------------------------------------------------------------------

    def _check_autosave(self) -> None:

        self.saved, message = load_autosave()
        if message and message not in self.notes:
            self.notes.append(message)

    def _build_gui(self) -> None:
        ui = ui_for(self.size)
        self.ui = ui
        w, h = self.size
        self.gui = manager(self.size, ui.font)
        self.gui_buttons: dict[object, str] = {}

        def button(rect: pygame.Rect, label: str, kind: str) -> None:
            self.gui_buttons[pygame_gui.elements.UIButton(rect, label, self.gui)] = kind

        langs = [tr(f"lang.{lang}", self.lang) for lang in ("zh", "en")]
        for lang, label, rect in zip(
            ("zh", "en"), langs, ui.row(langs, w - ui.margin, ui.px(24), right=True), strict=False
        ):
            button(rect, label, f"lang:{lang}")
            if lang == self.lang:
                self.button(f"lang:{lang}").select()
        kinds = [k for k in MENU if k != "resume" or self.saved is not None]
        # The number key opens an entry too (0-9; the last, 退出, has Esc).
        labels = [f"{MENU.index(k)}  " * (MENU.index(k) <= 9) + tr(f"title.{k}", self.lang) for k in kinds]
        bw = max(ui.px(220), max(ui.button_w(label) for label in labels))
        bh = int(ui.line() * 1.2)
        gap = max(ui.gap // 2, bh // 5)
        top = int(h * 0.40)
        bottom = int(h * 0.93)
        # One column while it fits above the version line; otherwise two, filled row by row.
        cols = 1 if top + len(kinds) * (bh + gap) <= bottom else 2
        if cols == 2:
            rows = (len(kinds) + 1) // 2
            gap = max(4, min(gap, (bottom - top) // rows - bh))
            bh = min(bh, (bottom - top) // rows - gap)
        for i, (kind, label) in enumerate(zip(kinds, labels, strict=False)):
            row, col = divmod(i, cols)
            rect = pygame.Rect(0, 0, bw, bh)
            x = w // 2 if cols == 1 else w // 2 + (col * 2 - 1) * (bw + gap) // 2
            rect.midtop = (x, top + row * (bh + gap))
            button(rect, label, kind)

    def button(self, kind: str) -> Any:
        """The pygame_gui button of ``kind`` (new_game, resume, tutorial, rules, stats, ..., lang:zh/en), or None."""
        return next((b for b, k in self.gui_buttons.items() if k == kind), None)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out for the new window size."""
        self.size = size
        self._build_gui()

    def _push(self, scene: Any) -> None:
        self.child = scene
        self.app.push(scene)

    def _back_on_top(self) -> None:
        """A screen pushed from here was popped: take its language and look for an autosave again."""
        self.lang = getattr(self.child, "lang", self.lang)
        self.child = None
        self._check_autosave()
        self._build_gui()

    def _save_language(self) -> None:

        try:
            settings, _ = load_settings()
            if settings.language != self.lang:
                save_settings(dataclasses.replace(settings, language=self.lang))
        except Exception as exc:  # noqa: BLE001 - a settings file that cannot be written must not stop the menu
            self.notes.append(str(exc))

    # --- the choices ------------------------------------------------------------------------------------------------

    def choose(self, kind: str) -> None:
        """Do what the menu entry ``kind`` stands for (a game, 比赛, a screen, the language, quit)."""
        if kind.startswith("lang:"):
            self.lang = kind.split(":", 1)[1]
            self._save_language()
            self._build_gui()
        elif kind == "new_game":
            self._push(SetupScene(self.app, self.size, lang=self.lang, notes=[]))
        elif kind == "resume":
            setup = SetupScene(self.app, self.size, lang=self.lang, notes=[])
            self._push(setup)
            if setup.saved is not None:
                setup.resume()
        elif kind == "competition":
            self._push(CompetitionSetupScene(self.app, self.size, self.lang))
        elif kind == "room":  # 包厢: open a room here, or join a friend's
            self._push(RoomChoiceScene(self.app, self.size, self.lang))
        elif kind == "tutorial":  # which game's tutorial: asked on a small screen of its own
            self._push(TutorialChoiceScene(self.app, self.size, self.lang, self._table_settings))
        elif kind == "rules":
            self._push(RulesScene(self.app, self.size, self.lang))
        elif kind == "stats":
            self._push(StatsScene(self.app, self.size, self.lang))
        elif kind == "replays":
            self._push(ReplaysScene(self.app, self.size, self.lang))
        elif kind == "record":  # 战绩: the replays screen in its by-match view, one step from here
            record = ReplaysScene(self.app, self.size, self.lang)
            self._push(record)
            record.set_mode("matches")
        elif kind == "settings":
            self._push(SettingsScene(self.app, self.size, lang=self.lang))
        elif kind == "quit":
            self.app.pop()

    def _table_settings(self) -> dict[str, Any]:
        """The player's animation speed and sound for the tutorial's table (as a new game gets them)."""
        try:
            settings, _ = load_settings()
            apply(settings)
            return {"speed": settings.animation_speed, "sound": Sound.from_settings(settings)}
        except Exception as exc:  # noqa: BLE001 - the tutorial still opens, with the defaults
            self.notes.append(str(exc))
            return {}

    # --- the frame --------------------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """The banner first, then the menu's buttons and keys (↑/↓, Enter, 0-9 open an entry, Esc quits)."""
        if self.banner.handle_event(event):  # Esc or a click on the banner closes it (Esc does not quit then)
            return
        self.gui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.gui_buttons:
            self.choose(self.gui_buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN:
            menu = [k for k in self.gui_buttons.values() if not k.startswith("lang:")]
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_UP, pygame.K_DOWN) and menu:
                # Keyboard play: arrows move the highlight, Enter opens it, 1-9 open an entry directly.
                step = -1 if event.key == pygame.K_UP else 1
                current = getattr(self, "focus", None)
                index = menu.index(current) if current in menu else (-1 if step > 0 else 0)
                self._focus(menu[(index + step) % len(menu)])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                focus = getattr(self, "focus", None)
                self.choose(focus if focus else ("resume" if self.saved is not None else "new_game"))
            elif pygame.K_0 <= event.key <= pygame.K_9 and MENU[event.key - pygame.K_0 : 1 + event.key - pygame.K_0]:
                kind = MENU[event.key - pygame.K_0]
                if kind in menu:  # 0 (resume) does nothing while there is no match to resume
                    self.choose(kind)

    def _focus(self, kind: str) -> None:
        for b, k in self.gui_buttons.items():
            if not k.startswith("lang:"):
                if k == kind:
                    b.select()  # type: ignore[attr-defined]
                else:
                    b.unselect()  # type: ignore[attr-defined]
        self.focus = kind

    def update(self, dt: float) -> None:
        """Back from a screen: read the autosave and settings again; the banner shows the notes in turn."""
        if self.child is not None:
            self._back_on_top()
        self.banner.lang = self.lang
        self.banner.extend(self.notes)
        self.banner.update(dt)
        self.gui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The title, the menu, the notes and the banner."""
        w, h = self.size
        ui = self.ui
        paint = self.paint
        paint.reset()
        surface.fill(FELT)
        pygame.draw.ellipse(surface, FELT_DARK, pygame.Rect(w * 0.1, h * 0.08, w * 0.8, h * 0.84))
        box = paint.text(
            surface, tr("app.title", self.lang), max(40, h // 8), GOLD, bold=True, midtop=(w // 2, int(h * 0.1))
        )
        self._draw_fan(surface, box)
        paint.text(surface, tr("title.games", self.lang), ui.px(26), WHITE, midtop=(w // 2, box.bottom + h // 60))
        version = tr("title.version", self.lang, version=__version__)
        paint.text(surface, version, ui.small, GREY, bottomright=(w - int(w * 0.02), h - int(h * 0.02)))
        self.gui.draw_ui(surface)
        side = ui.text_w(version, ui.small) + 2 * ui.margin  # the banner stays clear of the version line
        self.banner.draw(surface, bottom=True, area=pygame.Rect(side, 0, w - 2 * side, h), paint=paint)

    def _draw_fan(self, surface: pygame.Surface, title: pygame.Rect) -> None:
        """Three red cards fanned out on each side of the title."""
        width = max(24, self.size[1] // 22)
        for side, kinds in ((-1, FAN[:3]), (1, FAN[3:])):
            for i, kind in enumerate(kinds):
                angle = (1 - i) * 14
                img = pygame.transform.rotate(cards.face(kind, width), angle)
                step = int(width * 0.75)
                if side < 0:
                    centre = (title.left - width * 2 - (2 - i) * step, title.centery)
                else:
                    centre = (title.right + width * 2 + i * step, title.centery)
                surface.blit(img, img.get_rect(center=centre))
        pygame.draw.line(surface, PANEL, (title.left, title.bottom + 2), (title.right, title.bottom + 2), 2)


class TutorialChoiceScene(Scene):
    """Which tutorial: 桂林字牌 or 秀山博胡 (buttons, or the keys 1 / 2); Esc goes back to the title."""

    GAMES = ("guilin", "bohu")

    def __init__(self, app: Any, size: tuple[int, int], lang: str, table_settings: Any = None) -> None:
        """The choice of a tutorial (桂林字牌 or 秀山博胡); ``table_settings`` go to its table."""
        self.app = app
        self.size = size
        self.lang = lang
        self.table_settings = table_settings  # () -> the table's speed and sound, read when a tutorial starts
        self.paint = Painter()
        self._build_gui()

    def _build_gui(self) -> None:
        ui = self.ui = ui_for(self.size)
        w, h = self.size
        self.gui = manager(self.size, ui.font)
        self.gui_buttons: dict[object, str] = {}
        labels = [f"{i + 1}  {tr(f'game.{g}', self.lang)}" for i, g in enumerate(self.GAMES)]
        bw = max(ui.px(260), max(ui.button_w(label) for label in labels))
        bh = int(ui.line() * 1.4)
        top = int(h * 0.38)
        for i, (game, label) in enumerate(zip(self.GAMES, labels, strict=True)):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (w // 2, top + i * (bh + ui.gap * 2))
            self.gui_buttons[pygame_gui.elements.UIButton(rect, label, self.gui)] = game
        back = tr("setup.back", self.lang)
        (rect,) = ui.row([back], w - ui.margin, h - ui.line() - ui.px(24), right=True, least=ui.px(120))
        self.gui_buttons[pygame_gui.elements.UIButton(rect, back, self.gui)] = "back"

    def button(self, kind: str) -> Any:
        """The pygame_gui button of ``kind`` (guilin, bohu, back)."""
        return next((b for b, k in self.gui_buttons.items() if k == kind), None)

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the screen out for the new window size."""
        self.size = size
        self._build_gui()

    def choose(self, kind: str) -> None:
        """Open the tutorial of the game ``kind``, or go back."""
        if kind == "back":
            self.app.pop()
            return

        settings = self.table_settings() if self.table_settings is not None else {}
        self.app.replace(TutorialScene(self.app, self.size, self.lang, game=kind, **settings))

    def handle_event(self, event: pygame.event.Event) -> None:
        """The buttons; Esc goes back."""
        self.gui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.gui_buttons:
            self.choose(self.gui_buttons[event.ui_element])
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.choose("back")
            elif event.key in (pygame.K_1, pygame.K_2):
                self.choose(self.GAMES[event.key - pygame.K_1])

    def update(self, dt: float) -> None:
        """Advance the buttons' hover and press animations."""
        self.gui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """The heading, the explanation and the buttons."""
        w, h = self.size
        self.paint.reset()
        surface.fill(FELT)
        pygame.draw.ellipse(surface, FELT_DARK, pygame.Rect(w * 0.1, h * 0.08, w * 0.8, h * 0.84))
        self.paint.text(
            surface, tr("tutorial.choose", self.lang), self.ui.px(40), GOLD, bold=True, midtop=(w // 2, int(h * 0.16))
        )
        self.gui.draw_ui(surface)
