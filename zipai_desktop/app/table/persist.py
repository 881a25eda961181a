"""The table's link to the store: autosave after every action, the history of finished hands and matches.

Every game goes through here, the headless demo too (its hands are stored as bots-only games, which statistics leave
out), so the headless checks exercise the store. A store problem never stops a game: it is reported once and play
goes on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...engine.record import to_record
from ...store.autosave import (
    clear_autosave,
    match_state,
    restore,
    save_match,
    saved_autoplay,
    saved_columns,
    saved_hint_used,
)
from ...store.history import History, open_history
from ...store.notice import Notice, error_text
from .controller import HUMAN, Controller, GameConfig, SeatConfig

if TYPE_CHECKING:
    from ...competition.session import CompetitionSession
    from ...engine.game import Game


class Persistence:
    """The table's link to the store: the autosave after every action and the history of hands and matches."""

    def __init__(self, history: History | None = None, *, match_id: int | None = None) -> None:
        """``match_id``: the history match a resumed game continues (from the autosave), so its hands stay together."""
        self.history = history if history is not None else open_history()
        self.messages: list[str] = []
        message = getattr(self.history, "message", None)
        if message:
            self.messages.append(message)
        self.match_id: int | None = match_id

    def _report(self, notice: str) -> None:
        """A store problem, once: the same failure at every action (a full disk) is one message, not thousands."""
        if notice not in self.messages:
            self.messages.append(notice)

    def _has_match(self, match_id: int, controller: Controller) -> bool:
        try:
            return self.history.has_match(match_id, rules=controller.config.rules, seed=controller.match.seed)
        except Exception:  # noqa: BLE001 - an unreadable history: a new entry is tried (and reported if it fails)
            return False

    def _seats(self, controller: Controller) -> list[Any]:
        # A bot's given name (an entrant key, "" for none) is saved with it, so a resumed table names the seat alike.
        return [
            {"kind": s.kind, "name": s.name, **({"entrant": s.entrant} if s.entrant else {})}
            for s in controller.config.seats
        ]

    def _state(self, controller: Controller) -> dict[str, Any]:
        """The match, its hand and what the table keeps of it (the players' columns, the hint mark, 托管) to save."""
        return match_state(
            controller.match,
            self._seats(controller),
            controller.game,
            columns=controller.saved_columns(),
            hint_used=controller.assisted,
            autoplay=sorted(controller.autoplay),
            autoplay_hand=controller.autoplay_hand,
        )

    def start_match(self, controller: Controller) -> None:
        """Open the match in the history (or go on under its entry) and save the autosave."""
        if self.match_id is not None and not self._has_match(self.match_id, controller):
            self.match_id = None  # the history was replaced (moved aside): the match goes on under a new entry
        if self.match_id is None:  # a new match (a resumed one goes on under its history entry)
            try:
                self.match_id = self.history.start_match(
                    controller.config.rules,
                    [s.kind for s in controller.config.seats],
                    options=dataclasses.asdict(controller.options),
                    seed=controller.match.seed,
                    practice=controller.config.practice,
                    stakes=controller.match.stakes.to_json() if controller.match.stakes is not None else None,
                )
            except Exception as exc:  # noqa: BLE001 - the history is a convenience; the game goes on without it
                self._report(Notice(f"history not recorded: {exc}", "history_not_recorded", error=error_text(exc)))
                self.match_id = None
            if controller.assisted:  # a resumed match that used a hint stays out of the statistics under its new entry
                self.mark_assisted()
        # Autosaved first, recorded second, as after every action: a kill between the two leaves the finished hand in
        # the autosave, and the next start records it (recover_at_start).
        self.after_action(controller)
        if controller.game.result is not None and not controller.recorded:
            # A hand already over: resumed after a kill between the autosave of the finished hand and its history
            # commit, or the match's first hand ended at the deal. Recorded now, once: the history keeps (match, hand)
            # unique.
            controller.recorded = True
            self.hand_finished(controller)

    def after_action(self, controller: Controller) -> None:
        """Save the autosave after an action (a failure shows once, the game goes on)."""
        try:
            state = self._state(controller)
            state["history_match"] = self.match_id
            save_match(state)
        except Exception as exc:  # noqa: BLE001 - a failed autosave must not end the game; the last good one stays
            self._report(Notice(f"autosave failed: {exc}", "autosave_failed", error=error_text(exc)))

    def mark_assisted(self) -> None:
        """The player used a hint: the match leaves the statistics, as a practice match does."""
        if self.match_id is None:
            return
        try:
            self.history.mark_practice(self.match_id)
        except Exception as exc:  # noqa: BLE001
            self.messages.append(f"history not recorded: {exc}")

    def hand_finished(self, controller: Controller) -> None:
        """Book the finished hand in the history."""
        if self.match_id is None:
            return
        try:
            record = hand_record(controller)
            played, marked = controller.match.played, controller.autoplay_hand
            self.history.add_hand(self.match_id, played, controller.game, record=record, autoplay=marked)
        except Exception as exc:  # noqa: BLE001
            self._report(Notice(f"history not recorded: {exc}", "history_not_recorded", error=error_text(exc)))

    def record_unrecorded_hand(self, state: Mapping[str, Any]) -> bool:
        """At start: the autosave's finished hand, if the history lacks it (a kill came between the autosave and the
        history commit), is recorded now. Idempotent (the hand's id is its match and number). True when recorded."""
        match_id = state.get("history_match")
        hand = state.get("hand")
        if not isinstance(match_id, int) or not isinstance(hand, Mapping) or hand.get("result") is None:
            return False
        try:
            match, seats, game = restore(state)
            if game is None or game.result is None:
                return False
            if not self.history.has_match(match_id, rules=match.rules.name, seed=match.seed):
                return False
            if self.history.hand_id(match_id, match.played) is not None:
                return False
            kinds = [str(s.get("kind", "human")) if isinstance(s, Mapping) else "human" for s in seats]
            self.history.add_hand(match_id, match.played, game, seats=kinds, autoplay=saved_autoplay(state)[1])
        except Exception as exc:  # noqa: BLE001 - the game still starts; the hand stays in the autosave for a resume
            self._report(Notice(f"history not recorded: {exc}", "history_not_recorded", error=error_text(exc)))
            return False
        return True

    def match_finished(self, controller: Controller) -> None:
        """Book the match's totals and clear the autosave."""
        try:
            if self.match_id is not None:
                self.history.finish_match(self.match_id, controller.match.totals)
            clear_autosave()
        except Exception as exc:  # noqa: BLE001
            self._report(Notice(f"history not recorded: {exc}", "history_not_recorded", error=error_text(exc)))


