"""The win check's shipped tables (胡牌表): one file, tables.bin, package data beside this module.

build/make_win_tables.py writes it from the builder (engine/win/automaton_build.py); engine/win/automaton.py reads it
at import and makes the rows the check walks. This module holds the format alone and imports nothing of the package,
so the build script can write a file the package cannot yet read.

Format, version 1 (every integer little-endian):
  header  8 bytes  magic b"ZPWINTAB"
          2 bytes  format version (unsigned)
          2 bytes  table count T (unsigned): 2, one per rule set
          T x 5    per table: 1 byte, 1 if 二七十 is a group under it, else 0; 4 bytes, its state count n (unsigned)
  body    the rest, zlib-compressed: per table, in the header's order, its n state values (4-byte signed ints: the
          best 胡 of the free cards that end there, -1 dead, -2 past the tables) then its 16 x n successor state
          ids (2-byte unsigned ints, state x 16 + symbol). State 0 is dead, 1 "past the tables", 2 the start; the
          builder numbers a state after its successors (the start aside), which the automaton's rows rely on.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Mapping, Sequence
from importlib import resources

TABLES_FILE = "tables.bin"
MAGIC = b"ZPWINTAB"
FORMAT_VERSION = 1
_HEADER = struct.Struct("<8sHH")
_TABLE_HEADER = struct.Struct("<BI")

Tables = dict[bool, tuple["array[int]", list[int]]]  # per rule set: successor ids (16 x state + symbol), values


def encode_tables(tables: Mapping[bool, tuple[Sequence[int], Sequence[int]]]) -> bytes:
    """The bytes of tables.bin for ``tables`` (per rule set: the builder's flat successors, state id x 16 + symbol
    -> successor id x 16, and the state values)."""
    head = [_HEADER.pack(MAGIC, FORMAT_VERSION, len(tables))]
    body = []
    for erqishi, (flat, accept) in tables.items():
        if len(accept) >= 1 << 16:
            raise ValueError(f"{len(accept)} states do not fit the format's 2-byte state ids")
        head.append(_TABLE_HEADER.pack(erqishi, len(accept)))
        values, ids = array("i", accept), array("H", [x >> 4 for x in flat])
        if sys.byteorder != "little":
            values.byteswap()
            ids.byteswap()
        body += [values.tobytes(), ids.tobytes()]
    return b"".join(head) + zlib.compress(b"".join(body), 9)


def decode_tables(blob: bytes) -> Tables:
    """The tables in tables.bin's bytes; ValueError, saying what is wrong, for bytes that are not such a file."""
    fix = "run build/make_win_tables.py"
    if len(blob) < _HEADER.size or blob[:8] != MAGIC:
        raise ValueError(f"not a win tables file (it begins {blob[:8]!r}): {fix}")
    _, version, count = _HEADER.unpack_from(blob)
    if version != FORMAT_VERSION:
        raise ValueError(f"win tables of format version {version}, this engine reads {FORMAT_VERSION}: {fix}")
    at = _HEADER.size
    if count != 2 or len(blob) < at + count * _TABLE_HEADER.size:
        raise ValueError(f"a win tables file with a damaged header ({count} tables): {fix}")
    sizes = [_TABLE_HEADER.unpack_from(blob, at + i * _TABLE_HEADER.size) for i in range(count)]
    try:
        body = zlib.decompress(blob[at + count * _TABLE_HEADER.size :])
    except zlib.error as err:
        raise ValueError(f"a damaged win tables file ({err}): {fix}") from None
    if len(body) != sum(36 * n for _, n in sizes) or sorted(flag for flag, _ in sizes) != [0, 1]:
        raise ValueError(f"a win tables file whose body does not match its header: {fix}")
    out: Tables = {}
    for flag, n in sizes:
        values, ids = array("i"), array("H")
        values.frombytes(body[: 4 * n])
        ids.frombytes(body[4 * n : 36 * n])
        body = body[36 * n :]
        if sys.byteorder != "little":
            values.byteswap()
            ids.byteswap()
        if n < 3 or ids[16:32] != array("H", [1] * 16):
            raise ValueError(f"a win tables file whose states are not the builder's: {fix}")
        out[bool(flag)] = (ids, values.tolist())
    return out


def read_tables() -> Tables:
    """The shipped tables (tables.bin, package data beside this module)."""
    return decode_tables(resources.files(__package__ or "zipai_desktop.engine.win").joinpath(TABLES_FILE).read_bytes())
