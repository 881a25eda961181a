"""The bot interface and the registry of levels."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..engine.actions import Action
from ..engine.observation import Observation


class Bot(Protocol):
    """What the app, the tools and the worker ask of a bot: a level ``name`` and a choice among legal actions."""

    name: str

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """One of ``legal`` (never another action) for the seat that sees ``observation``."""
        ...


class RandomBot:
    """Uniform over the legal actions: the baseline every level must beat."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        # One stream per bot: the app and the sim make a bot per seat and hand, seeded from the hand's seed.
        self.rng = random.Random(seed)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """A legal action drawn uniformly from the bot's own stream; ``ValueError`` when ``legal`` is empty."""
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[self.rng.randrange(len(legal))]


def _registry() -> dict[str, Callable[..., Bot]]:
    from .expert import ExpertBot
    from .heuristic import BeginnerBot, CasualBot
    from .search import StrongBot

    return {"random": RandomBot, "beginner": BeginnerBot, "casual": CasualBot, "strong": StrongBot, "expert": ExpertBot}


BOTS: dict[str, Callable[..., Bot]] = _registry()


def make_bot(name: str, seed: int | str = 0, **settings: Any) -> Bot:
    """A bot of level ``name``; ``settings`` go to its constructor (the search bots' ``worlds`` and ``budget_s``)."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})") from None
    return factory(seed, **settings)
