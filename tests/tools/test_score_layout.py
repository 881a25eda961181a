"""``zipai score`` reads a line in the layout one producer writes (json.dumps's ", " and ": ", keys in order) by one
regular expression, not the JSON scanner (``score._layout_parts``). Whatever it takes, it checks as the quick check
checks the line's JSON value; everything else goes the JSON way; and every line, in the layout or not, valid, refused
or hostile, gets the same answer (or the same message) with the layout path as without it."""

from __future__ import annotations

import json
import random
from typing import Any

from tests.tools.test_game_matches_score import bohu_game, guilin_game
from tests.tools.test_score_meld_facts import plain_facts, random_meld
from tests.tools.test_score_quick import sim_wins, spoilt
from zipai_desktop.engine.cards import NUM_KINDS, format_cards, parse_cards, to_counts
from zipai_desktop.engine.melds import Meld, MeldKind
from zipai_desktop.tools import score
from zipai_desktop.tools.score import layout


def _outcome(line: str | bytes, cli_rules: str | None = None) -> str:
    try:
        return score.score_line(line, cli_rules)
    except score.Malformed as exc:
        return f"Malformed: {exc}"


def _requests() -> list[dict[str, Any]]:
    rng = random.Random(8)
    wins = sim_wins(guilin_game, 40) + sim_wins(bohu_game, 40)
    return wins + [spoilt(d, rng) for d in wins for _ in range(12)]


