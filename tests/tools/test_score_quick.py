"""``zipai score``'s quick check (one pass, for the plain request) answers exactly what the careful check answers, or
leaves the request to it: on the worked examples, on seeded sim wins of both games and on thousands of seeded spoilt
copies of them (a field dropped, of another type or out of range, a card changed, a meld spoilt, an option changed,
other seats and sources). Whatever the quick check takes, the careful check gives the same checked hand; whatever the
careful check refuses, the quick check leaves alone."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from tests.tools import test_score_bohu as bohu_examples
from tests.tools import test_score_cli as guilin_examples
from tests.tools.test_game_matches_score import bohu_game, guilin_game, score_request, take_everything
from zipai_desktop.engine.actions import Hu
from zipai_desktop.engine.game import Game
from zipai_desktop.tools import score

GLYPHS = "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾"
ODD = [None, True, False, 0, 1, -1, 2, 3, 4, 1.0, "", "x", "一", "一二", "一 二", "一,二", [], {}, "own_draw", "deal",
       "discard", "other_draw", "chi", "peng", "wei", "ti", "sao", "kai_duo", 10, 15, "add", "max",
       "replacement"]  # fmt: skip
FIELDS = ["rules", "options", "players", "dealer", "winner", "melds", "hand", "win_card", "source", "from",
          "first_discard", "xing", "extra"]  # fmt: skip


def sim_wins(make: Any, count: int) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    i = 0
    while len(out) < count:
        game: Game = make(i)
        rng = random.Random(i)
        i += 1
        while game.to_act is not None:
            seat = game.to_act
            legal = game.legal_actions(seat)
            game.apply(seat, Hu() if Hu() in legal else take_everything(legal, rng))
        if game.result is not None and game.result.winner is not None:
            out.append(score_request(game)[0])
    return out


def spoilt(data: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    d = copy.deepcopy(data)
    r = rng.random()
    field = rng.choice(FIELDS)
    if r < 0.2:
        d.pop(field, None)
    elif r < 0.45:
        d[field] = rng.choice(ODD)
    elif r < 0.6 and d.get("melds"):
        rng.choice(d["melds"])[rng.choice(["kind", "cards", "x"])] = rng.choice(ODD)
    elif r < 0.7 and isinstance(d.get("options"), dict):
        d["options"][rng.choice([*d["options"], "nope"])] = rng.choice(ODD)
    elif r < 0.85 and d.get("hand"):
        cards = list(d["hand"])
        cards[rng.randrange(len(cards))] = rng.choice(GLYPHS)
        d["hand"] = "".join(cards[: len(cards) - rng.choice([0, 0, 1])])
    else:
        for seat in ("dealer", "winner", "from"):
            d[seat] = rng.randrange(4)
        d["source"] = rng.choice(["own_draw", "discard", "other_draw", "deal"])
        d["first_discard"] = rng.random() < 0.3
    return json.loads(json.dumps(d))  # as the command reads it


def outcome(check: Any, data: dict[str, Any]) -> Any:
    try:
        return check(data)
    except score.Malformed as exc:
        return f"Malformed: {exc}"


def test_the_quick_check_takes_plain_requests_and_answers_as_the_careful_check() -> None:
    rng = random.Random(13)
    requests = [*guilin_examples.EXAMPLES.values(), guilin_examples.N1]
    requests += [
        {**getattr(bohu_examples, n), "rules": "bohu"} for n in dir(bohu_examples) if n[:1] == "E" and n[1:2].isdigit()
    ]
    requests += sim_wins(guilin_game, 60) + sim_wins(bohu_game, 60)
    requests += [spoilt(d, rng) for d in requests for _ in range(25)]
    taken = refused = 0
    for data in requests:
        games = {
            "guilin": (score._quick_guilin, score._checked_guilin),
            "bohu": (score._quick_bohu, score._checked_bohu),
        }
        quick, careful = games["bohu" if data.get("rules") == "bohu" else "guilin"]
        want = outcome(careful, data)  # also keeps the request's melds and cards, as a stream would
        got = quick(data)
        if got is not None:
            taken += 1
            assert got == want, data
        refused += isinstance(want, str)
    assert taken > 1000 and refused > 1000, (taken, refused)


def _line_outcome(line: str | bytes) -> str:
    try:
        return score.score_line(line)
    except score.Malformed as exc:
        return f"Malformed: {exc}"


def test_a_line_whose_options_were_read_before_is_answered_as_if_read_whole(monkeypatch: Any) -> None:
    """score_line skips decoding an options object it has read before: never where reading the whole line could
    give something else (an escape, a second "options", a brace in a string, nesting, bad JSON after it)."""
    base = json.dumps(guilin_examples.EX1, ensure_ascii=False)
    options = json.dumps(guilin_examples.EX1["options"], ensure_ascii=False)
    lines: list[str] = [base, base, base.replace('"options": {', '"options":{')]
    for inner in [
        '{"xing": "}"}',
        '{"min_hu": 15}',
        '{"guo_hu": 1}',
        '{"guo_hu": true}',
        '{"min_hu": [10]}',
        "{}",
        '{"a": {"b": 1}}',
        '{"min_hu": 10}5',
        '{"min_hu": 10} ',
        '{"min_hu": 1e999}',
        '{"min_hu": 10, }',
    ]:
        lines.append(base.replace(options, inner))
        lines.append(base.replace(options, inner))  # the second time, from what the first kept
    lines.append(base[:-1] + ', "options": {"min_hu": 15}}')  # a second "options": the last one counts
    lines.append(base.replace('"options"', '"option\\u0073"'))  # an escape spells the key
    lines.append(base.replace('"melds": [{', '"melds": [{"options": {}, '))  # "options" inside a meld
    lines.append(base.replace('"options": ' + options + ", ", "") + " ")  # no options at all
    lines.append(base.replace('"rules": "guilin", ', '"x": "\\"options\\": {}", '))
    # The rest of the line is read by the scanner loads's fast path runs: everything loads refuses there is refused.
    for spoilt in ['"players": NaN', '"players": 1e999', '"players": -Infinity', '"players": 3.0', '"players": 1e2',
                   '"players": ' + "9" * 1001, '"players": ' + "[" * 70 + "]" * 70, '"players": 3} 5']:  # fmt: skip
        lines.append(base.replace('"players": 3', spoilt))
    lines.append(base + " \t\r\n")
    lines += [line.encode("utf-8") for line in lines] + [base.encode("utf-8")[:-3] + b"\xff}"]  # type: ignore[misc]
    # A lone surrogate in a line given as text (bytes cannot hold one: they are not UTF-8 then).
    lines += [base.replace('"players": 3', '"players": "\ud800"'), base.replace('"dealer": 0', '"dealer": "\udc00x"')]
    answers = [_line_outcome(line) for line in lines]
    monkeypatch.setattr(score, "_with_known_options", lambda text: None)
    monkeypatch.setattr(score, "_layout_parts", lambda text: None)
    assert answers == [_line_outcome(line) for line in lines]
    assert sum(a.startswith('{"valid"') for a in answers) >= 6 and sum(a.startswith("Malformed") for a in answers) >= 8


def test_every_line_answered_the_quick_way_is_answered_the_same_the_careful_way(monkeypatch: Any) -> None:
    """score_line with the quick check and its caches (cards read as bytes, settlements and their text kept) against
    score_line with every request checked the careful way and nothing kept from one line to the next, on thousands of
    seeded lines: sim wins of both games (2, 3 and 4 seated) and spoilt copies of them."""
    rng = random.Random(2026)
    requests = sim_wins(guilin_game, 40) + sim_wins(bohu_game, 40)
    requests += [spoilt(d, rng) for d in requests for _ in range(20)]
    lines = [json.dumps(d, ensure_ascii=False) for d in requests]
    answers = [_line_outcome(line) for line in lines]
    assert sum(a.startswith('{"valid": true') for a in answers) >= 200
    assert sum(a.startswith("Malformed") for a in answers) >= 400

    monkeypatch.setattr(score, "_quick_guilin_parts", lambda data: None)
    monkeypatch.setattr(score, "_quick_bohu_parts", lambda data: None)
    monkeypatch.setattr(score, "_with_known_options", lambda text: None)
    monkeypatch.setattr(score, "_layout_parts", lambda text: None)
    careful: list[str] = []
    for line in lines:
        kept: list[dict[Any, Any]] = [score._DUO, score._PAID, score._TURNED, score._OPTION_TEXTS]
        for cache in [*kept, score._OPTIONS, score._WHO_PLAIN]:
            cache.clear()
        careful.append(_line_outcome(line))
    assert careful == answers
