"""A VASL board archive read from bytes: its metadata, its terrain grid and its picture.

A board archive (VASL's ``BoardArchive``) is a zip holding ``BoardMetadata.xml`` (the board's
name, version, picture, size in hexes, optional hex size and A1 centre, building types set hex
by hex), the board's picture (GIF or PNG), ``LOSData`` (:mod:`.losdata`) and older files that
Airhead does not read (``data``, ``colors``, overlay pictures).

Everything in it is untrusted: sizes are checked before anything is unpacked, a member that
unpacks past its limit is refused as it is read (zip bombs), XML with a document type is refused
(no entity is ever expanded), and every failure is a :class:`~.losdata.BoardError` that names
what is wrong. Nothing here executes or stores anything.
"""

from __future__ import annotations

import hashlib
import io
import re
import struct
import zipfile
import zlib
from dataclasses import dataclass, field
from typing import Mapping
from xml.etree import ElementTree

from .losdata import BoardError, Grid, read_losdata

__all__ = ["BoardMetadata", "BoardImage", "BoardArchive", "read_archive", "MAX_ARCHIVE_BYTES"]

#: The largest archive read (VASL's largest boards, with their overlay pictures, are ~20 MB).
MAX_ARCHIVE_BYTES = 48_000_000
#: The most members an archive may list.
MAX_MEMBERS = 2_000
MAX_METADATA_BYTES = 2_000_000
MAX_LOSDATA_BYTES = 24_000_000
MAX_IMAGE_BYTES = 32_000_000
#: The largest picture, in pixels (decoded, a picture of this size takes ~100 MB in a browser).
MAX_IMAGE_PIXELS = 25_000_000
#: VASL's default hex size in pixels, when the metadata gives none (a standard geoboard is
#: 33 × 10 hexes on 1800 × 645 pixels: 56.25 × 64.5).
DEFAULT_HEX_WIDTH = 56.25
DEFAULT_HEX_HEIGHT = 64.5


@dataclass(frozen=True)
class BoardMetadata:
    """What ``BoardMetadata.xml`` says of the board (attribute names as VASL writes them)."""

    name: str
    version: str
    image_name: str
    width: int
    height: int
    has_hills: bool = True
    hex_width: float = DEFAULT_HEX_WIDTH
    hex_height: float = DEFAULT_HEX_HEIGHT
    a1_center_x: float | None = None
    a1_center_y: float | None = None
    alt_hex_grain: bool = False
    version_date: str = ""
    author: str = ""
    #: Building types set hex by hex (hex name -> VASL terrain name, e.g. "Stone Building, 2 Level").
    building_types: Mapping[str, str] = field(default_factory=dict)

    def to_data(self) -> dict[str, object]:
        """The metadata as JSON (the command line's ``board info --json``)."""
        out: dict[str, object] = {
            "name": self.name, "version": self.version, "image": self.image_name,
            "width": self.width, "height": self.height, "hasHills": self.has_hills,
            "hexWidth": self.hex_width, "hexHeight": self.hex_height,
        }
        if self.a1_center_x is not None:
            out["A1CenterX"] = self.a1_center_x
        if self.a1_center_y is not None:
            out["A1CenterY"] = self.a1_center_y
        if self.alt_hex_grain:
            out["altHexGrain"] = True
        if self.version_date:
            out["versionDate"] = self.version_date
        if self.author:
            out["author"] = self.author
        if self.building_types:
            out["buildingTypes"] = dict(self.building_types)
        return out


@dataclass(frozen=True)
class BoardImage:
    """The board's picture, as the archive holds it (never decoded here)."""

    name: str
    format: str
    width: int
    height: int
    data: bytes = field(repr=False)


@dataclass(frozen=True)
class BoardArchive:
    """A whole board archive: metadata, terrain grid, picture, and the archive's SHA-256."""

    metadata: BoardMetadata
    grid: Grid
    image: BoardImage | None
    sha256: str
    size: int


_TEXT = re.compile(r"^[^\x00-\x1f\x7f]{0,80}$")


