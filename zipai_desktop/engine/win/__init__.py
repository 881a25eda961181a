"""The win check (胡): whether a hand with a card and its melds completes, and with which split and 胡.

The face of the package, what the rest of the engine, the bots and the tools use:

* :class:`Source`, :class:`Group`, :class:`WinTable` (model.py) and :class:`Split` (split.py): the values;
* :func:`evaluate_win` / :func:`evaluate_roles` (check.py, roles.py): the best split, or the best split of every
  role of the winning card;
* :func:`find_wins` (check.py): what the game asks at every card, with every pre-check in front of the role
  evaluation.

Inside: automaton.py (the free cards' automaton, walked) and automaton_build.py (its builder, run by
build/make_win_tables.py, which writes tables.bin), groups.py (a split's groups, built when read), reach.py (the
loose-card filter), reference.py (the plain search every fast part is tested against).
"""

from .check import best_free, find_wins
from .model import Group, Source, WinTable
from .roles import MeldFacts, MeldsKnown, evaluate_roles, evaluate_win, meld_facts
from .split import Split

__all__ = [
    "Group",
    "MeldFacts",
    "MeldsKnown",
    "Source",
    "Split",
    "WinTable",
    "best_free",
    "evaluate_roles",
    "evaluate_win",
    "find_wins",
    "meld_facts",
]
