"""The deal (洗牌): the order the 80 cards are dealt in, from a seed, by an algorithm this project owns.

Saved games, replays, the autosave and the seeded tests all re-deal a hand from its seed, so the shuffle is part of
the saved data's meaning: it must give the same order on every Python version, forever. Python promises that only of
``random.Random(seed).random()``, not of ``shuffle``, ``randrange`` or ``getrandbits`` ("Notes on Reproducibility").
So the deal is specified here in full and versioned: a record says which version dealt it (``record.py``), and a new
algorithm would get a new number while the old ones stay for old records.

**Version 1** (every record made so far; the permutation ``random.Random(seed).shuffle`` gives on CPython 3.11-3.13):

1. *Words.* The 32-bit words of the Mersenne Twister MT19937 (Matsumoto and Nishimura, 1998), seeded by
   ``init_by_array`` with the seed's key: an int seed's absolute value cut into 32-bit words, lowest first (0 gives
   the key ``[0]``); a text seed is first read as the int whose big-endian bytes are its UTF-8 bytes followed by their
   SHA-512 digest. This is the generator and the seeding of Python's ``random.Random(seed)``.
2. *Fisher-Yates from the last position down.* For i = n - 1, ..., 1, with ``k = (i + 1).bit_length()``, j is the
   top k bits of the next word, drawn again while j > i; then the cards at i and j change places. (It is how
   Python's ``shuffle`` draws: ``getrandbits(k)`` is the top k bits of one word, rejected above the bound.)

The deck starts in the order :func:`zipai_desktop.engine.cards.full_deck` gives.

:class:`MersenneTwister` below is the words' reference, written out. Dealing with it would run a pure-Python twist of
624 words at every deal, so the deal reads the same words from the standard library's C generator (``random.Random
(seed).getrandbits``) once this module has checked, at import, that it gives the reference's words for pinned seeds; if
a future Python ever changed them, every deal would go through the reference instead, and old records would still
replay. With a deck of at most 255 cards k <= 8, so a draw is the top byte of its word shifted: the top bytes are cut
out of one bulk draw and shifted by one ``translate`` per k (the table of step 2 for that k).
tests/engine/test_deck.py holds both word sources to each other and to ``random.Random(seed).shuffle``, and the deals
to fixtures.
"""

from __future__ import annotations

import hashlib
import random
from operator import length_hint

#: The version new games are dealt with.
CURRENT = 1
#: Every version this program can deal (a record naming another cannot be replayed).
VERSIONS = (1,)

_MASK = 0xFFFFFFFF


class UnknownDeal(ValueError):
    """A deal version this program does not have."""


def seed_key(seed: int | str) -> list[int]:
    """The ``init_by_array`` key of a seed (step 1)."""
    if isinstance(seed, str):
        raw = seed.encode()
        seed = int.from_bytes(raw + hashlib.sha512(raw).digest(), "big")
    n = abs(seed)
    key = []
    while True:
        key.append(n & _MASK)
        n >>= 32
        if not n:
            return key


