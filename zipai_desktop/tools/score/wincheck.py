"""The win check's names as the scorer uses them: the one place this package imports the win check from."""

from __future__ import annotations

from ...engine.free_split_groups import free_groups, groups_alike_key
from ...engine.hu import Group, MeldsKnown, Source, Split, WinTable, evaluate_roles, evaluate_win

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
