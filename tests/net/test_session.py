"""The 包厢 sessions a frame loop uses: a host and clients in daemon threads on loopback, polled without blocking.
Timeouts are failure guards only; nothing asserts a time."""

from __future__ import annotations

import queue
import time
from typing import Any

from zipai_desktop.bots import make_bot
from zipai_desktop.engine.match import Match
from zipai_desktop.engine.observation import observe
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.net.room import Room
from zipai_desktop.net.session import ClientSession, HostSession, problem_of
from zipai_desktop.net.wire import observation_from_json

GUARD_S = 60.0  # a failure guard: a session still playing after this is a hang


def open_room(
    rules: str = "guilin", hands: int = 2, friends: tuple[int, ...] = (0, 1), *, wait_for_away: bool = False
) -> HostSession:
    r = get_rules(rules)
    match = Match(r, r.parse_options({}), "session", hands=hands)
    room = Room(match, code="ABC234", bot="random", wait_for_away=wait_for_away)
    host = HostSession(room, friends, bind="127.0.0.1", inline_bots=True)
    host.open()
    assert host.error is None, host.error
    return host


def play(clients: list[ClientSession], *, until: Any = None) -> dict[int, list[dict[str, Any]]]:
    """Poll every client's inbox as a frame loop would (get_nowait), answering each turn with a bot that reads the
    seat's observation only; stop when every client is done (or ``until(seat, message)`` says so)."""
    got: dict[int, list[dict[str, Any]]] = {c.seat: [] for c in clients}
    bots = {c.seat: make_bot("random", seed=c.seat) for c in clients}
    deadline = time.monotonic() + GUARD_S
    done: set[int] = set()
    while len(done) < len(clients):
        assert time.monotonic() < deadline, "the match did not end"
        idle = True
        for client in clients:
            try:
                message = client.inbox.get_nowait()
            except queue.Empty:
                continue
            idle = False
            got[client.seat].append(message)
            if until is not None and until(client.seat, message):
                return got
            if message["kind"] == "turn":
                obs = observation_from_json(message["observation"])
                action = bots[client.seat].choose(obs, obs.legal)
                client.act(action, message["hand"], message["step"])
            elif message["kind"] in ("match_end", "lost"):
                done.add(client.seat)
        if idle:
            time.sleep(0.002)
    return got


def test_two_friends_play_a_whole_match_and_their_totals_are_the_hosts() -> None:
    host = open_room()
    try:
        clients = [ClientSession(host.local_url, "abc234", seat, f"friend {seat}").open() for seat in (0, 1)]
        got = play(clients)
        for messages in got.values():
            kinds = [m["kind"] for m in messages]
            assert kinds[0] == "welcome" and kinds[-1] == "match_end", kinds[-3:]
            assert messages[-1]["totals"] == list(host.room.match.totals)
            assert sum(1 for k in kinds if k == "record") == 2
            assert "turn" in kinds  # the seat decided through act, not the room's bot
        assert host.room.match.over and host.room.match.played == 2
        deadline = time.monotonic() + GUARD_S
        while not host.status().over:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert host.status().totals == tuple(host.room.match.totals)
    finally:
        host.close()
    assert not host.running


def test_the_status_names_who_joined_and_start_deals_with_an_empty_friends_chair() -> None:
    host = open_room(friends=(0, 1))
    try:
        friend = ClientSession(host.local_url, "ABC234", 1, "阿明").open()
        deadline = time.monotonic() + GUARD_S
        while not host.status().seats[1].connected:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        status = host.status()
        assert not status.started and status.seats[1].name == "阿明" and status.seats[1].joined
        assert not status.seats[0].joined
        host.start()  # seat 0's friend never came: the bot plays it
        got = play([friend])
        assert got[1][-1]["kind"] == "match_end"
        assert host.room.seats[0].token is None and host.room.match.over
    finally:
        host.close()


def test_a_refused_join_is_one_sentence_and_the_session_stops() -> None:
    host = open_room()
    try:
        wrong = ClientSession(host.local_url, "ZZZ999", 0, "x").open()
        message = wrong.inbox.get(timeout=GUARD_S)
        assert message["kind"] == "lost" and message["problem"] == "code" and "ZZZ999" in message["reason"]
        first = ClientSession(host.local_url, "ABC234", 0, "a").open()
        assert first.inbox.get(timeout=GUARD_S)["kind"] == "welcome"
        second = ClientSession(host.local_url, "ABC234", 0, "b").open()
        lost = second.inbox.get(timeout=GUARD_S)
        assert lost == {"kind": "lost", "problem": "taken", "reason": "seat 0 is taken"}
        wrong._thread.join(GUARD_S)  # type: ignore[union-attr]
        assert not wrong.alive
        first.close()
    finally:
        host.close()