def hand_record(controller: Controller) -> dict[str, Any]:
    """The finished hand's record for the history; a 比赛 table's record also keeps each seat's given name
    (``names``: the entrants' names or catalog keys, "" for none) so its replay names the seats as the table did."""
    names = [s.entrant for s in controller.config.seats]
    return to_record(controller.game, names=names) if any(names) else to_record(controller.game)


def resume_controller(state: Mapping[str, Any], *, inline_bots: bool = False) -> Controller:
    """The autosaved match going on (its history entry, its hand; raises ``AutosaveError`` when it cannot be resumed),
    with what the table kept: each human seat's own columns when they are exactly its hand, the hint mark, and 托管
    (the seats on it, the hand's mark)."""
    match, seats, game = restore(state)
    seat_configs = [
        SeatConfig(str(s.get("kind", HUMAN)), str(s.get("name", "")), entrant=str(s.get("entrant", "")))
        if isinstance(s, dict)
        else SeatConfig(HUMAN, "")
        for s in seats
    ]  # a bot's given name (阿明 ...) comes back with it: the resumed table names the seat as before
    config = GameConfig(
        rules=match.rules.name,
        players=int(match.players or 3),
        seats=seat_configs,
        options=dataclasses.asdict(match.options),
        seed=match.seed,
        hands=match.hands,
        stakes=match.stakes.to_json() if match.stakes is not None else None,
        target=match.target,
    )
    previous = state.get("history_match")
    persistence = Persistence(match_id=previous if isinstance(previous, int) else None)
    return Controller(
        config,
        inline_bots=inline_bots,
        persistence=persistence,
        resume=(match, game),
        **kept_at_table(state, [s.kind for s in seat_configs], game),
    )


def kept_at_table(state: Mapping[str, Any], kinds: Sequence[str], game: Game | None) -> dict[str, Any]:
    """What the table kept in a saved match ``state`` (the autosave's, or a 比赛 table's in the competition save), as
    the Controller's keyword arguments: each human seat's own columns when they are exactly its hand (``kinds``: the
    seats' kinds, ``game``: the restored hand), the hint mark, and 托管 (the seats on it, the hand's mark). Every
    value is checked by the store (restore, saved_columns), so nothing of the save is trusted."""
    columns: dict[int, list[list[int]]] = {}
    if game is not None:
        for seat, kind in enumerate(kinds):
            arranged = saved_columns(state, seat, game.hands[seat]) if kind == HUMAN else None
            if arranged is not None:
                columns[seat] = arranged
    autoplay, autoplay_hand = saved_autoplay(state)
    return {
        "columns": columns,
        "assisted": saved_hint_used(state),
        "autoplay": autoplay,
        "autoplay_hand": autoplay_hand,
    }


def recover_at_start(state: Mapping[str, Any] | None) -> list[str]:
    """Game start: record the autosave's finished hand if the history lacks it; the store's messages for the player."""
    if not state or not isinstance(state.get("hand"), Mapping) or state["hand"].get("result") is None:
        return []
    persistence = Persistence()
    try:
        persistence.record_unrecorded_hand(state)
    finally:
        persistence.history.close()
    return persistence.messages


class CompetitionPersistence(Persistence):
    """The player's table in a competition: its hands go to the history like any match, its state into the
    competition save (never the plain autosave), and the finished match is booked as the table's result."""

    def __init__(self, session: CompetitionSession, *, match_id: int | None = None) -> None:
        """Save to the competition ``session`` rather than the autosave."""
        super().__init__(match_id=match_id)
        self.session = session

    def after_action(self, controller: Controller) -> None:
        """Save the table's state into the competition save (with the hand's winner once a hand is over)."""
        try:
            state = self._state(controller)
            state["history_match"] = self.match_id
            result = controller.game.result
            finished = (controller.match.played, result.winner) if result is not None else None
            self.session.table_progress(state, finished)
        except Exception as exc:  # noqa: BLE001 - a failed save must not end the game; the last good one stays
            self.messages.append(f"autosave failed: {exc}")

    def match_finished(self, controller: Controller) -> None:
        """Close the match in the history and book the table's result in the competition."""
        try:
            if self.match_id is not None:
                self.history.finish_match(self.match_id, controller.match.totals)
        except Exception as exc:  # noqa: BLE001
            self.messages.append(f"history not recorded: {exc}")
        self.session.book_table(tuple(controller.match.totals))
