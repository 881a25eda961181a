"""``zipai score --jsonl`` reads its input in chunks and writes a batch of answers at a time, and still answers each
line as soon as it has arrived, in order, with the same lines, numbers and limits as reading line by line."""

from __future__ import annotations

import io
import json
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zipai_desktop.tools import score
from zipai_desktop.tools.score import Malformed, cli

REPO = Path(__file__).resolve().parents[2]
HAND = {
    "rules": "guilin", "options": {"min_hu": 10}, "players": 3, "dealer": 0, "winner": 1,
    "melds": [{"kind": "peng", "cards": "捌捌捌"}, {"kind": "chi", "cards": "壹贰叁"}],
    "hand": "五五五六七八二七十玖玖九三四", "win_card": "二", "source": "own_draw", "from": 1,
    "first_discard": False, "xing": "七肆",
}  # fmt: skip


def by_readline(data: bytes, limit: int) -> Iterator[tuple[int, bytes | str]]:
    """The reference: line by line with readline(limit + 1), as --jsonl read before it read in chunks."""
    stream = io.BytesIO(data)
    number = 0
    while True:
        raw = stream.readline(limit + 1)
        if not raw:
            return
        number += 1
        if len(raw) > limit:
            while not raw.endswith(b"\n"):
                raw = stream.readline(1 << 20)
                if not raw:
                    break
            yield number, "too long"
            continue
        yield number, raw


class Trickle(io.RawIOBase):
    """A pipe that hands out at most ``step`` bytes a read, as a writer's pieces arrive."""

    def __init__(self, data: bytes, step: int) -> None:
        self.data, self.step, self.at = data, step, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        piece = self.data[self.at : self.at + min(self.step, len(buffer))]
        buffer[: len(piece)] = piece
        self.at += len(piece)
        return len(piece)


def by_chunks(data: bytes, limit: int, chunk: int, step: int, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    monkeypatch.setattr(cli, "MAX_INPUT", limit)
    monkeypatch.setattr(cli, "_CHUNK", chunk)
    stdin = io.TextIOWrapper(io.BufferedReader(Trickle(data, step), buffer_size=max(chunk, 1)), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    return [
        (number, "too long" if isinstance(line, Malformed) else line)
        for batch in score._stdin_batches()
        for number, line in batch
    ]


pieces = st.lists(st.sampled_from([b"\n", b"a", b"bb", b"ccccccc", b" ", b"\xe4\xb8\x80", b"\r"]), max_size=40)


@settings(max_examples=300, deadline=None)
@given(parts=pieces, limit=st.integers(1, 12), chunk=st.integers(1, 16), step=st.integers(1, 16))
def test_chunks_give_the_lines_readline_gives(parts: list[bytes], limit: int, chunk: int, step: int) -> None:
    data = b"".join(parts)
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert by_chunks(data, limit, chunk, step, monkeypatch) == list(by_readline(data, limit))


def test_a_line_at_the_limit_and_one_over_it(monkeypatch: pytest.MonkeyPatch) -> None:
    data = b"x" * 9 + b"\n" + b"y" * 10 + b"\n" + b"z" * 10
    assert by_chunks(data, 10, 4, 3, monkeypatch) == [(1, b"x" * 9 + b"\n"), (2, "too long"), (3, b"z" * 10)]


def next_line(stream: IO[bytes]) -> bytes:
    """The next line of ``stream``; fails (rather than hangs) if none comes in a minute, as with a reader that waits
    for a full chunk or for the end of input before answering."""
    box: queue.Queue[bytes] = queue.Queue()
    threading.Thread(target=lambda: box.put(stream.readline()), daemon=True).start()
    try:
        return box.get(timeout=60)
    except queue.Empty:
        raise AssertionError("no answer to a line already sent") from None


def test_each_line_is_answered_before_the_next_is_sent() -> None:
    """A program driving ``zipai score --jsonl`` writes a hand and waits for its answer: it comes without more input."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "zipai_desktop.cli", "score", "--jsonl"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=REPO,
    )
    assert proc.stdin is not None and proc.stdout is not None
    try:
        answers = []
        for line in [json.dumps(HAND, ensure_ascii=False), "[1", json.dumps({**HAND, "win_card": "九"})]:
            proc.stdin.write(line.encode("utf-8") + b"\n")
            proc.stdin.flush()
            answers.append(json.loads(next_line(proc.stdout)))
        proc.stdin.close()
        assert proc.stdout.read() == b""
        assert proc.wait(timeout=60) == 2
    finally:
        proc.kill()
        proc.wait()
    assert answers[0]["valid"] is True and answers[0]["hu"] == 15
    assert "error" in answers[1]
    assert answers[2] == {"valid": False, "rules": "guilin", "reason": "no decomposition"}
