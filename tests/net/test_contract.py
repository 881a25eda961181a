"""docs/contracts/room-protocol.md says what the code does: every message kind, every limit's value, every field of the
status message and of the autosave."""

from __future__ import annotations

from pathlib import Path

from zipai_desktop.net import client, host, protocol
from zipai_desktop.net.room import RoomStatus, SeatStatus
from zipai_desktop.net.room_save import FORMAT, room_state

from .helpers import join, make_room

DOC = (Path(__file__).resolve().parents[2] / "docs" / "contracts" / "room-protocol.md").read_text(encoding="utf-8")


def test_every_message_kind_is_in_the_contract() -> None:
    for kind in protocol.CLIENT_KINDS:
        assert f"### `{kind}`" in DOC, kind
    for kind in protocol.HOST_KINDS:
        assert f"| `{kind}` |" in DOC, kind
    assert f"protocol (version {protocol.VERSION})" in DOC and f"protocol version ({protocol.VERSION})" in DOC


def test_every_limit_in_the_contract_is_the_codes() -> None:
    def seconds(value: float) -> str:
        return f"{value:g} s"

    limits = {
        "MAX_MESSAGE_BYTES": f"{protocol.MAX_MESSAGE_BYTES:,} bytes",
        "MAX_DEPTH": f"| {protocol.MAX_DEPTH} (`MAX_DEPTH`)",
        "JOIN_TIMEOUT_S": f"within {seconds(host.JOIN_TIMEOUT_S)} (`JOIN_TIMEOUT_S`)",
        "MAX_REFUSALS": f"| {host.MAX_REFUSALS} (`MAX_REFUSALS`)",
        "MAX_QUEUE": f"| {host.MAX_QUEUE} (`MAX_QUEUE`)",
        "PING_INTERVAL_S": f"every {seconds(host.PING_INTERVAL_S)} (`PING_INTERVAL_S`)",
        "PING_TIMEOUT_S": f"within {seconds(host.PING_TIMEOUT_S)} (`PING_TIMEOUT_S`)",
        "CLOSE_TIMEOUT_S": f"after {seconds(host.CLOSE_TIMEOUT_S)} more (`CLOSE_TIMEOUT_S`)",
        "RECONNECT_S": f"up to {seconds(client.RECONNECT_S)} (`RECONNECT_S`)",
    }
    for name, text in limits.items():
        assert text in DOC, (name, text)
    assert f"{protocol.MAX_CODE_CHARS} / {protocol.MAX_NAME_CHARS} characters" in DOC


def test_the_status_and_the_autosave_fields_are_in_the_contract() -> None:
    status = RoomStatus("C", 3, False, False, False, False, 0, 2, (0, 0, 0), (SeatStatus(0, None, False, False, False,
                        True),))  # fmt: skip
    for key in status.to_json():
        assert f"`{key}`" in DOC, key
    for key in status.seats[0].to_json():
        assert key in DOC.split("| `status` |")[1].split("\n")[0], key
    room = make_room()
    join(room, 0)
    room.start()
    state = room_state(room, [0])
    assert f"format `{FORMAT}` version {state['version']}" in DOC
    for key in [k for k in state if k not in ("format", "version")] + list(state["seats"][0]):
        assert f"`{key}`" in DOC, key


def test_every_welcome_field_is_in_the_contract() -> None:
    room = make_room()
    _, out = join(room, 0)
    row = DOC.split("| `welcome` |")[1].split("\n")[0]
    for key in out[0][1]:
        assert key == "kind" or key == "seq" or f"`{key}`" in row, key


def test_every_events_and_hand_end_field_and_every_settlement_field_is_in_the_contract() -> None:
    from zipai_desktop.engine.record import replay
    from zipai_desktop.net.wire import settlement_to_json

    from .helpers import Table

    for rules, seed in (("guilin", "room"), ("bohu", "room-9")):  # a won hand of each game
        room = make_room(rules, hands=1, seed=seed)
        table = Table(room)
        table.deliver(join(room, 0)[1])
        table.play(room.start())
        got = table.got[0]
        for kind in ("events", "hand_end"):
            message = next(m for m in got if m["kind"] == kind)
            row = DOC.split(f"| `{kind}` |")[1].split("\n")[0]
            for key in message:
                assert key in ("kind", "seq") or f"`{key}`" in row, (kind, key)
        settled = settlement_to_json(replay(room.records[0]).result.settlement)  # type: ignore[union-attr]
        section = DOC.split("### The settlement")[1].split("###")[0]
        assert settled is not None
        for key in settled:
            assert f"`{key}`" in section, key
