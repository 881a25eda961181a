"""A competition as the window plays it: the tournament, the player's table in progress, the bot tables, and the
booking of every result into the competition save and the history.

The competition screen shows a session and forwards the player's choices to it; this module never draws. Everything
is saved to ``competition.json`` (store.competition) whenever a table is booked and after every action at the
player's table, so the title's 比赛 entry can continue it after a quit or a kill. The logic (seating, standings,
tie-breaks) is engine.tournament.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

from ..engine.tournament import TableResult, Tournament
from ..store.autosave import restore
from ..store.competition import clear_competition, competition_state, restore_competition, save_competition
from ..store.history import open_history
from .play import BotTables, play_bot_table


@dataclass(frozen=True)
class Seating:
    """The player's table of this round, as the table scene needs it: who sits where, the deal seed, and the match
    in progress (``resume``: the restored match and hand, and the history's match id) when there is one."""

    round_no: int
    table: int
    entrants: tuple[int, ...]
    seed: str
    resume: tuple[Any, Any] | None
    match_id: int | None


class CompetitionSession:
    """The competition's orchestration: start or resume, the bot tables (a worker process, or ``inline`` here and
    now for repeatable tests), the player's table, and the booking of results; ``notes`` collects what failed."""

    def __init__(
        self,
        tournament: Tournament,
        *,
        table: dict[str, Any] | None = None,
        table_wins: dict[str, int | None] | None = None,
        competition_id: int | None = None,
        inline: bool = False,
        notes: list[str] | None = None,
    ) -> None:
        self.t = tournament
        self.table_state = table
        self.table_wins: dict[str, int | None] = dict(table_wins or {})
        self.competition_id = competition_id
        self.inline = inline
        self.notes: list[str] = notes if notes is not None else []
        self.finished_booked = False
        self.bots = BotTables()
        if competition_id is None:
            self._record_start()
        if not self.t.tables:
            self.t.start_round()
        self.save()
        self.run_bots()

    @classmethod
    def from_state(cls, state: dict[str, Any], *, inline: bool = False) -> CompetitionSession:
        """The saved competition (``store.competition``'s state); a damaged one raises ``CompetitionError``."""
        t, _table = restore_competition(state)
        wins = state.get("table_wins")
        cid = state.get("history_competition")
        return cls(
            t,
            table=state.get("table"),
            table_wins=wins if isinstance(wins, dict) else None,
            competition_id=cid if isinstance(cid, int) else None,
            inline=inline,
        )

    # --- the store ----------------------------------------------------------------------------------------------

    def _record_start(self) -> None:
        t = self.t
        try:
            with open_history() as history:
                self.competition_id = history.start_competition(
                    t.rules, t.table_size, len(t.entrants), t.rounds, t.hands, duplicate=t.duplicate, seed=t.seed
                )
        except Exception as exc:  # noqa: BLE001 - the record is a convenience; the competition goes on
            self.notes.append(f"history not recorded: {exc}")

    def save(self) -> None:
        """Write the competition save (atomic): the tournament, the player's table in progress and its winners."""
        try:
            if self.t.over:
                clear_competition()
                return
            state = competition_state(self.t, self.table_state, self.competition_id)
            state["table_wins"] = self.table_wins
            save_competition(state)
        except Exception as exc:  # noqa: BLE001 - a failed save must not stop the competition
            self.notes.append(f"autosave failed: {exc}")

    def book_finish(self) -> None:
        """The competition is over: the player's rank goes to the record (once)."""
        if self.finished_booked or not self.t.over:
            return
        self.finished_booked = True
        human = self.t.human()
        final = self.t.standings()
        mine = next((s for s in final if s.entrant == human), None)
        if self.competition_id is None or mine is None:
            return
        standings = [
            {"rank": s.rank, "entrant": s.entrant, "level": self.t.entrants[s.entrant].level, "points": s.points}
            for s in final
        ]
        try:
            with open_history() as history:
                history.finish_competition(self.competition_id, mine.rank, mine.points, mine.hands_won, standings)
        except Exception as exc:  # noqa: BLE001
            self.notes.append(f"history not recorded: {exc}")

    # --- tables -------------------------------------------------------------------------------------------------

    def run_bots(self) -> None:
        """Start this round's bot tables (a worker process; ``inline``: here and now, for repeatable tests)."""
        if self.t.over:
            return
        if self.inline:
            human_table = self.t.human_table()
            for table in self.t.pending():
                if table != human_table:
                    self.t.record(play_bot_table(self.t, len(self.t.tables), table))
            self.save()
        else:
            self.bots.submit(self.t)

    def next_round(self) -> None:
        """Seat the next round, save, and start its bot tables."""
        self.t.start_round()
        self.save()
        self.run_bots()

    def table_progress(self, state: dict[str, Any], finished_hand: tuple[int, int | None] | None = None) -> None:
        """An action at the player's table: its match state is saved, and with a finished hand (its number, counted
        from 1, and the winning seat or None for 荒庄) the hand's winner too, so a kill cannot lose it."""
        if finished_hand is not None:
            hand, winner = finished_hand
            self.table_wins[str(hand)] = winner
        self.table_state = state
        self.save()

    def book_table(self, totals: tuple[int, ...]) -> None:
        """The player's table finished its match with these ``totals``: book it like any table."""
        round_no = len(self.t.tables)
        table = self.t.human_table(round_no)
        if table is None or table not in self.t.pending():
            return
        seated = self.t.tables[round_no - 1][table]
        won = [0] * len(seated)
        for winner in self.table_wins.values():
            if winner is not None and 0 <= winner < len(seated):
                won[winner] += 1
        self.t.record(TableResult(round_no, table, seated, totals, tuple(won)))
        self.table_state = None
        self.table_wins = {}
        self.save()
        self.book_finish()

    @property
    def phase(self) -> str:
        """final | standings (the round is complete) | waiting (for the bot tables) | play (the player's table)."""
        if self.t.over:
            return "final"
        round_no = len(self.t.tables)
        if self.t.round_complete(round_no):
            return "standings"
        if self.t.human_table(round_no) not in self.t.pending():
            return "waiting"
        return "play"

    def seating(self) -> Seating:
        """The player's table of this round (and the match in progress there, restored from the save)."""
        t = self.t
        round_no = len(t.tables)
        table = t.human_table(round_no)
        assert table is not None
        resume = None
        match_id = None
        if self.table_state is not None:
            match, _seats, game = restore(self.table_state)
            resume = (match, game)
            previous = self.table_state.get("history_match")
            match_id = previous if isinstance(previous, int) else None
        seated = tuple(t.tables[round_no - 1][table])
        return Seating(round_no, table, seated, t.seed_of(round_no, table), resume, match_id)

    def poll(self) -> None:
        """Book the bot tables finished since the last call; a failed worker is replaced by playing here."""
        try:
            finished = self.bots.poll()
        except Exception as exc:  # noqa: BLE001 - a failed bot table is shown, and played again here
            self.notes.append(f"{type(exc).__name__}: {exc}")
            self.bots.close()
            self.bots = BotTables()
            self.inline = True
            self.run_bots()
            return
        for result in finished:
            with contextlib.suppress(ValueError):  # already booked (a resumed round): keep the first booking
                self.t.record(result)
        if finished:
            self.save()
            self.book_finish()
        if not self.inline and not self.bots.busy and not self.t.over:
            self.bots.submit(self.t)  # a resumed round: the tables not booked before the quit

    def close(self) -> None:
        """Stop the bot worker (the competition stays saved)."""
        self.bots.close()
