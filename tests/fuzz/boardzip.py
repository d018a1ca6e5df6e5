"""Zip archives written byte by byte for the board fuzz layer (issue #40): any compression
method, flags, declared size and CRC, whatever the member really holds, so that a test can say
exactly which lie a hostile archive tells. Helpers only; the tests are ``test_board_fuzz.py``."""

from __future__ import annotations

import bz2
import lzma
import struct
import zipfile
import zlib
from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Member:
    """One zip entry as written: ``body`` is the bytes stored (already compressed)."""

    name: str
    body: bytes
    method: int = 8
    crc: int = 0
    size: int = 0
    flags: int = 0

    def lying(self, **changes: object) -> Member:
        """The same entry with some header fields changed (a declared size, a method...)."""
        return replace(self, **changes)  # type: ignore[arg-type]


def deflated(name: str, data: bytes, method: int = zipfile.ZIP_DEFLATED) -> Member:
    """``data`` compressed with ``method`` (stored, deflate, bzip2 or LZMA as zipfile writes it)."""
    if method == zipfile.ZIP_STORED:
        body = data
    elif method == zipfile.ZIP_DEFLATED:
        z = zlib.compressobj(6, zlib.DEFLATED, -15)
        body = z.compress(data) + z.flush()
    elif method == zipfile.ZIP_BZIP2:
        body = bz2.compress(data)
    elif method == zipfile.ZIP_LZMA:
        filters = [{"id": lzma.FILTER_LZMA1}]
        props = lzma._encode_filter_properties(filters[0])  # type: ignore[attr-defined]
        body = struct.pack("<BBH", 9, 4, len(props)) + props + lzma.compress(data, lzma.FORMAT_RAW, filters=filters)
    else:
        raise ValueError(method)
    return Member(name, body, method, zlib.crc32(data) & 0xFFFFFFFF, len(data))


def bomb(name: str, megabytes: int) -> Member:
    """A deflate stream of ``megabytes`` MB of zeros (about a thousandth of that on disk), made
    a megabyte at a time; declared at its true size (change it with :meth:`Member.lying`)."""
    z = zlib.compressobj(9, zlib.DEFLATED, -15)
    mb = bytes(1 << 20)
    body = b"".join(z.compress(mb) for _ in range(megabytes)) + z.flush()
    crc = 0
    for _ in range(megabytes):
        crc = zlib.crc32(mb, crc)
    return Member(name, body, 8, crc & 0xFFFFFFFF, megabytes << 20)


def write(members: list[Member], *, entries: int | None = None, cd_size: int | None = None) -> bytes:
    """The archive: local headers and bodies, the central directory, the end record (whose entry
    count and directory size ``entries`` and ``cd_size`` may contradict the directory)."""
    out = bytearray()
    central = bytearray()
    for m in members:
        name = m.name.encode("utf-8")
        offset = len(out)
        out += struct.pack("<4sHHHHHIIIHH", b"PK\x03\x04", 20, m.flags, m.method, 0, 0x5021, m.crc,
                           len(m.body), m.size, len(name), 0) + name + m.body
        central += struct.pack("<4sHHHHHHIIIHHHHHII", b"PK\x01\x02", 20, 20, m.flags, m.method, 0, 0x5021,
                               m.crc, len(m.body), m.size, len(name), 0, 0, 0, 0, 0, offset) + name
    n = len(members) if entries is None else entries
    return bytes(out + central + struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, min(n, 0xFFFF), min(n, 0xFFFF),
                                             len(central) if cd_size is None else cd_size, len(out), 0))


def many_entries(count: int) -> bytes:
    """An archive of ``count`` empty files named ``a`` (a million: about 47 MB), made by
    repetition; past 65,535 entries its end record is Zip64's, as a zip tool writes it."""
    local = struct.pack("<4sHHHHHIIIHH", b"PK\x03\x04", 20, 0, 0, 0, 0x5021, 0, 0, 0, 1, 0) + b"a"
    central = struct.pack("<4sHHHHHHIIIHHHHHII", b"PK\x01\x02", 20, 20, 0, 0, 0, 0x5021, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0) + b"a"
    size, start = len(central) * count, len(local)
    tail = b""
    if count >= 0xFFFF:
        rec = start + size
        tail = (struct.pack("<4sQHHIIQQQQ", b"PK\x06\x06", 44, 45, 45, 0, 0, count, count, size, start)
                + struct.pack("<4sIQI", b"PK\x06\x07", 0, rec, 1))
        n = 0xFFFF
    else:
        n = count
    return local + central * count + tail + struct.pack("<4sHHHHIIH", b"PK\x05\x06", 0, 0, n, n, size, start, 0)


def members_of(archive: bytes) -> dict[str, bytes]:
    """A well-formed archive's members, inflated (the fixtures the mutations start from)."""
    import io

    with zipfile.ZipFile(io.BytesIO(archive)) as zf:
        return {i.filename: zf.read(i) for i in zf.infolist()}
