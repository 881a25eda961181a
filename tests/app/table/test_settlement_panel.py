"""A win at the table, as a player sees it: the pause on the winning card with its banner, every hand face up, then
the settlement panel that explains itself with the engine's own breakdown; 荒庄 shows every hand; the panel folds
away (Esc or its button) and comes back, and 下一局 stays reachable. Driven by posted input on seeded bot hands."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from zipai_desktop.app.main import App  # noqa: E402
from zipai_desktop.app.table.controller import Controller, GameConfig, SeatConfig  # noqa: E402
from zipai_desktop.app.table.scene import TableScene  # noqa: E402
from zipai_desktop.app.table.settlement_panel import build_panel, button_labels, buttons, frame_of  # noqa: E402
from zipai_desktop.app.ui.i18n import tr  # noqa: E402
from zipai_desktop.engine.cards import parse_cards  # noqa: E402

from ..drive import key, press  # noqa: E402


def table_for(rules: str, seed: int, size: tuple[int, int] = (1280, 720), lang: str = "zh") -> tuple[App, TableScene]:
    app = App(size, lang, headless=True, resizable=False)
    seats = [SeatConfig("beginner", f"bot{i}") for i in range(3)]
    controller = Controller(GameConfig(rules=rules, players=3, seats=seats, seed=seed), inline_bots=True)
    table = TableScene(controller, size, lang=lang, speed=8.0)
    app.push(table)
    return app, table


def run_until(app: App, table: TableScene, done) -> None:  # type: ignore[no-untyped-def]
    for _ in range(20000):
        app.frame(1 / 60)
        if done():
            return
    raise AssertionError("the hand did not get there")


def test_a_win_pauses_on_the_winning_card_reveals_every_hand_then_explains_the_settlement() -> None:
    app, table = table_for("guilin", 6)  # 电脑2 wins on their own flip (自摸) with 醒
    run_until(app, table, lambda: table.view.won is not None)
    # The pause: the winning card and the banner, no panel yet, the hands still hidden.
    assert table.win_pause > 0 and not table.show_result and table.view.ended is None
    run_until(app, table, lambda: table.view.ended is not None)
    assert not table.show_result  # every hand face up first
    run_until(app, table, lambda: table.show_result)
    game = table.controller.game
    result = game.result
    assert result is not None and result.win is not None
    s = result.settlement
    model = build_panel(table)
    assert result.win.source.value == "own_draw" and "自摸" in model.how
    # each group with its 胡, as the engine split the hand; the winning card marked in exactly one group
    assert [(g.cards, g.value) for g in model.groups] == [(g.cards, g.hu) for g in result.win.split.groups]
    assert sum(g.win_at >= 0 for g in model.groups) == 1
    assert model.win_card == result.win.card
    # the 醒 card shown as a card, and every card that counted as 醒 marked
    assert [card for card, _ in model.xing] == list(s.xing_cards) and s.xing
    counted = {k for f in s.xing for k, _, n in f.counted if n}
    marked = {g.cards[i] for g in model.groups for i in g.xing}
    assert marked == counted & {k for g in model.groups for k in g.cards}
    # each payment line: who pays whom how much, and why (自摸: each other player pays T)
    assert len(model.payments) == len(s.payments) == 2
    for line, p in zip(model.payments, s.payments, strict=True):
        assert table.short_name(p.payer) in line and f"{p.amount}分" in line and f"每家付{p.per}舵" in line
    assert model.value.endswith(f"= {s.duo}舵")
    # the hands left, face up: the engine's own reveal
    revealed = [cards for _, cards in model.hands]
    assert revealed == [tuple(parse_cards(h)) if h else () for h in table.view.ended.hands]
    pygame.quit()


def test_bohu_win_names_each_ming_tang_and_the_round_progress() -> None:
    app, table = table_for("bohu", 52)  # a 红胡 on another player's flip
    run_until(app, table, lambda: table.show_result)
    result = table.controller.game.result
    assert result is not None
    s = result.settlement
    model = build_panel(table)
    assert model.value == f"{s.hu}胡息 × {s.fan}番 = {s.score}"
    for name, fan in s.fans:
        assert f"{tr('special.' + name)} {fan}番" in model.ming_tang
    assert "红胡 2番" in model.ming_tang
    assert f"{s.score}/100" in model.round
    pygame.quit()


def test_huang_zhuang_shows_every_hand_and_no_payment() -> None:
    app, table = table_for("guilin", 2, (1024, 640), "en")
    run_until(app, table, lambda: table.show_result)
    game = table.controller.game
    assert game.result is not None and game.result.winner is None
    model = build_panel(table)
    assert "荒庄" in model.title and not model.groups and not model.payments
    assert [cards for _, cards in model.hands] == [
        tuple(sorted(k for k in range(20) for _ in range(h[k]))) for h in game.hands
    ]
    pygame.quit()


def test_the_panel_folds_away_and_back_and_next_hand_stays_reachable() -> None:
    app, table = table_for("guilin", 3)
    run_until(app, table, lambda: table.show_result)
    key(app, pygame.K_ESCAPE)
    assert table.show_result and table.result_collapsed
    key(app, pygame.K_SPACE)
    assert not table.result_collapsed
    press(app, buttons(frame_of(table))["toggle"].center)
    assert table.result_collapsed
    press(app, buttons(frame_of(table))["toggle"].center)
    assert not table.result_collapsed
    press(app, buttons(frame_of(table))["toggle"].center)
    press(app, buttons(frame_of(table))["next"].center)  # 下一局 from the folded bar
    assert not table.show_result and table.controller.match.played == 1
    pygame.quit()


def test_the_panel_is_drawn_from_values_without_a_table() -> None:
    """A hand-made model in a frame: the open panel draws its title and its gold edge; folded, only the two buttons
    in the top strip are drawn (the table under it is left as it was)."""
    from zipai_desktop.app.table.settlement_panel import PanelFrame, PanelModel, draw_result, panel_rect
    from zipai_desktop.app.ui.fonts import reset_caches

    pygame.init()
    reset_caches()  # fonts made before an earlier test's pygame.quit are dead
    size = (1280, 720)
    model = PanelModel(title="电脑1 胡了！", how="自摸", win_card=parse_cards("壹")[0], payments=["电脑2 付 10"])
    model.seats.append(("电脑1", 10, 10))
    surface = pygame.Surface(size)
    surface.fill((1, 2, 3))
    opened = PanelFrame(size, "zh", collapsed=False, match_over=False, card_w=40)
    draw_result(opened, model, surface)
    panel = panel_rect(size)
    assert surface.get_at((panel.centerx, panel.top)) != (1, 2, 3)  # the gold edge
    assert surface.get_at((panel.centerx, panel.centery))[:3] != (1, 2, 3)
    surface.fill((1, 2, 3))
    folded = PanelFrame(size, "zh", collapsed=True, match_over=True, card_w=40)
    rects = buttons(folded)
    assert rects["toggle"].bottom < panel.top and rects["next"].bottom < panel.top
    draw_result(folded, model, surface)
    assert surface.get_at((panel.centerx, panel.centery))[:3] == (1, 2, 3)
    assert surface.get_at(rects["next"].center)[:3] != (1, 2, 3)
    pygame.quit()


def test_esc_on_the_folded_panel_asks_to_leave_the_table() -> None:
    """Esc folds the panel; Esc again, on the folded bar, opens the leave dialog (Esc / N stays on the bar, Enter
    leaves); Space reopens the panel. The folded bar's button names Space. Before, Esc only folded and unfolded."""
    app, table = table_for("guilin", 3, lang="en")
    left: list[bool] = []
    table.on_exit = lambda: left.append(True)
    run_until(app, table, lambda: table.show_result)
    key(app, pygame.K_ESCAPE)
    assert table.result_collapsed and not table.confirm_leave
    assert "(Space)" in button_labels(frame_of(table))["toggle"]
    key(app, pygame.K_ESCAPE)
    assert table.confirm_leave and table.result_collapsed and not left
    key(app, pygame.K_ESCAPE)  # Esc in the dialog stays
    assert not table.confirm_leave and table.result_collapsed and not left
    key(app, pygame.K_SPACE)
    assert not table.result_collapsed
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_RETURN)
    assert left == [True]
    pygame.quit()
