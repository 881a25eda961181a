"""``zipai score --jsonl`` answers 2,000 seeded lines exactly as the single-module scorer did before the package split
(the expected stdout and stderr in ``data/`` were written by that code): sim wins, the same requests with their keys
reordered and re-serialised, hostile mutations of them, and the worked examples (``differential.py`` makes the sets).

The fast readers (the layout reader, the known-options reader, the quick check) only ever give what the careful
reader gives: with all of them disabled the answers are the same bytes.
"""

from __future__ import annotations

import gzip
import io
import re
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from zipai_desktop.tools.score import bohu_answer, cli, guilin_answer

DATA = Path(__file__).parent / "data"
# The answers were written on Python 3.11. A line that is not valid JSON is answered with json's own reason and
# place, which other Pythons word differently (3.13: "Illegal trailing comma ..."): there, that part is compared as a
# placeholder, and everything else byte for byte.
WRITTEN_ON = (3, 11)
_JSON_REASON = re.compile(rb"is not valid JSON: [^\n\"]*")


def comparable(answer: tuple[int, bytes, bytes]) -> tuple[int, bytes, bytes]:
    if sys.version_info[:2] == WRITTEN_ON:
        return answer
    code, out, err = answer
    return code, _JSON_REASON.sub(b"is not valid JSON: ...", out), _JSON_REASON.sub(b"is not valid JSON: ...", err)


RULES = {"any": [], "guilin": ["--rules", "guilin"], "bohu": ["--rules", "bohu"]}


def answers(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, bytes, bytes]:
    """``zipai score --jsonl`` on the committed requests, in this process: exit code, stdout, stderr."""
    data = gzip.decompress((DATA / "requests.jsonl.gz").read_bytes())
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BufferedReader(io.BytesIO(data)), encoding="utf-8"))
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["--jsonl", *argv])
    return code, out.getvalue().encode("utf-8", "surrogatepass"), err.getvalue().encode("utf-8", "surrogatepass")


def expected(name: str) -> tuple[int, bytes, bytes]:
    out = gzip.decompress((DATA / f"answers.{name}.out.gz").read_bytes())
    err = gzip.decompress((DATA / f"answers.{name}.err.gz").read_bytes())
    return 2, out, err  # some lines are malformed: the exit status is 2


@pytest.mark.parametrize("name", RULES)
def test_every_answer_is_the_bytes_the_scorer_wrote_before(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert comparable(answers(RULES[name], monkeypatch)) == comparable(expected(name))


@pytest.mark.parametrize("name", RULES)
def test_without_the_fast_readers_every_answer_is_the_same(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def nothing(*args: object) -> None:
        return None

    for module, reader in [
        (cli, "_layout_parts"),
        (cli, "_with_known_options"),
        (guilin_answer, "_quick_guilin"),
        (guilin_answer, "_quick_guilin_parts"),
        (bohu_answer, "_quick_bohu"),
        (bohu_answer, "_quick_bohu_parts"),
    ]:
        monkeypatch.setattr(module, reader, nothing)
    assert comparable(answers(RULES[name], monkeypatch)) == comparable(expected(name))
