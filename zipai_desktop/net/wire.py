"""An observation as JSON and back: what a client's bot (or screen) reads of its seat.

Cards are kinds (whole numbers, ``-1`` for a card this seat may not see), melds ``{"kind", "cards"}``, actions their
``to_json`` form. The seen events are not part of it: they travel in ``events`` messages.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from ..engine.actions import action_from_json
from ..engine.melds import Meld, MeldKind
from ..engine.observation import Observation
from ..engine.rules import get_rules


def _meld(meld: Meld) -> dict[str, Any]:
    return {"kind": meld.kind.value, "cards": list(meld.cards)}


def observation_to_json(obs: Observation) -> dict[str, Any]:
    """The observation as a JSON object (without its events)."""
    return {
        "seat": obs.seat,
        "rules": obs.rules,
        "options": asdict(obs.options),
        "players": obs.players,
        "active": list(obs.active),
        "dealer": obs.dealer,
        "hand": list(obs.hand),
        "hand_sizes": list(obs.hand_sizes),
        "melds": [[_meld(m) for m in seat] for seat in obs.melds],
        "piles": [list(p) for p in obs.piles],
        "discarded": [sorted(d) for d in obs.discarded],
        "wall": obs.wall,
        "dang_di": obs.dang_di,
        "offer": obs.offer,
        "offer_owner": obs.offer_owner,
        "offer_is_flip": obs.offer_is_flip,
        "to_act": obs.to_act,
        "decision": obs.decision,
        "legal": [a.to_json() for a in obs.legal],
        "chou": sorted(obs.chou),
        "peng_ban": sorted(obs.peng_ban),
        "flips": obs.flips,
        "opening_done": obs.opening_done,
        "own_decisions": obs.own_decisions,
    }


def observation_from_json(data: dict[str, Any]) -> Observation:
    """The observation a host sent (``KeyError`` / ``ValueError`` / ``TypeError`` for a malformed one)."""
    rules = get_rules(data["rules"])
    return Observation(
        seat=int(data["seat"]),
        rules=rules.name,
        options=rules.parse_options(data["options"]),
        players=int(data["players"]),
        active=tuple(data["active"]),
        dealer=int(data["dealer"]),
        hand=tuple(data["hand"]),
        hand_sizes=tuple(data["hand_sizes"]),
        melds=tuple(tuple(Meld(MeldKind(m["kind"]), tuple(m["cards"])) for m in seat) for seat in data["melds"]),
        piles=tuple(tuple(p) for p in data["piles"]),
        discarded=tuple(frozenset(d) for d in data["discarded"]),
        wall=int(data["wall"]),
        dang_di=data["dang_di"],
        offer=data["offer"],
        offer_owner=data["offer_owner"],
        offer_is_flip=bool(data["offer_is_flip"]),
        to_act=bool(data["to_act"]),
        decision=data["decision"],
        legal=tuple(action_from_json(a) for a in data["legal"]),
        chou=frozenset(data["chou"]),
        peng_ban=frozenset(data["peng_ban"]),
        events=(),
        flips=int(data["flips"]),
        opening_done=bool(data["opening_done"]),
        own_decisions=int(data["own_decisions"]),
    )
