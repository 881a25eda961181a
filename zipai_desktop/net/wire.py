"""An observation as JSON and back: what a client's bot (or screen) reads of its seat; a won hand's settlement too.

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
from ..engine.rules.bohu import BohuSettlement
from ..engine.scoring import Payment, Settlement, XingFlip


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


def _payment(p: Payment) -> dict[str, Any]:
    return {"payer": p.payer, "payee": p.payee, "amount": p.amount, "reason": p.reason, "per": p.per}


def _payment_from(d: dict[str, Any]) -> Payment:
    return Payment(int(d["payer"]), int(d["payee"]), int(d["amount"]), str(d["reason"]), int(d["per"]))


def settlement_to_json(settlement: Settlement | BohuSettlement | None) -> dict[str, Any] | None:
    """A won hand's itemised settlement (what the settlement panel shows every seat): the Guilin 胡 -> 舵 parts, each
    醒 card with what it counted and the payments, or the Bohu 胡息, 名堂 with their 番, bonus and payments. Every
    field is public once the hand is over (the 醒 cards are the ``XingFlipped`` event's). None for 荒庄."""
    if settlement is None:
        return None
    common = {"hu": settlement.hu, "special": list(settlement.special), "points": list(settlement.points),
              "payments": [_payment(p) for p in settlement.payments]}  # fmt: skip
    if isinstance(settlement, BohuSettlement):
        return {"kind": "bohu", **common, "raw_hu": settlement.raw_hu, "fan": settlement.fan,
                "score": settlement.score, "fans": [[n, f] for n, f in settlement.fans],
                "bonus": settlement.bonus}  # fmt: skip
    return {"kind": "guilin", **common, "duo": settlement.duo, "duo_parts": dict(settlement.duo_parts),
            "xing_cards": list(settlement.xing_cards),
            "xing": [{"card": f.card, "counted": [list(c) for c in f.counted]} for f in settlement.xing]}  # fmt: skip


def settlement_from_json(data: dict[str, Any]) -> Settlement | BohuSettlement:
    """The settlement a host sent (``KeyError`` / ``ValueError`` / ``TypeError`` for a malformed one)."""
    special = tuple(str(n) for n in data["special"])
    points = tuple(int(p) for p in data["points"])
    payments = tuple(_payment_from(p) for p in data["payments"])
    if data["kind"] == "bohu":
        fans = tuple((str(n), int(f)) for n, f in data["fans"])
        return BohuSettlement(int(data["hu"]), int(data["raw_hu"]), int(data["fan"]), int(data["score"]), special,
                              points, fans, int(data["bonus"]), payments)  # fmt: skip
    if data["kind"] != "guilin":
        raise ValueError(f"unknown settlement kind {str(data['kind'])[:40]!r}")
    xing = tuple(
        XingFlip(int(f["card"]), tuple((int(k), str(c), int(n)) for k, c, n in f["counted"])) for f in data["xing"]
    )
    parts = {str(k): int(v) for k, v in data["duo_parts"].items()}
    return Settlement(int(data["hu"]), int(data["duo"]), parts, tuple(int(k) for k in data["xing_cards"]), special,
                      points, xing, payments)  # fmt: skip