def _hostile(line: str, rng: random.Random) -> list[str]:
    """Copies of a layout line that the layout path must leave to the JSON way, or read as the JSON way reads them."""
    data = json.loads(line)
    out = [
        line.replace(", ", ",  ", 1),
        line.replace(", ", ",", 3),
        line.replace('": ', '":', 2),
        line.replace('"hand"', '"winner": 2, "hand"'),  # a key twice: the last counts
        line.replace('"hand"', '"melds": [], "hand"'),
        line[:-1] + ', "options": {"min_hu": 15, "min_huxi": 15}}',
        line[:-1] + ', "extra": 1}',
        line.replace('{"kind": "', '{"kind": "peng", "kind": "', 1),
        line.replace('"cards": "', '"cards": "一", "cards": "', 1),
        line.replace('{"kind": ', '{"x": 1, "kind": ', 1),
        line.replace('"players": ', '"players": 1', 1),
        line.replace('"dealer": ', '"dealer": -', 1),
        line.replace('"winner": ', '"winner": 0', 1),
        line.replace('"players": 3', '"players": 3.0'),
        line.replace('"players": 3', '"players": true'),
        line.replace('"players": 3', '"players": 3e0'),
        line.replace('"dealer": 0', '"dealer": 99999999999999999999999'),
        line.replace('"dealer": 0', '"dealer": ' + "9" * 1001),
        line.replace('"from": ', '"from": null, "x": ', 1),
        line.replace(', "from": ' + json.dumps(data.get("from")), ', "from": null'),
        line.replace(', "from": ' + json.dumps(data.get("from")), ""),
        line.replace('"first_discard": false', '"first_discard": 0'),
        line.replace('"first_discard": false', '"first_discard": null'),
        line.replace('"first_discard": false', '"first_discard": true'),
        line.replace('"source": "', '"source": "x', 1),
        line.replace('"source": "', '"source": "\\u0064', 1),
        line.replace('"hand": "', '"hand": "\\u4e00', 1),
        line.replace('"hand": "', '"hand": "\x01', 1),
        line.replace('"hand": "', '"hand": "\n', 1),
        line.replace('"hand": "', '"hand": "\ud800', 1),
        line.replace('"hand": "', '"hand": "叄', 1),
        line.replace('"hand": "', '"hand": "一 ', 1),
        line.replace('"hand": "', '"hand": "一一一一', 1),
        line.replace('"hand": "', '"hand": 5, "x": "', 1),
        line.replace('"melds": [', '"melds": {"a": [', 1).replace('], "hand"', ']}, "hand"', 1),
        line.replace('"melds": [', '"melds": [[', 1).replace('], "hand"', ']], "hand"', 1),
        line.replace('"melds": [', '"melds": [{"kind": ""}, ', 1),
        line.replace('"melds": [', '"melds": [{"kind": "chi"}, ', 1),
        line.replace('"melds": [', '"melds": [{"kind": "peng", "cards": "一一一"}, ', 1),
        line.replace('"melds": [', '"melds": [{"kind": "chi", "cards": "一"}, ', 1),
        line.replace('"}, {"kind": "', '"},{"kind": "', 1),
        line.replace('"}, {"kind": "', '"} , {"kind": "', 1),
        line.replace('"}, {"kind": "', '"}, {"kind": "chi", "cards": "一二三"}, {"kind": "', 1),
        line.replace('"}], "hand"', '"}, ], "hand"', 1),
        line.replace('"}], "hand"', '"}, {}], "hand"', 1),
        line.replace('"cards": "', '"cards": "\udc00', 1),
        line.replace('"cards": "', '"cards": "叄', 1),
        line.replace('"cards": "', '"cards": "一', 1),
        line.replace('"kind": "', '"kind": "x', 1),
        line.replace('"kind": "chi"', '"kind": "wei"', 1),
        line.replace('"kind": "peng"', '"kind": "sao"', 1),
        line.replace('"options": {', '"options": {"a": ' + "[" * 66 + "1" + "]" * 66 + ', "b": {', 1),
        line.replace('"options": {', '"options": {"x": "}", ', 1),
        line.replace('"options": {', '"options": {"x": "}, \\"players\\": 3", ', 1),
        line.replace('"options": {', '"options": {"x": "\ud800", ', 1),
        line.replace('"options": {', '"options": {"x": "\\ud800", ', 1),
        line.replace('"options": {', '"options": {"x": 1.5, ', 1),
        line.replace('"options": {', '"options": {"x": NaN, ', 1),
        line.replace('"options": {', '"options": {"x": 1e999, ', 1),
        line.replace('"options": {', '"options": {"min_hu": 15, "min_hu": 10, ', 1),
        line.replace('"options": {', '"options": {"min_huxi": 15, "min_huxi": 10, ', 1),
        line.replace('"options": {', '"options": {"guo_hu": true, ', 1),
        line.replace('"options": {', '"options": {"guo_hu": 1, ', 1),
        line.replace('"options": {', '"options": {"two_long": "skip_discard", ', 1),
        line.replace('"options": {', '"options": {"short_player": "replacement", ', 1),
        line.replace('"options": {', '"options": {"erqishi": false, ', 1),
        line.replace('"options": {', '"options": {"xing": "fan", ', 1),
        line.replace('"rules": "guilin"', '"rules": "bohu"').replace('"rules": "bohu"', '"rules": "guilin"'),
        line.replace('"win_card": "', '"win_card": "一', 1),
        line.replace('"win_card": "', '"xing": "一", "win_card": "', 1),
        line.replace(', "xing": "', ', "xing": "一', 1),
        line.replace(', "xing": "', ', "xing": 1, "y": "', 1),
        line[:-1] + ', "xing": ""}',
        line[:-1] + ', "xing": "' + "一" * rng.randrange(1, 5) + '"}',
        line + " \t\r\n",
        line + "\x0b",
        line + "\x1c",
        line + "\u3000",
        line + "\u2028",
        line + "\n",
        line + " 5",
        line + "x",
        line + "}",
        " " + line,
        "\ufeff" + line,
        line.replace('{"rules"', '{ "rules"', 1),
        line.replace('{"rules": "', '{"rules": "x', 1),
        line[:-1],
        line[: rng.randrange(len(line))],
    ]
    # Other seats and sources in the layout: 地胡 (with melds or without), a seat out of range, the dealer winning.
    for source, first in (("discard", True), ("discard", False), ("own_draw", False), ("other_draw", False)):
        for winner in range(4):
            changed = {**data, "winner": winner, "source": source, "from": data.get("dealer"), "first_discard": first}
            out.append(json.dumps(changed, ensure_ascii=False))
            out.append(json.dumps({**changed, "melds": []}, ensure_ascii=False))
    # The melds' cards in the hand: no melds, or a list of one empty meld (which is not no melds).
    melds = data.get("melds")
    if isinstance(melds, list) and all(isinstance(m, dict) and isinstance(m.get("cards"), str) for m in melds):
        hand = str(data.get("hand")) + "".join(m["cards"] for m in melds)
        for odd in ([], [{"kind": ""}], [{"kind": "", "cards": ""}]):
            out.append(json.dumps({**data, "hand": hand, "melds": odd}, ensure_ascii=False))
    # A key moved to the front, and a field dropped.
    keys = list(data)
    moved = keys[rng.randrange(len(keys))]
    out.append(json.dumps({moved: data[moved], **{k: v for k, v in data.items() if k != moved}}, ensure_ascii=False))
    out.append(json.dumps({k: v for k, v in data.items() if k != moved}, ensure_ascii=False))
    out.append(json.dumps(data, ensure_ascii=True))
    out.append(json.dumps(data, ensure_ascii=False, indent=1).replace("\n", ""))
    return out


