"""The table scene: one match at the table, put together from its state and pacing (:mod:`.state`), its input
(:mod:`.input`) and its drawing (:mod:`.draw`); the card flights are :mod:`.flights`."""

from __future__ import annotations

from .draw import TableDrawing
from .input import TableInput
from .state import CLAIM_PAUSE, PACES, Button

__all__ = ["CLAIM_PAUSE", "PACES", "Button", "TableScene"]


class TableScene(TableInput, TableDrawing):
    """One match at the table."""
