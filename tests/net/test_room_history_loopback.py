"""The histories of a 包厢 match played over real WebSockets on loopback (host and three clients in one event loop):
each friend's recorder is fed every message its client received, and ends with the host's hands, figures and
records. Timeouts are failure guards only."""

from __future__ import annotations

import asyncio
import json

import pytest

from zipai_desktop.engine.match import Match
from zipai_desktop.engine.rules import get_rules
from zipai_desktop.net.client import Client
from zipai_desktop.net.host import Host
from zipai_desktop.net.room import Room
from zipai_desktop.store.history import MEMORY, History
from zipai_desktop.store.room_history import FRIEND, HUMAN, FriendRoomRecorder, HostRoomRecorder

GUARD_S = 60.0
NAMES = ["房主", "阿明", "Lily", "小红"]


async def _play(room: Room, recorder: HostRoomRecorder, recorders: list[FriendRoomRecorder]) -> None:
    """The match; the host's recorder catches up after every change of the room, as ``zipai host`` would."""
    host = Host(room, range(len(recorders)),
                on_status=lambda st: recorder.catch_up(room.records, over=st.over, totals=st.totals))  # fmt: skip
    port: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    serving = asyncio.create_task(host.serve("127.0.0.1", 0, port.set_result))

    url = f"ws://127.0.0.1:{await port}"
    clients = [Client(url, room.code, seat, bot="casual", name=NAMES[seat], on_message=recorders[seat].feed)
               for seat in range(len(recorders))]  # fmt: skip
    await asyncio.wait_for(asyncio.gather(*(c.run() for c in clients), serving), GUARD_S)


@pytest.mark.parametrize(("rules", "players"), [("guilin", 3), ("bohu", 4)])
def test_friends_histories_over_websockets_match_the_host_history(rules: str, players: int) -> None:
    r = get_rules(rules)
    room = Room(Match(r, r.parse_options({}), "over the wire", hands=3, players=players), code="ABC234", bot="casual")
    recorders = [FriendRoomRecorder(History(MEMORY)) for _ in range(players)]
    # The host's history: the host's own seat 0, friends at the others.
    host = History(MEMORY)
    recorder = HostRoomRecorder(host, room.match, [HUMAN] + [FRIEND] * (players - 1), NAMES[:players])
    asyncio.run(_play(room, recorder, recorders))
    assert room.match.over and any(rec["result"]["winner"] is not None for rec in room.records)
    assert recorder.match_id is not None and recorder.messages == []
    expected = host.match_result(recorder.match_id)
    assert list(expected.match.totals) == list(room.match.totals) and expected.match.hands == 3
    assert expected.match.finished_at is not None
    for seat, friend in enumerate(recorders):
        assert friend.skipped == 0 and friend.messages == [] and friend.match_id is not None
        mine = friend.history.match_result(friend.match_id)
        assert mine.seats == expected.seats and mine.match.totals == expected.match.totals
        assert mine.match.seats[seat] == HUMAN and mine.match.names == tuple(NAMES[:players])
        records = [friend.history.get_record(row.id) for row in sorted(friend.history.hands(), key=lambda h: h.hand_no)]
        assert records == json.loads(json.dumps([{**rec, "names": NAMES[:players]} for rec in room.records]))