class MersenneTwister:
    """MT19937's 32-bit words, written out from the reference C code (``init_genrand``, ``init_by_array``,
    ``genrand_int32``): the specification of the deal's words, and their source if the standard library's ever
    differed."""

    _N = 624
    _M = 397

    def __init__(self, seed: int | str) -> None:
        n = self._N
        mt = [0] * n
        mt[0] = 19650218
        for i in range(1, n):  # init_genrand(19650218)
            mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & _MASK
        key = seed_key(seed)
        i, j = 1, 0
        for _ in range(max(n, len(key))):  # init_by_array(key)
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & _MASK
            i, j = i + 1, j + 1
            if i >= n:
                mt[0], i = mt[n - 1], 1
            if j >= len(key):
                j = 0
        for _ in range(n - 1):
            mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & _MASK
            i += 1
            if i >= n:
                mt[0], i = mt[n - 1], 1
        mt[0] = 0x80000000
        self._mt = mt
        self._index = n

    def _twist(self) -> None:
        mt, n, m = self._mt, self._N, self._M
        for i in range(n):
            y = (mt[i] & 0x80000000) | (mt[(i + 1) % n] & 0x7FFFFFFF)
            mt[i] = mt[(i + m) % n] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        self._index = 0

    def word(self) -> int:
        """The next 32-bit word."""
        if self._index >= self._N:
            self._twist()
        y = self._mt[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def top_bytes(self, count: int) -> bytes:
        """The top byte of each of the next ``count`` words."""
        return bytes(self.word() >> 24 for _ in range(count))


class _LibraryWords:
    """The same words from the standard library's MT19937 (``random.Random``), drawn in bulk."""

    def __init__(self, seed: int | str) -> None:
        self._bits = random.Random(seed).getrandbits

    def top_bytes(self, count: int) -> bytes:
        # getrandbits(32 * count) holds the next ``count`` words, the first in the lowest bits: little-endian, so a
        # word's top byte is every fourth byte from the fourth.
        return self._bits(32 * count).to_bytes(4 * count, "little")[3::4]


# Seeds whose words the standard library must give as the reference does before it is trusted: an int of one key word
# and of three, a negative one, and text (ASCII, not ASCII, empty: the SHA-512 seeding). The first seed is read past
# the second twist.
_PINNED: tuple[tuple[int | str, int], ...] = ((0, 1300), (-7, 40), (2**70 + 3, 40), ("", 40), ("1:0", 40), ("中", 40))


def _library_agrees() -> bool:
    """Whether the standard library's generator gives the reference's words for the pinned seeds."""
    for seed, count in _PINNED:
        if _LibraryWords(seed).top_bytes(count) != MersenneTwister(seed).top_bytes(count):
            return False
    return True


_Words = type[MersenneTwister] | type[_LibraryWords]
_WORDS: _Words = _LibraryWords if _library_agrees() else MersenneTwister


def word_source() -> str:
    """Where the deal reads its words: ``"library"`` (checked against the reference at import) or ``"reference"``."""
    return "library" if _WORDS is _LibraryWords else "reference"


# Words read per batch: a shuffle of 80 cards uses 119 on average (rejections included; more than 136 in about 2% of
# deals), so most deals need one batch.
_BATCH = 136


def _shift_table(k: int) -> bytes:
    """Step 2's draw for k bits, as a table: a word's top byte -> its top k bits."""
    return bytes(b >> (8 - k) for b in range(256))


def _steps(size: int) -> tuple[tuple[bytes, range], ...]:
    """The positions i of a deck of ``size`` (from the end), grouped by the bits k their draws take (falling as i
    does), each group with its shift table."""
    groups: dict[int, list[int]] = {}
    for i in range(size - 1, 0, -1):
        groups.setdefault((i + 1).bit_length(), []).append(i)
    return tuple((_shift_table(k), range(steps[0], steps[-1] - 1, -1)) for k, steps in groups.items())


_STEPS: dict[int, tuple[tuple[bytes, range], ...]] = {}


def shuffle_v1(deck: list[int], seed: int | str, words: MersenneTwister | _LibraryWords | None = None) -> None:
    """Shuffle ``deck`` in place by version 1 (see the module's description); ``words`` overrides the word source
    (tests use the reference)."""
    size = len(deck)
    if size > 255:  # (a draw of more than 8 bits is not one top byte)
        raise ValueError(f"deal version 1 shuffles at most 255 cards, not {size}")
    steps = _STEPS.get(size)
    if steps is None:
        steps = _STEPS[size] = _steps(size)
    source = words if words is not None else _WORDS(seed)
    rest = source.top_bytes(_BATCH)  # the top bytes drawn and not yet read
    for table, positions in steps:
        draws = iter(rest.translate(table))
        for i in positions:
            while True:
                for j in draws:
                    if j <= i:
                        break
                else:  # every drawn word read (about 2% of deals): draw a new batch and go on reading
                    rest = source.top_bytes(_BATCH)
                    draws = iter(rest.translate(table))
                    continue
                break
            deck[i], deck[j] = deck[j], deck[i]
        rest = rest[len(rest) - length_hint(draws) :]


def shuffle(deck: list[int], seed: int | str, version: int = CURRENT) -> None:
    """Shuffle ``deck`` (in the order ``full_deck`` gives) in place by deal ``version``; :class:`UnknownDeal` for a
    version this program does not have."""
    if version != 1:
        known = ", ".join(map(str, VERSIONS))
        raise UnknownDeal(f"deal version {version!r} is not known (this program deals version {known})")
    shuffle_v1(deck, seed)
