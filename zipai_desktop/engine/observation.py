"""What one seat may see (the only thing a bot or a hot-seat view is given).

Hidden from a seat: the other hands (only their sizes), the wall order (only its size), the kind of another seat's
face-down 扫 / 扫穿, the card another seat turned into its own 扫, and other seats' offers and passes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import Action
from .cards import HIDDEN, NUM_KINDS
from .events import Event, redact
from .melds import Meld

if TYPE_CHECKING:
    from .game import Game


class Observation(NamedTuple):
    """One seat's view, immutable. A named tuple rather than a frozen dataclass: it is built at every decision of
    every seat (and in every world the strong bot plays), and a tuple is much quicker to make."""

    seat: int
    rules: str
    options: Any  # the rule options (public)
    players: int
    active: tuple[int, ...]  # the seats that play this hand, in turn order
    dealer: int
    hand: tuple[int, ...]  # own concealed count vector
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]  # every seat's melds, face-down kinds hidden from the others
    piles: tuple[tuple[int, ...], ...]  # each seat's right-side pile: discards and untaken flips
    discarded: tuple[frozenset[int], ...]  # kinds each seat has discarded (public)
    wall: int  # cards left in the wall
    dang_di: int | None
    offer: int | None  # the card on offer, if it is face up
    offer_owner: int | None
    offer_is_flip: bool
    to_act: bool  # this seat must decide now
    decision: str | None  # discard | hu | peng | chi (when to_act)
    legal: tuple[Action, ...]
    chou: frozenset[int]  # own 臭牌: kinds this seat may not 吃
    peng_ban: frozenset[int]  # own declined 碰 kinds
    events: tuple[Event, ...]  # the events this seat has seen so far (with ``with_events``)
    flips: int  # wall cards turned so far
    opening_done: bool  # the dealer's opening discard is past
    own_decisions: int  # decisions this seat has made this hand (seeds a bot's choice)


_new_observation = tuple.__new__


def observe(game: Game, seat: int, *, with_events: bool = False) -> Observation:
    """What ``seat`` may see now (``with_events``: with the events it has seen, redacted)."""
    # Built at every decision (a hot path: kept flat on purpose): one test tells the seat to act from the others,
    # every field is read once, straight into the tuple, and no value is kept in a variable that is read once. The
    # pending decision's parts as the game keeps them (not the ``pending`` property, which makes an object).
    # The offered actions and the seats that play are tuples (the engine makes them so), the piles, the discarded
    # kinds and every seat's melds as the others see them tuples kept by the hand state where they change
    # (HandState.piles_view, discarded_view, shown_view): shown as they are, with no copy made at each decision.
    kind = game.pending_kind
    if kind is None or game.to_act != seat:
        mine = False
        kind = None
        legal: tuple[Action, ...] = ()
    else:
        mine = True
        legal = game.pending_actions  # type: ignore[assignment]
    window = game.window
    if window is None:
        offer = owner = None
        flip = False
    else:
        offer = window.card
        owner = window.owner
        flip = window.flip
    if kind == "hu_dead":
        offer = game.dead_card
    state = game.state
    # Every seat's melds as the others see them, and this seat's own as it sees them: both kept by the hand state as
    # melds are made (one tuple while none of the seat's melds is face down).
    melds = state.shown_view
    own = state.melds_own[seat]
    if melds[seat] is not own:
        melds = (*melds[:seat], own, *melds[seat + 1 :])
    # (The redaction is a function of its own, :func:`_seen_events`, called only ``with_events``.)
    # The fields in their order, without the keyword handling of the generated constructor.
    return _new_observation(
        Observation,
        (
            seat,
            game.rules_name,  # (rules.name, kept by the game)
            game.options,
            game.players,
            game.active,
            game.dealer,
            tuple(state.hands[seat]),
            tuple(state.sizes),  # (kept by the hand state as cards move, not summed from the hands here)
            melds,
            state.piles_view,
            state.discarded_view,
            len(state.wall),
            game.dang_di,
            offer,
            owner,
            flip,
            mine,
            kind,
            legal,
            state.chou[seat],
            state.peng_ban[seat],
            _seen_events(game, seat) if with_events else (),
            game.flips,
            game.opening_done,
            game.decisions[seat],
        ),
    )


def _seen_events(game: Game, seat: int) -> tuple[Event, ...]:
    """The events ``seat`` has seen so far, redacted for it."""
    seen = (redact(e, seat) for e in game.events)
    return tuple(e for e in seen if e is not None)


def seen_counts(obs: Observation, *, own_hand: bool = True, offer: bool = True) -> list[int]:
    """How many copies of each kind ``obs`` shows: the seat's hand, every face-up meld card, the piles, the offer.

    Without ``own_hand`` and ``offer`` it is what every seat has seen on the table.
    """
    seen = list(obs.hand) if own_hand else [0] * NUM_KINDS
    for melds in obs.melds:
        for m in melds:
            for k in m.cards:
                if k != HIDDEN:
                    seen[k] += 1
    for pile in obs.piles:
        for k in pile:
            seen[k] += 1
    if offer and obs.offer is not None:
        seen[obs.offer] += 1
    return seen
