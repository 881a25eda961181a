"""The rules pages: the project's rules documentation (docs/rules-*.md, shipped as assets/rules/) inside the game.

The Markdown is drawn simply: headings bigger and gold, paragraphs wrapped to the width, list items with a bullet (or
their number), block quotes with a gold bar, tables as ruled grids (each cell wrapped inside its column); ``**``,
backticks and link targets are stripped. The pages name the rule options as the engine does (for the command line);
the screen puts the setup screen's words in their place (:func:`player_words`). The page scrolls with the wheel,
↑/↓, PgUp/PgDn and Home/End; the buttons at the top (or Tab) switch between the two games; Esc goes back. The
contents on the left list the chapters (level-2 headings): a click jumps to one, and the chapter being read is
marked.

The Chinese interface shows the Chinese pages (docs/rules-<game>.zh.md) when they are bundled.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from ...engine.rules import get_rules
from ..scene import Scene
from ..ui.assets import asset_path
from ..ui.fonts import font, text
from ..ui.gui import manager
from ..ui.i18n import STRINGS, tr
from ..ui.palette import FELT, FELT_DARK, GOLD, GREY, PANEL, WHITE
from ..ui.sizing import Drawn, Painter, ui_for
from .tutorial import wrap

GAMES = ("guilin", "bohu")


def rules_file(rules: str, lang: str = "en") -> Any:
    """The bundled copy of docs/rules-<rules>.md, or of the Chinese docs/rules-<rules>.zh.md for ``lang="zh"``."""
    if lang == "zh":
        chinese = asset_path("rules", f"rules-{rules}.zh.md")
        if chinese.is_file():
            return chinese
    return asset_path("rules", f"rules-{rules}.md")


# --- the player's words for the options ------------------------------------------------------------------------------

_CODE = re.compile(r"`([^`\n]*)`")
_ECHO = re.compile(r"([^\s（(|]+)[（(]\1[）)]")
_SETTING = re.compile(r'^([a-z][a-z0-9_]*)\s*:\s*"?([^"]*)"?$')  # name: "value" / name: 15 / name: false
#: The pages' sentence on how the engine and ``zipai score`` take the options by name (for the command line); the
#: screen says instead where a player chooses them.
_ENGINE_SENTENCE = re.compile(
    r"The engine and the `zipai score[^`]*` command accept them.*?An unknown name is\s+an error\.|"
    r"引擎和 `zipai score[^`]*` 命令接受这些选项.*?未知的名字是错误。",
    re.DOTALL,
)


def option_names(rules: str) -> tuple[str, ...]:
    """The engine's names of a game's rule options (``min_hu``, ``dianpao_pays_all`` ...)."""
    return tuple(f.name for f in dataclasses.fields(get_rules(rules).parse_options({})))


def value_words(value: str, lang: str) -> str:
    """An option's value as the setup screen shows it: 开 / 关, a number, or the value's own words (翻倍, 每次换庄)."""
    if value in ("true", "false"):
        return tr("common.on" if value == "true" else "common.off", lang)
    return tr(f"value.{value}", lang) if f"value.{value}" in STRINGS else value


def player_words(markdown: str, rules: str, lang: str) -> str:
    """The rules text with the setup screen's words for the options (``zimo_bonus: "double"`` → 自摸奖励：翻倍), never
    the engine's names: an option's name becomes its setup label, a quoted value its setup value; in running text
    the label is set off in 「」 (Chinese) or quotes (English), in a table it stands alone. The sentence on the
    engine's option names becomes one on where the player chooses them."""
    names = set(option_names(rules))
    markdown = _ENGINE_SENTENCE.sub(tr("rules.options_where", lang), markdown)
    colon = "：" if lang == "zh" else ": "
    quote = ("「", "」") if lang == "zh" else ("“", "”")

    def words(code: str) -> str | None:
        setting = _SETTING.match(code.strip())
        if code in names:
            return tr(f"option.{code}", lang)
        if setting is not None and setting.group(1) in names:
            return tr(f"option.{setting.group(1)}", lang) + colon + value_words(setting.group(2), lang)
        if code.startswith('"') and code.endswith('"') and len(code) > 2:
            return value_words(code[1:-1], lang)
        if code in ("true", "false"):
            return value_words(code, lang)
        return None

    def swap(m: re.Match[str], in_table: bool) -> str:
        said = words(m.group(1))
        if said is None:
            return m.group(0)
        label = m.group(1).split(":")[0].strip() in names
        return f"{quote[0]}{said}{quote[1]}" if label and not in_table else said

    lines = []
    for line in markdown.split("\n"):
        in_table = line.lstrip().startswith("|")
        lines.append(_CODE.sub(lambda m, t=in_table: swap(m, t), line))  # type: ignore[misc]
    # A name left bare (in a formula such as 1 + floor((胡 − min_hu) / hu_step)) becomes its label too.
    bare = re.compile(r"\b(" + "|".join(sorted((n for n in names if "_" in n), key=len, reverse=True)) + r")\b")
    text = bare.sub(lambda m: tr(f"option.{m.group(1)}", lang), "\n".join(lines))
    return _ECHO.sub(r"\1", text)  # a gloss that now repeats its word: 放炮必胡（放炮必胡） → 放炮必胡


