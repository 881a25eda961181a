"""Killing the game during a competition (SIGKILL, mid-write included) never loses a finished table or round, and
the resumed competition ends exactly as one that was never interrupted."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from zipai_desktop.competition.play import make_field, run_tournament
from zipai_desktop.engine.tournament import Tournament
from zipai_desktop.store.competition import (
    competition_state,
    load_competition,
    restore_competition,
    save_competition,
)

# A child that runs bots-only competitions one after another, forever, and saves each after every booked table (and
# when a round is seated), as the window does; a padding field makes the writes large so that a kill often lands
# mid-write. The saved state names its seed, so the test knows which competition it holds.
CHILD = textwrap.dedent(
    """
    import sys
    from zipai_desktop.competition.play import make_field, run_tournament
    from zipai_desktop.engine.tournament import Tournament
    from zipai_desktop.store.competition import competition_state, save_competition

    writes = 0

    def save(t):
        global writes
        state = competition_state(t)
        state["test_padding"] = "字" * ((writes * 97_000) % 600_000)
        save_competition(state)
        writes += 1
        if writes == 1:
            print("ready", flush=True)

    n = 0
    while True:
        seed = f"{sys.argv[2]}:{n}"
        t = Tournament(sys.argv[1], 3, make_field(9, ("random",), human=False), rounds=3, hands=1, seed=seed)
        run_tournament(t, save)
        n += 1
    """
)

KILLS = 8


def uninterrupted(rules: str, seed: str) -> Tournament:
    return run_tournament(Tournament(rules, 3, make_field(9, ("random",), human=False), rounds=3, hands=1, seed=seed))


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_sigkill_during_a_competition_loses_no_finished_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / "child.py"
    script.write_text(CHILD, encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    rng = random.Random(14)
    unfinished = 0
    for k in range(KILLS):
        home = tmp_path / f"home{k}"
        rules = "guilin" if k % 2 == 0 else "bohu"
        seed = f"kill-{k}"
        env = dict(os.environ, ZIPAI_HOME=str(home), PYTHONPATH=str(root))
        proc = subprocess.Popen(
            [sys.executable, str(script), rules, seed],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            text=True,
        )
        assert proc.stdout is not None
        if proc.stdout.readline().strip() != "ready":
            proc.kill()
            pytest.fail(f"child did not start: {proc.communicate()[1]}")
        time.sleep(rng.uniform(0.0, 1.0))
        proc.kill()
        proc.communicate(timeout=30)
        assert proc.returncode == -signal.SIGKILL
        monkeypatch.setenv("ZIPAI_HOME", str(home))
        state, message = load_competition()
        assert message is None and state is not None
        assert not list((home / "data").glob("competition.json.damaged-*"))
        saved, _table = restore_competition(state)
        unfinished += not saved.over
        reference = uninterrupted(rules, str(saved.seed))
        # Every booked table is there, exactly as an uninterrupted run booked it ...
        assert saved.results == reference.results[: len(saved.results)]
        # ... and the resumed competition ends the same way.
        run_tournament(saved, lambda t: save_competition(competition_state(t)))
        assert saved.standings() == reference.standings()
    assert unfinished >= KILLS // 2  # most kills hit a competition in the middle


@pytest.mark.parametrize(
    "content, reason",
    [
        (b"", "empty"),
        (b'{"format": "zipai-competition", "version": 1, "tournament"', "damaged or incomplete"),
        (b"[" * 100_000, "deep"),
        (b'{"format": "zipai-autosave"}', "not a saved competition"),
        (b'{"format": "zipai-competition", "version": 9}', "version 9"),
        (b'{"format": "zipai-competition", "version": 1, "tournament": {"rules": "guilin"}}', "lacks"),
    ],
)
def test_a_bad_competition_file_is_moved_aside_with_one_sentence(home: Path, content: bytes, reason: str) -> None:
    path = home / "data" / "competition.json"
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    state, message = load_competition()
    assert state is None and message is not None and reason in message and "moved aside" in message
    assert "\n" not in message and len(message) < 400
    assert not path.exists() and list(path.parent.glob("competition.json.damaged-*"))
    assert load_competition() == (None, None)
