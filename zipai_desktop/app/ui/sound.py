"""Sound effects at the table (deal, flip, discard, meld, win, a voice per call), played through ``pygame.mixer``
when there is one.

Sound never gets in the way of the game: the mixer is started lazily on the first :meth:`Sound.play`, and when it
cannot start (no audio device, pygame built without SDL_mixer, any error) every call stays silent and nothing raises.
Each effect is read once from ``assets/sounds/<name>.wav`` (made by ``build/make_sounds.py``); a missing or unreadable
file is silent too. Under ``SDL_AUDIODRIVER=dummy`` (the tests, the headless demo) the mixer runs but plays to nowhere.
"""

from __future__ import annotations

from typing import Any

from . import assets

#: The calls' voices (app/table/calls.py says which call plays which), one each for 吃 碰 偎 跑 提 开舵 扫 龙 胡 自摸.
CALL_EFFECTS = tuple(
    f"call_{name}" for name in ("chi", "peng", "wei", "pao", "ti", "kai_duo", "sao", "long", "hu", "zimo")
)
EFFECTS = ("deal", "flip", "discard", "meld", "win", *CALL_EFFECTS)
CHANNELS = 16  # sounds at once: a call's voice rings over the cards' sounds (SDL_mixer starts with 8)


class Sound:
    """The table's sound effects, with a volume (0..1) and a mute switch."""

    def __init__(self, volume: float = 0.8, muted: bool = False) -> None:
        """Sounds at ``volume`` (0 to 1), muted or not."""
        self._volume = 0.8
        self.volume = volume
        self.muted = bool(muted)
        self._tried_init = False
        self._format: Any = None  # pygame.mixer.get_init() when the cached sounds were loaded
        self._cache: dict[str, Any] = {}  # name -> pygame.mixer.Sound, or None when missing / unreadable

    @classmethod
    def from_settings(cls, settings: Any) -> Sound:
        """From :class:`zipai_desktop.store.settings.Settings` (``sound`` off means muted)."""
        return cls(volume=float(settings.volume), muted=not settings.sound)

    @property
    def volume(self) -> float:
        """The volume, 0 to 1."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        try:
            v = float(value)
        except (TypeError, ValueError):
            return
        if v != v:  # NaN
            return
        self._volume = min(1.0, max(0.0, v))

    def toggle_mute(self) -> bool:
        """Mute or unmute; returns the new ``muted``."""
        self.muted = not self.muted
        return self.muted

    @property
    def available(self) -> bool:
        """Whether a mixer is running (starting it if it was never tried)."""
        return self._mixer() is not None

    def _mixer(self) -> Any:
        """The ``pygame.mixer`` module when it is initialised, else None (tries to initialise it once)."""
        try:
            import pygame.mixer as mixer

            current = mixer.get_init()
            if not current:
                # Never keep sounds of a closed mixer: playing one crashes pygame-ce 2.5.
                self._cache.clear()
                self._format = None
                if self._tried_init:
                    return None
                self._tried_init = True  # only once: a machine without audio is slow to say so
                mixer.init()
                current = mixer.get_init()
        except Exception:  # no SDL_mixer, no audio device, a driver error: stay silent
            return None
        if not current:
            return None
        if current != self._format:
            self._cache.clear()
            self._format = current
            try:
                if mixer.get_num_channels() < CHANNELS:
                    mixer.set_num_channels(CHANNELS)
            except Exception:  # fewer channels only means an effect may not start: never an error
                pass
        return mixer

    def _load(self, mixer: Any, name: str) -> Any:
        if name not in self._cache:
            try:
                path = assets.asset_path("sounds", name + ".wav")
                self._cache[name] = mixer.Sound(str(path)) if path.is_file() else None
            except Exception:
                self._cache[name] = None
        return self._cache[name]

    def play(self, name: str) -> bool:
        """Play one effect; True if it started. Silent (False) when muted, at volume 0, without audio or file."""
        if self.muted or self._volume <= 0.0:
            return False
        mixer = self._mixer()
        if mixer is None:
            return False
        sound = self._load(mixer, name)
        if sound is None:
            return False
        try:
            sound.set_volume(self._volume)
            return sound.play() is not None
        except Exception:
            return False
