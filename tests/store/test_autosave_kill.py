"""Killing the game at any moment (SIGKILL, mid-write included) never leaves a broken autosave behind."""

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

from zipai_desktop.store.autosave import load_autosave

# A child that plays hands with random actions and autosaves after every action, forever. The states grow: the hand's
# record grows with each action, and a padding field grows up to about 1.5 MB so that a kill often lands mid-write.
CHILD = textwrap.dedent(
    """
    import random, sys
    from zipai_desktop.engine.match import Match
    from zipai_desktop.engine.rules import get_rules
    from zipai_desktop.store.autosave import match_state, save_match

    rules = get_rules(sys.argv[1])
    match = Match(rules, rules.parse_options({}), seed=sys.argv[2], hands=None)
    rng = random.Random(sys.argv[2])
    writes = 0
    while True:
        game = match.start_hand()
        while True:
            state = match_state(match, ["human"] + ["random"] * (match.players - 1), game)
            state["test_padding"] = "字" * ((writes * 37_000) % 500_000)
            save_match(state)
            writes += 1
            if writes == 1:
                print("ready", flush=True)
            seat = game.to_act
            if seat is None:
                break
            legal = game.legal_actions(seat)
            game.apply(seat, legal[rng.randrange(len(legal))])
        match.finish_hand()
    """
)

KILLS = 36
PARALLEL = 6


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_sigkill_at_random_moments_leaves_a_complete_autosave(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    script = tmp_path / "child.py"
    script.write_text(CHILD, encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    rng = random.Random(2024)
    homes = [tmp_path / f"home{i}" for i in range(PARALLEL)]
    kills = 0
    for round_no in range(KILLS // PARALLEL):
        children = []
        for i, home in enumerate(homes):
            env = dict(os.environ, ZIPAI_HOME=str(home), PYTHONPATH=str(root))
            rules = "bohu" if i % 2 else "guilin"
            proc = subprocess.Popen(
                [sys.executable, str(script), rules, f"kill-{round_no}-{i}"],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=env,
                text=True,
            )
            children.append(proc)
        for proc in children:
            assert proc.stdout is not None
            line = proc.stdout.readline()
            if line.strip() != "ready":
                proc.kill()
                pytest.fail(f"child did not start: {proc.communicate()[1]}")
        for proc in children:
            time.sleep(rng.uniform(0.0, 0.25))
            os.kill(proc.pid, signal.SIGKILL)
        for proc in children:
            proc.communicate(timeout=30)
            assert proc.returncode == -signal.SIGKILL
            kills += 1
        for home in homes:
            monkeypatch.setenv("ZIPAI_HOME", str(home))
            state, message = load_autosave()
            assert message is None, message
            assert state is not None and state["format"] == "zipai-autosave"
            assert not list((home / "data").glob("autosave.json.damaged-*"))
    assert kills >= 30
