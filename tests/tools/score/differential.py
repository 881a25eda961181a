"""Line sets for a differential check of ``zipai score``: seeded variants of score requests (keys reordered and the
line re-serialised differently, hostile mutations), and a runner that writes each set's answers (stdout, stderr, exit
code of ``zipai score --jsonl``, without and with ``--rules``) so two versions of the tool can be compared byte for
byte.

Run from the repository root::

    python -m tests.tools.score.differential make SIMS.jsonl OUT_DIR     # the input sets, from sim-win lines
    python -m tests.tools.score.differential run IN_DIR OUT_DIR          # the answers of the current code
"""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

GLYPHS = "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾"
ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 1, 2, 3, 7, 1.5, 1e308, -0.0, 10**30, 10**400, "", "x", "一", "胡", "壹壹",
    [], [1], ["一"], {}, {"a": 1}, "guilin", "bohu", "draw", "discard", "own_draw", "peng", "chi", "ti",
]  # fmt: skip
ODD_TEXTS = ['"', "\\", "{", "}", "[", "]", ",", ":", " ", "0", "9", "e", "-", "一", "拾", "\\u0000", "\\ud800",
             "NaN", "Infinity", "\n", "\t", "\u2028", "😀", "true", "null"]  # fmt: skip
RULES = (None, "guilin", "bohu")


def reordered(line: str, rng: random.Random) -> str:
    """The same request, its keys (and its options' and melds' keys) shuffled, written another way."""
    data = json.loads(line)

    def shuffle(value: Any) -> Any:
        if isinstance(value, dict):
            items = list(value.items())
            rng.shuffle(items)
            return {k: shuffle(v) for k, v in items}
        if isinstance(value, list):
            return [shuffle(v) for v in value]
        return value

    style = rng.randrange(5)
    if style == 0:
        return json.dumps(shuffle(data), ensure_ascii=False)
    if style == 1:
        return json.dumps(shuffle(data))  # \\u escapes
    if style == 2:
        return json.dumps(shuffle(data), separators=(",", ":"), ensure_ascii=rng.random() < 0.5)
    if style == 3:
        return json.dumps(data, separators=(", ", " : "), ensure_ascii=False)  # same order, other spacing
    return " " + json.dumps(data, ensure_ascii=False) + "\t"


def _paths(value: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*at, i))
    return out


