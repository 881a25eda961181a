"""Quick phrases at the table: the player says one (快点吧 / Hurry up, 好牌！/ Nice hand!), a bot now and then answers.

A phrase shows as a speech bubble at its seat for :data:`BUBBLE_S` seconds (frame time) and never blocks play. After
the player's phrase, each bot seat in turn may answer (:data:`ANSWER_CHANCE`; at most one answers) after a short
delay, with a reply that fits the phrase or its persona's catch phrase (``persona.says.N``).

Every choice comes from a ``random.Random`` the table owns, seeded from the match's seed, so a headless demo and a test
give the same answers every run. An answer is picked from the phrase said, the persona and that generator only: the
:class:`Chat` is never given the game, so no answer can tell anything about a hand.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..ui.personas import persona_of

PHRASES = ("hurry", "nice", "sorry", "again", "luck", "thanks")  # the menu, in order (keys 1..6): phrase.<name>
#: The fitting replies to each phrase (catalog keys answer.<name>); a persona may answer with its catch phrase too.
REPLIES: dict[str, tuple[str, ...]] = {
    "hurry": ("answer.coming", "answer.patience"),
    "nice": ("answer.thanks", "answer.luck"),
    "sorry": ("answer.fine", "answer.haha"),
    "again": ("answer.again", "answer.haha"),
    "luck": ("answer.same", "answer.haha"),
    "thanks": ("answer.welcome", "answer.haha"),
}
BUBBLE_S = 3.0  # seconds a bubble stays
ANSWER_CHANCE = 0.5  # each bot's chance, in turn, to be the one who answers
ANSWER_DELAY = (0.8, 1.6)  # seconds between the phrase and the answer


@dataclass
class Bubble:
    """A phrase shown at ``seat``: its catalog ``key`` and the seconds it has ``left`` (waiting first for ``delay``)."""

    seat: int
    key: str
    left: float = BUBBLE_S
    delay: float = 0.0


class Chat:
    """The table's quick phrases: the bubbles shown and the answers to come."""

    def __init__(self, seed: object, entrants: Sequence[str], bots: Sequence[int], *, enabled: bool = True) -> None:
        """Phrases for seats with given names ``entrants`` (a seat's ``SeatConfig.entrant``, "" for none); ``bots``
        are the seats that may answer; ``seed`` seeds the table's own generator (never the global one)."""
        self.rng = random.Random(f"phrases:{seed}")
        self.entrants = list(entrants)
        self.bots = list(bots)
        self.enabled = enabled
        self.bubbles: list[Bubble] = []

    def say(self, seat: int, phrase: str) -> Bubble | None:
        """``seat`` says ``phrase`` (one of :data:`PHRASES`): its bubble replaces the seat's last one, and maybe a bot
        answers. Returns the answer to come (None when no bot answers, or phrases are off)."""
        if not self.enabled or phrase not in REPLIES:
            return None
        self._show(Bubble(seat, f"phrase.{phrase}"))
        answer = self._answer(seat, phrase)
        if answer is not None:
            self.bubbles.append(answer)
        return answer

    def _answer(self, speaker: int, phrase: str) -> Bubble | None:
        """At most one bot answers: each in seat order after the speaker gets its chance in turn."""
        for seat in sorted(self.bots, key=lambda s: (s - speaker) % max(1, len(self.entrants))):
            if seat == speaker or self.rng.random() >= ANSWER_CHANCE:
                continue
            entrant = self.entrants[seat] if seat < len(self.entrants) else ""
            persona = persona_of(entrant)
            choices = REPLIES[phrase] + ((persona.says_key,) if persona is not None else ())
            key = self.rng.choice(choices)
            return Bubble(seat, key, BUBBLE_S, self.rng.uniform(*ANSWER_DELAY))
        return None

    def _show(self, bubble: Bubble) -> None:
        self.bubbles = [b for b in self.bubbles if b.seat != bubble.seat or b.delay > 0] + [bubble]

    def update(self, dt: float) -> None:
        """Count the bubbles down (an answer first waits for its delay)."""
        for b in self.bubbles:
            if b.delay > 0:
                b.delay = max(0.0, b.delay - dt)
            else:
                b.left -= dt
        self.bubbles = [b for b in self.bubbles if b.left > 0]

    def shown(self) -> list[Bubble]:
        """The bubbles to draw now (a seat's latest only)."""
        latest: dict[int, Bubble] = {}
        for b in self.bubbles:
            if b.delay <= 0:
                latest[b.seat] = b
        return list(latest.values())
