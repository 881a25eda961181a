"""One name per seat, the same at the table (label, scores, log, settlement), in the replays and the history.

A seat is 你 when it is the only human, 玩家n for each human of a hot-seat table (or a seat of unknown kind), and 电脑n
for a bot; the seat label adds a bot's level: 电脑2（普通）. A bot seat that stands for someone (a 比赛 entrant: 阿强 /
Ah Qiang) is named by that name instead of its number, everywhere, and speaks in the third person like 电脑n.

A sentence about seats is one catalog entry per language, never a name glued to a verb: :func:`person` gives a seat's
forms (the subject 你 / You / Bot 2, the object "you", the possessive "your" / "Bot 2's"), and :func:`say` fills an
entry with them, taking the entry's ``.you`` variant when its subject is the player (English: "You add", not "You
adds"). Only the grammar depends on it; who is 你 stays :func:`short_name`'s rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .i18n import STRINGS, tr

HUMAN = "human"  # the seat kind of a person (controller.HUMAN, store.history.HUMAN)


def is_you(seat: int, kinds: Sequence[str] | None) -> bool:
    """The seat is the table's only human, named 你 / You (second person in a sentence)."""
    kinds = list(kinds) if kinds is not None else []
    kind = kinds[seat] if seat < len(kinds) else HUMAN
    return kind == HUMAN and kinds.count(HUMAN) == 1


def given_name(seat: int, names: Sequence[str] | None, lang: str) -> str:
    """The name the seat was given (a 比赛 entrant's) in ``lang``; empty when it has none. A given name is a catalog
    key (``entrant.3``: 阿强 / Ah Qiang, so a replay names the seat in the language it is watched in) or a name."""
    name = names[seat] if names is not None and seat < len(names) else ""
    return tr(name, lang) if name.startswith("entrant.") and name in STRINGS else name


def short_name(seat: int, kinds: Sequence[str] | None, lang: str, names: Sequence[str] | None = None) -> str:
    """你 / 玩家n / 电脑n, or a bot seat's given name. ``kinds`` is each seat's kind (``human`` or a bot level); None
    when not known. ``names`` is each seat's given name ("" for none): a 比赛 entrant's for its bot seat
    (:func:`given_name`)."""
    kinds = list(kinds) if kinds is not None else []
    kind = kinds[seat] if seat < len(kinds) else HUMAN
    given = given_name(seat, names, lang)
    if kind != HUMAN and given:
        return given
    if kind != HUMAN and f"bot.{kind}" in STRINGS:
        return tr("seat.bot", lang, n=seat + 1)
    if kind == HUMAN and kinds.count(HUMAN) == 1:
        return tr("seat.you", lang)
    return tr("seat.player", lang, n=seat + 1)


def full_name(seat: int, kinds: Sequence[str] | None, lang: str, names: Sequence[str] | None = None) -> str:
    """The seat label's name: :func:`short_name`, with a bot's level (阿强（初学）)."""
    kind = list(kinds)[seat] if kinds is not None and seat < len(kinds) else HUMAN
    name = short_name(seat, kinds, lang, names)
    if kind != HUMAN and f"bot.{kind}" in STRINGS:
        return tr("seat.with_level", lang, name=name, level=tr(f"bot.{kind}", lang))
    return name


@dataclass(frozen=True)
class Person:
    """A seat as sentences name it: ``name`` as the subject (你, You, Bot 2), ``obj`` as an object (you, Bot 2),
    ``poss`` as an owner (your, Bot 2's; in Chinese the name itself, since the sentence writes its 的 or not: 你的弃牌,
    你翻出的牌), and ``you`` when it is the player spoken to."""

    name: str
    obj: str
    poss: str
    you: bool


def person(seat: int, kinds: Sequence[str] | None, lang: str, names: Sequence[str] | None = None) -> Person:
    """The seat's grammatical forms in ``lang`` (see :class:`Person`); a named bot seat is a third person."""
    name = short_name(seat, kinds, lang, names)
    if is_you(seat, kinds):
        return Person(name, tr("seat.you_object", lang), tr("seat.you_possessive", lang), True)
    return Person(name, name, tr("seat.possessive", lang, name=name), False)


def say(key: str, lang: str, subject: Person, **fields: object) -> str:
    """The sentence ``key`` about ``subject`` (its ``{name}``), with its ``.you`` variant when the subject is the
    player; the other seats a sentence names come in ``fields`` in the form the sentence needs (obj, poss)."""
    if subject.you and f"{key}.you" in STRINGS:
        key = f"{key}.you"
    return tr(key, lang, name=subject.name, **fields)