def test_a_layout_line_is_checked_as_the_quick_check_checks_its_json_value() -> None:
    """What _layout_parts gives is the quick check's parts of the decoded line; it takes no line the quick check
    leaves to the careful check."""
    taken = 0
    for request in _requests():
        line = json.dumps(request, ensure_ascii=False)
        laid_out = score._layout_parts(line)
        if laid_out is None:
            continue
        taken += 1
        rules, parts = laid_out
        data = json.loads(line)
        quick = score._quick_guilin_parts(data) if data["rules"] == "guilin" else score._quick_bohu_parts(data)
        assert rules == data["rules"]
        assert quick is not None and type(parts) is score.Request and parts == quick
        assert score._layout_parts(line.encode("utf-8")) == laid_out
    assert taken >= 150


def test_every_line_gets_the_same_answer_with_or_without_the_layout_path(monkeypatch: Any) -> None:
    """Sim wins of both games, spoilt copies of them and hostile copies of their text (another key order or spacing,
    keys twice, escapes, control characters, lone surrogates, numbers of other spellings, deep nesting, junk after the
    object, a cut line), as text and as bytes, with and without --rules: the same line or the same message."""
    rng = random.Random(80)
    lines: list[str | bytes] = []
    for i, request in enumerate(_requests()):
        line = json.dumps(request, ensure_ascii=False)
        lines.append(line)
        if i % 8 == 0:
            lines += _hostile(line, rng)
    lines += [line.encode("utf-8", "replace") for line in lines[::5] if isinstance(line, str)]
    lines += [b'{"rules": "bohu", "options": {}, ' + b"\xff" + b"}"]
    taken = sum(score._layout_parts(line) is not None for line in lines)

    def outcomes(i: int, line: str | bytes) -> tuple[str, ...]:
        if i % 4:
            return (_outcome(line),)
        return _outcome(line), _outcome(line, "guilin"), _outcome(line, "bohu")

    answers = [outcomes(i, line) for i, line in enumerate(lines)]
    monkeypatch.setattr(score, "_layout_parts", lambda text: None)
    assert answers == [outcomes(i, line) for i, line in enumerate(lines)]
    assert taken >= 400
    assert sum(a[0].startswith('{"valid": true') for a in answers) >= 300
    assert sum(a[0].startswith("Malformed") for a in answers) >= 1000


def test_the_melds_known_to_the_layout_path_are_the_melds_the_quick_check_takes() -> None:
    """The melds _layout_parts knows (made once, by kind) are exactly those _new_meld_facts takes, with its facts (the
    胡 under the table among them): for each game, 二七十 a 吃 or not and a doubled rank or not, every kind name on
    every order of 3 cards, every 3 and 4 of a kind and a seeded sample of other card strings."""
    rng = random.Random(81)
    glyphs = "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾"
    names = [kind.value for kind in MeldKind] + ["x", "Chi"]
    strings = [a + b + c for a in glyphs for b in glyphs for c in glyphs]
    strings += [g * n for g in glyphs for n in (1, 2, 3, 4)]
    strings += ["".join(rng.choice(glyphs) for _ in range(rng.randrange(1, 6))) for _ in range(300)]
    for head_text in ['{"rules": "guilin", "options": {}', '{"rules": "bohu", "options": {}',
                      '{"rules": "bohu", "options": {"erqishi": false}',
                      '{"rules": "bohu", "options": {"bonus_rank": 2}',
                      '{"rules": "bohu", "options": {"erqishi": false, "bonus_rank": 10}']:  # fmt: skip
        head = score._new_head(head_text)
        assert head is not None
        taken: set[str] = set()
        for name in names:
            for cards in strings if name == "chi" else strings[8000:] + [s for s in strings[:8000:97]]:
                raw = {"kind": name, "cards": cards}
                facts = score._new_meld_facts(raw, head.kinds, head.rules, head.erqishi, head.table, {})
                text = f'{name}", "cards": "{cards}'
                assert head.items.get(text) == facts, (head_text, raw)
                if facts is not None:
                    taken.add(text)
        assert taken == head.items.keys() and len(taken) >= 200


