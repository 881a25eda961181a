#!/usr/bin/env python3
"""Make the bundled Chinese font: a subset of Noto Sans SC (OFL-1.1) holding only the characters the game shows.

Run from the repository root after changing any text in ``assets/i18n/*.json`` or the rules pages
(``assets/rules/*.md``, copies of ``docs/rules-*.md`` shown by the in-game rules screen):

    python build/make_font_subset.py            # writes assets/fonts/NotoSansSC-Zipai-{Regular,Bold}.otf
    python build/make_font_subset.py --check    # exit 1 if the committed fonts differ from a fresh build

Needs fontTools (``pip install fonttools``), a build-only tool: the game itself never imports it. The source fonts are
the Noto Sans SC files inside the pygame_gui wheel (already a dependency); their SHA-256 are pinned below so the
output is reproducible byte for byte. Another copy can be given with ``--source-dir`` (and ``--any-source`` if its hash
differs).

The characters kept are: every string in the i18n table (both languages), every character of the rules pages
(``assets/rules/*.md``), the card glyphs, printable ASCII, common
CJK and full-width punctuation, and the game terms and numerals listed below (so rules words can be shown before they
reach the i18n table).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
OUT_DIR = REPO / "assets" / "fonts"
CATALOG_DIR = REPO / "assets" / "i18n"
RULES_DIR = REPO / "assets" / "rules"  # the rules pages shown in the game (copies of docs/rules-*.md)

#: face -> SHA-256 of NotoSansSC-<face>.otf in pygame_gui 0.6.14 (Noto Sans SC 2.002).
SOURCES = {
    "Regular": "63fdadb47c21197170f3cda6c60e98e481b8a1eb28e5f44102da51bec17d123b",
    "Bold": "76ec6984922c94f33ffbea69df59ceeb519624ce11f39af50262923c9c94bd2f",
}
OUTPUT_NAME = "NotoSansSC-Zipai-{face}.otf"

CARD_GLYPHS = "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾叄"
ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
PUNCTUATION = (
    "，。：；！？（）【】「」、·—…％＋－×÷＝／"  # the common set
    "《》〈〉“”‘’–•\u3000"  # quotes, dashes, bullet and the ideographic space, for running text in either language
    "▼▲"  # the arrows pygame_gui writes on a drop-down's button (the setup's seat and preset lists)
)
NUMERALS = "〇零一二三四五六七八九十百千"
_GAME_TERMS_TEXT = """
    胡 碰 吃 过 扫 过扫 扫穿 开舵 重舵 龙 坎 比 臭 挡底 亮张 醒 上醒 下醒 中醒 舵 自摸 平胡 点炮 天胡 地胡 三龙五坎 荒庄
    庄 庄家 提 偎 臭偎 跑 开招 哨 绞 一句话 将 胡息 番 名堂 飘胡 红飘 一颗珠 十八大 十八小 黑胡 红胡 十三太保红 三提五坎
    破跑胡 过胡 桂林字牌 秀山博胡 字牌 玩家 电脑 初学 普通 高手 随机 下家 上家 听 牌 墙 剩 张 局 轮 分 总分 本局 结算
    下一局 设置 开始 退出 规则 教程 重放 统计 存档 继续 返回 确定 取消 语言 中文 英文 速度 动画 声音 音量 全屏 提示 帮助
    新游戏 热座 请 把电脑交给 点击继续 思考中
