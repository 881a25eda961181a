"""What the table's helpers (the settlement panel, the aids) read from and do to the table scene.

They are given the scene typed as this protocol, not as ``TableScene``, so that they do not import the scene that
imports them: the table's modules form no circle.
"""

from __future__ import annotations

from typing import Protocol

from ...engine.waits import Wait
from .controller import Controller
from .layout import Layout
from .view_model import TableView


class TableHost(Protocol):
    """The table scene as its settlement panel and aids see it."""

    lang: str
    size: tuple[int, int]
    controller: Controller
    view: TableView
    viewer: int
    layout: Layout
    match_over: bool
    result_collapsed: bool
    toast: list[object] | None

    def short_name(self, seat: int) -> str:
        """The seat's one name (你, 玩家n, 电脑n) as the table shows it."""
        ...

    def next_hand(self) -> None:
        """Close the settlement and deal the next hand (or leave a finished match)."""
        ...

    def current_waits(self) -> list[Wait]:
        """The viewer's waits, when the waits aid is on."""
        ...

    def hint_line(self) -> str:
        """The hint aid's line, or an empty string."""
        ...
