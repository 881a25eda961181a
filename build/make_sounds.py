#!/usr/bin/env python3
"""Synthesise the table's sound effects (short 16-bit mono 22050 Hz WAV files) with the standard library only.

Run from the repository root (no third-party package is needed):

    python build/make_sounds.py              # writes assets/sounds/{deal,flip,...,call_hu,call_zimo}.wav
    python build/make_sounds.py --out DIR    # writes them to DIR instead
    python build/make_sounds.py --check      # exit 1 if the committed files differ from a fresh synthesis

Every effect is built from filtered noise bursts and decaying sine partials; the noise comes from a ``random.Random``
seeded per effect, so the output is byte-for-byte the same on every run. The files are released under CC0 (see
``assets/sounds/README.md``).
"""

from __future__ import annotations

import argparse
import io
import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "assets" / "sounds"
RATE = 22050
SAMPLE_WIDTH = 2  # bytes: 16-bit signed
FADE_OUT = 0.004  # seconds of linear fade at the very end, so no effect ends with a click

Samples = list[float]


def _silence(seconds: float) -> Samples:
    return [0.0] * int(seconds * RATE)


def _lowpass(x: Samples, cutoff: float) -> Samples:
    """One-pole low-pass filter."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for v in x:
        y += a * (v - y)
        out.append(y)
    return out


def _highpass(x: Samples, cutoff: float) -> Samples:
    return [v - lp for v, lp in zip(x, _lowpass(x, cutoff), strict=True)]


def _band(x: Samples, low: float, high: float) -> Samples:
    return _lowpass(_highpass(x, low), high)


def _burst(rng: random.Random, seconds: float, decay: float, attack: float = 0.0005) -> Samples:
    """White noise with a fast linear attack and an exponential decay (``decay`` is the time constant)."""
    n = int(seconds * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        env = min(1.0, t / attack) * math.exp(-t / decay)
        out.append(rng.uniform(-1.0, 1.0) * env)
    return out


def _tone(freq: float, seconds: float, decay: float, *, attack: float = 0.001, glide: float = 0.0) -> Samples:
    """A decaying sine; ``glide`` bends the pitch by that ratio over the first 30 ms (a knock drops in pitch)."""
    n = int(seconds * RATE)
    out, phase = [], 0.0
    for i in range(n):
        t = i / RATE
        f = freq * (1.0 + glide * max(0.0, 1.0 - t / 0.03))
        phase += 2.0 * math.pi * f / RATE
        out.append(math.sin(phase) * min(1.0, t / attack) * math.exp(-t / decay))
    return out


def _mix(into: Samples, sound: Samples, at: float, gain: float = 1.0) -> None:
    start = int(at * RATE)
    for i, v in enumerate(sound):
        if start + i < len(into):
            into[start + i] += v * gain


def _finish(x: Samples, peak: float) -> Samples:
    """Normalise to ``peak`` (of full scale) and fade out the last few milliseconds."""
    top = max((abs(v) for v in x), default=0.0) or 1.0
    fade = int(FADE_OUT * RATE)
    n = len(x)
    return [v / top * peak * min(1.0, (n - 1 - i) / fade) for i, v in enumerate(x)]


def _tap(rng: random.Random, pitch: float) -> Samples:
    """A card laid on the felt: a short muffled noise knock over a low body tone."""
    knock = _lowpass(_burst(rng, 0.12, 0.010), 2600.0)
    body = _tone(pitch, 0.12, 0.022, glide=0.35)
    return [0.8 * k + 0.45 * b for k, b in zip(knock, body, strict=True)]


def deal(rng: random.Random) -> Samples:
    """A soft riffle: a run of small paper ticks, swelling then fading, with a little jitter in time and strength."""
    out = _silence(0.42)
    t = 0.0
    ticks = 15
    for i in range(ticks):
        swell = math.sin(math.pi * (i + 0.6) / (ticks + 0.2))
        tick = _band(_burst(rng, 0.03, 0.0035), 1400.0, 6500.0)
        _mix(out, tick, t, swell * rng.uniform(0.65, 1.0))
        t += rng.uniform(0.021, 0.029)
    return _finish(_lowpass(out, 7000.0), 0.55)


def flip(rng: random.Random) -> Samples:
    """A short snap: a bright noise crack with a brief high ping and a tiny low thump."""
    out = _silence(0.13)
    _mix(out, _band(_burst(rng, 0.06, 0.005), 2200.0, 9000.0), 0.0, 1.0)
    _mix(out, _tone(1750.0, 0.06, 0.008), 0.0, 0.30)
    _mix(out, _tone(320.0, 0.08, 0.012, glide=0.3), 0.002, 0.25)
    return _finish(out, 0.6)


def discard(rng: random.Random) -> Samples:
    """One card tap."""
    out = _silence(0.17)
    _mix(out, _tap(rng, 210.0), 0.0)
    return _finish(out, 0.65)


def meld(rng: random.Random) -> Samples:
    """Two quick taps, the second a little higher and firmer (cards squared up on the table)."""
    out = _silence(0.27)
    _mix(out, _tap(rng, 200.0), 0.0, 0.8)
    _mix(out, _tap(rng, 250.0), 0.085, 1.0)
    return _finish(out, 0.65)


def win(rng: random.Random) -> Samples:
    """A short bright chord (C major, C5 E5 G5 C6), strummed upwards, with a few harmonics and a soft shimmer."""
    seconds = 0.9
    out = _silence(seconds)
    for i, freq in enumerate((523.25, 659.25, 783.99, 1046.50)):
        start = 0.028 * i
        length = seconds - start
        for partial, gain in ((1, 1.0), (2, 0.32), (3, 0.12), (4, 0.05)):
            _mix(out, _tone(freq * partial, length, 0.34 / partial**0.5, attack=0.006), start, gain * 0.9**i)
    shimmer = _band(_burst(rng, seconds, 0.10, attack=0.01), 5000.0, 9000.0)
    _mix(out, shimmer, 0.0, 0.04)
    return _finish(out, 0.6)


def _chime(notes: tuple[tuple[float, float, float], ...], seconds: float, partials: tuple[float, ...]) -> Samples:
    """Notes (frequency, start, gain) of a bell-like voice: each a decaying sine with the given partials' gains."""
    out = _silence(seconds)
    for freq, start, gain in notes:
        length = seconds - start
        for n, pg in enumerate(partials, start=1):
            _mix(out, _tone(freq * n, length, 0.16 / n**0.5, attack=0.004), start, gain * pg)
    return out


