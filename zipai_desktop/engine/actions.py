"""The actions a seat can take, with a stable JSON form (cards written as glyphs)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import CardError, format_cards, glyph, parse_card, parse_cards
from .jsonsafe import name as show_name
from .jsonsafe import quote


class ActionError(ValueError):
    """An action that cannot be read from JSON."""


@dataclass(frozen=True, slots=True)
class Discard:
    """打牌: put one concealed card face up."""

    card: int

    def to_json(self) -> dict[str, Any]:
        """The JSON form, ``{"type": "discard", "card": "五"}``; :func:`action_from_json` reads it back."""
        return {"type": "discard", "card": glyph(self.card)}

    def __str__(self) -> str:
        """The action as the log shows it: 打 and the card's glyph."""
        return f"打 {glyph(self.card)}"


@dataclass(frozen=True, slots=True)
class Hu:
    """胡: win on the card on offer (or with the forced meld just made)."""

    def to_json(self) -> dict[str, Any]:
        """The JSON form, ``{"type": "hu"}``; :func:`action_from_json` reads it back."""
        return {"type": "hu"}

    def __str__(self) -> str:
        """The action as the log shows it: 胡."""
        return "胡"


@dataclass(frozen=True, slots=True)
class Peng:
    """碰: take the card with a pair from the hand."""

    def to_json(self) -> dict[str, Any]:
        """The JSON form, ``{"type": "peng"}``; :func:`action_from_json` reads it back."""
        return {"type": "peng"}

    def __str__(self) -> str:
        """The action as the log shows it: 碰."""
        return "碰"


@dataclass(frozen=True, slots=True)
class Chi:
    """吃: the main group (with the taken card) first, then the 比 groups the rules demand."""

    groups: tuple[tuple[int, int, int], ...]

    def to_json(self) -> dict[str, Any]:
        """The JSON form, ``{"type": "chi", "groups": ["一二三", ...]}`` (main group first); :func:`action_from_json`
        reads it back."""
        return {"type": "chi", "groups": [format_cards(g) for g in self.groups]}

    def __str__(self) -> str:
        """The action as the log shows it: 吃 and the main group, then 比 and the 比 groups if any."""
        main, *bi = self.groups
        text = f"吃 {format_cards(main)}"
        if bi:
            text += " 比 " + " ".join(format_cards(g) for g in bi)
        return text


@dataclass(frozen=True, slots=True)
class Pass:
    """过: decline the offer."""

    def to_json(self) -> dict[str, Any]:
        """The JSON form, ``{"type": "pass"}``; :func:`action_from_json` reads it back."""
        return {"type": "pass"}

    def __str__(self) -> str:
        """The action as the log shows it: 过."""
        return "过"


Action = Discard | Hu | Peng | Chi | Pass


def action_from_json(data: Any) -> Action:
    """An action from its JSON form; :class:`ActionError` (naming the problem, the bad value cut short) otherwise."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ActionError(f"an action is an object with a 'type', not {quote(data)}")
    kind = data["type"]
    try:
        if kind == "discard":
            card = data["card"]
            if not isinstance(card, str):
                raise ActionError(f'a discard\'s card is a glyph like "五", not {quote(card)}')
            return Discard(parse_card(card))
        if kind == "hu":
            return Hu()
        if kind == "peng":
            return Peng()
        if kind == "pass":
            return Pass()
        if kind == "chi":
            texts = data["groups"]
            if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
                raise ActionError(f'a 吃\'s groups are a list of glyph strings like ["一二三"], not {quote(texts)}')
            groups = []
            for text in texts:
                cards = parse_cards(text)
                if len(cards) != 3:
                    raise ActionError(f"a 吃 group has three cards, not {quote(text)}")
                groups.append((cards[0], cards[1], cards[2]))
            if not groups:
                raise ActionError("a 吃 needs at least its main group")
            return Chi(tuple(groups))
    except KeyError as exc:
        raise ActionError(f"action {show_name(kind)} is missing {exc.args[0]!r}") from None
    except CardError as exc:
        raise ActionError(str(exc)) from None
    raise ActionError(f"unknown action type {show_name(kind)}")