def _parent(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path[:-1]:
        data = data[step]
    return data


def mutated(line: str, rng: random.Random) -> str:
    """One seeded hostile change to a request line."""
    kind = rng.randrange(12)
    if kind == 0:  # truncated
        return line[: rng.randrange(len(line))]
    if kind == 1:  # characters replaced
        chars = list(line)
        for _ in range(rng.randint(1, 3)):
            chars[rng.randrange(len(chars))] = rng.choice(ODD_TEXTS + list(GLYPHS))
        return "".join(chars)
    if kind == 2:  # a glyph swapped for another (still in the layout)
        at = [i for i, c in enumerate(line) if c in GLYPHS]
        if at:
            i = rng.choice(at)
            return line[:i] + rng.choice(GLYPHS) + line[i + 1 :]
        return line
    if kind == 3:  # a character inserted or deleted
        i = rng.randrange(len(line))
        if rng.random() < 0.5:
            return line[:i] + line[i + 1 :]
        return line[:i] + rng.choice(ODD_TEXTS + list(GLYPHS)) + line[i:]
    data = json.loads(line)
    paths = _paths(data)[1:]
    if kind == 4:  # a key or an item deleted
        path = rng.choice(paths)
        del _parent(data, path)[path[-1]]
    elif kind in (5, 6, 7):  # a value replaced by one of another type or out of range
        path = rng.choice(paths)
        _parent(data, path)[path[-1]] = rng.choice(ODD_VALUES)
    elif kind == 8:  # deep nesting
        depth = rng.choice([3, 50, 100, 200, 1000, 5000])
        path = rng.choice(paths)
        _parent(data, path)[path[-1]] = "@deep@"
        opened = "".join(rng.choice(["[", '{"k": ']) for _ in range(depth))
        closed = "".join("]" if c == "[" else "}" for c in reversed(opened.replace('{"k": ', "{")))
        return json.dumps(data, ensure_ascii=False).replace('"@deep@"', opened + "0" + closed, 1)
    elif kind == 9:  # an extra key, maybe a duplicate spelled later in the text
        key = rng.choice(["extra", "rules", "hand", "winner", "options", "melds", "xing", "win_card", "from"])
        text = json.dumps(data, ensure_ascii=False)
        return text[:-1] + f', "{key}": {json.dumps(rng.choice(ODD_VALUES), ensure_ascii=False)}}}'
    elif kind == 10:  # an integer field made huge or negative
        ints = [p for p in paths if type(_parent(data, p)[p[-1]]) is int]
        if ints:
            p = rng.choice(ints)
            _parent(data, p)[p[-1]] = rng.choice([-1, 99, 2**31, 2**63, 10**4299, 10**4301])
    else:  # the hand's text changed: a glyph more or fewer
        if isinstance(data.get("hand"), str):
            hand = data["hand"]
            data["hand"] = hand + rng.choice(GLYPHS) if rng.random() < 0.5 or not hand else hand[1:]
    return json.dumps(data, ensure_ascii=False)


def make(sims: Path, out: Path, *, seed: int = 27, reorders: int = 20_000, mutations: int = 40_000) -> None:
    """Write the sets a_sims, b_reordered, c_mutated, d_examples (one request a line) under ``out``."""
    sys.set_int_max_str_digits(0)
    out.mkdir(parents=True, exist_ok=True)
    lines = sims.read_text(encoding="utf-8").splitlines()
    rng = random.Random(seed)
    (out / "a_sims.jsonl").write_text("".join(x + "\n" for x in lines), encoding="utf-8", errors="surrogatepass")
    b = [reordered(rng.choice(lines), rng) for _ in range(reorders)]
    (out / "b_reordered.jsonl").write_text("".join(x + "\n" for x in b), encoding="utf-8", errors="surrogatepass")
    c = []
    for _ in range(mutations):
        line = rng.choice(lines)
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            try:
                line = mutated(line, rng)
            except (ValueError, IndexError, KeyError, TypeError, RecursionError):
                break
        c.append(line.replace("\n", "\\n"))
    (out / "c_mutated.jsonl").write_text("".join(x + "\n" for x in c), encoding="utf-8", errors="surrogatepass")
    from bench.score_throughput import examples

    d = examples()
    d += [reordered(x, rng) for x in d for _ in range(3)]
    d += [mutated(x, rng).replace("\n", "\\n") for x in d for _ in range(20)]
    (out / "d_examples.jsonl").write_text("".join(x + "\n" for x in d), encoding="utf-8", errors="surrogatepass")


def run_jsonl(inputs: Path, out: Path) -> None:
    """``zipai score --jsonl`` (no --rules, --rules guilin, --rules bohu) on every set: stdout, stderr, exit code."""
    out.mkdir(parents=True, exist_ok=True)
    for path in sorted(inputs.glob("*.jsonl")):
        for rules in RULES:
            argv = ["--jsonl"] + ([] if rules is None else ["--rules", rules])
            with path.open("rb") as stdin:
                done = subprocess.run(
                    [sys.executable, "-m", "zipai_desktop.cli", "score", *argv], stdin=stdin, capture_output=True
                )
            name = f"{path.stem}.{rules or 'any'}"
            (out / f"{name}.out").write_bytes(done.stdout)
            (out / f"{name}.err").write_bytes(done.stderr)
            (out / f"{name}.rc").write_text(f"{done.returncode}\n")


def single(lines: list[str], rules: str | None) -> str:
    """Single-request mode (``zipai score`` on one object) for each line, in this process: a record per line of
    the exit code, stdout and stderr."""
    from zipai_desktop.tools.score import main

    records = []
    argv = [] if rules is None else ["--rules", rules]
    for line in lines:
        raw = io.BytesIO(line.encode("utf-8", "surrogatepass"))
        stdin = io.TextIOWrapper(raw, encoding="utf-8")
        out, err = io.StringIO(), io.StringIO()
        saved = sys.stdin
        sys.stdin = stdin
        try:
            with redirect_stdout(out), redirect_stderr(err):
                code = main(argv)
        finally:
            sys.stdin = saved
        records.append(json.dumps([code, out.getvalue(), err.getvalue()], ensure_ascii=False))
    return "".join(r + "\n" for r in records)


def run_single(inputs: Path, out: Path, *, every: int = 20) -> None:
    """Single-request mode on every ``every``-th line of each set, each --rules choice."""
    for path in sorted(inputs.glob("*.jsonl")):
        lines = path.read_bytes().decode("utf-8", "surrogatepass").split("\n")[:-1][::every]
        for rules in RULES:
            (out / f"{path.stem}.{rules or 'any'}.single").write_text(
                single(lines, rules), encoding="utf-8", errors="surrogatepass"
            )


if __name__ == "__main__":
    if sys.argv[1] == "make":
        make(Path(sys.argv[2]), Path(sys.argv[3]))
    else:
        run_jsonl(Path(sys.argv[2]), Path(sys.argv[3]))
        run_single(Path(sys.argv[2]), Path(sys.argv[3]))
