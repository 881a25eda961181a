"""Bots: ``choose(observation, legal_actions) -> action``. A bot never sees the game state, only its observation."""

from __future__ import annotations

from .base import BOTS, Bot, make_bot

__all__ = ["BOTS", "Bot", "make_bot"]
