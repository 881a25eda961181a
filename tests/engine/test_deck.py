"""The deal (engine/deck.py) is the project's own: version 1 is the Mersenne Twister's words read by a Fisher-Yates
shuffle from the last position down, as the module describes it; every deal, record and autosave made before the
deal was owned (fixtures written by commit d2102fb) still deals and replays the same."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from zipai_desktop.engine import deck
from zipai_desktop.engine.cards import format_cards, full_deck, parse_cards
from zipai_desktop.engine.game import Game
from zipai_desktop.engine.record import RecordError, replay, to_record
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.store.autosave import restore

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "d2102fb"
SEEDS: list[int | str] = [*range(400), -1, -2026, 2**32, 2**70 + 3, "", "position", "7:2", "中", "x" * 300]


def plain_shuffle_v1(cards: list[int], seed: int | str) -> None:
    """Version 1 read off the module's description, word by word from the reference generator."""
    words = deck.MersenneTwister(seed)
    for i in range(len(cards) - 1, 0, -1):
        k = (i + 1).bit_length()
        j = words.word() >> (32 - k)
        while j > i:
            j = words.word() >> (32 - k)
        cards[i], cards[j] = cards[j], cards[i]


def test_the_reference_words_are_pythons_mersenne_twister() -> None:
    """The written-out MT19937 gives the words ``random.Random(seed)`` gives (int seeds of one or several key words,
    negative and zero; text seeds through SHA-512), past its second twist."""
    for seed in [0, 1, 5489, -7, 2**32 - 1, 2**32, 2**100 + 1, "", "abc", "夜:3"]:
        reference = deck.MersenneTwister(seed)
        library = random.Random(seed)
        assert [reference.word() for _ in range(1300)] == [library.getrandbits(32) for _ in range(1300)], seed
    assert deck.seed_key(0) == [0] and deck.seed_key(-(2**32) - 5) == [5, 1]


def test_version_1_deals_as_its_description_says_and_as_random_shuffle_did() -> None:
    for seed in SEEDS:
        described, dealt, shuffled = full_deck(), full_deck(), full_deck()
        plain_shuffle_v1(described, seed)
        deck.shuffle(dealt, seed, 1)
        random.Random(seed).shuffle(shuffled)
        assert dealt == described == shuffled, seed


def test_both_word_sources_deal_the_same_and_the_library_is_trusted_here() -> None:
    assert deck.word_source() == "library"  # (the standard library agreed with the reference at import)
    for seed in SEEDS[:60]:
        fast, reference = full_deck(), full_deck()
        deck.shuffle_v1(fast, seed)
        deck.shuffle_v1(reference, seed, deck.MersenneTwister(seed))
        assert fast == reference, seed


@pytest.mark.parametrize("batch", [1, 7, 40])
def test_a_deal_that_reads_past_its_batch_of_words_draws_on(batch: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Words are drawn a batch at a time; a deal that reads them all (about 2% of deals with the usual batch, every
    deal with a small one) draws another and reads on, in order."""
    monkeypatch.setattr(deck, "_BATCH", batch)
    for seed in SEEDS[:80]:
        got, want = full_deck(), full_deck()
        deck.shuffle_v1(got, seed)
        plain_shuffle_v1(want, seed)
        assert got == want, seed


@pytest.mark.parametrize("size", [1, 2, 3, 17, 128, 129, 255])
def test_decks_of_other_sizes_deal_as_described(size: int) -> None:
    for seed in range(30):
        got, want = list(range(size)), list(range(size))
        deck.shuffle_v1(got, seed)
        plain_shuffle_v1(want, seed)
        assert got == want
    with pytest.raises(ValueError, match="at most 255 cards"):
        deck.shuffle_v1(list(range(256)), 0)


def test_the_deals_written_before_the_deal_was_owned_are_dealt_the_same() -> None:
    pinned = json.loads((FIXTURES / "deals.json").read_text(encoding="utf-8"))
    assert len(pinned) >= 15
    for item in pinned:
        cards = full_deck()
        deck.shuffle(cards, item["seed"])
        assert format_cards(tuple(cards)) == item["deck"], item["seed"]
        assert sorted(parse_cards(item["deck"])) == sorted(full_deck())


def test_an_unknown_deal_version_is_refused() -> None:
    with pytest.raises(deck.UnknownDeal, match="deal version 2 is not known"):
        deck.shuffle(full_deck(), 1, 2)
    with pytest.raises(ValueError, match="deal version 0"):
        Game(get_rules("guilin"), seed=1, deal=0)


@pytest.mark.parametrize("path", sorted((FIXTURES / "records").glob("*.json")), ids=lambda p: p.name)
def test_records_written_before_the_deal_was_owned_replay_to_their_stored_end(path: Path) -> None:
    record = json.loads(path.read_text(encoding="utf-8"))
    assert "deal" not in record  # (written before records named their deal: read as version 1)
    game = replay(record)
    assert game.snapshot() == record["final"]
    assert to_record(game)["result"] == record["result"]
    assert to_record(game)["deal"] == 1


def test_a_record_names_its_deal_and_an_unknown_one_is_refused() -> None:
    record = json.loads(next((FIXTURES / "records").glob("*.json")).read_text(encoding="utf-8"))
    assert replay({**record, "deal": 1}).snapshot() == record["final"]
    for bad in (2, "1", None, True):
        with pytest.raises(RecordError, match="deal"):
            replay({**record, "deal": bad})


@pytest.mark.parametrize("path", sorted((FIXTURES / "autosaves").glob("*.json")), ids=lambda p: p.name)
def test_autosaves_written_before_the_deal_was_owned_resume_where_they_were(path: Path) -> None:
    state = json.loads(path.read_text(encoding="utf-8"))
    match, seats, game = restore(state)
    assert game is not None and len(seats) == match.players
    assert game.snapshot() == state["hand"]["final"]
    assert match.played == state["match"]["played"] == 2
