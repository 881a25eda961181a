"""LAN discovery (docs/contracts/room-discovery.md): a room announced over mDNS on the loopback interface is found by a
browser, its free seats update in place, it disappears when its host says goodbye; the ad never holds the room code;
every malformed or hostile ad is skipped, whether read by hand or heard over the network."""

from __future__ import annotations

import asyncio
import inspect
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from zeroconf import IPVersion, ServiceInfo, ServiceStateChange, Zeroconf

from zipai_desktop.net.discovery import (
    KEYS,
    MAX_ROOMS,
    SERVICE_TYPE,
    Announcer,
    BadAd,
    Browser,
    RoomAd,
    announce,
    browse,
    read_ad,
    room_name,
)
from zipai_desktop.net.protocol import VERSION

LOOPBACK = ["127.0.0.1"]
#: The longest any wait for the network may take before a test fails (it is a guard, not a measurement).
GUARD_S = 15.0


def wait_for(condition: Callable[[], bool]) -> bool:
    end = time.monotonic() + GUARD_S
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def unique(prefix: str) -> str:
    """A room name no other test (nor another run on this machine) announces."""
    return f"{prefix} {secrets.token_hex(3)}"


def mine(browser: Browser, name: str) -> list[RoomAd]:
    return [ad for ad in browser.rooms() if ad.name == name]


def good_txt(**change: Any) -> dict[bytes, bytes | None]:
    txt: dict[bytes, bytes | None] = {b"v": str(VERSION).encode(), b"game": b"guilin", b"name": "周末牌局".encode(),
                                      b"players": b"3", b"free": b"2"}  # fmt: skip
    for key, value in change.items():
        if value is None:
            txt.pop(key.encode(), None)
        else:
            txt[key.encode()] = value
    return txt


# --- over the network (loopback) ------------------------------------------------------------------------------------


def test_a_room_announced_is_found_updated_and_gone_after_its_goodbye() -> None:
    name = unique("周末牌局")
    with Browser(interfaces=LOOPBACK) as browser:
        ad = announce(name, 8765, game="guilin", players=3, free_seats=2, addresses=LOOPBACK, interfaces=LOOPBACK)
        try:
            assert wait_for(lambda: len(mine(browser, name)) == 1)
            room = mine(browser, name)[0]
            assert (room.game, room.host, room.port, room.players, room.free_seats, room.version) == (
                "guilin", "127.0.0.1", 8765, 3, 2, VERSION,
            )  # fmt: skip
            assert room.url == "ws://127.0.0.1:8765"
            ad.update(free_seats=0)
            assert wait_for(lambda: [r.free_seats for r in mine(browser, name)] == [0])
        finally:
            ad.close()
        assert wait_for(lambda: not mine(browser, name))
    ad.close()  # twice is harmless


def test_browse_lists_two_rooms_of_both_games() -> None:
    names = unique("guilin room"), unique("博胡 room")
    first = announce(names[0], 9001, game="guilin", players=3, free_seats=1, addresses=LOOPBACK, interfaces=LOOPBACK)
    with first, announce(names[1], 9002, game="bohu", players=4, free_seats=3, addresses=LOOPBACK,
                         interfaces=LOOPBACK):  # fmt: skip
        rooms = {r.name: r for r in browse(2.0, interfaces=LOOPBACK) if r.name in names}
    assert {n: (r.game, r.port, r.players, r.free_seats) for n, r in rooms.items()} == {
        names[0]: ("guilin", 9001, 3, 1),
        names[1]: ("bohu", 9002, 4, 3),
    }


def test_the_ad_carries_exactly_its_five_keys_and_never_the_room_code() -> None:
    assert "code" not in inspect.signature(announce).parameters
    name = unique("no code here")
    with (
        Browser(interfaces=LOOPBACK) as browser,
        announce(name, 8766, game="bohu", players=4, free_seats=2, addresses=LOOPBACK, interfaces=LOOPBACK) as ad,
    ):
        assert wait_for(lambda: len(mine(browser, name)) == 1)
        zc = browser._zeroconf
        assert zc is not None
        heard = zc.get_service_info(SERVICE_TYPE, mine(browser, name)[0].key, timeout=3000)
        assert heard is not None
        assert sorted(k.decode() for k in heard.properties) == sorted(KEYS)
        assert ad.txt() == {"v": str(VERSION), "game": "bohu", "name": name, "players": "4", "free": "2"}


HOSTILE: dict[str, dict[bytes, bytes | None]] = {
    "oversized name": good_txt(name=("长" * 33).encode()),
    "not UTF-8": good_txt(name=b"\xff\xfe room"),
    "a word for a number": good_txt(free=b"two"),
    "a negative number": good_txt(players=b"-3"),
    "another version": good_txt(v=str(VERSION + 1).encode()),
    "no version": good_txt(v=None),
    "an unknown game": good_txt(game=b"mahjong"),
    "more free seats than seats": good_txt(free=b"4"),
    "a huge TXT record": {**good_txt(), b"pad": b"x" * 250, b"pad2": b"y" * 250},
    "a key with no value": good_txt(players=None) | {b"players": None},
}


