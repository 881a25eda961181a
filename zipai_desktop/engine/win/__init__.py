"""The win check (胡): whether a hand with a card and its melds completes, and with which split and 胡.

The package holds the model types, the role evaluation, the free cards' automaton and its builder, the groups of a
split, the reach filter and the reference search the fast paths are tested against.
"""
