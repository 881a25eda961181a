#!/usr/bin/env python3
"""Smoke-test a built bundle: run it with a scrubbed environment and check what it does.

    python build/smoke_test.py dist/zipai/zipai [--tar dist/zipai-*.tar.xz] [--deb dist/zipai_*.deb]

For the executable given (and again for the copy inside the tar.xz and inside the .deb, extracted with
``dpkg-deb -x`` into a temporary root, not installed), with only ``PATH=/usr/bin:/bin``, an empty ``HOME`` and
``ZIPAI_HOME`` in a temporary folder, and SDL's dummy video and audio drivers:

1. ``zipai --version`` prints ``zipai <version>`` (the version of zipai_desktop/__init__.py) and exits 0;
2. ``zipai ladder --quick --deals 1 --workers 2 --json`` plays every rung in two spawned worker processes without an
   error (the frozen program starts its bot workers: multiprocessing.freeze_support in build/launcher.py);
3. ``zipai --demo --rules guilin --seed 1 --frames 120 --screenshot shot.png --size 800x500`` exits 0 and writes a
   valid 800x500 PNG whose pixels are not all one colour (decoded here with zlib, no pygame needed);
4. ``zipai rooms --timeout 0.5 --json`` (包厢 discovery: zeroconf, bundled with its compiled modules) prints a JSON
   array and exits 0, or says in one line that it cannot listen (a machine without a network) and exits 1;
5. ``zipai`` (the setup screen, drawn with pygame_gui) is still running after a few seconds, without a traceback,
   then is asked to quit (SIGTERM, which SDL turns into a quit event).

For the .deb it also checks the menu entry, the icon, /usr/bin/zipai and that the program starts through a symlink.
Needs only the standard library (and ``dpkg-deb`` for --deb). Exit status 0 when every check passed.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import struct
import subprocess
import sys
import tarfile
import tempfile
import time
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SIZE = (800, 500)
DEMO_ARGS = ["--demo", "--rules", "guilin", "--seed", "1", "--frames", "120", "--size", f"{SIZE[0]}x{SIZE[1]}"]
TIMEOUT_S = 180.0
SETUP_ALIVE_S = 4.0
DEB_FILES = {
    "opt/zipai/zipai": "file",
    "usr/bin/zipai": "symlink",
    "usr/share/applications/zipai.desktop": "file",
    "usr/share/icons/hicolor/256x256/apps/zipai.png": "file",
}


class SmokeError(Exception):
    pass


def expected_version() -> str:
    text = (REPO / "zipai_desktop" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)
    if not match:
        raise SmokeError("no __version__ in zipai_desktop/__init__.py")
    return match.group(1)


def scrubbed_env(tmp: Path) -> dict[str, str]:
    """An ``env -i`` environment: nothing of the caller's, a fresh empty home, SDL's dummy drivers."""
    home = tmp / "home"
    zipai_home = tmp / "zipai-home"
    home.mkdir()
    zipai_home.mkdir()
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "ZIPAI_HOME": str(zipai_home),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_VIDEO_DRIVER": "dummy",  # SDL3's name for it
        "SDL_AUDIODRIVER": "dummy",
    }
    if sys.platform == "win32":  # Windows programs cannot start without these
        windir = os.environ.get("SYSTEMROOT", r"C:\Windows")
        env.update(
            PATH=rf"{windir}\system32;{windir}",
            SYSTEMROOT=windir,
            USERPROFILE=str(home),
            APPDATA=str(home / "AppData" / "Roaming"),
            LOCALAPPDATA=str(home / "AppData" / "Local"),
            TEMP=str(tmp),
            TMP=str(tmp),
        )
    return env


def png_info(path: Path) -> tuple[int, int, bool]:
    """(width, height, all pixels the same) of an 8-bit non-interlaced PNG; raises SmokeError if it is not valid."""
    data = path.read_bytes()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise SmokeError(f"{path.name}: not a PNG")
    pos, chunks = 8, []
    while pos < len(data):
        if pos + 8 > len(data):
            raise SmokeError(f"{path.name}: truncated chunk header")
        length, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length : pos + 12 + length])
        if zlib.crc32(kind + body) != crc:
            raise SmokeError(f"{path.name}: bad CRC in {kind!r}")
        chunks.append((kind, body))
        pos += 12 + length
        if kind == b"IEND":
            break
    if not chunks or chunks[0][0] != b"IHDR" or chunks[-1][0] != b"IEND":
        raise SmokeError(f"{path.name}: IHDR/IEND missing")
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise SmokeError(f"{path.name}: unexpected PNG format (depth {depth}, colour type {colour}, interlace)")
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    stride = width * channels
    if len(raw) != height * (stride + 1):
        raise SmokeError(f"{path.name}: image data has {len(raw)} bytes, expected {height * (stride + 1)}")
    rows = _unfilter(raw, height, stride, channels)
    first = rows[0][:channels]
    uniform = all(row == first * width for row in rows)
    return width, height, uniform


def _unfilter(raw: bytes, height: int, stride: int, bpp: int) -> list[bytes]:
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        ftype = raw[start]
        line = bytearray(raw[start + 1 : start + 1 + stride])
        if ftype == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif ftype == 2:
            line = bytearray((a + b) & 0xFF for a, b in zip(line, prev, strict=True))
        elif ftype == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif ftype == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 0xFF
        elif ftype != 0:
            raise SmokeError(f"bad PNG filter type {ftype} in row {y}")
        rows.append(bytes(line))
        prev = line
    return rows


def _run(cmd: list[str], env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(
            cmd, env=env, cwd=cwd, capture_output=True, text=True, encoding="utf-8", errors="replace",
            timeout=TIMEOUT_S,
        )  # fmt: skip
    except subprocess.TimeoutExpired as exc:
        raise SmokeError(f"{' '.join(cmd)}: no exit within {TIMEOUT_S:.0f} s") from exc


def _fail(what: str, proc: subprocess.CompletedProcess[str]) -> SmokeError:
    return SmokeError(f"{what}: exit status {proc.returncode}\n--- stdout\n{proc.stdout}\n--- stderr\n{proc.stderr}")


def check_version(exe: Path, env: dict[str, str], tmp: Path) -> str:
    proc = _run([str(exe), "--version"], env, tmp)
    want = f"zipai {expected_version()}"
    if proc.returncode != 0:
        raise _fail("--version", proc)
    if proc.stdout.strip() != want:
        raise SmokeError(f"--version printed {proc.stdout.strip()!r}, expected {want!r}")
    return want


def check_demo(exe: Path, env: dict[str, str], tmp: Path) -> str:
    shot = tmp / "shot.png"
    t = time.monotonic()
    proc = _run([str(exe), *DEMO_ARGS, "--screenshot", str(shot)], env, tmp)
    secs = time.monotonic() - t
    if proc.returncode != 0:
        raise _fail("demo screenshot", proc)
    if not shot.is_file():
        raise SmokeError(f"demo exited 0 but wrote no {shot.name}")
    width, height, uniform = png_info(shot)
    if (width, height) != SIZE:
        raise SmokeError(f"screenshot is {width}x{height}, expected {SIZE[0]}x{SIZE[1]}")
    if uniform:
        raise SmokeError("screenshot is a single colour")
    if "Traceback" in proc.stderr:
        raise SmokeError(f"demo printed a traceback:\n{proc.stderr}")
    return f"demo {secs:.1f} s, {width}x{height} PNG, {shot.stat().st_size} bytes"


def check_bot_workers(exe: Path, env: dict[str, str], tmp: Path) -> str:
    """Bots think in spawned worker processes (the window's bot worker, the ladder's pool): a frozen program can start
    them (multiprocessing.freeze_support in build/launcher.py) instead of starting itself again. One deal per rung of
    the quick ladder in two spawned workers: every rung must come back without an error (the verdicts of so short a
    run do not matter, so neither does the exit status 1 they may give)."""
    t = time.monotonic()
    proc = _run([str(exe), "ladder", "--quick", "--deals", "1", "--workers", "2", "--json"], env, tmp)
    secs = time.monotonic() - t
    if proc.returncode not in (0, 1) or "Traceback" in proc.stderr:
        raise _fail("ladder in spawned workers", proc)
    try:
        rungs = json.loads(proc.stdout)["rungs"]
    except (ValueError, KeyError, TypeError) as exc:
        raise _fail(f"ladder in spawned workers: no JSON result ({exc})", proc) from None
    if len(rungs) != 6 or any(r["errors"] or r["plays"] != 3 for r in rungs):
        raise _fail("ladder in spawned workers: a rung failed", proc)
    return f"{len(rungs)} ladder rungs in 2 spawned workers, {secs:.1f} s"


def check_rooms(exe: Path, env: dict[str, str], tmp: Path) -> str:
    """包厢 discovery runs from the bundle (zeroconf and ifaddr are in it): a JSON array of the rooms heard, or, on a
    machine with no network to listen on, its one-line refusal; never a traceback (a module left out of the bundle)."""
    proc = _run([str(exe), "rooms", "--timeout", "0.5", "--json"], env, tmp)
    if "Traceback" in proc.stderr or proc.returncode not in (0, 1):
        raise _fail("rooms", proc)
    if proc.returncode == 1:
        if not proc.stderr.startswith("zipai rooms: cannot listen"):
            raise _fail("rooms", proc)
        return "rooms: no network to listen on"
    try:
        rooms = json.loads(proc.stdout)
    except ValueError as exc:
        raise _fail(f"rooms: no JSON array ({exc})", proc) from None
    if not isinstance(rooms, list):
        raise _fail("rooms: no JSON array", proc)
    return f"rooms: {len(rooms)} heard in 0.5 s"


def check_setup_screen(exe: Path, env: dict[str, str], tmp: Path) -> str:
    """The setup screen (pygame_gui buttons with the bundled font) comes up and keeps running until asked to quit."""
    out, err = tmp / "setup.out", tmp / "setup.err"
    with out.open("w") as fout, err.open("w") as ferr:
        proc = subprocess.Popen([str(exe)], env=env, cwd=tmp, stdout=fout, stderr=ferr)
        try:
            try:
                rc = proc.wait(timeout=SETUP_ALIVE_S)
            except subprocess.TimeoutExpired:
                rc = None
            if rc is not None:
                raise SmokeError(
                    f"setup screen exited by itself (status {rc}) within {SETUP_ALIVE_S:.0f} s\n--- stderr\n"
                    + err.read_text(encoding="utf-8", errors="replace")
                )
            if sys.platform == "win32":
                proc.terminate()
                proc.wait(timeout=30)
                ended = "terminated"
            else:
                # Once pygame is initialised, SDL turns SIGTERM into a quit event and the frame loop ends with
                # status 0; killed by the signal instead (-15) means the window never came up.
                proc.send_signal(signal.SIGTERM)
                rc = proc.wait(timeout=30)
                if rc != 0:
                    raise SmokeError(
                        f"setup screen: exit status {rc} after SIGTERM (0 expected)\n--- stderr\n"
                        + err.read_text(encoding="utf-8", errors="replace")
                    )
                ended = "quit cleanly on SIGTERM"
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    stderr = err.read_text(encoding="utf-8", errors="replace")
    if "Traceback" in stderr:
        raise SmokeError(f"setup screen printed errors:\n{stderr}")
    return f"setup screen up for {SETUP_ALIVE_S:.0f} s, {ended}"


def check_executable(exe: Path, label: str, *, version: bool = True, setup: bool = True) -> None:
    exe = exe.resolve() if not exe.is_symlink() else exe.absolute()
    if not exe.is_file():
        raise SmokeError(f"{label}: no executable at {exe}")
    with tempfile.TemporaryDirectory(prefix="zipai-smoke-") as tmp_name:
        tmp = Path(tmp_name)
        env = scrubbed_env(tmp)
        results = []
        if version:  # a console program (the windowed Windows one prints nothing to read)
            results.append(check_version(exe, env, tmp))
            results.append(check_bot_workers(exe, env, tmp))
            results.append(check_rooms(exe, env, tmp))
        results.append(check_demo(exe, env, tmp))
        if setup:
            results.append(check_setup_screen(exe, env, tmp))
        print(f"ok  {label}: " + "; ".join(results), flush=True)


def check_tar(tar_path: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="zipai-tar-") as tmp_name:
        tmp = Path(tmp_name)
        with tarfile.open(tar_path) as tar:
            names = tar.getnames()
            tops = {name.split("/", 1)[0] for name in names}
            if len(tops) != 1:
                raise SmokeError(f"{tar_path.name}: expected one top folder, found {sorted(tops)}")
            tar.extractall(tmp, filter="tar")
        top = tmp / tops.pop()
        check_executable(top / "zipai", f"{tar_path.name} (extracted)", setup=False)


def check_deb(deb_path: Path) -> None:
    with tempfile.TemporaryDirectory(prefix="zipai-deb-") as tmp_name:
        root = Path(tmp_name) / "root"
        subprocess.run(["dpkg-deb", "-x", str(deb_path), str(root)], check=True)
        fields = subprocess.run(
            ["dpkg-deb", "-f", str(deb_path), "Package", "Version"], check=True, capture_output=True, text=True
        ).stdout
        if "Package: zipai" not in fields or f"Version: {expected_version()}" not in fields:
            raise SmokeError(f"{deb_path.name}: unexpected control fields:\n{fields}")
        for rel, kind in DEB_FILES.items():
            path = root / rel
            if kind == "symlink" and not path.is_symlink():
                raise SmokeError(f"{deb_path.name}: /{rel} is not a symlink")
            if kind == "file" and not path.is_file():
                raise SmokeError(f"{deb_path.name}: /{rel} is missing")
        target = os.readlink(root / "usr/bin/zipai")
        if target != "/opt/zipai/zipai":
            raise SmokeError(f"{deb_path.name}: /usr/bin/zipai points at {target}, expected /opt/zipai/zipai")
        desktop = (root / "usr/share/applications/zipai.desktop").read_text(encoding="utf-8")
        for line in ("[Desktop Entry]", "Exec=zipai", "Icon=zipai", "Type=Application"):
            if line not in desktop.splitlines():
                raise SmokeError(f"{deb_path.name}: zipai.desktop lacks {line!r}")
        validator = subprocess.run(["which", "desktop-file-validate"], capture_output=True, text=True).stdout.strip()
        if validator:
            proc = subprocess.run([validator, str(root / "usr/share/applications/zipai.desktop")],
                                  capture_output=True, text=True)  # fmt: skip
            if proc.returncode != 0:
                raise SmokeError(f"desktop-file-validate:\n{proc.stdout}{proc.stderr}")
        check_executable(root / "opt/zipai/zipai", f"{deb_path.name} (dpkg-deb -x)")
        # /usr/bin/zipai is a symlink: the program must find its _internal folder through one.
        link = Path(tmp_name) / "bin" / "zipai"
        link.parent.mkdir()
        link.symlink_to(root / "opt/zipai/zipai")
        check_executable(link, f"{deb_path.name} (through a symlink)", setup=False)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Smoke-test the bundled zipai executable.")
    parser.add_argument("executable", type=Path, help="the bundle's program, e.g. dist/zipai/zipai")
    parser.add_argument("--tar", type=Path, help="also test the bundle inside this tar.xz")
    parser.add_argument("--deb", type=Path, help="also test the bundle inside this .deb (dpkg-deb -x, not installed)")
    parser.add_argument("--no-version", action="store_true", help="skip --version (a windowed Windows program)")
    parser.add_argument("--no-setup", action="store_true", help="skip the setup-screen check")
    args = parser.parse_args(argv)
    start = time.monotonic()
    try:
        check_executable(args.executable, str(args.executable), version=not args.no_version, setup=not args.no_setup)
        if args.tar:
            check_tar(args.tar)
        if args.deb:
            check_deb(args.deb)
    except SmokeError as exc:
        print(f"SMOKE TEST FAILED: {exc}", file=sys.stderr)
        return 1
    print(f"smoke test passed in {time.monotonic() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
