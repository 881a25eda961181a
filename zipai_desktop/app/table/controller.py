"""The game driver behind the table: a match, its seats (human or bot), and the event feed for the screen.

The controller owns the engine. The screen gets only (a) each new engine event, redacted for the seat in front of the
screen, and (b) the legal actions when a human seat must decide. Bots decide through a :class:`BotRunner` off the UI
thread (or inline in the headless demo, where a fixed frame clock makes screenshots repeatable).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from ...bots.base import make_bot
from ...bots.expert import ExpertBot
from ...bots.heuristic import bot_seed
from ...bots.worker import Analysis, BotRunner, Decision, HintAnalysis
from ...engine.actions import Action
from ...engine.events import Event, redact
from ...engine.game import Game, IllegalAction
from ...engine.match import Match, Stakes
from ...engine.observation import Observation, observe
from ...engine.record import replay, to_record
from ...engine.rules import get_rules
from ...engine.waits import Wait, waits
from ...engine.waits import unseen as unseen_counts
from .hand_columns import Columns, counts_of, reconcile


class Recorder(Protocol):
    """What the controller tells the store (``persist.Persistence``; a competition's table its own kind)."""

    messages: list[Any]

    def start_match(self, controller: Controller) -> None:
        """A match begins (or is resumed)."""

    def after_action(self, controller: Controller) -> None:
        """An action was applied: save the state."""

    def hand_finished(self, controller: Controller) -> None:
        """A hand ended: record it."""

    def mark_assisted(self) -> None:
        """The player took a hint: the hand is marked as assisted."""

    def match_finished(self, controller: Controller) -> None:
        """The match ended: record its totals."""


HUMAN = "human"
#: The seat kind of a friend at another computer (a 包厢 seat: a person, named by the name they gave, not a bot).
FRIEND = "friend"
#: The bot that plays a human seat under 托管 (auto-play): the standard level, simple safe play, as a 老K expects of
#: 托管 (it keeps the hand going; it does not play to win for you).
AUTOPLAY_LEVEL = "casual"
HINT_BUDGET_S = 0.3  # the expert's search time for a hint computed inline (tests, the headless demo)


@dataclass
class SeatConfig:
    """One seat of a game: human or a bot level, and the name shown."""

    kind: str  # "human" or a bot level
    name: str
    entrant: str = ""  # a 比赛 entrant's name or catalog key (names.given_name): its bot seat's name, not 电脑n


@dataclass
class GameConfig:
    """A match as set up: the game, the seats, the rule options, the seed and the number of hands."""

    rules: str = "guilin"
    players: int = 3
    seats: list[SeatConfig] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | str | None = None
    hands: int | None = 8
    practice: bool = False  # practice against bots: undo allowed, not counted in statistics
    stakes: dict[str, Any] | None = None  # 倍率: {"base", "multiplier", "start_balance"} (engine.match.Stakes)
    target: int | None = None  # the match ends when a seat's total reaches +/- this many points

    def __post_init__(self) -> None:
        """No seats given: the player in seat 1, casual bots in the others."""
        if not self.seats:
            self.seats = [SeatConfig(HUMAN, "you")] + [SeatConfig("casual", f"bot {i}") for i in range(1, self.players)]


class Controller:
    """Runs a match for the table scene."""

    def __init__(
        self,
        config: GameConfig,
        *,
        inline_bots: bool = False,
        persistence: Recorder | None = None,
        resume: tuple[Match, Game | None] | None = None,
        game: Game | None = None,
        columns: Mapping[int, Columns] | None = None,
        assisted: bool = False,
        autoplay: Iterable[int] = (),
        autoplay_hand: bool = False,
    ) -> None:
        """A match of ``config`` (or the resumed one), a hand dealt; bots think in a worker unless ``inline_bots``.

        A resumed match brings back what the table kept: the human seats' own ``columns`` (each exactly that seat's
        hand, checked by the store), ``assisted`` (a hint was used), ``autoplay`` (the human seats on 托管) and
        ``autoplay_hand`` (the hand was played, even partly, under 托管).
        """
        given = game
        self.config = config
        self.rules = get_rules(config.rules)
        self.options = self.rules.parse_options(config.options)
        if resume is not None:
            self.match, game = resume
            self.options = self.match.options
        else:
            seed = config.seed if config.seed is not None else int(time.time() * 1000) % 1_000_000_007
            stakes = Stakes.from_json(config.stakes) if config.stakes is not None else None
            self.match = Match(
                self.rules,
                self.options,
                seed=seed,
                hands=config.hands,
                target=config.target,
                players=config.players,
                stakes=stakes,
            )
            game = None
        self.inline_bots = inline_bots
        # Bots think in a worker process: pure-Python search in a thread would hold the GIL and stall the frames. It is
        # spawned (it holds only the observations it is sent, never this Game) and started now, while the table is
        # set up, so that the first bot decision does not wait for a new interpreter.
        has_bots = any(s.kind != HUMAN for s in config.seats)
        self.runner: BotRunner | None = BotRunner("process", deadline_s=1.0) if has_bots and not inline_bots else None
        if given is not None:  # a hand set up by the caller (the tutorial's position) is the match's current hand
            self.match.game = game = given
        self.game: Game = game if game is not None else self.match.start_hand()
        self.sent = 0  # engine events already fed to the screen
        self.decision: Decision | None = None
        self.error: str | None = None
        self.persistence = persistence
        self.recorded = False
        self.assisted = assisted  # a hint was used in a counted game (statistics leave the match out)
        # 托管: the human seats a bot plays for their players, and whether this hand had a move made so (its mark).
        self.autoplay: set[int] = {s for s in autoplay if 0 <= s < config.players and self.is_human(s)}
        self.autoplay_hand = autoplay_hand
        # The human seats' own arrangements of their hands this hand (理牌 by hand), autosaved so a resume keeps them.
        self.columns: dict[int, Columns] = {}
        for seat, arranged in (columns or {}).items():
            human = 0 <= seat < config.players and self.is_human(seat)
            if human and counts_of(arranged) == list(self.game.hands[seat]):
                self.columns[seat] = reconcile(arranged, self.game.hands[seat])  # a split 坎 is made whole again
        if persistence is not None:
            persistence.start_match(self)

    # --- seats ----------------------------------------------------------------------------------------------------

    def is_human(self, seat: int) -> bool:
        """The seat is played by a person at this screen."""
        return self.config.seats[seat].kind == HUMAN

    def bot_plays(self, seat: int) -> bool:
        """A bot decides for ``seat``: a bot seat, or a human seat on 托管."""
        return not self.is_human(seat) or seat in self.autoplay

    def set_autoplay(self, seat: int, on: bool) -> None:
        """托管 on or off for a human ``seat`` (autosaved at once, so a resume keeps it). Taken back, a decision the
        bot is still working out for the seat is dropped: the player decides it."""
        if not self.is_human(seat) or on == (seat in self.autoplay):
            return
        if on:
            self.autoplay.add(seat)
        else:
            self.autoplay.discard(seat)
            if self.decision is not None and self.game.to_act == seat:
                self.decision.cancel()
                self.decision = None
        if self.persistence is not None and self.game.result is None:
            self.persistence.after_action(self)

    @property
    def humans(self) -> list[int]:
        """The seats played by people at this screen."""
        return [s for s in range(self.config.players) if self.is_human(s)]

    def default_viewer(self) -> int:
        """The seat the table is shown from: the first human seat (seat 0 when only bots play)."""
        humans = self.humans
        return humans[0] if humans else 0

    # --- the event feed -------------------------------------------------------------------------------------------

    def new_events(self, viewer: int) -> list[Event]:
        """Events since the last call, as ``viewer`` may see them."""
        out = []
        for event in self.game.events[self.sent :]:
            seen = redact(event, viewer)
            if seen is not None:
                out.append(seen)
        self.sent = len(self.game.events)
        return out

    @property
    def has_new_events(self) -> bool:
        """The engine has events the table has not taken yet."""
        return self.sent < len(self.game.events)

    def all_events(self, viewer: int) -> list[Event]:
        """Every event of this hand for ``viewer`` (a hot-seat change of viewer rebuilds the view from these)."""
        self.sent = len(self.game.events)
        return [e for e in (redact(ev, viewer) for ev in self.game.events) if e is not None]

    # --- decisions ------------------------------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat whose decision the engine waits for (None: nobody, e.g. the hand is over)."""
        return self.game.to_act

    def legal(self, seat: int) -> list[Action]:
        """The seat's legal actions now."""
        return self.game.legal_actions(seat)

    def submit(self, seat: int, action: Action) -> str | None:
        """Apply a human's action; returns the reason if the engine refuses it (nothing changes then)."""
        try:
            self.game.apply(seat, action)
        except IllegalAction as exc:
            return str(exc)
        self._after_action()
        return None

    def _after_action(self) -> None:
        if self.persistence is None:
            return
        self.persistence.after_action(self)
        if self.game.result is not None and not self.recorded:
            self.recorded = True
            self.persistence.hand_finished(self)

    def step_bot(self) -> bool:
        """Advance a bot seat's decision; True when an action was applied."""
        seat = self.game.to_act
        if seat is None or not self.bot_plays(seat):
            return False
        autoplay = self.is_human(seat)  # a human seat on 托管: the 托管 bot, from the seat's observation only
        level = AUTOPLAY_LEVEL if autoplay else self.config.seats[seat].kind
        seed = bot_seed(f"{self.match.seed}:{self.match.played}", seat)
        legal = self.game.legal_actions(seat)
        if autoplay and self.runner is None and not self.inline_bots:  # people only at the table: the worker starts
            self.runner = BotRunner("process", deadline_s=1.0)
        if self.inline_bots or self.runner is None:
            action = make_bot(level, seed).choose(observe(self.game, seat), legal)
        else:
            if self.decision is None:
                self.decision = self.runner.decide(level, seed, observe(self.game, seat), legal)
                return False
            if not self.decision.ready():
                return False
            result = self.decision.result()
            self.decision = None
            if result is None:
                return False
            action = result
        self.game.apply(seat, action)
        if autoplay:
            self.autoplay_hand = True  # played, even partly, under 托管: the history marks the hand
        self._after_action()
        return True

    # --- aids: the 听 list and the discard hint ----------------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may see of the game (its hand, the table, the counts)."""
        return observe(self.game, seat)

    def unseen(self, seat: int) -> tuple[int, ...]:
        """记牌: for each of the 20 kinds, the copies ``seat`` has not seen (from its observation alone)."""
        return unseen_counts(self.game, seat)

    def waits(self, seat: int) -> list[Wait]:
        """The cards that would win for ``seat`` now, as the engine itself would offer them (engine.waits)."""
        return waits(self.game, seat)

    def ask_hint(self, seat: int) -> HintAnalysis | Analysis | None:
        """The expert's analysis of ``seat``'s decision (its searched actions with their expected results, best
        first), from its observation only: off the UI thread (a :class:`HintAnalysis` to poll) when the bots run in
        the worker, at once when they run inline."""
        legal = self.game.legal_actions(seat)
        if not legal:
            return None
        seed = bot_seed(f"{self.match.seed}:{self.match.played}:hint", seat)
        obs = observe(self.game, seat)
        if self.inline_bots or self.runner is None:
            return tuple(ExpertBot(seed, budget_s=HINT_BUDGET_S).analyse(obs, legal))
        return self.runner.analyse(seed, obs, legal)

    def mark_assisted(self) -> None:
        """A hint was used in a game the statistics count: the match is marked and left out, like practice."""
        if self.assisted:
            return
        self.assisted = True
        if self.persistence is not None:
            self.persistence.mark_assisted()
            if self.game.result is None:
                self.persistence.after_action(self)  # the mark is autosaved at once: a resume keeps it

    # --- the players' arrangements ----------------------------------------------------------------------------------

    def arranged(self, seat: int, columns: Columns | None, *, save: bool = True) -> None:
        """A human seat's own arrangement of its hand (``None``: sorted again), autosaved at once unless ``save`` is
        False (then with the next action): arranging is not an action, yet a resume must find it."""
        if columns is None:
            if self.columns.pop(seat, None) is None:
                return
        elif self.columns.get(seat) == columns:
            return
        else:
            self.columns[seat] = [list(c) for c in columns]
        if save and self.persistence is not None and self.game.result is None:
            self.persistence.after_action(self)

    def saved_columns(self) -> dict[int, Columns]:
        """Each arranged seat's columns brought up to date with its hand now (the autosave's copy): the table follows
        the hand a frame later, so the columns it last drew may lack the card just taken or still hold the one just
        given."""
        return {seat: reconcile(cols, self.game.hands[seat]) for seat, cols in self.columns.items()}

    # --- practice ---------------------------------------------------------------------------------------------------

    @property
    def can_undo(self) -> bool:
        """Practice against bots only: a human may take back its last decision."""
        return (
            self.config.practice
            and len(self.humans) == 1
            and self.game.result is None
            and any(seat == self.humans[0] for seat, _ in self.game.history)
        )

    def undo(self) -> bool:
        """Back to the human's previous decision, by replaying the hand's record up to it (practice only)."""
        if not self.can_undo:
            return False

        human = self.humans[0]
        last = max(i for i, (seat, _) in enumerate(self.game.history) if seat == human)
        # Taking a move back is playing the seat again: 托管 ends, or its bot would make the same move at once.
        self.autoplay.discard(human)
        if self.decision is not None:
            self.decision.cancel()
            self.decision = None
        self.game = replay(to_record(self.game), upto=last)
        self.match.game = self.game
        self.sent = 0
        if self.persistence is not None:
            self.persistence.after_action(self)
        return True

    @property
    def thinking(self) -> bool:
        """A bot's decision is being worked out."""
        return self.decision is not None

    # --- hands ----------------------------------------------------------------------------------------------------

    @property
    def hand_over(self) -> bool:
        """The hand has a result (a win or 荒庄)."""
        return self.game.result is not None

    def ends_match(self) -> bool:
        """The finished hand is the match's last: booking it ends the match (its hands played, a total at the target,
        a stake balance gone, the 轮 done). Asked of a copy of the match, so nothing is booked twice."""
        if self.game.result is None or self.match.game is not self.game:
            return False
        trial = dataclasses.replace(
            self.match, totals=list(self.match.totals), round_totals=list(self.match.round_totals)
        )
        trial.finish_hand()
        return trial.over

    def next_hand(self) -> bool:
        """Book the finished hand and deal the next; False when the match is over."""
        self.match.finish_hand()
        if self.match.over:
            if self.persistence is not None:
                self.persistence.match_finished(self)
            return False
        self.game = self.match.start_hand()
        self.sent = 0
        self.recorded = False
        self.columns = {}  # a new deal is sorted afresh (理牌)
        self.autoplay_hand = False  # the new hand's mark: set by the 托管 bot's first move in it
        # A hand can end at the deal (秀山博胡's 天胡 and the other deal wins): it is autosaved and recorded like a hand
        # ended by an action, or it would never reach the history.
        self._after_action()
        return True

    def close(self) -> None:
        """Stop a bot's decision in progress and the worker process."""
        if self.decision is not None:
            self.decision.cancel()
        if self.runner is not None:
            self.runner.close()