def test_hostile_ads_on_the_network_are_skipped_and_a_good_one_beside_them_is_listed() -> None:
    tag = secrets.token_hex(3)
    good = f"good {tag}"
    infos = [
        ServiceInfo(
            SERVICE_TYPE,
            f"bad{i}-{tag}.{SERVICE_TYPE}",
            port=7000 + i,
            properties=txt,
            server=f"bad{i}-{tag}.local.",
            parsed_addresses=LOOPBACK,
        )  # fmt: skip
        for i, txt in enumerate(HOSTILE.values())
    ]
    infos.append(
        ServiceInfo(
            SERVICE_TYPE,
            f"good-{tag}.{SERVICE_TYPE}",
            port=7100,
            properties=good_txt(name=good.encode()),
            server=f"good-{tag}.local.",
            parsed_addresses=LOOPBACK,
        )  # fmt: skip
    )

    # The hostile host is plain zeroconf, registering every ad at once (each one is probed for about 2 s).
    zc = Zeroconf(interfaces=LOOPBACK, ip_version=IPVersion.V4Only)
    try:
        with ThreadPoolExecutor(len(infos)) as pool:
            list(pool.map(zc.register_service, infos))
        with Browser(interfaces=LOOPBACK) as browser:
            assert wait_for(lambda: len(mine(browser, good)) == 1 and browser.skipped >= len(HOSTILE))
            ours = [r for r in browser.rooms() if r.key.endswith(f"-{tag}.{SERVICE_TYPE}")]
            assert [r.name for r in ours] == [good]
    finally:
        zc.close()


def test_an_announcer_works_from_inside_an_event_loop_and_updates_and_closes_in_order() -> None:
    # announce() refuses to run inside a running loop (test below); an Announcer does its work in its own thread.
    name = unique("async host")

    async def host() -> tuple[list[RoomAd], list[RoomAd], list[RoomAd], str | None]:
        announcer = Announcer(name, 8767, game="guilin", players=3, free_seats=2, addresses=LOOPBACK,
                              interfaces=LOOPBACK)  # fmt: skip
        first = await asyncio.to_thread(browse, 2.5, interfaces=LOOPBACK)
        announcer.update(free_seats=1)
        second = await asyncio.to_thread(browse, 1.5, interfaces=LOOPBACK)
        await asyncio.to_thread(announcer.close)
        third = await asyncio.to_thread(browse, 1.0, interfaces=LOOPBACK)
        return first, second, third, announcer.error

    first, second, third, error = asyncio.run(host())
    assert error is None
    assert [(r.free_seats, r.port) for r in first if r.name == name] == [(2, 8767)]
    assert [r.free_seats for r in second if r.name == name] == [1]
    assert [r for r in third if r.name == name] == []


def test_an_announcer_that_cannot_announce_keeps_the_reason_and_closes() -> None:
    announcer = Announcer(
        "room", 8768, game="guilin", players=3, free_seats=1, addresses=LOOPBACK, interfaces=["203.0.113.254"]
    )  # fmt: skip (an interface this computer does not have)
    announcer.close()
    assert announcer.error is not None and announcer.error.startswith("the room could not be announced")
    with pytest.raises(ValueError, match="free seats"):
        announcer.update(free_seats=9)
    with pytest.raises(ValueError, match="1 to 32"):
        Announcer("x" * 40, 8768, game="guilin", players=3, free_seats=1, addresses=LOOPBACK)


# --- reading an ad by hand -------------------------------------------------------------------------------------------


def test_a_sound_ad_is_read() -> None:
    ad = read_ad("k", good_txt(), ["127.0.0.1"], 8765)
    assert ad == RoomAd("k", "周末牌局", "guilin", "127.0.0.1", 8765, 3, 2, VERSION, ("127.0.0.1",))
    several = read_ad("k", good_txt(), ["0.0.0.0", "bad", "10.0.0.5", "192.168.1.20", "10.0.0.5"], 8765)
    assert (several.host, several.addresses) == ("10.0.0.5", ("10.0.0.5", "192.168.1.20"))


