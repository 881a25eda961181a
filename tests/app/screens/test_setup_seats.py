"""Seats are chosen by level and by name from drop-down lists (not by clicking through a cycle): each bot seat has a
level and one of the 12 entrant names, distinct by default; the table names the seat by it. Every match, with or
without 倍率, chooses its number of hands (局数) or a points target."""

from __future__ import annotations

import pygame

from zipai_desktop.app.main import App
from zipai_desktop.app.screens.setup import MATCH_HANDS, MATCH_TARGETS, SEAT_KINDS, SetupScene
from zipai_desktop.app.table.scene import TableScene
from zipai_desktop.engine.match import MAX_HANDS, MAX_TARGET

from ..drive import key, press


def _setup(lang: str = "zh", size: tuple[int, int] = (1280, 720)) -> tuple[App, SetupScene]:
    app = App(size, lang, headless=True, resizable=False)
    setup = SetupScene(app, size, lang=lang)
    app.push(setup)
    app.frame(1 / 60)
    return app, setup


def _pick(app: App, drop: object, text: str) -> None:
    press(app, drop.rect.center)  # type: ignore[attr-defined]
    items = drop.menu_states["expanded"].options_selection_list.item_list_container.elements  # type: ignore[attr-defined]
    press(app, next(b for b in items if b.text == text).rect.center)
    for _ in range(3):
        app.frame(1 / 60)


def _drop(setup: SetupScene, kind: str, seat: int) -> object:
    return next(d for d, (k, s) in setup.drops.items() if k == kind and s == seat)


def test_each_seat_has_a_level_list_and_each_bot_a_name_list() -> None:
    app, setup = _setup("zh")
    level = _drop(setup, "seat_kind", 2)
    texts = [t for t, _ in level.options_list]  # type: ignore[attr-defined]
    assert texts == ["真人", "初学", "普通", "高手", "专家", "随机"] and len(texts) == len(SEAT_KINDS)
    names = _drop(setup, "seat_name", 2)
    assert [k for _, k in names.options_list] == [f"entrant.{i}" for i in range(12)]  # type: ignore[attr-defined]
    assert [t for t, _ in names.options_list][:2] == ["阿明", "小芳"]  # type: ignore[attr-defined]
    assert not any(k == "seat_name" and s == 0 for k, s in setup.drops.values())  # the human seat has no name list
    pygame.quit()


def test_default_bot_seats_have_distinct_names_that_the_table_shows() -> None:
    app, setup = _setup("en")
    setup.set_game("bohu")
    setup.players = 4
    setup._build_gui()
    configs = setup.seat_configs()
    bots = [c for c in configs if c.kind != "human"]
    assert len(bots) == 3 and len({c.entrant for c in bots}) == 3
    assert all(c.entrant.startswith("entrant.") for c in bots)
    pygame.quit()


def test_a_seat_chosen_by_name_and_level_plays_under_that_name() -> None:
    app, setup = _setup("zh")
    _pick(app, _drop(setup, "seat_kind", 1), "高手")
    _pick(app, _drop(setup, "seat_name", 1), "张叔")
    assert setup.seats[1] == "strong" and setup.names[1] == "entrant.11"
    setup.start()
    table = app.scenes[-1]
    assert isinstance(table, TableScene)
    seat = table.controller.config.seats[1]
    assert (seat.kind, seat.entrant) == ("strong", "entrant.11")
    assert table.short_name(1) == "张叔" and table._name(1) == "张叔（高手）"
    table.controller.close()
    pygame.quit()


def test_a_resumed_match_keeps_the_seats_names() -> None:
    """The autosave keeps each bot seat's given name, and the resumed table names the seat by it (it said 电脑2)."""
    from zipai_desktop.app.table.persist import resume_controller
    from zipai_desktop.store.autosave import load_autosave

    app, setup = _setup("en")
    setup.set_name(2, "entrant.5")
    setup.start()
    table = app.scenes[-1]
    assert isinstance(table, TableScene)
    table.controller.close()
    state, _ = load_autosave()
    assert state is not None and state["seats"][2]["entrant"] == "entrant.5"
    resumed = resume_controller(state, inline_bots=True)
    assert [s.entrant for s in resumed.config.seats] == ["", "entrant.1", "entrant.5"]
    again = TableScene(resumed, (1280, 720), lang="en")
    assert again.short_name(2) == "Uncle Wang"
    resumed.close()
    pygame.quit()