def test_nobody_at_the_address_is_unreachable() -> None:
    host = open_room()
    url = host.local_url
    host.close()
    client = ClientSession(url, "ABC234", 0, "a").open()
    lost = client.inbox.get(timeout=GUARD_S)
    assert lost["kind"] == "lost" and lost["problem"] == "unreachable"


def test_a_dropped_connection_rejoins_with_its_token_and_plays_on() -> None:
    host = open_room(friends=(0,), wait_for_away=True)  # the seat waits for its friend (else the bots finish)
    try:
        client = ClientSession(host.local_url, "ABC234", 0, "a").open()
        turns = 0

        def drop_at_third_turn(seat: int, message: dict[str, Any]) -> bool:
            nonlocal turns
            turns += message["kind"] == "turn"
            return bool(turns == 3)

        play([client], until=drop_at_third_turn)
        token = client.token
        # The network blinks: the host's side of the connection closes under the client.
        ws = host.host.connections[0].ws  # type: ignore[union-attr]
        assert host._loop is not None
        host._loop.call_soon_threadsafe(lambda: host._loop.create_task(ws.close()))  # type: ignore[union-attr]
        got = play([client])
        kinds = [m["kind"] for m in got[0]]
        assert "reconnecting" in kinds and kinds[-1] == "match_end"
        welcome = next(m for m in got[0] if m["kind"] == "welcome")
        assert welcome["token"] == token and client.token == token
        assert host.room.seats[0].token == token
    finally:
        host.close()


def test_the_host_pausing_and_ending_the_match_reach_the_friend() -> None:
    host = open_room(friends=(0, 1))
    try:
        client = ClientSession(host.local_url, "ABC234", 0, "a").open()
        assert client.inbox.get(timeout=GUARD_S)["kind"] == "welcome"
        host.start()
        host.pause(True)
        deadline = time.monotonic() + GUARD_S
        while not host.status().paused:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        host.end()
        got = play([client])
        assert any(m["kind"] == "status" and m["paused"] for m in got[0])
        assert got[0][-1]["kind"] == "match_end" and got[0][-1]["ended_by_host"]
        assert client.finished and client.problem is None
    finally:
        host.close()
    assert not host.running


def test_a_host_gone_without_a_word_is_told_in_one_sentence() -> None:
    host = open_room(friends=(0, 1))
    client = ClientSession(host.local_url, "ABC234", 0, "a").open()
    assert client.inbox.get(timeout=GUARD_S)["kind"] == "welcome"
    # The host's server shuts down mid-match (its window closed): no match_end, the connection goes away.
    assert host._loop is not None and host.host is not None
    host._loop.call_soon_threadsafe(host.host.done.set)
    got = play([client])
    assert got[0][-1] == {"kind": "lost", "problem": "gone", "reason": "the host closed the room"}
    assert not any(m["kind"] == "match_end" for m in got[0])
    host.close()


def test_problems_and_addresses() -> None:
    assert problem_of("wrong room code 'X'") == "code"
    assert problem_of("seat 2 belongs to 'a': rejoin with its token") == "taken"
    assert problem_of("protocol version 2 is not this host's (1)") == "version"
    room = open_room()
    try:
        assert all(url.startswith("ws://") and url.endswith(f":{room.port}") for url in room.urls())
    finally:
        room.close()


def test_every_event_a_seat_is_sent_reads_back_as_the_same_event() -> None:
    from zipai_desktop.bots import make_bot as bot
    from zipai_desktop.engine.events import redact
    from zipai_desktop.engine.game import Game
    from zipai_desktop.net.session import event_from_json

    for rules in ("guilin", "bohu"):
        r = get_rules(rules)
        for seed in range(6):
            game = Game(r, r.parse_options({}), seed=f"events-{seed}", players=3 if rules == "guilin" else 4)
            players = {s: bot("random", seed=s) for s in range(game.players)}
            while game.to_act is not None:
                seat = game.to_act
                game.apply(seat, players[seat].choose(observe(game, seat), game.legal_actions(seat)))
            for seat in range(game.players):
                for event in game.events:
                    seen = redact(event, seat)
                    if seen is not None:
                        assert event_from_json(seen.to_json()) == seen
