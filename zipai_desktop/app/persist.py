"""The table's link to the store: autosave after every action, the history of finished hands and matches.

Every game goes through here, the headless demo too (its hands are stored as bots-only games, which statistics leave
out), so the headless checks exercise the store. A store problem never stops a game: it is reported once and play
goes on.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..store.autosave import clear_autosave, match_state, save_match
from ..store.history import History, open_history

if TYPE_CHECKING:
    from .controller import Controller


class Persistence:
    def __init__(self, history: History | None = None, *, match_id: int | None = None) -> None:
        """``match_id``: the history match a resumed game continues (from the autosave), so its hands stay together."""
        self.history = history if history is not None else open_history()
        self.messages: list[str] = []
        message = getattr(self.history, "message", None)
        if message:
            self.messages.append(str(message))
        self.match_id: int | None = match_id

    def _seats(self, controller: Controller) -> list[Any]:
        return [{"kind": s.kind, "name": s.name} for s in controller.config.seats]

    def start_match(self, controller: Controller) -> None:
        if self.match_id is not None:  # a resumed match goes on under its history entry
            self.after_action(controller)
            return
        try:
            self.match_id = self.history.start_match(
                controller.config.rules,
                [s.kind for s in controller.config.seats],
                options=dataclasses.asdict(controller.options),
                seed=controller.match.seed,
                practice=controller.config.practice,
            )
        except Exception as exc:  # noqa: BLE001 - the history is a convenience; the game goes on without it
            self.messages.append(f"history not recorded: {exc}")
            self.match_id = None
        self.after_action(controller)

    def after_action(self, controller: Controller) -> None:
        try:
            state = match_state(controller.match, self._seats(controller), controller.game)
            state["history_match"] = self.match_id
            save_match(state)
        except Exception as exc:  # noqa: BLE001 - a failed autosave must not end the game; the last good one stays
            self.messages.append(f"autosave failed: {exc}")

    def hand_finished(self, controller: Controller) -> None:
        if self.match_id is None:
            return
        try:
            self.history.add_hand(self.match_id, controller.match.played, controller.game)
        except Exception as exc:  # noqa: BLE001
            self.messages.append(f"history not recorded: {exc}")

    def match_finished(self, controller: Controller) -> None:
        try:
            if self.match_id is not None:
                self.history.finish_match(self.match_id, controller.match.totals)
            clear_autosave()
        except Exception as exc:  # noqa: BLE001
            self.messages.append(f"history not recorded: {exc}")