def _attr(el: ElementTree.Element, name: str, default: str | None = None) -> str | None:
    """An attribute by name; VASL's files are not consistent in case (``hasHills``, ``hashills``)."""
    v = el.get(name)
    if v is None:
        low = name.lower()
        for k, val in el.attrib.items():
            if k.lower() == low:
                v = val
                break
    if v is None:
        return default
    v = v.strip()
    if not _TEXT.match(v):
        raise BoardError(f"the board's metadata has an unreadable {name} ({v[:40]!r})")
    return v


def _number(el: ElementTree.Element, name: str, lo: float, hi: float) -> float | None:
    v = _attr(el, name)
    if v is None or v == "":
        return None
    try:
        x = float(v)
    except ValueError:
        raise BoardError(f"the board's metadata has {name} = {v[:20]!r}, not a number") from None
    if not lo <= x <= hi:
        raise BoardError(f"the board's metadata has {name} = {v[:20]}, out of bounds ({lo:g}..{hi:g})")
    return x


def _whole(el: ElementTree.Element, name: str, lo: int, hi: int) -> int:
    v = _attr(el, name)
    if v is None:
        raise BoardError(f"the board's metadata does not say the board's {name}")
    if not v.isdigit() or not lo <= int(v) <= hi:
        raise BoardError(f"the board's metadata has {name} = {v[:20]!r} ({lo}..{hi} hexes)")
    return int(v)


def read_metadata(xml: bytes) -> BoardMetadata:
    """Read ``BoardMetadata.xml``; raise :class:`BoardError` if it is not a board's metadata."""
    if len(xml) > MAX_METADATA_BYTES:
        raise BoardError(f"the board's metadata is too large ({len(xml):,} bytes)")
    if re.search(rb"<!(DOCTYPE|ENTITY)", xml, re.IGNORECASE):
        raise BoardError("the board's metadata declares a document type, which Airhead does not read")
    try:
        root = ElementTree.fromstring(xml)
    except ElementTree.ParseError as e:
        raise BoardError(f"the board's metadata is not readable XML ({e})") from None
    if root.tag != "boardMetadata":
        raise BoardError(f"the board's metadata starts with <{root.tag[:30]}>, not <boardMetadata>")
    name = _attr(root, "name") or ""
    if not name:
        raise BoardError("the board's metadata gives the board no name")
    buildings: dict[str, str] = {}
    for bt in root.iter("buildingType"):
        hexname, kind = _attr(bt, "hexName"), _attr(bt, "buildingTypeName")
        if hexname and kind:
            if len(buildings) >= 5_000:
                raise BoardError("the board's metadata sets too many building types")
            buildings[hexname.upper()] = kind
    return BoardMetadata(
        name=name,
        version=_attr(root, "version") or "",
        image_name=_attr(root, "boardImageFileName") or "",
        width=_whole(root, "width", 1, 200),
        height=_whole(root, "height", 1, 200),
        has_hills=(_attr(root, "hasHills", "TRUE") or "").upper() != "FALSE",
        hex_width=_number(root, "hexWidth", 8, 1000) or DEFAULT_HEX_WIDTH,
        hex_height=_number(root, "hexHeight", 8, 1000) or DEFAULT_HEX_HEIGHT,
        a1_center_x=_number(root, "A1CenterX", -100_000, 100_000),
        a1_center_y=_number(root, "A1CenterY", -100_000, 100_000),
        alt_hex_grain=(_attr(root, "altHexGrain", "FALSE") or "").upper() == "TRUE",
        version_date=_attr(root, "versionDate") or "",
        author=_attr(root, "author") or "",
        building_types=buildings,
    )


def image_size(data: bytes) -> tuple[str, int, int]:
    """A picture's format and size in pixels, from its header (GIF, PNG or JPEG)."""
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        w, h = struct.unpack_from("<HH", data, 6)
        return "gif", w, h
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24 and data[12:16] == b"IHDR":
        w, h = struct.unpack_from(">II", data, 16)
        return "png", w, h
    if data[:2] == b"\xff\xd8":
        pos = 2
        while pos + 9 < len(data) and data[pos] == 0xFF:
            marker = data[pos + 1]
            (n,) = struct.unpack_from(">H", data, pos + 2)
            if marker in (0xC0, 0xC1, 0xC2):
                h, w = struct.unpack_from(">HH", data, pos + 5)
                return "jpeg", w, h
            pos += 2 + n
    raise BoardError("the board's picture is not a GIF, PNG or JPEG picture")


