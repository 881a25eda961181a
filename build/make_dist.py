#!/usr/bin/env python3
"""Build the desktop bundle (and, on Linux, the tar.xz and the .deb) into dist/.

Run from anywhere, with the game and the ``dist`` extra installed (``pip install -e ".[dist]"``):

    python build/make_dist.py            # dist/zipai/ (one folder), plus on Linux:
                                         #   dist/zipai-<version>-linux-x86_64.tar.xz
                                         #   dist/zipai_<version>_amd64.deb  (/opt/zipai, /usr/bin/zipai, menu entry)
    python build/make_dist.py --smoke    # then run build/smoke_test.py on the bundle, the tar.xz and the .deb
    python build/make_dist.py --bundle-only   # just dist/zipai/ (what the Windows and macOS CI jobs use)

The bundle comes from build/zipai.spec (PyInstaller, one folder). PyInstaller's working files go to
build/_pyinstaller/ (ignored by git). A Linux bundle runs on distributions whose glibc is at least the build host's;
the .deb says so in its Depends line.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SPEC = REPO / "build" / "zipai.spec"
SMOKE_TEST = REPO / "build" / "smoke_test.py"
LAUNCHER = REPO / "build" / "launcher.py"
ICON_PNG = REPO / "assets" / "icon.png"
DIST = REPO / "dist"
WORK = REPO / "build" / "_pyinstaller"
BUNDLE = DIST / "zipai"
APP_NAME = "zipai"

DESKTOP_ENTRY = """[Desktop Entry]
Type=Application
Name=字牌 Desktop
Name[zh_CN]=字牌
GenericName=Card game
GenericName[zh_CN]=字牌游戏
Comment=桂林字牌 and 秀山博胡 against local bots or hot-seat
Comment[zh_CN]=桂林字牌、秀山博胡：与电脑对战或轮流同玩
Exec=zipai
Icon=zipai
Terminal=false
Categories=Game;CardGame;
Keywords=zipai;card;guilin;bohu;字牌;
StartupWMClass=zipai
"""

CONTROL = """Package: zipai
Version: {version}
Section: games
Priority: optional
Architecture: {arch}
Installed-Size: {installed_kib}
Depends: libc6 (>= {glibc})
Recommends: libx11-6 | libwayland-client0, libasound2 | libpulse0
Maintainer: zipai_desktop maintainers <maintainers@zipai-desktop.invalid>
Description: 字牌 Desktop: Guilin zipai and Xiushan Bohu card games
 Two Chinese 字牌 card games played with the 80 cards 一..十 and 壹..拾:
 桂林字牌 (Guilin zipai, 3 players) and 秀山博胡 (Xiushan Bohu, 2 to 4 seated),
 offline against local bots or hot-seat on one computer.
 .
 This package holds a self-contained build (Python and pygame-ce included)
 under /opt/zipai; /usr/bin/zipai starts it.