# The calls: one short voice each, told apart by their shape (rising, falling, repeated, swept) and their colour, so
# a player knows 碰 from 吃 from 扫 without looking. Each follows the card sounds and is at most about 0.6 s long.


def call_chi(rng: random.Random) -> Samples:
    """吃: two quick rising notes, a plucked sound (G5 then C6)."""
    out = _chime(((783.99, 0.0, 0.8), (1046.50, 0.09, 1.0)), 0.38, (1.0, 0.25))
    return _finish(out, 0.55)


def call_peng(rng: random.Random) -> Samples:
    """碰: one firm knock with a round low bell (A4), a "pong"."""
    out = _chime(((440.0, 0.0, 1.0),), 0.45, (1.0, 0.5, 0.2))
    _mix(out, _lowpass(_burst(rng, 0.08, 0.012), 1800.0), 0.0, 0.9)
    return _finish(out, 0.6)


def call_wei(rng: random.Random) -> Samples:
    """偎: a soft falling pair, muted (E5 then C5), cards slid under the hand."""
    out = _chime(((659.25, 0.0, 0.7), (523.25, 0.12, 0.8)), 0.45, (1.0,))
    return _finish(_lowpass(out, 2500.0), 0.45)


def call_pao(rng: random.Random) -> Samples:
    """跑: three fast rising notes, bright (C5 E5 G5)."""
    out = _chime(((523.25, 0.0, 0.8), (659.25, 0.06, 0.9), (783.99, 0.12, 1.0)), 0.42, (1.0, 0.35, 0.15))
    return _finish(out, 0.55)


def call_ti(rng: random.Random) -> Samples:
    """提: a high double ping on one note (E6, twice)."""
    out = _chime(((1318.51, 0.0, 0.8), (1318.51, 0.1, 1.0)), 0.36, (1.0, 0.2))
    return _finish(out, 0.5)


def call_kai_duo(rng: random.Random) -> Samples:
    """开舵: a low gong (D4, rich partials) with a fifth above rising out of it."""
    out = _chime(((293.66, 0.0, 1.0), (440.0, 0.14, 0.6)), 0.6, (1.0, 0.6, 0.4, 0.25))
    return _finish(out, 0.6)


