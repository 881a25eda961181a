"""The bot interface and the registry of levels."""

from __future__ import annotations

import random
import sys
from _random import Random as _CRandom
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..engine.actions import Action
from ..engine.observation import Observation

# The SHA-512 random.Random.seed hashes a text seed with, from the same place: the interpreter's own small module
# when there is one (as random.py takes it: it needs no OpenSSL context, ~1,700 machine instructions fewer a bot in
# CPython 3.11; 3.12 names it _sha2), else hashlib's. The digest is the same either way.
try:
    from _sha2 import sha512  # type: ignore[import-not-found, unused-ignore]
except ImportError:  # pragma: no cover - depends on the interpreter
    try:
        from _sha512 import sha512  # type: ignore[import-not-found, no-redef, unused-ignore]
    except ImportError:  # pragma: no cover
        from hashlib import sha512  # type: ignore[assignment, unused-ignore]


class Bot(Protocol):
    name: str

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action: ...


# The bits of a draw below n (n.bit_length()), read by index: a method call costs more than a table read.
_BITS = tuple(n.bit_length() for n in range(256))
# The C generators of the bots made last, oldest first. A bot is made per seat and hand and let go when the next hand's
# bots are made: a new generator zeroes, and later frees, 2.5 kB of state (~3,300 machine instructions a bot, three
# bots a hand), so the oldest of these, once nothing else holds it (its bot is gone), is seeded again for a new bot.
# Seeding sets the whole state (every word and the position), so it is exactly the generator _CRandom(key) makes. The
# reference count tells "nothing else holds it" (CPython; elsewhere every bot gets a new generator).
_RECENT: list[_CRandom] = []
_RECENT_MAX = 8
_refcount = getattr(sys, "getrefcount", None)


def _generator(key: int) -> _CRandom:
    """A C generator seeded with ``key``, as ``random.Random(key)`` seeds it (its stream is that one's)."""
    recent = _RECENT
    if len(recent) >= _RECENT_MAX:
        rng = recent.pop(0)
        # (held by this variable and the call's argument only: no bot or caller can reach it)
        if _refcount is not None and _refcount(rng) == 2:
            rng.seed(key)
            recent.append(rng)
            return rng
    rng = _CRandom(key)
    recent.append(rng)
    return rng


class RandomBot:
    """Uniform over the legal actions: the baseline every level must beat."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        # One stream per hand (the sim and the app make a bot per hand): the stream of random.Random(seed), from the C
        # generator seeded as Random.seed seeds it (a str: its UTF-8 bytes followed by their SHA-512, read as a
        # big-endian int; an int as it is), without the class call to random.Random's Python __init__ and seed
        # (~6,000 machine instructions of ~43,000 a bot, three bots a hand).
        self.rng: _CRandom
        if type(seed) is str:
            raw = seed.encode()
            self.rng = _generator(int.from_bytes(raw + sha512(raw).digest(), "big"))
        elif type(seed) is int:
            self.rng = _generator(seed)
        else:
            self.rng = random.Random(seed)
        self._bits = self.rng.getrandbits  # (bound once: read at every choice)

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        # rng.randrange(n): its draw (Random._randbelow_with_getrandbits) inline, the same bits taken in the same way.
        n = len(legal)
        if not n:
            raise ValueError("no legal action to choose from")
        try:
            k = _BITS[n]
        except IndexError:
            k = n.bit_length()
        bits = self._bits
        r = bits(k)
        while r >= n:
            r = bits(k)
        return legal[r]


def _registry() -> dict[str, Callable[..., Bot]]:
    from .heuristic import BeginnerBot, CasualBot
    from .search import StrongBot

    return {"random": RandomBot, "beginner": BeginnerBot, "casual": CasualBot, "strong": StrongBot}


BOTS: dict[str, Callable[..., Bot]] = _registry()


def make_bot(name: str, seed: int | str = 0, **settings: Any) -> Bot:
    """A bot of level ``name``; ``settings`` go to its constructor (the strong bot's ``worlds`` and ``budget_s``)."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(BOTS))})") from None
    # (without settings, the plain call: a call with ** builds its argument tuple and keyword dict, and a class
    # called so reaches __init__ the slow way; a bot is made three times a hand)
    return factory(seed, **settings) if settings else factory(seed)
