"""What the settlement panel's builder and its input read from and do to the table scene.

The drawing itself takes values (the panel's :class:`.settlement_panel.PanelFrame` and
:class:`.settlement_panel.PanelModel`, the aids' :class:`.aids.AidsView`); only :func:`.settlement_panel.build_panel`
(which reads the controller) and the panel's buttons (which fold it or deal on) are given the scene, typed as this
protocol, not as ``TableScene``, so that they do not import the scene that imports them: the table's modules form no
circle.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..ui.names import Person
from .layout import Layout
from .source import TableSource
from .view_model import TableView


class TableHost(Protocol):
    """The table scene as the settlement panel's builder and buttons see it."""

    lang: str
    size: tuple[int, int]
    controller: TableSource
    view: TableView
    viewer: int
    layout: Layout
    match_over: bool
    last_hand: bool
    result_collapsed: bool
    confirm_leave: bool  # the leave dialog is open (Esc on the folded settlement bar opens it)
    on_exit: Callable[[], None] | None  # leaves the table (None: no way out, as in the demo)

    def short_name(self, seat: int) -> str:
        """The seat's one name (你, 玩家n, 电脑n) as the table shows it."""
        ...

    def person(self, seat: int) -> Person:
        """The seat's forms in a sentence (subject, object, possessive; whether it is the player)."""
        ...

    def next_hand(self) -> None:
        """Close the settlement and deal the next hand (or leave a finished match)."""
        ...
