"""LAN discovery of 包厢 rooms: mDNS / DNS-SD (RFC 6762 / 6763) through python-zeroconf, no hand-made broadcast.

A host announces its room as a service of type :data:`SERVICE_TYPE` whose TXT record says the protocol version, the
game, the room's name and its seats (all and free); friends browse for that type and list the rooms. The room code is
never announced: it is what a friend types to prove they were invited, so the ad only says where to knock.

Everything an ad carries comes from the network and is untrusted: :func:`read_ad` bounds and checks every field, and a
malformed ad (oversized, a number that is not one, bytes that are not UTF-8, another protocol version) is skipped,
never shown and never an error. docs/contracts/room-discovery.md is the contract.

:func:`announce`, :meth:`Announcement.close` and :func:`browse` block (zeroconf probes the name for about two seconds
before it announces): call them from a thread without a running asyncio loop. :class:`Announcer` does that in a
thread of its own, so an asyncio host or the app's frame loop never waits on it. :class:`Browser` runs in zeroconf's
threads and its own resolver threads; its :meth:`Browser.rooms` may be read from any thread, e.g. the app's frame
loop, without waiting.
"""

from __future__ import annotations

import asyncio
import ipaddress
import queue
import re
import secrets
import threading
import time
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import ifaddr
from zeroconf import (
    InterfaceChoice,
    IPVersion,
    NonUniqueNameException,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
)

from ..engine.rules import RULESETS
from .protocol import MAX_NAME_CHARS, VERSION

#: The DNS-SD service type of a 包厢.
SERVICE_TYPE = "_zipai._tcp.local."
#: TXT keys: the room protocol's version, the game (rules name), the room's name, its seats and its free seats.
KEY_VERSION, KEY_GAME, KEY_NAME, KEY_PLAYERS, KEY_FREE = "v", "game", "name", "players", "free"
KEYS = (KEY_VERSION, KEY_GAME, KEY_NAME, KEY_PLAYERS, KEY_FREE)
#: The longest room name (characters), as the room protocol's player names.
MAX_ROOM_NAME = MAX_NAME_CHARS
#: The largest TXT record read (bytes on the wire): a sound ad is under 120 bytes; a larger one is not ours.
MAX_TXT_BYTES = 512
#: The most rooms a browser keeps: a network flooded with ads cannot grow the list (and the memory) without bound.
MAX_ROOMS = 64
#: The most addresses read from one ad.
MAX_ADDRESSES = 8
#: The most seats of any game (Bohu seats up to 4).
MAX_SEATS = max(max(r.players) for r in RULESETS.values())
#: Seconds the records of an announced room live in the others' caches: a host that crashed without saying goodbye
#: drops out of the lists after this long (zeroconf's default of 75 minutes would list a dead room for an evening);
#: a host that is up answers the browsers' re-queries before its records expire.
TTL_S = 120
#: How long a browser waits for a room's address and TXT once its name is seen, when they did not come with it
#: (milliseconds), and how many rooms it waits for at once.
RESOLVE_TIMEOUT_MS = 3000
RESOLVERS = 4
_DIGITS = re.compile(rb"[0-9]{1,3}")


class BadAd(ValueError):
    """An ad that is not a sound 包厢 ad (the message says why, in one sentence)."""


@dataclass(frozen=True)
class RoomAd:
    """A room seen on the network: its name, game, address, seats (all and free) and the protocol version it speaks.

    ``key`` is the DNS-SD instance name: the same room keeps it across updates, two rooms of the same name differ.
    ``host`` is the first of ``addresses``, every usable IPv4 address the host announced (at most
    :data:`MAX_ADDRESSES`): a host with several networks (a VPN, a virtual machine's bridge) announces them all, and a
    friend may reach only one; try them in order.
    """

    key: str
    name: str
    game: str
    host: str
    port: int
    players: int
    free_seats: int
    version: int
    addresses: tuple[str, ...] = ()

    @property
    def url(self) -> str:
        """Where ``zipai join`` (or the app) connects: ``ws://HOST:PORT``."""
        return f"ws://{self.host}:{self.port}"


# ---------------------------------------------------------------------------------------------------------------------
# Checking values, ours before they go out and the network's as they come in.