"""
GAME_TERMS = _GAME_TERMS_TEXT.split()

#: Layout features kept (the rest of GSUB/GPOS, e.g. vertical forms, is dropped).
LAYOUT_FEATURES = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk"]
DROP_TABLES = ["vhea", "vmtx", "VORG"]  # vertical metrics: the game never sets text vertically


def i18n_text() -> str:
    """Every text of every language catalog (assets/i18n/*.json), in file-name order."""
    texts = []
    for path in sorted(CATALOG_DIR.glob("*.json")):
        catalog: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
        texts += catalog.values()
    return "".join(texts)


def rules_text() -> str:
    """Every rules page the game shows, in file-name order."""
    return "".join(path.read_text(encoding="utf-8") for path in sorted(RULES_DIR.glob("*.md")))


def wanted_characters() -> str:
    """Every character to keep, sorted by code point (so the output never depends on dict or set order)."""
    text = i18n_text() + rules_text() + CARD_GLYPHS + ASCII + PUNCTUATION + NUMERALS + "".join(GAME_TERMS)
    return "".join(sorted(set(text) - {"\n", "\r", "\t"}))


def default_source_dir() -> Path:
    spec = importlib.util.find_spec("pygame_gui")  # find, do not import: importing it starts pygame
    if spec is None or not spec.submodule_search_locations:
        sys.exit("pygame_gui is not installed: pip install pygame_gui==0.6.14, or pass --source-dir")
    return Path(next(iter(spec.submodule_search_locations))) / "data"


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def subset_font(source: Path, out: Path, chars: str) -> tuple[int, int]:
    """Write the subset of ``source`` covering ``chars`` to ``out``; return (glyph count, cmap size)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.layout_features = LAYOUT_FEATURES
    options.name_IDs = ["*"]  # keep every name record: family names, copyright, licence text and URL (IDs 0, 13, 14)
    options.name_languages = ["*"]
    options.name_legacy = True
    options.hinting = False
    options.desubroutinize = True
    options.notdef_outline = True  # a missing character shows a box rather than nothing
    options.glyph_names = False
    options.recalc_timestamp = False  # keep head.modified from the source: same input, same bytes
    options.drop_tables = [*options.drop_tables, *DROP_TABLES]

    font = subset.load_font(str(source), options, dontLoadGlyphNames=True)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    subset.save_font(font, str(out), options)
    font.close()
    with TTFont(str(out)) as check:
        return len(check.getGlyphOrder()), len(check.getBestCmap())


def missing_from(source: Path, chars: str) -> str:
    from fontTools.ttLib import TTFont

    with TTFont(str(source), lazy=True) as font:
        cmap = font.getBestCmap()
    return "".join(ch for ch in chars if ord(ch) not in cmap)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source-dir", type=Path, help="folder holding NotoSansSC-Regular.otf / -Bold.otf")
    parser.add_argument("--any-source", action="store_true", help="accept source fonts whose SHA-256 differs")
    parser.add_argument("--check", action="store_true", help="build into a temporary folder and compare")
    args = parser.parse_args(argv)

    try:
        import fontTools
    except ImportError:
        print("fontTools is needed (a build-only tool): pip install fonttools", file=sys.stderr)
        return 2

    source_dir = args.source_dir or default_source_dir()
    chars = wanted_characters()
    cjk = sum(1 for ch in chars if ord(ch) >= 0x2E80)
    print(f"fontTools {fontTools.version}; source {source_dir}")
    print(f"{len(chars)} characters wanted ({cjk} CJK / full-width, {len(chars) - cjk} other)")

    with tempfile.TemporaryDirectory() as tmp:
        out_dir = Path(tmp) if args.check else OUT_DIR
        out_dir.mkdir(parents=True, exist_ok=True)
        stale: list[str] = []
        for face, expected in SOURCES.items():
            source = source_dir / f"NotoSansSC-{face}.otf"
            if not source.is_file():
                print(f"missing source font {source}", file=sys.stderr)
                return 1
            digest = sha256(source)
            if digest != expected and not args.any_source:
                print(f"{source}: SHA-256 {digest}, expected {expected} (pass --any-source to use it)", file=sys.stderr)
                return 1
            missing = missing_from(source, chars)
            if missing:
                print(f"{source.name} lacks {missing!r}", file=sys.stderr)
                return 1
            out = out_dir / OUTPUT_NAME.format(face=face)
            glyphs, mapped = subset_font(source, out, chars)
            size = out.stat().st_size
            print(f"{face:8} {glyphs} glyphs, {mapped} characters mapped, {size:,} bytes ({size / 1024:.1f} KiB)")
            if args.check:
                committed = OUT_DIR / out.name
                if not committed.is_file() or committed.read_bytes() != out.read_bytes():
                    stale.append(committed.relative_to(REPO).as_posix())
            else:
                print(f"         wrote {out.relative_to(REPO).as_posix()}  sha256 {sha256(out)}")
        if stale:
            print("out of date (run python build/make_font_subset.py): " + ", ".join(stale), file=sys.stderr)
            return 1
    if args.check:
        print("committed fonts are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
