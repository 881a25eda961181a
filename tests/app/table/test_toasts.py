"""A toast stays long enough to read: the F4 refusal in a counted game went in about a second (issue 29, item 12)."""

from __future__ import annotations

import pygame
import pytest

from zipai_desktop.app.table import aids

from .test_table_hand import FRAME, key, table, until_discard  # noqa: F401 (table is the fixture)


def test_a_toggle_shows_for_a_moment_and_a_refusal_for_its_reading_time() -> None:
    assert aids.TOAST_SECONDS <= aids.toast_seconds("提示：开") < 2.0
    assert aids.toast_seconds("Hint: on") == aids.TOAST_SECONDS
    zh = aids.toast_seconds("计分局不提供提示（可在设置里打开）")
    en = aids.toast_seconds("No hints in counted games (turn them on in Settings)")
    assert 3.0 <= zh <= aids.TOAST_MAX_SECONDS and 3.0 <= en <= aids.TOAST_MAX_SECONDS
    assert aids.toast_seconds("x" * 10_000) == aids.TOAST_MAX_SECONDS


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_f4_refusal_in_a_counted_game_stays_to_be_read(table, lang: str) -> None:  # type: ignore[no-untyped-def]  # noqa: F811
    app, scene = table(seed=12)
    scene.lang = lang
    until_discard(app, scene)
    key(app, pygame.K_F4)
    assert scene.hint is None and scene.toast is not None
    refusal = str(scene.toast[0])
    assert ("设置" in refusal) if lang == "zh" else ("Settings" in refusal)
    for _ in range(int(2.5 / FRAME)):  # 2.5 s later it is still there (it went after 1.6 s before)
        app.frame(FRAME)
    assert scene.toast is not None and str(scene.toast[0]) == refusal
    for _ in range(int(4.0 / FRAME)):  # and gone by its reading time's end (at most 6 s)
        app.frame(FRAME)
    assert scene.toast is None