def room_name(value: str) -> str:
    """A room name as announced: 1 to :data:`MAX_ROOM_NAME` characters after trimming, with no control or format
    character (a bidirectional override could make one room's name read as another's); ``ValueError`` otherwise."""
    name = value.strip() if isinstance(value, str) else value
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_ROOM_NAME:
        raise ValueError(f"a room name is 1 to {MAX_ROOM_NAME} characters, not {_show(value)}")
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise ValueError(f"a room name has no control or format characters, not {_show(value)}")
    return name


def _show(value: object) -> str:
    """A value quoted for a message, cut to about 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _seats(game: str, players: int, free_seats: int) -> None:
    rules = RULESETS.get(game)
    if rules is None:
        raise ValueError(f"unknown game {_show(game)} (known: {', '.join(sorted(RULESETS))})")
    if players not in rules.players:
        raise ValueError(f"{game} seats {' or '.join(map(str, rules.players))} players, not {_show(players)}")
    if not 0 <= free_seats <= players:
        raise ValueError(f"free seats are 0 to {players}, not {_show(free_seats)}")


def _number(properties: Mapping[bytes, bytes | None], key: str) -> int:
    raw = properties.get(key.encode())
    if raw is None or not _DIGITS.fullmatch(raw):
        raise BadAd(f"TXT {key} is not a small whole number: {_show(raw)}")
    return int(raw)


def _text(properties: Mapping[bytes, bytes | None], key: str) -> str:
    raw = properties.get(key.encode())
    if raw is None:
        raise BadAd(f"TXT {key} is missing")
    if len(raw) > 4 * MAX_ROOM_NAME:
        raise BadAd(f"TXT {key} is over {4 * MAX_ROOM_NAME} bytes")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise BadAd(f"TXT {key} is not UTF-8: {_show(raw)}") from None


def read_ad(
    key: str, properties: Mapping[bytes, bytes | None], addresses: Sequence[str], port: int, *, txt_bytes: int = 0
) -> RoomAd:
    """A room ad from what the network said: the instance name, the TXT record's key/value pairs, the service's IPv4
    addresses and port, and the TXT record's size on the wire. :class:`BadAd` for anything that is not a sound ad of
    this protocol version (see the module's docstring)."""
    if txt_bytes > MAX_TXT_BYTES:
        raise BadAd(f"the TXT record is {txt_bytes} bytes, over {MAX_TXT_BYTES}")
    version = _number(properties, KEY_VERSION)
    if version != VERSION:
        raise BadAd(f"protocol version {version} is not this program's ({VERSION})")
    game = _text(properties, KEY_GAME)
    try:
        name = room_name(_text(properties, KEY_NAME))
        players, free = _number(properties, KEY_PLAYERS), _number(properties, KEY_FREE)
        _seats(game, players, free)
    except BadAd:
        raise
    except ValueError as exc:
        raise BadAd(str(exc)) from None
    if not isinstance(port, int) or not 1 <= port <= 65535:
        raise BadAd(f"port {_show(port)} is not 1 to 65535")
    usable = _usable_addresses(addresses)
    return RoomAd(key, name, game, usable[0], port, players, free, version, usable)


def _usable_addresses(addresses: Sequence[str]) -> tuple[str, ...]:
    """The IPv4 addresses a friend can connect to (not 0.0.0.0, multicast or broadcast), in order, at most
    :data:`MAX_ADDRESSES` of them; :class:`BadAd` when there is none."""
    usable: list[str] = []
    for text in addresses[:MAX_ADDRESSES]:
        try:
            address = ipaddress.IPv4Address(text)
        except ValueError:
            continue
        if not (address.is_unspecified or address.is_multicast or address == ipaddress.IPv4Address("255.255.255.255")):
            usable.append(str(address))
    if not usable:
        raise BadAd(f"no usable IPv4 address among {_show(list(addresses[:MAX_ADDRESSES]))}")
    return tuple(dict.fromkeys(usable))


def ad_from_info(info: ServiceInfo) -> RoomAd:
    """A room ad from zeroconf's resolved service; :class:`BadAd` when it is not a sound one."""
    text = info.text or b""
    if len(text) > MAX_TXT_BYTES:  # checked before zeroconf splits it into pairs
        raise BadAd(f"the TXT record is {len(text)} bytes, over {MAX_TXT_BYTES}")
    return read_ad(info.name, info.properties, info.parsed_addresses(IPVersion.V4Only), info.port or 0)


# ---------------------------------------------------------------------------------------------------------------------
# Announcing.


def _no_running_loop(what: str) -> None:
    """Refuse to block an asyncio loop: zeroconf would also take that loop for its own and then wait on it forever."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return
    raise RuntimeError(f"{what} blocks: call it from a thread without a running asyncio loop (asyncio.to_thread)")


def _interfaces(interfaces: Iterable[str] | None) -> InterfaceChoice | list[str]:
    return list(interfaces) if interfaces is not None else InterfaceChoice.All


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses a friend may reach (every one but loopback; loopback alone when there is no
    other, so a room on a computer without a network is still listed on that computer)."""
    found = {ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips if ip.is_IPv4}
    lan = sorted(a for a in found if isinstance(a, str) and not ipaddress.IPv4Address(a).is_loopback)
    return lan or ["127.0.0.1"]


class Announcement:
    """A room announced on the network until :meth:`close` (a context manager too); :meth:`update` changes its free
    seats (or its name) in place. Made by :func:`announce`."""

    def __init__(
        self,
        zc: Zeroconf,
        instance: str,
        *,
        name: str,
        port: int,
        game: str,
        players: int,
        free_seats: int,
        version: int,
        addresses: Sequence[str],
    ) -> None:
        """Hold the zeroconf instance and the ad's fields (the service is registered by :func:`announce`)."""
        self.zeroconf = zc
        self.instance = instance
        self.name, self.port, self.game, self.players = name, port, game, players
        self.free_seats, self.version, self.addresses = free_seats, version, list(addresses)
        self.closed = False
        self._lock = threading.Lock()

    def txt(self) -> dict[str, str]:
        """The TXT record announced: exactly :data:`KEYS` (never the room code)."""
        return {
            KEY_VERSION: str(self.version),
            KEY_GAME: self.game,
            KEY_NAME: self.name,
            KEY_PLAYERS: str(self.players),
            KEY_FREE: str(self.free_seats),
        }

    def info(self) -> ServiceInfo:
        """The service as zeroconf registers it."""
        host = self.instance.split(".", 1)[0]
        return ServiceInfo(
            SERVICE_TYPE,
            self.instance,
            port=self.port,
            properties=self.txt(),
            server=f"{host}.local.",
            parsed_addresses=self.addresses,
            host_ttl=TTL_S,
            other_ttl=TTL_S,
        )

    def update(self, *, free_seats: int | None = None, name: str | None = None) -> None:
        """Announce new free seats (a friend sat down or left) or a new room name; blocks briefly (see the module)."""
        _no_running_loop("Announcement.update")
        with self._lock:
            if self.closed:
                return
            new_name = room_name(name) if name is not None else self.name
            new_free = free_seats if free_seats is not None else self.free_seats
            _seats(self.game, self.players, new_free)
            if (new_name, new_free) == (self.name, self.free_seats):
                return
            self.name, self.free_seats = new_name, new_free
            self.zeroconf.update_service(self.info())

    def close(self) -> None:
        """Say goodbye (the browsers drop the room at once) and stop zeroconf; closing twice is harmless."""
        _no_running_loop("Announcement.close")
        with self._lock:
            if self.closed:
                return
            self.closed = True
            try:
                self.zeroconf.unregister_service(self.info())
            finally:
                self.zeroconf.close()

    def __enter__(self) -> Announcement:
        """The announcement itself; the block's end closes it."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Close the announcement, whether the block ended normally or by an exception (which goes on)."""
        self.close()


def _checked(
    name: str, port: int, game: str, players: int, free_seats: int, addresses: Sequence[str] | None
) -> tuple[str, list[str]]:
    """The room's name (trimmed) and the addresses to announce, once every value is checked (``ValueError``)."""
    name = room_name(name)
    _seats(game, players, free_seats)
    if not isinstance(port, int) or not 1 <= port <= 65535:
        raise ValueError(f"a port is 1 to 65535, not {_show(port)}")
    chosen = list(addresses) if addresses is not None else lan_addresses()
    for text in chosen:
        try:
            ipaddress.IPv4Address(text)
        except ValueError:
            raise ValueError(f"an address to announce is IPv4, not {_show(text)}") from None
    return name, chosen


def announce(
    name: str,
    port: int,
    *,
    game: str,
    players: int,
    free_seats: int,
    version: int = VERSION,
    addresses: Sequence[str] | None = None,
    interfaces: Iterable[str] | None = None,
) -> Announcement:
    """Announce a room on the local network: ``name`` (what friends see, 1 to 32 characters), the port its host
    listens on, its game (``guilin`` / ``bohu``), seats and free seats, and the room protocol's version.

    ``addresses``: the IPv4 addresses friends connect to (default :func:`lan_addresses`; give the host's bind address
    when it listens on one only). ``interfaces``: the addresses of the interfaces to announce on (default all; the
    tests use ``["127.0.0.1"]``). ``ValueError`` for a bad value; blocks about two seconds while the name is probed.
    """
    name, chosen = _checked(name, port, game, players, free_seats, addresses)
    _no_running_loop("announce")
    zc = Zeroconf(interfaces=_interfaces(interfaces), ip_version=IPVersion.V4Only)
    try:
        for _ in range(3):  # a random instance name: another room of the same name is another instance
            instance = f"zipai-{secrets.token_hex(4)}.{SERVICE_TYPE}"
            ad = Announcement(
                zc,
                instance,
                name=name,
                port=port,
                game=game,
                players=players,
                free_seats=free_seats,
                version=version,
                addresses=chosen,
            )
            try:
                zc.register_service(ad.info())
            except NonUniqueNameException:
                continue
            return ad
        raise RuntimeError("no free service name after three tries")
    except BaseException:
        zc.close()
        raise


class Announcer:
    """A room announced from a thread of its own, so that nothing blocks its caller (an asyncio host, the app's frame
    loop): the constructor checks the values (``ValueError``) and starts the thread, which announces the room;
    :meth:`update` and :meth:`close` are queued to it, in order. A network failure (no interface to announce on) is
    kept in :attr:`error`: the room works without its announcement, friends then type its address.
    """

    def __init__(
        self,
        name: str,
        port: int,
        *,
        game: str,
        players: int,
        free_seats: int,
        addresses: Sequence[str] | None = None,
        interfaces: Iterable[str] | None = None,
    ) -> None:
        """Check the values and start announcing (see :func:`announce` for each argument)."""
        name, chosen = _checked(name, port, game, players, free_seats, addresses)
        self.game, self.players = game, players
        self.error: str | None = None
        self.announcement: Announcement | None = None
        self._queue: queue.SimpleQueue[int | None] = queue.SimpleQueue()
        args = {"game": game, "players": players, "free_seats": free_seats, "addresses": chosen,
                "interfaces": list(interfaces) if interfaces is not None else None}  # fmt: skip
        self._thread = threading.Thread(target=self._run, args=(name, port, args), name="zipai-announce", daemon=True)
        self._thread.start()

    def _run(self, name: str, port: int, args: dict[str, Any]) -> None:
        try:
            ad = announce(name, port, **args)
        except Exception as exc:  # noqa: BLE001 - OSError, zeroconf's errors: the room goes on unannounced
            self.error = f"the room could not be announced: {exc}"
            return
        self.announcement = ad
        try:
            while (free := self._queue.get()) is not None:
                ad.update(free_seats=free)
        except Exception as exc:  # noqa: BLE001 - as above: the last announcement stays until it expires
            self.error = f"the room's announcement could not be updated: {exc}"
        finally:
            ad.close()

    def update(self, *, free_seats: int) -> None:
        """Announce new free seats (a friend sat down or left); returns at once."""
        _seats(self.game, self.players, free_seats)
        self._queue.put(free_seats)

    def close(self, timeout_s: float = 10.0) -> None:
        """Say goodbye and wait (at most ``timeout_s``) for the thread to end; closing twice is harmless."""
        self._queue.put(None)
        self._thread.join(timeout_s)


# ---------------------------------------------------------------------------------------------------------------------
# Browsing.


class Browser:
    """The rooms on the network, kept up to date in zeroconf's threads from :meth:`start` to :meth:`stop`.

    :meth:`rooms` is a snapshot, safe from any thread: a room appears once resolved (address and TXT), changes when
    its host updates it, and disappears when its host says goodbye or its records expire (:data:`TTL_S`). Ads that are
    not sound are skipped (:attr:`skipped` counts them); at most :data:`MAX_ROOMS` rooms are kept.

    A room is resolved from zeroconf's cache at once when the answer brought its records (the usual case); otherwise
    in one of :data:`RESOLVERS` threads, so one ad whose records never come (its host gone) does not hold up the others.
    """

    def __init__(self, *, interfaces: Iterable[str] | None = None) -> None:
        """A browser on ``interfaces`` (their addresses; default all), not yet started."""
        self.interfaces = list(interfaces) if interfaces is not None else None
        self.skipped = 0
        self._rooms: dict[str, RoomAd] = {}
        self._changes: dict[str, int] = {}  # per name, how many changes were heard: a late resolution of an older
        self._lock = threading.Lock()  # change (the room has gone since) is dropped
        self._zeroconf: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        self._resolvers: ThreadPoolExecutor | None = None

    def start(self) -> None:
        """Start browsing (blocks only to open the sockets)."""
        _no_running_loop("Browser.start")
        if self._zeroconf is not None:
            return
        self._resolvers = ThreadPoolExecutor(RESOLVERS, thread_name_prefix="zipai-rooms")
        self._zeroconf = Zeroconf(interfaces=_interfaces(self.interfaces), ip_version=IPVersion.V4Only)
        self._browser = ServiceBrowser(self._zeroconf, SERVICE_TYPE, handlers=[self._changed])

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange) -> None:
        """A name added, updated or removed (in the ServiceBrowser's thread, which must not wait)."""
        change = self._heard(name)
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._rooms.pop(name, None)
            return
        try:
            info = ServiceInfo(service_type, name)
            if info.load_from_cache(zeroconf):
                self._keep(name, change, info)
                return
            resolvers = self._resolvers
            if resolvers is not None:
                resolvers.submit(self._resolve, zeroconf, info, name, change)
        except Exception:  # noqa: BLE001 - whatever a hostile ad makes zeroconf raise (or a browser stopping)
            self._keep(name, change, None)

    def _heard(self, name: str) -> int:
        """Count a change of ``name``: its number, which the resolution of that change carries to :meth:`_keep`."""
        with self._lock:
            change = self._changes[name] = self._changes.get(name, 0) + 1
            if len(self._changes) > 4 * MAX_ROOMS:  # names of ads long gone: forget them (a late answer is dropped)
                self._changes = {n: c for n, c in self._changes.items() if n in self._rooms or n == name}
            return change

    def _resolve(self, zeroconf: Zeroconf, info: ServiceInfo, name: str, change: int) -> None:
        """Ask for a room's records and wait for them (in a resolver thread)."""
        try:
            found = info.request(zeroconf, RESOLVE_TIMEOUT_MS)
        except Exception:  # noqa: BLE001 - as above; the thread goes on with the next name
            found = False
        self._keep(name, change, info if found else None)

    def _keep(self, name: str, change: int, info: ServiceInfo | None) -> None:
        """List the room the records make (or drop a bad ad), unless the name changed again since."""
        try:
            ad = ad_from_info(info) if info is not None else None
        except Exception:  # noqa: BLE001 - BadAd, and whatever a hostile ad makes the reader raise: skipped
            ad = None
        with self._lock:
            if self._changes.get(name) != change:
                return
            if ad is None:
                self.skipped += 1
                self._rooms.pop(name, None)  # an ad that turned bad on an update is no longer shown
            elif name in self._rooms or len(self._rooms) < MAX_ROOMS:
                self._rooms[name] = ad

    def rooms(self) -> list[RoomAd]:
        """The rooms seen and still there, by name (then address)."""
        with self._lock:
            found = list(self._rooms.values())
        return sorted(found, key=lambda ad: (ad.name, ad.host, ad.port, ad.key))

    def stop(self) -> None:
        """Stop browsing and close zeroconf; stopping twice is harmless."""
        _no_running_loop("Browser.stop")
        browser, zc, resolvers = self._browser, self._zeroconf, self._resolvers
        self._browser = self._zeroconf = self._resolvers = None
        if browser is not None:
            browser.cancel()
        if resolvers is not None:
            resolvers.shutdown(wait=True, cancel_futures=True)
        if zc is not None:
            zc.close()

    def __enter__(self) -> Browser:
        """Start browsing; the block's end stops it."""
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        """Stop browsing, whether the block ended normally or by an exception (which goes on)."""
        self.stop()


def browse(timeout_s: float, *, interfaces: Iterable[str] | None = None) -> list[RoomAd]:
    """The rooms heard within ``timeout_s`` seconds (a blocking call; the app keeps a :class:`Browser` instead)."""
    with Browser(interfaces=interfaces) as browser:
        time.sleep(max(0.0, timeout_s))
        return browser.rooms()


__all__ = [
    "Announcement",
    "Announcer",
    "BadAd",
    "Browser",
    "KEYS",
    "MAX_ROOMS",
    "RoomAd",
    "SERVICE_TYPE",
    "TTL_S",
    "ad_from_info",
    "announce",
    "browse",
    "lan_addresses",
    "read_ad",
    "room_name",
]
