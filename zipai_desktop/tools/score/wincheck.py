"""The win check's names as the scorer uses them: the one place this package imports the win check from."""

from __future__ import annotations

from ...engine.win import Group, MeldsKnown, Source, Split, WinTable, evaluate_roles, evaluate_win
from ...engine.win.groups import free_groups, groups_alike_key

__all__ = [
    "Group",
    "MeldsKnown",
    "Source",
    "Split",
    "WinTable",
    "evaluate_roles",
    "evaluate_win",
    "free_groups",
    "groups_alike_key",
]
