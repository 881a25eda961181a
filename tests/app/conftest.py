"""Headless pygame for every app test: set before any test module imports pygame."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_VIDEO_DRIVER", "dummy")  # the SDL3 spelling, for pygame-ce 3
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