def call_sao(rng: random.Random) -> Samples:
    """扫: a swish (noise swept from low to high) over a short low note (F4)."""
    seconds = 0.4
    out = _silence(seconds)
    swish = _burst(rng, seconds, 0.09, attack=0.03)
    swept = _band(swish[: len(swish) // 2], 500.0, 2500.0) + _band(swish[len(swish) // 2 :], 2000.0, 7000.0)
    _mix(out, swept, 0.0, 0.8)
    _mix(out, _chime(((349.23, 0.05, 1.0),), 0.35, (1.0, 0.3)), 0.0, 0.7)
    return _finish(out, 0.55)


def call_long(rng: random.Random) -> Samples:
    """龙: a quick low drum roll under a rising minor third (A3, C4)."""
    seconds = 0.6
    out = _silence(seconds)
    for i in range(6):
        _mix(out, _tap(rng, 120.0 + 6 * i), 0.04 * i, 0.5 + 0.08 * i)
    _mix(out, _chime(((220.0, 0.0, 0.7), (261.63, 0.2, 0.9)), 0.6, (1.0, 0.5, 0.3)), 0.0, 0.8)
    return _finish(out, 0.6)


def call_hu(rng: random.Random) -> Samples:
    """胡: a bright fanfare of two chords, the fourth up to the tonic (F5 A5 C6, then G5 C6 E6)."""
    out = _chime(((698.46, 0.0, 0.6), (880.0, 0.0, 0.5), (1046.5, 0.0, 0.5)), 0.7, (1.0, 0.3))
    _mix(out, _chime(((783.99, 0.0, 0.7), (1046.5, 0.0, 0.6), (1318.51, 0.0, 0.6)), 0.55, (1.0, 0.3)), 0.15)
    return _finish(out, 0.6)


def call_zimo(rng: random.Random) -> Samples:
    """自摸: a quick arpeggio up two octaves (C5 E5 G5 C6 E6 G6), each note ringing on."""
    freqs = (523.25, 659.25, 783.99, 1046.5, 1318.51, 1567.98)
    out = _chime(tuple((f, 0.05 * i, 0.6 + 0.07 * i) for i, f in enumerate(freqs)), 0.7, (1.0, 0.25))
    return _finish(out, 0.6)


SOUNDS: dict[str, tuple[int, Callable[[random.Random], Samples]]] = {
    # name: (seed of its own random.Random, synthesiser); a new effect never changes the others.
    "deal": (1, deal),
    "flip": (2, flip),
    "discard": (3, discard),
    "meld": (4, meld),
    "win": (5, win),
    "call_chi": (6, call_chi),
    "call_peng": (7, call_peng),
    "call_wei": (8, call_wei),
    "call_pao": (9, call_pao),
    "call_ti": (10, call_ti),
    "call_kai_duo": (11, call_kai_duo),
    "call_sao": (12, call_sao),
    "call_long": (13, call_long),
    "call_hu": (14, call_hu),
    "call_zimo": (15, call_zimo),
}


def wav_bytes(samples: Samples) -> bytes:
    """A 16-bit mono WAV file at RATE holding ``samples`` (floats in -1..1)."""
    frames = struct.pack(f"<{len(samples)}h", *(max(-32767, min(32767, round(v * 32767))) for v in samples))
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(SAMPLE_WIDTH)
        w.setframerate(RATE)
        w.writeframes(frames)
    return buffer.getvalue()


def render(name: str) -> bytes:
    """The WAV file of one effect."""
    seed, synth = SOUNDS[name]
    return wav_bytes(synth(random.Random(seed)))


def write_sounds(folder: Path | str = OUT) -> dict[str, Path]:
    """Write every effect as ``<folder>/<name>.wav``; returns name -> path."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = {}
    for name in SOUNDS:
        path = folder / f"{name}.wav"
        path.write_bytes(render(name))
        written[name] = path
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder to write to (default: assets/sounds)")
    parser.add_argument("--check", action="store_true", help="exit 1 if the files in the folder are out of date")
    args = parser.parse_args(argv)
    if args.check:
        paths = {name: args.out / f"{name}.wav" for name in SOUNDS}
        stale = [name for name, p in paths.items() if not p.is_file() or p.read_bytes() != render(name)]
        print("sounds are up to date" if not stale else f"out of date: {', '.join(stale)}; run build/make_sounds.py")
        return 1 if stale else 0
    total = 0
    for path in write_sounds(args.out).values():
        size = path.stat().st_size
        total += size
        with wave.open(str(path), "rb") as w:
            seconds = w.getnframes() / w.getframerate()
        print(f"wrote {path} ({size} bytes, {seconds:.2f} s)")
    print(f"total {total} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
