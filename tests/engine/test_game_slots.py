"""A game keeps its state in slots (issue 13 speed work), and a fork copies every one of them.

Game and its hand state (engine/hand_state.py) declare their attributes as ``__slots__``, with no instance dict: an
attribute left out of the list fails at once. Seeded hands of both games check that :meth:`Game.fork` (which copies
the slots one by one instead of through ``copy.copy``, and the hand state through :meth:`HandState.copy`) gives a copy
equal to the original in every slot of both, with the mutable parts its own, and that what a subclass hung on the
game is carried over.
"""

from __future__ import annotations

import pytest

from zipai_desktop.bots import make_bot
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.hand_state import HandState
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.rules import get_rules

SLOTS = list(Game.__slots__)
STATE_SLOTS = list(HandState.__slots__)
RESET_BY_FORK = {"events", "history", "decisions", "is_fork"}  # a fork starts its log afresh and knows it is a fork
MUTABLE = {"hu_locked", "took", "short", "draws", "state", "hands"}
STATE_MUTABLE = {"hands", "melds", "piles", "melds_own", "melds_shown", "chou", "discarded", "peng_ban"}
STATE_MUTABLE |= {"removed", "sizes", "spent", "wall", "facts", "reach"}


def _check_state_copy(state: HandState, other: HandState) -> None:
    for name in STATE_SLOTS:
        if name == "draw":  # the wall's own pop, bound to the copy's wall
            assert other.draw.__self__ is other.wall  # type: ignore[attr-defined]
        elif name == "reach":  # a kept reach follows the copy of its hand
            assert [r[1:] for r in other.reach] == [r[1:] for r in state.reach]
            assert [r[0] is h for r, h in zip(other.reach, other.hands, strict=True)] == [
                r[0] is h for r, h in zip(state.reach, state.hands, strict=True)
            ]
        else:
            assert getattr(other, name) == getattr(state, name), name
        if name in STATE_MUTABLE:
            assert getattr(other, name) is not getattr(state, name), name
    assert all(o is not h for o, h in zip(other.hands, state.hands, strict=True))
    assert all(o is not m for o, m in zip(other.melds, state.melds, strict=True))


def _check_fork(game: Game) -> None:
    other = game.fork()
    assert type(other) is type(game)
    for name in SLOTS:
        if name in RESET_BY_FORK:
            continue
        if name == "window":
            assert other.window == game.window
            assert game.window is None or other.window is not game.window
        elif name == "_spare":  # the Window the engine reuses: never shared (the copy's is its window or None)
            assert other._spare is other.window
        elif name == "state":
            _check_state_copy(game.state, other.state)
        else:
            assert getattr(other, name) == getattr(game, name), name
        if name in MUTABLE:
            assert getattr(other, name) is not getattr(game, name), name
    assert other.hands[0] is not game.hands[0]
    assert (other.events, other.history, other.is_fork) == ([], [], True)
    # The engine reuses one Window object for the cards on offer: the copy, played on, never touches the original's.
    w = game.window
    before = None if w is None else (w.card, w.owner, w.flip, w.opening, w.stage, list(w.queue))
    bot = make_bot("random", f"fork:{len(game.history)}")
    for _ in range(4):
        if other.to_act is None:
            break
        other.apply(other.to_act, bot.choose(observe(other, other.to_act), other.legal_actions(other.to_act)))
    w = game.window
    assert before == (None if w is None else (w.card, w.owner, w.flip, w.opening, w.stage, list(w.queue)))


@pytest.mark.parametrize(("name", "players"), [("guilin", 3), ("bohu", 2), ("bohu", 3), ("bohu", 4)])
def test_every_attribute_is_a_slot_and_a_fork_copies_them_all(name: str, players: int) -> None:
    rules = get_rules(name)
    for i in range(12):
        game = Game(rules, seed=f"slots:{i}", dealer=i % players, players=players)
        bots = [make_bot("random", f"slots:{i}:{s}") for s in range(players)]
        while game.to_act is not None:
            _check_fork(game)
            seat = game.to_act
            game.apply(seat, bots[seat].choose(observe(game, seat), game.legal_actions(seat)))
        assert not hasattr(game, "__dict__") and not hasattr(game.state, "__dict__")  # slots only


class _Tagged(Game):
    """A subclass with an attribute of its own (as tests/engine/test_waits.py's probe has)."""


def test_a_fork_carries_what_a_subclass_hung_on_the_game() -> None:
    game = _Tagged(get_rules("guilin"), seed=3)
    game.tag = ["mine"]  # type: ignore[attr-defined]
    other = game.fork()
    assert isinstance(other, _Tagged)
    assert other.tag is game.tag  # type: ignore[attr-defined]  (shallow, as copy.copy gives)
    assert observe(other, 0) == observe(game, 0)