# --- Markdown, simply -------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Block:
    """One block of a rules page: a heading, a paragraph, a list item, a quote, a table, a rule or code."""

    kind: str  # heading | para | item | quote | table | rule | code
    text: str = ""
    level: int = 0  # heading level, or the list item's indent
    marker: str = ""  # a list item's bullet or number
    rows: tuple[tuple[str, ...], ...] = ()


_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_EMPH = re.compile(r"(?<![\w*])\*(?!\s)([^*]+?)(?<!\s)\*(?![\w*])")
_ITEM = re.compile(r"^(\s*)([*+-]|\d+\.)\s+(.*)$")


def inline(s: str) -> str:
    """Plain text of a Markdown line: links keep their text; ``**``, ``*emphasis*``, ``__`` and backticks go."""
    s = _LINK.sub(r"\1", s)
    s = s.replace("**", "").replace("`", "").replace("__", "")
    s = _EMPH.sub(r"\1", s)
    return s.replace("\\|", "|").replace("&nbsp;", " ").strip()


def _cjk(ch: str) -> bool:
    return ord(ch) >= 0x2E80


def join(lines: list[str]) -> str:
    """Source lines of one paragraph as one line: a space between them, except where Chinese meets Chinese."""
    out = ""
    for line in lines:
        if out and line and not (_cjk(out[-1]) and _cjk(line[0])):
            out += " "
        out += line
    return out


def _cells(line: str) -> tuple[str, ...]:
    body = line.strip().removeprefix("|").removesuffix("|")
    return tuple(inline(c) for c in re.split(r"(?<!\\)\|", body))