"""


def version() -> str:
    text = (REPO / "zipai_desktop" / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r'^__version__ = "([^"]+)"', text, re.MULTILINE)
    if not match:
        raise SystemExit("make_dist: no __version__ in zipai_desktop/__init__.py")
    return match.group(1)


def bundle_executable(bundle: Path = BUNDLE) -> Path:
    """The program to run inside the one-folder bundle (zipai-cli.exe on Windows, whose output can be read)."""
    if sys.platform == "win32":
        return bundle / f"{APP_NAME}-cli.exe"
    return bundle / APP_NAME


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def mib(n: int) -> str:
    return f"{n / 2**20:.1f} MiB"


def run_pyinstaller(clean: bool) -> None:
    cmd = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN"]
    if clean:
        cmd.append("--clean")
    cmd += ["--distpath", str(DIST), "--workpath", str(WORK), str(SPEC)]
    print("+ " + " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, cwd=REPO)
    if not bundle_executable().is_file():
        raise SystemExit(f"make_dist: PyInstaller did not produce {bundle_executable()}")


def _source_date_epoch() -> int:
    """The commit time (for reproducible archive timestamps), or now outside a git checkout."""
    if "SOURCE_DATE_EPOCH" in os.environ:
        return int(os.environ["SOURCE_DATE_EPOCH"])
    try:
        out = subprocess.run(
            ["git", "log", "-1", "--format=%ct"], cwd=REPO, capture_output=True, text=True, check=True
        ).stdout.strip()
        return int(out)
    except (OSError, subprocess.CalledProcessError, ValueError):
        return int(time.time())


def make_tar_xz(ver: str) -> Path:
    """dist/zipai-<version>-linux-x86_64.tar.xz holding the bundle as zipai-<version>/."""
    machine = platform.machine() or "x86_64"
    out = DIST / f"{APP_NAME}-{ver}-linux-{machine}.tar.xz"
    out.unlink(missing_ok=True)
    top = f"{APP_NAME}-{ver}"
    epoch = _source_date_epoch()
    if shutil.which("tar") and shutil.which("xz"):
        # GNU tar + multi-threaded xz: several times faster than tarfile's single-threaded lzma on 60 MB.
        cmd = [
            "tar", "--sort=name", "--owner=0", "--group=0", "--numeric-owner", f"--mtime=@{epoch}",
            "--transform", f"s,^zipai,{top},", "-I", "xz -T0 -6", "-cf", str(out), "-C", str(DIST), APP_NAME,
        ]  # fmt: skip
        subprocess.run(cmd, check=True)
    else:

        def normalise(info: tarfile.TarInfo) -> tarfile.TarInfo:
            info.uid = info.gid = 0
            info.uname = info.gname = "root"
            info.mtime = epoch
            return info

        with tarfile.open(out, "w:xz", preset=6) as tar:
            tar.add(BUNDLE, arcname=top, filter=normalise)
    return out


def _glibc_version() -> str:
    name, ver = platform.libc_ver()
    return ver if name == "glibc" and ver else "2.31"


def _deb_arch() -> str:
    try:
        return subprocess.run(
            ["dpkg", "--print-architecture"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return {"x86_64": "amd64", "aarch64": "arm64"}.get(platform.machine(), platform.machine())


def make_deb(ver: str) -> Path:
    """dist/zipai_<version>_<arch>.deb: the bundle in /opt/zipai, /usr/bin/zipai, a menu entry and its icon."""
    if not shutil.which("dpkg-deb"):
        raise SystemExit("make_dist: dpkg-deb not found (Debian/Ubuntu: apt-get install dpkg); use --no-deb")
    arch = _deb_arch()
    out = DIST / f"{APP_NAME}_{ver}_{arch}.deb"
    out.unlink(missing_ok=True)
    with tempfile.TemporaryDirectory(prefix="zipai-deb-") as tmp:
        root = Path(tmp) / "root"
        opt = root / "opt" / APP_NAME
        shutil.copytree(BUNDLE, opt, symlinks=True)
        (root / "usr" / "bin").mkdir(parents=True)
        os.symlink(f"/opt/{APP_NAME}/{APP_NAME}", root / "usr" / "bin" / APP_NAME)
        apps = root / "usr" / "share" / "applications"
        apps.mkdir(parents=True)
        (apps / f"{APP_NAME}.desktop").write_text(DESKTOP_ENTRY, encoding="utf-8")
        icons = root / "usr" / "share" / "icons" / "hicolor" / "256x256" / "apps"
        icons.mkdir(parents=True)
        shutil.copyfile(ICON_PNG, icons / f"{APP_NAME}.png")
        # Ordinary permissions whatever the umask: directories and executables 755, other files 644.
        for path in [root, *root.rglob("*")]:
            if path.is_symlink():
                continue
            if path.is_dir() or os.access(path, os.X_OK):
                path.chmod(0o755)
            else:
                path.chmod(0o644)
        installed_kib = (folder_size(root) + 1023) // 1024
        debian = root / "DEBIAN"
        debian.mkdir()
        control = CONTROL.format(version=ver, arch=arch, installed_kib=installed_kib, glibc=_glibc_version())
        (debian / "control").write_text(control, encoding="utf-8")
        (debian / "control").chmod(0o644)
        debian.chmod(0o755)
        env = dict(os.environ, SOURCE_DATE_EPOCH=str(_source_date_epoch()))
        cmd = ["dpkg-deb", "--root-owner-group", "-Zxz", "-z6", "--build", str(root), str(out)]
        subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL)
    return out


def check_bundle() -> None:
    """The parts of the bundle the game needs are there, and pygame_gui's unused fonts are not."""
    internal = BUNDLE / "_internal"
    base = internal if internal.is_dir() else BUNDLE
    needed = [
        base / "zipai_desktop" / "assets" / "fonts" / "NotoSansSC-Zipai-Regular.otf",
        base / "zipai_desktop" / "assets" / "fonts" / "NotoSansSC-Zipai-Bold.otf",
        base / "zipai_desktop" / "assets" / "fonts" / "OFL.txt",
        base / "zipai_desktop" / "assets" / "icon.png",
        base / "pygame_gui" / "data" / "default_theme.json",
        base / "pygame_gui" / "data" / "NotoSans-Regular.ttf",
    ]
    missing = [str(p.relative_to(DIST)) for p in needed if not p.is_file()]
    if missing:
        raise SystemExit("make_dist: missing from the bundle: " + ", ".join(missing))
    fonts = sorted(p.name for p in (base / "pygame_gui" / "data").glob("*.[ot]tf"))
    print(f"pygame_gui fonts in the bundle: {', '.join(fonts)}")
    if any(name.startswith(("NotoSansSC", "NotoSansJP", "NotoSansKR")) for name in fonts):
        raise SystemExit("make_dist: pygame_gui's CJK fonts were not filtered out (see build/zipai.spec)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build dist/zipai/ (and on Linux the tar.xz and .deb).")
    parser.add_argument("--smoke", action="store_true", help="run build/smoke_test.py on what was built")
    parser.add_argument("--bundle-only", action="store_true", help="only the one-folder bundle")
    parser.add_argument("--no-deb", action="store_true", help="Linux: skip the .deb")
    parser.add_argument("--clean", action="store_true", help="let PyInstaller start from an empty cache")
    args = parser.parse_args(argv)

    ver = version()
    linux = sys.platform.startswith("linux")
    if not ICON_PNG.is_file():
        subprocess.run([sys.executable, str(REPO / "build" / "make_icon.py")], check=True)
    timings: list[tuple[str, float]] = []
    start = time.monotonic()
    run_pyinstaller(args.clean)
    timings.append(("PyInstaller", time.monotonic() - start))
    check_bundle()
    artifacts: list[tuple[str, Path, int]] = [("bundle", BUNDLE, folder_size(BUNDLE))]

    tar_path = deb_path = None
    if linux and not args.bundle_only:
        t = time.monotonic()
        tar_path = make_tar_xz(ver)
        timings.append(("tar.xz", time.monotonic() - t))
        artifacts.append(("tar.xz", tar_path, tar_path.stat().st_size))
        if not args.no_deb:
            t = time.monotonic()
            deb_path = make_deb(ver)
            timings.append((".deb", time.monotonic() - t))
            artifacts.append((".deb", deb_path, deb_path.stat().st_size))
    timings.append(("build total", time.monotonic() - start))

    for label, path, size in artifacts:
        print(f"{label:7} {mib(size):>10}  {path.relative_to(REPO)}")
    print("  ".join(f"{label} {secs:.1f} s" for label, secs in timings))

    if args.smoke:
        t = time.monotonic()
        cmd = [sys.executable, str(SMOKE_TEST), str(bundle_executable())]
        if tar_path:
            cmd += ["--tar", str(tar_path)]
        if deb_path:
            cmd += ["--deb", str(deb_path)]
        print("+ " + " ".join(cmd), flush=True)
        rc = subprocess.run(cmd, cwd=REPO).returncode
        print(f"smoke test {time.monotonic() - t:.1f} s; everything {time.monotonic() - start:.1f} s")
        if rc != 0:
            return rc
    return 0


if __name__ == "__main__":
    sys.exit(main())