@pytest.mark.parametrize(
    ("txt", "why"),
    [
        (good_txt(name=("长" * 33).encode()), "1 to 32 characters"),
        (good_txt(name=b"x" * 200), "over 128 bytes"),
        (good_txt(name=b"\xc3\x28"), "not UTF-8"),
        (good_txt(name=b""), "1 to 32 characters"),
        (good_txt(name=b"   "), "1 to 32 characters"),
        (good_txt(name="a\u202eb".encode()), "control or format"),  # a bidirectional override
        (good_txt(name=b"a\x00b"), "control or format"),
        (good_txt(name=None), "missing"),
        (good_txt(free=b"two"), "small whole number"),
        (good_txt(free=b"1_0"), "small whole number"),  # int() would take it
        (good_txt(free="١".encode()), "small whole number"),  # an Arabic-Indic digit: int() would take it too
        (good_txt(free=b" 1"), "small whole number"),
        (good_txt(players=b"9999"), "small whole number"),
        (good_txt(players=b"5"), "players"),
        (good_txt(free=b"4"), "free seats"),
        (good_txt(v=b"99"), "version 99"),
        (good_txt(v=b"0"), "version 0"),
        (good_txt(v=None), "small whole number"),
        (good_txt(game=b"mahjong"), "unknown game"),
        (good_txt(game=b"\xff"), "not UTF-8"),
    ],
)
def test_a_malformed_ad_is_refused_with_its_reason(txt: dict[bytes, bytes | None], why: str) -> None:
    with pytest.raises(BadAd, match=why):
        read_ad("k", txt, ["127.0.0.1"], 8765)


@pytest.mark.parametrize(
    ("addresses", "port", "why"),
    [
        (["0.0.0.0"], 8765, "no usable IPv4"),
        (["224.0.0.251"], 8765, "no usable IPv4"),
        (["not an address"], 8765, "no usable IPv4"),
        ([], 8765, "no usable IPv4"),
        (["127.0.0.1"], 0, "port 0"),
        (["127.0.0.1"], 70000, "port 70000"),
    ],
)
def test_an_ad_without_a_usable_address_or_port_is_refused(addresses: list[str], port: int, why: str) -> None:
    with pytest.raises(BadAd, match=why):
        read_ad("k", good_txt(), addresses, port)


def test_a_txt_record_over_the_bound_is_refused_before_it_is_read() -> None:
    with pytest.raises(BadAd, match="over 512"):
        read_ad("k", good_txt(), ["127.0.0.1"], 8765, txt_bytes=513)


# --- announcing: our own values are checked too ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kw", "why"),
    [
        ({"name": "x" * 33}, "1 to 32"),
        ({"name": "bad\nname"}, "control"),
        ({"game": "mahjong"}, "unknown game"),
        ({"players": 5}, "players"),
        ({"free_seats": 4}, "free seats"),
        ({"port": 0}, "port"),
        ({"addresses": ["::1"]}, "IPv4"),
    ],
)
def test_announce_refuses_bad_values_before_opening_anything(kw: dict[str, Any], why: str) -> None:
    args: dict[str, Any] = {"name": "room", "port": 8765, "game": "guilin", "players": 3, "free_seats": 1,
                            "addresses": LOOPBACK, "interfaces": LOOPBACK} | kw  # fmt: skip
    with pytest.raises(ValueError, match=why):
        announce(**args)


def test_room_names_are_trimmed() -> None:
    assert room_name("  周末牌局 ") == "周末牌局"


def test_announce_refuses_to_block_a_running_event_loop() -> None:
    async def inside() -> None:
        announce("room", 8765, game="guilin", players=3, free_seats=1, addresses=LOOPBACK, interfaces=LOOPBACK)

    with pytest.raises(RuntimeError, match="asyncio.to_thread"):
        asyncio.run(inside())


# --- the browser's bound ---------------------------------------------------------------------------------------------


def resolved(name: str) -> ServiceInfo:
    """A room's records as the network would give them once its name is heard."""
    return ServiceInfo(SERVICE_TYPE, name, port=7000, properties=good_txt(name=name[:8].encode()), server="x.local.",
                       parsed_addresses=LOOPBACK)  # fmt: skip


def test_a_flood_of_ads_keeps_at_most_max_rooms_and_removals_free_room() -> None:
    browser = Browser(interfaces=LOOPBACK)
    names = [f"r{i:05d}.{SERVICE_TYPE}" for i in range(MAX_ROOMS + 50)]
    for name in names:
        browser._keep(name, browser._heard(name), resolved(name))
    assert len(browser.rooms()) == MAX_ROOMS
    browser._changed(None, SERVICE_TYPE, names[0], ServiceStateChange.Removed)  # type: ignore[arg-type]
    browser._keep(names[-1], browser._heard(names[-1]), resolved(names[-1]))
    assert names[-1] in {r.key for r in browser.rooms()} and len(browser.rooms()) == MAX_ROOMS


def test_a_resolution_that_comes_after_the_room_went_away_is_dropped() -> None:
    browser = Browser(interfaces=LOOPBACK)
    name = f"late.{SERVICE_TYPE}"
    change = browser._heard(name)
    browser._changed(None, SERVICE_TYPE, name, ServiceStateChange.Removed)  # type: ignore[arg-type]
    browser._keep(name, change, resolved(name))  # the answer to the first change comes late
    assert browser.rooms() == []
    browser._keep(name, browser._heard(name), resolved(name))
    assert [r.key for r in browser.rooms()] == [name]