def test_the_layout_columns_shared_by_tables_are_each_tables_own_facts(monkeypatch: Any) -> None:
    """_item_facts shares the 吃 (those without 二七十 cut from those with) and each kind's melds by its row of values
    (each meld by its text and 胡): in whatever order the tables come, from empty kept columns, every head's four
    columns hold exactly what _new_meld_facts gives each meld under that head's own table (its 胡, its word, its
    group's text). Bohu tables that differ only by the doubled rank share all but that rank's melds."""
    heads = ['{"rules": "guilin", "options": {}', '{"rules": "guilin", "options": {"min_hu": 15}']
    heads += [f'{{"rules": "bohu", "options": {{"erqishi": {e}, "bonus_rank": {r}}}'
              for e in ("true", "false") for r in (0, 1, 2, 7, 10)]  # fmt: skip
    rng = random.Random(1213)
    checked = 0
    for round_ in range(4):
        order = heads[:] if round_ == 0 else rng.sample(heads, len(heads))
        for name in ("_ITEM_FACTS", "_CHI_FACTS", "_KIND_ROWS", "_HU_ITEMS"):
            monkeypatch.setattr(layout, name, {})
        for head_text in order:
            head = score._new_head(head_text)
            assert head is not None
            expected = 0
            for kind in head.kinds:
                for text in score._kind_items(kind):
                    kind_name, cards = text.split('", "cards": "')
                    raw = {"kind": kind_name, "cards": cards}
                    facts = score._new_meld_facts(raw, head.kinds, head.rules, head.erqishi, head.table, {})
                    if facts is None:  # a 二七十 where it is not a 吃
                        assert text not in head.items
                        continue
                    expected += 1
                    assert head.items[text] == facts, (head_text, text)
                    assert head.melds[text] == facts[0]
                    assert head.texts[text] == facts[7]
                    assert head.words[text] == score._BASE_WORD[text] + (facts[4] << score._HU_AT)
                    checked += 1
            assert len(head.items) == len(head.melds) == len(head.words) == len(head.texts) == expected
    assert checked > 10_000


def _laid_out_line(rng: random.Random, game: str) -> tuple[str, dict[str, Any]]:
    """A request in the layout with seeded melds, a hand of the count the rules want and a winning card that is often
    a meld's own card (the 扫 / 偎 / 碰 the win check may make a quad)."""
    kinds = score.GUILIN_MELDS if game == "guilin" else score.BOHU_MELDS
    melds = [random_meld(rng, kinds, True) for _ in range(rng.randrange(0, 7))]
    meld_cards = [k for m in melds for k in parse_cards(m["cards"])]
    quads = sum(len(parse_cards(m["cards"])) == 4 and m["kind"] != "chi" for m in melds)
    held = 20 + max(0, quads - 1) if game == "guilin" else 19 + quads
    hand = [rng.randrange(NUM_KINDS) for _ in range(max(0, held - len(meld_cards)))]
    card = rng.choice(meld_cards) if meld_cards and rng.random() < 0.6 else rng.randrange(NUM_KINDS)
    data: dict[str, Any] = {"rules": game, "options": {}, "players": 3, "dealer": 0, "winner": 1, "melds": melds,
                            "hand": format_cards(sorted(hand)), "source": rng.choice(["own_draw", "other_draw"]),
                            "from": 1, "first_discard": False, "win_card": format_cards([card])}  # fmt: skip
    if data["source"] == "other_draw":
        data["from"] = 2
    if game == "guilin" and rng.random() < 0.7:
        data["xing"] = format_cards([rng.randrange(NUM_KINDS) for _ in range(rng.randrange(1, 12))])
    return json.dumps(data, ensure_ascii=False), data


def test_a_layout_lines_counts_and_meld_facts_are_the_plain_ones() -> None:
    """The layout path adds each meld's word (its cards' counts, cards, quad, 提, 胡, 扫 / 偎 and 碰 card) and the
    hand's and cards' counts as ints a byte a kind: on thousands of seeded lines, the concealed counts, every card
    counted and the melds' facts are the plain ones (engine.win.check.meld_facts and meld_value, a loop over the
    cards), and a line holding a kind five times or more is never taken."""
    rng = random.Random(1311)
    taken = sao = peng = refused = 0
    for i in range(6_000):
        line, data = _laid_out_line(rng, "guilin" if i % 2 else "bohu")
        laid_out = score._layout_parts(line)
        melds = [Meld(score._MELD_KINDS[m["kind"]], tuple(parse_cards(m["cards"]))) for m in data["melds"]]
        hand = to_counts(parse_cards(data["hand"]))
        card = parse_cards(data["win_card"])[0]
        held = hand[:]
        for k in [k for m in melds for k in m.cards] + [card]:
            held[k] += 1
        total = held[:]
        for k in parse_cards(data.get("xing", "")):
            total[k] += 1
        if max(total) > 4:
            assert laid_out is None
            refused += 1
            continue
        if laid_out is None:
            continue
        taken += 1
        assert score._layout_parts(line) == laid_out  # again, from what the first read kept (the hand's text)
        parts = laid_out[1]
        assert parts.hand == bytes(hand) and parts.held == bytes(held)
        assert parts.melds == tuple(melds)
        assert parts.known == plain_facts(parts.melds, card, parts.table)
        sao += parts.known[3] >= 0
        peng += parts.known[4] >= 0
    assert taken >= 1_500 and sao >= 50 and peng >= 50 and refused >= 1_000
