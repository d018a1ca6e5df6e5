"""A VASL board's ``LOSData``: the terrain grid VASL traces line of sight over.

The file is a gzip of a Java ``ObjectOutputStream`` that holds block data only (VASL's
``BoardArchive.writeLOSData``): the magic ``AC ED 00 05``, then block records (``0x77`` and a
one-byte length, or ``0x7A`` and a four-byte big-endian length) whose payloads, put end to end,
are four big-endian int32 (the board's width and height in hexes, the grid's width and height in
pixels); then, for each pixel column ``x`` and each pixel row ``y`` in it, a signed elevation
byte and an unsigned terrain-code byte; then one stairway byte per hex, column by column
(``height + col % 2`` hexes in column ``col``, counted from 0).

The grid stays as two ``bytes`` objects of ``gridWidth × gridHeight`` (column-major, as the file
has them): about 2.3 MB for a standard geoboard, never a Python object per pixel. Reading is
bounded: the decompressed size is capped before it is reached, every length is checked against
what the header promises, and anything the format does not allow is refused with a
:class:`BoardError` that says what is wrong.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from .refusals import FRESH_COPY, BoardError, damaged, size_words

__all__ = ["BoardError", "Grid", "read_losdata", "write_losdata", "MAX_GRID_PIXELS", "MAX_BOARD_HEXES", "MAX_HEXES"]

#: The largest grid read, in pixels: the largest of a public VASL fork's 174 grids (a 36 × 45
#: historical map) has 5.8 million, and 20% more is allowed (its larger historical maps, such as
#: 58 × 39 hexes, have no grid). A file promising more is refused before its grid is inflated.
#: Deriving a grid of this size whose every hex is striped with bridges and walls takes ~0.7 s;
#: the real one, ~0.25 s (``docs/rules-notes.md``, "Untrusted files").
MAX_GRID_PIXELS = 7_000_000
#: The most hexes a board may declare across and down (the largest real board: 58 × 39), and in
#: all (the largest with a grid has 1,638, with a margin: derive's time grows with them).
MAX_BOARD_HEXES = 120
MAX_HEXES = 2_500

_MAGIC = b"\xac\xed\x00\x05"
_BLOCK, _BLOCK_LONG = 0x77, 0x7A
_HEADER = struct.Struct(">iiii")


@dataclass(frozen=True)
class Grid:
    """A board's terrain grid: its size in hexes and pixels, and per pixel (column-major: index
    ``x * grid_height + y``) an elevation (signed byte) and a terrain code; one stairway byte per
    hex, column by column."""

    width: int
    height: int
    grid_width: int
    grid_height: int
    elevation: bytes
    terrain: bytes
    stairways: bytes

    def index(self, x: int, y: int) -> int:
        """The position of pixel ``(x, y)`` in :attr:`elevation` and :attr:`terrain`."""
        return x * self.grid_height + y

    def level_at(self, x: int, y: int) -> int:
        """The elevation of pixel ``(x, y)`` (a signed byte)."""
        v = self.elevation[x * self.grid_height + y]
        return v - 256 if v > 127 else v

    def code_at(self, x: int, y: int) -> int:
        """The terrain code of pixel ``(x, y)``."""
        return self.terrain[x * self.grid_height + y]

    def column(self, x: int, y0: int, y1: int) -> bytes:
        """The terrain codes of column ``x`` from row ``y0`` to ``y1`` (exclusive)."""
        base = x * self.grid_height
        return self.terrain[base + y0:base + y1]

    def hex_count(self) -> int:
        """How many stairway bytes the board has: ``height + col % 2`` hexes per column."""
        return hex_count(self.width, self.height)


def hex_count(width: int, height: int) -> int:
    """The hexes of a board ``width`` columns across and ``height`` hexes down (VASL counts one
    more in every second column, from the second)."""
    return width * height + width // 2


def _gunzip(data: bytes, limit: int) -> bytes:
    """The gzip stream's content, refused past ``limit`` bytes before they are all inflated."""
    d = zlib.decompressobj(wbits=47)  # gzip or zlib header, detected
    try:
        out = d.decompress(data, limit + 1)
    except zlib.error:
        raise damaged("its terrain grid (LOSData) cannot be unpacked") from None
    if len(out) > limit:
        raise damaged(f"its terrain grid (LOSData) unpacks to more than its size calls for ({size_words(limit)})")
    if not d.eof:
        raise damaged("its terrain grid (LOSData) is cut short")
    return out


def _blocks(raw: bytes, max_records: int) -> bytes:
    """The concatenated payloads of the stream's block-data records (at most ``max_records``:
    Java writes blocks of 1,024 bytes, so a stream of empty blocks is refused early)."""
    if raw[:4] != _MAGIC:
        raise damaged("its terrain grid (LOSData) does not begin as VASL writes one")
    parts: list[memoryview] = []
    view = memoryview(raw)
    pos, end = 4, len(raw)
    while pos < end:
        if len(parts) >= max_records:
            raise damaged(f"its terrain grid (LOSData) is cut into more than {max_records:,} pieces, where VASL "
                          "writes a few")
        tag = raw[pos]
        if tag == _BLOCK and pos + 2 <= end:
            n = raw[pos + 1]
            pos += 2
        elif tag == _BLOCK_LONG and pos + 5 <= end:
            (n,) = struct.unpack_from(">i", raw, pos + 1)
            pos += 5
            if n < 0:
                raise damaged("its terrain grid (LOSData) is garbled")
        elif tag in (_BLOCK, _BLOCK_LONG):
            raise damaged("its terrain grid (LOSData) is cut short")
        else:
            raise damaged("its terrain grid (LOSData) holds something other than terrain, which VASL never writes there")
        if pos + n > end:
            raise damaged("its terrain grid (LOSData) is cut short")
        parts.append(view[pos:pos + n])
        pos += n
    return b"".join(parts)