class _Zip:
    """The archive's members, each read whole under a size limit."""

    def __init__(self, data: bytes) -> None:
        try:
            self.zf = zipfile.ZipFile(io.BytesIO(data))
            infos = self.zf.infolist()
        except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError, struct.error):
            raise BoardError("this file is not a VASL board archive (it is not a zip file)") from None
        if len(infos) > MAX_MEMBERS:
            raise BoardError(f"the board archive holds {len(infos):,} files (at most {MAX_MEMBERS:,})")
        self.by_name: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            base = info.filename.rsplit("/", 1)[-1]
            if info.filename.startswith("__MACOSX/"):
                continue  # a Mac's resource forks, beside the real files
            if base and base.lower() not in self.by_name:
                self.by_name[base.lower()] = info

    def read(self, name: str, limit: int, what: str) -> bytes | None:
        info = self.by_name.get(name.lower())
        if info is None:
            return None
        if info.file_size > limit:
            raise BoardError(f"the board archive's {what} is too large ({info.file_size:,} bytes; at most {limit:,})")
        try:
            with self.zf.open(info) as f:
                data = f.read(limit + 1)
        except (zipfile.BadZipFile, OSError, EOFError, ValueError, RuntimeError, NotImplementedError,
                zlib.error, struct.error) as e:
            raise BoardError(f"the board archive's {what} cannot be unpacked ({e})") from None
        if len(data) > limit:
            raise BoardError(f"the board archive's {what} is larger than {limit:,} bytes once unpacked")
        return data


def read_archive(data: bytes) -> BoardArchive:
    """Read a VASL board archive from its bytes; raise :class:`BoardError` naming what is wrong.

    Bounded in time and memory by the limits of this module and of :mod:`.losdata`.
    """
    if not isinstance(data, (bytes, bytearray)):
        raise BoardError("a board archive is read from bytes")
    data = bytes(data)
    if len(data) > MAX_ARCHIVE_BYTES:
        raise BoardError(f"the file is too large to be a board archive ({len(data):,} bytes; at most {MAX_ARCHIVE_BYTES:,})")
    z = _Zip(data)
    meta_xml = z.read("BoardMetadata.xml", MAX_METADATA_BYTES, "metadata (BoardMetadata.xml)")
    if meta_xml is None:
        raise BoardError("this zip is not a current VASL board archive: it has no BoardMetadata.xml "
                         "(an older board file? download the board's current version from the VASL board library)")
    meta = read_metadata(meta_xml)
    raw = z.read("LOSData", MAX_LOSDATA_BYTES, "terrain grid (LOSData)")
    if raw is None:
        raise BoardError(f"board {meta.name} has no terrain grid (LOSData): it is an older VASL board file; "
                         "download the board's current version from the VASL board library")
    grid = read_losdata(raw)
    if (grid.width, grid.height) != (meta.width, meta.height):
        raise BoardError(f"board {meta.name}: its metadata says {meta.width} × {meta.height} hexes, "
                         f"its terrain grid {grid.width} × {grid.height}")
    image = None
    if meta.image_name:
        pic = z.read(meta.image_name, MAX_IMAGE_BYTES, f"picture ({meta.image_name})")
        if pic is not None:
            fmt, w, h = image_size(pic)
            if w * h > MAX_IMAGE_PIXELS or w < 1 or h < 1:
                raise BoardError(f"board {meta.name}: its picture is {w:,} × {h:,} pixels (at most {MAX_IMAGE_PIXELS:,} pixels)")
            image = BoardImage(meta.image_name, fmt, w, h, pic)
    return BoardArchive(meta, grid, image, hashlib.sha256(data).hexdigest(), len(data))
