"""The table at a 包厢 seat: the ordinary table (:class:`.scene.TableScene`) over a :class:`.remote.RemoteController`.

What a room adds: each frame the seat's messages are read (never waiting for one); a friend who dropped is told in a
toast and their seat shows 托管中; "paused by the host" covers the table while the host pauses; the host gone ends
the table with one sentence (back to the title; the friend rejoins with the same code, the seat's token kept in
memory). The hint (F4) and the card count (F5) are off in a room, and nothing is taken back (no undo). At the host's
own seat, F9 or the 包厢 button opens the room's controls over the table (pause, replace, end), and leaving the table
goes back to them without leaving the seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from ..ui.fonts import fitted, text
from ..ui.i18n import tr
from ..ui.palette import GOLD, PANEL, WHITE
from .remote import RemoteController
from .scene import TableScene


class RoomTableScene(TableScene):
    """A 包厢 seat's table; ``on_lost(sentence)`` when the seat is gone, ``on_room()`` opens the host's controls."""

    def __init__(
        self,
        remote: RemoteController,
        size: tuple[int, int],
        *,
        on_lost: Callable[[str], None],
        on_room: Callable[[], None] | None = None,
        **kwargs: Any,
    ) -> None:
        """The table of ``remote``'s seat; the other keyword arguments are the table's own."""
        self.remote = remote
        self.on_lost = on_lost
        self.on_room = on_room
        self.gone = False
        super().__init__(remote, size, **kwargs)
        # The deal has come (the screens open the table then): the view takes its first events now, so the table
        # drawn before its first update (opened from another screen's update) already shows the hand.
        self.update(0.0)

    # --- the connection, each frame ---------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Read the seat's messages, tell what changed, then pace the table as ever (not while the host pauses)."""
        remote = self.remote
        remote.pump()
        if remote.resynced:  # the host sent the hand from its start again (a rejoin): the view is rebuilt from it
            remote.resynced = False
            self._set_viewer(self.viewer)
        for note in remote.take_notices():
            self.show_toast(note)
        if remote.lost is not None and remote.final is None and not self.gone:
            self.gone = True
            self.on_lost(remote.lost)
            return
        if remote.ended_by_host and not self.match_over and remote.game.result is None and not remote.hand_over:
            self._ended_by_host()
            return
        super().update(dt)

    def _ended_by_host(self) -> None:
        """The host ended the match in the middle of a hand (abandoned, not scored): the result of the hands played."""
        self.match_over = True
        self.remote.next_hand()  # books the totals the host sent
        if self.on_match_end is not None:
            self.controller.close()
            self.on_match_end(self)
            return
        self.show_toast(tr("room.ended_by_host", self.lang))

    # --- what a room does not offer ---------------------------------------------------------------------------------

    def request_hint(self) -> None:
        """F4: no hint at a room's table (its hands count for every player)."""
        self.show_toast(tr("room.no_hint", self.lang))

    def toggle_count(self) -> None:
        """F5: no card count at a room's table."""
        self.show_toast(tr("room.no_count", self.lang))

    def leave_table(self) -> None:
        """The host goes back to the room's controls (the seat stays theirs); a friend leaves the room."""
        if self.on_room is not None:
            self.on_room()
            return
        super().leave_table()

    # --- the host's button ------------------------------------------------------------------------------------------

    def room_button(self) -> pygame.Rect | None:
        """The 包厢 (F9) button at the top right, at the host's seat only."""
        if self.on_room is None:
            return None
        size = max(12, self.size[1] // 40)
        label = text(tr("room.controls_button", self.lang), size, WHITE, bold=True)
        rect = label.get_rect().inflate(size, size // 2)
        rect.topright = (self.size[0] - max(6, self.size[0] // 160), max(6, self.size[1] // 100))
        return rect

    def handle_event(self, event: pygame.event.Event) -> None:
        """F9 or the 包厢 button opens the host's controls; U (undo) says a room takes nothing back; everything else
        is the table's."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_u and not self.show_result and not self.confirm_leave:
            self.show_toast(tr("room.no_undo", self.lang))
            return
        if self.on_room is not None and not self.confirm_leave:
            button = self.room_button()
            clicked = event.type == pygame.MOUSEBUTTONUP and button is not None and button.collidepoint(event.pos)
            if clicked or (event.type == pygame.KEYDOWN and event.key == pygame.K_F9):
                self.on_room()
                return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The table, the host's button, and "paused by the host" over it while paused."""
        super().draw(surface)
        button = self.room_button()
        if button is not None:
            size = max(12, self.size[1] // 40)
            pygame.draw.rect(surface, PANEL, button, border_radius=button.height // 3)
            pygame.draw.rect(surface, GOLD, button, width=2, border_radius=button.height // 3)
            label = text(tr("room.controls_button", self.lang), size, WHITE, bold=True)
            surface.blit(label, label.get_rect(center=button.center))
        if self.remote.paused:
            w, h = self.size
            shade = pygame.Surface((w, h), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 120))
            surface.blit(shade, (0, 0))
            line = fitted(tr("room.paused_banner", self.lang), max(20, h // 18), int(w * 0.8), GOLD, bold=True)
            surface.blit(line, line.get_rect(center=(w // 2, h // 2)))