def parse(markdown: str) -> list[Block]:
    """The blocks of a rules page written in the subset of Markdown the rules files use."""
    blocks: list[Block] = []
    lines = markdown.splitlines()
    i = 0
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(Block("para", inline(join(para))))
            para.clear()

    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if stripped.startswith("```"):
            flush()
            i += 1
            while i < len(lines) and not lines[i].strip().startswith("```"):
                blocks.append(Block("code", lines[i].rstrip()))
                i += 1
        elif not stripped:
            flush()
        elif stripped.startswith("#"):
            flush()
            level = len(stripped) - len(stripped.lstrip("#"))
            blocks.append(Block("heading", inline(stripped[level:]), level=level))
        elif stripped in ("---", "***", "___"):
            flush()
            blocks.append(Block("rule"))
        elif stripped.startswith("|"):
            flush()
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                cells = _cells(lines[i])
                if not all(re.fullmatch(r":?-{2,}:?", c.strip()) for c in cells if c.strip()) or not any(cells):
                    rows.append(cells)
                i += 1
            blocks.append(Block("table", rows=tuple(rows)))
            continue
        elif stripped.startswith(">"):
            flush()
            quote = []
            while i < len(lines) and lines[i].strip().startswith(">"):
                quote.append(lines[i].strip().lstrip(">").strip())
                i += 1
            blocks.append(Block("quote", inline(join(quote))))
            continue
        elif (m := _ITEM.match(line)) is not None:
            flush()
            indent = len(m.group(1).expandtabs(4))
            marker = "•" if m.group(2) in "*+-" else m.group(2)
            item = [m.group(3)]
            i += 1
            # Continuation lines: indented, not a new item, not blank.
            while i < len(lines) and lines[i].strip() and lines[i][:1] == " " and not _ITEM.match(lines[i]):
                item.append(lines[i].strip())
                i += 1
            blocks.append(Block("item", inline(join(item)), level=indent // 2, marker=marker))
            continue
        else:
            para.append(stripped)
        i += 1
    flush()
    return blocks


# --- laid out lines ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One laid-out line of the page: where it goes, its text, size and style."""

    y: int  # from the top of the page
    x: int  # from the left of the text column
    text: str
    size: int
    colour: tuple[int, int, int]
    bold: bool = False
    bar: bool = False  # a block quote's gold bar to its left
    rule: bool = False  # a horizontal rule (no text)
    heading: str = ""  # on a heading's first line: the whole heading (an entry of the contents)
    level: int = 0  # ... and its level
    table: int = -1  # a table's cell line or ruling: the table's index on the page
    column: int = -1  # ... a cell line's column
    w: int = 0  # a table's ruling: a horizontal line this long from (x, y), or
    h: int = 0  # ... a vertical one this high (a rule with neither spans the page)


def layout(blocks: list[Block], width: int, base: int) -> tuple[list[Line], int]:
    """Every line of the page at ``width`` pixels with body text of ``base`` px; returns (lines, page height)."""
    out: list[Line] = []
    y = 0
    gap = max(4, base // 3)
    tables = 0
    for b in blocks:
        if b.kind == "heading":
            size = base + {1: 12, 2: 7, 3: 3}.get(b.level, 1)
            y += gap * (2 if b.level <= 2 else 1)
            for j, line in enumerate(wrap(b.text, font(size, bold=True), width)):
                first = j == 0
                out.append(Line(y, 0, line, size, GOLD, True, heading=b.text if first else "", level=b.level))
                y += size + 6
            y += gap // 2
        elif b.kind == "para":
            for line in wrap(b.text, font(base), width):
                out.append(Line(y, 0, line, base, WHITE))
                y += base + 5
            y += gap
        elif b.kind == "item":
            indent = base * (1 + b.level)
            marker_w = font(base).size(b.marker + " ")[0]
            for j, line in enumerate(wrap(b.text, font(base), width - indent - marker_w)):
                if j == 0:
                    out.append(Line(y, indent, b.marker, base, GOLD))
                out.append(Line(y, indent + marker_w, line, base, WHITE))
                y += base + 5
            y += 2
        elif b.kind == "quote":
            for line in wrap(b.text, font(base, bold=True), width - base * 2):
                out.append(Line(y, base * 2, line, base, GOLD, True, bar=True))
                y += base + 5
            y += gap
        elif b.kind == "code":
            out.append(Line(y, base, b.text, base - 1, GREY))
            y += base + 4
        elif b.kind == "rule":
            y += gap
            out.append(Line(y, 0, "", base, GREY, rule=True))
            y += gap
        elif b.kind == "table":
            y = _layout_table(out, b.rows, width, base, y, tables) + gap
            tables += 1
    return out, y


#: The pieces wrap() keeps whole: a Chinese character with the punctuation that follows it, or a Latin word.
_WORD = re.compile(r"[\u2e80-\uffff][，。：；！？）、」』”,.;:!?)\]]*|[^\s\u2e80-\uffff]+")


def column_widths(rows: tuple[tuple[str, ...], ...], size: int, room: int, pad: int) -> list[int]:
    """Each column's width (its cells' padding included) for a table ``room`` pixels wide: every column as wide as its
    widest cell when they all fit; otherwise each column gets at least its longest word (a Chinese character is a
    word) and the room left is shared out in proportion to what each column still lacks, so long cells wrap."""
    ncols = max(len(r) for r in rows)
    natural, least = [2 * pad] * ncols, [2 * pad] * ncols
    for r, row in enumerate(rows):
        f = font(size, bold=r == 0)
        for c, cell in enumerate(row):
            natural[c] = max(natural[c], f.size(cell)[0] + 2 * pad)
            words = _WORD.findall(cell) or [""]
            least[c] = max(least[c], max(f.size(t)[0] for t in words) + 2 * pad)
    if sum(natural) <= room:
        return natural
    spare = max(0, room - sum(least))
    lack = [n - m for n, m in zip(natural, least, strict=True)]
    total = max(1, sum(lack))
    return [m + spare * k // total for m, k in zip(least, lack, strict=True)]


def _layout_table(out: list[Line], rows: tuple[tuple[str, ...], ...], width: int, base: int, y: int, index: int) -> int:
    """A ruled grid: the header row in gold, each cell's text wrapped inside its column, every column's lines
    starting at one x, rules round the table, under the header, between rows and between columns."""
    size = max(10, base - 1)
    if not rows:
        return y
    pad = max(4, size // 2)
    step = size + 5
    widths = column_widths(rows, size, width - 2, pad)
    lefts = [1 + sum(widths[:c]) for c in range(len(widths))]
    right = lefts[-1] + widths[-1]
    top = y
    out.append(Line(y, 1, "", size, GREY, rule=True, table=index, w=right - 1))
    for r, row in enumerate(rows):
        header = r == 0
        cells = [wrap(cell, font(size, bold=header), widths[c] - 2 * pad) for c, cell in enumerate(row)]
        height = max(len(lines) for lines in cells) * step + pad
        for c, lines in enumerate(cells):
            for j, line in enumerate(lines):
                if line:
                    colour = GOLD if header else WHITE
                    cell_y = y + pad // 2 + j * step
                    out.append(Line(cell_y, lefts[c] + pad, line, size, colour, header, table=index, column=c))
        y += height
        out.append(Line(y, 1, "", size, GOLD if header else GREY, rule=True, table=index, w=right - 1))
    for x in [*lefts, right]:
        out.append(Line(top, x, "", size, GREY, rule=True, table=index, h=y - top))
    return y + 2


# --- the scene --------------------------------------------------------------------------------------------------------


class RulesScene(Scene):
    """The rules of one game, scrolled, with a contents list to jump to a section."""

    def __init__(self, app: Any, size: tuple[int, int], lang: str = "zh", rules: str = "guilin") -> None:
        """The rules page of ``rules`` (guilin or bohu) in ``lang``, at the top."""
        if rules not in GAMES:
            raise ValueError(f"rules must be one of {GAMES}, not {rules!r}")
        self.app = app
        self.size = size
        self.lang = lang
        self.rules = rules
        self.scroll = 0
        self.lines: list[Line] = []
        self.page_height = 0
        self.paint = Painter()
        self._load()
        self._build()

    # --- content ------------------------------------------------------------------------------------------------------

    def _load(self) -> None:
        path = rules_file(self.rules, self.lang)
        try:
            self.blocks = parse(player_words(path.read_text(encoding="utf-8"), self.rules, self.lang))
        except OSError:
            self.blocks = [Block("para", tr("rules.missing", self.lang, path=str(path)))]

    @property
    def base_size(self) -> int:
        """The body text's size in pixels."""
        return self.ui.font

    def view_rect(self) -> pygame.Rect:
        """Where the page is drawn: below the title bar, right of the contents, above the key line."""
        ui = self.ui
        w, h = self.size
        top = self._bar_height() + ui.gap
        bottom = h - ui.line(ui.small) - ui.px(4)
        side = ui.px(16)
        left = self.toc_rect().right + ui.px(24)
        return pygame.Rect(left, top, w - side - left, bottom - top)

    def toc_rect(self) -> pygame.Rect:
        """The contents: a column on the left, about a quarter of the window."""
        ui = self.ui
        w, h = self.size
        top = self._bar_height() + ui.gap
        return pygame.Rect(ui.px(16), top, int(w * 0.24), h - ui.line(ui.small) - ui.px(4) - top)

    def _bar_height(self) -> int:
        return max(48, self.size[1] // 10)

    def _build(self) -> None:
        """Lay the page out for the window, the contents, and the buttons of the title bar."""
        self.ui = ui = ui_for(self.size)
        view = self.view_rect()
        self.lines, self.page_height = layout(self.blocks, view.width - 16, self.base_size)
        self.scroll = min(self.scroll, self.max_scroll)
        self._build_toc()
        w, h = self.size
        self.gui = manager(self.size, ui.font)
        self.gui_buttons: dict[object, str] = {}
        labels = [tr("rules.back", self.lang), *(tr(f"game.{g}", self.lang) for g in GAMES)]
        kinds = ["back", *(f"game:{g}" for g in GAMES)]
        order = [1, 2, 0]  # the two games, then back, from the right end of the bar
        bh = ui.line()
        rects = ui.row([labels[i] for i in order], w - ui.px(16), (self._bar_height() - bh) // 2, right=True, height=bh)
        for i, rect in zip(order, rects, strict=False):
            element = pygame_gui.elements.UIButton(rect, labels[i], self.gui)
            self.gui_buttons[element] = kinds[i]
            if kinds[i] == f"game:{self.rules}":
                element.select()  # type: ignore[no-untyped-call]  # pygame_gui's select() has no annotations
        self.bar_buttons_left = min(r.left for r in rects)

    def _build_toc(self) -> None:
        """One entry per chapter: its lines (wrapped to the column), its rect and where it starts on the page."""
        ui = self.ui
        toc = self.toc_rect()
        size = ui.small
        inner = toc.width - 2 * ui.pad
        self.toc: list[tuple[pygame.Rect, list[str], int]] = []
        y = toc.top + ui.px(6)
        for ln in self.lines:
            if not ln.heading or ln.level != 2:
                continue
            parts = wrap(ln.heading, font(size), inner)
            height = len(parts) * font(size).get_linesize() + ui.px(6)
            self.toc.append((pygame.Rect(toc.left, y, toc.width, height), parts, ln.y))
            y += height + ui.px(3)

    def jump(self, index: int) -> None:
        """Scroll to the ``index``-th chapter of the contents."""
        self.scroll_to(self.toc[index][2] - self.base_size)

    def current_chapter(self) -> int:
        """The chapter at the top of the page (-1 above the first)."""
        return max((i for i, (_, _, y) in enumerate(self.toc) if y <= self.scroll + self.base_size * 2), default=-1)

    def button(self, kind: str) -> Any:
        """The pygame_gui button of ``kind`` (back, game:guilin, game:bohu)."""
        return next((b for b, k in self.gui_buttons.items() if k == kind), None)

    @property
    def max_scroll(self) -> int:
        """How far the page scrolls: to its last line at the bottom of the view."""
        return max(0, self.page_height - self.view_rect().height + 16)

    def scroll_to(self, y: int) -> None:
        """Scroll so that the page's ``y`` is at the top of the view (kept within the page)."""
        self.scroll = max(0, min(self.max_scroll, int(y)))

    def show(self, rules: str) -> None:
        """Switch to the other game's rules, from the top."""
        if rules != self.rules:
            self.rules = rules
            self.scroll = 0
            self._load()
            self._build()

    def resize(self, size: tuple[int, int]) -> None:
        # Keep the reading position as a fraction of the page.
        """Lay the page out for the new window size, at the same place in the text."""
        fraction = self.scroll / self.page_height if self.page_height else 0.0
        self.size = size
        self._build()
        self.scroll_to(int(fraction * self.page_height))

    # --- the frame ----------------------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        """The buttons, the contents links, and the keys: ↑/↓, Page Up/Down, Home/End, the wheel, Esc."""
        self.gui.process_events(event)
        step = self.base_size * 3
        page = max(step, self.view_rect().height - self.base_size * 3)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.gui_buttons:
            kind = self.gui_buttons[event.ui_element]
            if kind == "back":
                self.app.pop()
            else:
                self.show(kind.split(":", 1)[1])
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            for i, (rect, _, _) in enumerate(self.toc):
                if rect.collidepoint(event.pos):
                    self.jump(i)
                    break
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * step)
        elif event.type == pygame.KEYDOWN:
            moves = {
                pygame.K_UP: -step,
                pygame.K_DOWN: step,
                pygame.K_PAGEUP: -page,
                pygame.K_PAGEDOWN: page,
                pygame.K_SPACE: page,
            }
            if event.key in moves:
                self.scroll_to(self.scroll + moves[event.key])
            elif event.key == pygame.K_HOME:
                self.scroll_to(0)
            elif event.key == pygame.K_END:
                self.scroll_to(self.max_scroll)
            elif event.key == pygame.K_TAB:
                self.show(GAMES[(GAMES.index(self.rules) + 1) % len(GAMES)])
            elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()

    def update(self, dt: float) -> None:
        """Advance the buttons' hover and press animations."""
        self.gui.update(dt)

    def visible_lines(self) -> list[Line]:
        """The lines inside the view at this scroll."""
        view = self.view_rect()
        bottom = self.scroll + view.height
        return [ln for ln in self.lines if ln.y + max(ln.size * 2, ln.h) >= self.scroll and ln.y <= bottom]

    def draw(self, surface: pygame.Surface) -> None:
        """The page's lines in the view, the contents, the buttons."""
        w, h = self.size
        ui = self.ui
        paint = self.paint
        paint.reset()
        surface.fill(FELT)
        bar = pygame.Rect(0, 0, w, self._bar_height())
        pygame.draw.rect(surface, PANEL, bar)
        title = tr("rules.title", self.lang, game=tr(f"game.{self.rules}", self.lang))
        room = self.bar_buttons_left - ui.px(16) - ui.gap
        size = ui.px(27, 16)
        while size > ui.font and ui.text_w(title, size, bold=True) > room:
            size -= 1
        paint.text(surface, title, size, GOLD, bold=True, midleft=(ui.px(16), bar.centery))
        self._draw_toc(surface)
        view = self.view_rect()
        page = view.inflate(16, 0)
        pygame.draw.rect(surface, PANEL, page.inflate(0, 8), border_radius=8)
        clip = surface.get_clip()
        surface.set_clip(page)
        left, top = view.left + 8, view.top + 8 - self.scroll
        for ln in self.visible_lines():
            if ln.rule:
                start = (left + ln.x, top + ln.y)
                if ln.w or ln.h:  # a table's ruling
                    pygame.draw.line(surface, ln.colour, start, (start[0] + ln.w, start[1] + ln.h), 1)
                else:
                    pygame.draw.line(surface, GREY, (left, top + ln.y), (left + view.width - 16, top + ln.y), 1)
                continue
            if ln.text == "•":  # the font's bullet is small and low: draw a dot of the text's size
                r = max(2, ln.size // 5)
                pygame.draw.circle(surface, ln.colour, (left + ln.x + r + 1, top + ln.y + ln.size * 2 // 3), r)
                continue
            if ln.bar:
                pygame.draw.rect(surface, GOLD, pygame.Rect(left + ln.size // 2, top + ln.y, 3, ln.size + 5))
            surface.blit(text(ln.text, ln.size, ln.colour, bold=ln.bold), (left + ln.x, top + ln.y))
        surface.set_clip(clip)
        self._draw_scrollbar(surface, page)
        self.gui.draw_ui(surface)
        paint.text(surface, tr("rules.keys", self.lang), ui.small, GREY, midbottom=(w // 2, h - ui.px(4)))

    def _draw_toc(self, surface: pygame.Surface) -> None:
        ui = self.ui
        toc = self.toc_rect()
        pygame.draw.rect(surface, FELT_DARK, toc, border_radius=8)
        current = self.current_chapter()
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)
        line_h = font(ui.small).get_linesize()
        for i, (rect, parts, _) in enumerate(self.toc):
            if rect.bottom > toc.bottom:
                break
            if i == current or rect.collidepoint(mouse):
                pygame.draw.rect(surface, (60, 110, 80) if i == current else PANEL, rect, border_radius=6)
            self.paint.drawn.append(Drawn("", pygame.Rect(rect.topleft, (0, 0)), rect, True))
            y = rect.top + ui.px(3)
            for part in parts:
                colour = GOLD if i == current else WHITE
                self.paint.text(surface, part, ui.small, colour, box=rect, topleft=(rect.left + ui.pad, y))
                y += line_h

    def _draw_scrollbar(self, surface: pygame.Surface, page: pygame.Rect) -> None:
        if self.max_scroll <= 0:
            return
        track = pygame.Rect(page.right - 8, page.top + 4, 5, page.height - 8)
        knob_h = max(24, int(track.height * page.height / (self.page_height + 16)))
        knob_y = track.top + int((track.height - knob_h) * self.scroll / self.max_scroll)
        pygame.draw.rect(surface, (40, 70, 58), track, border_radius=3)
        pygame.draw.rect(surface, GOLD, pygame.Rect(track.left, knob_y, track.width, knob_h), border_radius=3)