def test_taking_a_name_another_seat_has_swaps_them_so_names_stay_distinct() -> None:
    app, setup = _setup("en")
    assert setup.names[1:3] == ["entrant.1", "entrant.2"]  # Xiao Fang, Old Li
    _pick(app, _drop(setup, "seat_name", 1), "Old Li")
    assert setup.names[1:3] == ["entrant.2", "entrant.1"]
    pygame.quit()


def test_a_seat_becomes_human_from_its_level_list_and_loses_its_name_list() -> None:
    app, setup = _setup("en")
    _pick(app, _drop(setup, "seat_kind", 2), "Human")
    assert setup.seats[2] == "human"
    assert not any(k == "seat_name" and s == 2 for k, s in setup.drops.values())
    assert setup.seat_configs()[2].entrant == ""
    pygame.quit()


def test_the_seat_lists_work_from_the_keyboard() -> None:
    """Arrows frame a seat's list, Space steps it to the next level / a free name."""
    app, setup = _setup("en")
    app.frame(1 / 60)
    index = next(i for i, r in enumerate(setup.rows) if r.kind == "seat_kind" and r.key == 1)
    for _ in range(index - setup.focus):
        key(app, pygame.K_DOWN)
    before = setup.seats[1]
    key(app, pygame.K_SPACE)
    assert setup.seats[1] != before
    app.frame(1 / 60)
    index = next(i for i, r in enumerate(setup.rows) if r.kind == "seat_name" and r.key == 1)
    setup.focus = index
    before_name = setup.names[1]
    key(app, pygame.K_SPACE)
    assert setup.names[1] != before_name and setup.names[1] != setup.names[2]
    pygame.quit()


def test_a_plain_match_chooses_its_hands_or_a_target() -> None:
    """Without 倍率 the match was fixed at 8 hands; now 局数 and the target are offered for every match."""
    app, setup = _setup("zh")
    assert not setup.stakes_on
    hands = next(r for r in setup.rows if r.kind == "match" and r.key == "hands")
    press(app, hands.rect.center)
    assert setup.hands == MATCH_HANDS[1]
    target = next(r for r in setup.rows if r.kind == "match" and r.key == "target")
    press(app, target.rect.center)
    assert setup.target == MATCH_TARGETS[1]
    setup.start()
    table = app.scenes[-1]
    assert isinstance(table, TableScene)
    assert table.controller.match.hands == MATCH_HANDS[1] and table.controller.match.target == MATCH_TARGETS[1]
    assert table.controller.match.stakes is None
    table.controller.close()
    pygame.quit()


def test_no_hand_limit_and_no_target_is_refused_with_a_sentence() -> None:
    app, setup = _setup("en")
    setup.hands, setup.target = None, None
    setup.start()
    assert app.scenes[-1] is setup and "never ends" in setup.error
    pygame.quit()


def test_the_match_choices_are_within_the_engine_bounds() -> None:
    assert all(h is None or 1 <= h <= MAX_HANDS for h in MATCH_HANDS)
    assert all(t is None or 1 <= t <= MAX_TARGET for t in MATCH_TARGETS)


def test_the_chosen_bot_names_are_remembered_for_the_next_game() -> None:
    """As the levels are: the next setup screen (a new start of the game too) offers the names chosen last."""
    app, setup = _setup("en")
    setup.set_name(1, "entrant.11")
    setup.set_name(2, "entrant.7")
    setup.start()
    table = app.scenes[-1]
    assert isinstance(table, TableScene)
    table.controller.close()
    pygame.quit()
    _, again = _setup("en")
    assert again.names[1:3] == ["entrant.11", "entrant.7"] and len(set(again.names)) == 4
    pygame.quit()


def test_a_bad_remembered_name_falls_back_to_the_default_names() -> None:
    import json

    from zipai_desktop.store import paths

    for bad in (["entrant.0", "entrant.99", "entrant.2"], ["entrant.1", "entrant.1"], "阿明", [5]):
        paths.settings_path().write_text(json.dumps({"default_names": bad}), "utf-8")
        _, setup = _setup("zh")
        assert setup.names == ["entrant.0", "entrant.1", "entrant.2", "entrant.3"], bad
        pygame.quit()