def read_losdata(data: bytes) -> Grid:
    """Read a board's ``LOSData`` file (gzip, as VASL writes it); raise :class:`BoardError`.

    The work is linear in the file's size and bounded by :data:`MAX_GRID_PIXELS`.
    """
    # the header comes first: peek at it to bound the whole stream before inflating it
    head = _gunzip_prefix(data, 64)
    payload_head = _blocks_prefix(head)
    if len(payload_head) < 16:
        raise damaged("its terrain grid (LOSData) is cut short before it gives the board's size")
    width, height, gw, gh = _HEADER.unpack_from(payload_head)
    _check_sizes(width, height, gw, gh)
    pixels = gw * gh
    expected = 16 + 2 * pixels + hex_count(width, height)
    # the stream adds 5 bytes per block of at least 1,024 payload bytes: allow generously
    raw = _gunzip(data, expected + expected // 64 + 4096)
    payload = _blocks(raw, expected // 128 + 16)
    del raw  # the grid's memory: the inflated stream, then its payload, then the two arrays
    if len(payload) < expected:
        raise damaged(f"its terrain grid (LOSData) is cut short: it holds {100 * len(payload) // expected}% of the "
                      "board's terrain")
    if len(payload) > expected:
        raise damaged("its terrain grid (LOSData) holds more terrain than the board's size it gives")
    cells = memoryview(payload)[16:16 + 2 * pixels]
    return Grid(width, height, gw, gh, bytes(cells[0::2]), bytes(cells[1::2]), payload[16 + 2 * pixels:])


def _gunzip_prefix(data: bytes, n: int) -> bytes:
    d = zlib.decompressobj(wbits=47)
    try:
        return d.decompress(data, n)
    except zlib.error:
        raise damaged("its terrain grid (LOSData) cannot be unpacked") from None


def _blocks_prefix(raw: bytes) -> bytes:
    """The first block payload bytes of a stream's prefix (enough for the header)."""
    if raw[:4] != _MAGIC:
        raise damaged("its terrain grid (LOSData) does not begin as VASL writes one")
    out = bytearray()
    pos = 4
    while pos < len(raw) and len(out) < 16:
        tag = raw[pos]
        if tag == _BLOCK and pos + 2 <= len(raw):
            n, pos = raw[pos + 1], pos + 2
        elif tag == _BLOCK_LONG and pos + 5 <= len(raw):
            (n,) = struct.unpack_from(">i", raw, pos + 1)
            pos += 5
        else:
            break
        out += raw[pos:pos + max(n, 0)]
        pos += max(n, 0)
    return bytes(out)


def _check_sizes(width: int, height: int, gw: int, gh: int) -> None:
    if not (1 <= width <= MAX_BOARD_HEXES and 1 <= height <= MAX_BOARD_HEXES):
        raise damaged(f"its terrain grid (LOSData) says the board is {width} × {height} hexes (a board has 1 to "
                      f"{MAX_BOARD_HEXES} each way)")
    if hex_count(width, height) > MAX_HEXES:
        raise damaged(f"its terrain grid (LOSData) says the board is {width} × {height} hexes, "
                      f"{hex_count(width, height):,} in all (a board has at most {MAX_HEXES:,})")
    if gw < 1 or gh < 1:
        raise damaged(f"its terrain grid (LOSData) says it is {gw} × {gh} pixels")
    if gw * gh > MAX_GRID_PIXELS:
        raise damaged(f"its terrain grid (LOSData) says it is {gw:,} × {gh:,} pixels, larger than any VASL "
                      f"board's (at most {MAX_GRID_PIXELS:,} pixels)")
    if gw < width or gh < height:
        raise damaged(f"its terrain grid (LOSData, {gw} × {gh} pixels) is smaller than its {width} × {height} hexes")


def write_losdata(grid: Grid, *, block: int = 1024) -> bytes:
    """``grid`` as a ``LOSData`` file, as VASL writes it (block records of ``block`` bytes)."""
    if len(grid.elevation) != grid.grid_width * grid.grid_height or len(grid.terrain) != len(grid.elevation):
        raise BoardError("the grid's pixel arrays do not match its size")
    cells = bytearray(2 * len(grid.terrain))
    cells[0::2] = grid.elevation
    cells[1::2] = grid.terrain
    payload = _HEADER.pack(grid.width, grid.height, grid.grid_width, grid.grid_height) + bytes(cells) + grid.stairways
    out = bytearray(_MAGIC)
    for i in range(0, len(payload), block):
        chunk = payload[i:i + block]
        if len(chunk) <= 255:
            out += bytes((_BLOCK, len(chunk)))
        else:
            out += bytes((_BLOCK_LONG,)) + struct.pack(">i", len(chunk))
        out += chunk
    z = zlib.compressobj(9, zlib.DEFLATED, 31)  # gzip framing, no file name, time 0
    return z.compress(bytes(out)) + z.flush()
