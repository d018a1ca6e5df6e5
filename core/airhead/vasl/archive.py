"""A VASL board archive read from bytes: its metadata, its terrain grid and its picture.

A board archive (VASL's ``BoardArchive``) is a zip holding ``BoardMetadata.xml`` (the board's
name, version, picture, size in hexes, optional hex size and A1 centre, building types set hex
by hex, the SSR options' overlay pictures and where they go), the board's picture (GIF or PNG),
``LOSData`` (:mod:`.losdata`), ``SSRControls`` (the board's own SSR options, kept as bytes for
:mod:`.board_ssr`), the overlay pictures, and older files that Airhead does not read (``data``,
``colors``).

Everything in it is untrusted (issue #40). The zip's directory is sized from its end record
before a single entry is built; only the compression methods Java's zip reader (hence VASL)
knows, stored and deflate, are accepted, others refused by name; each member is inflated as a
stream, never past the size it declares nor past its cap here. The metadata is read as data:
its bytes are decoded from the few encodings VASL's files use (others refused by name), then
expat's events give the attributes, and a document type stops the reading where it starts, so
no entity is ever declared, let alone expanded (what ``defusedxml`` does, without the
dependency: see ``docs/rules-notes.md``). Numbers are ASCII digits only. The caps below are the
largest real boards' figures with a margin (measured on a public VASL fork's 174 boards, listed
in ``docs/rules-notes.md``). Every failure is a :class:`~.losdata.BoardError` that says what is
wrong and where; nothing here executes or stores anything.
"""

from __future__ import annotations

import hashlib
import io
import re
import struct
import zipfile
from dataclasses import dataclass, field
from typing import Callable, Mapping, NoReturn
from xml.parsers import expat

from ..errors import quoted
from .losdata import MAX_BOARD_HEXES, MAX_HEXES, Grid, read_losdata
from .refusals import FRESH_COPY, BoardError, damaged, not_a_board, said, size_words, too_large

__all__ = ["BoardMetadata", "BoardImage", "BoardArchive", "read_archive", "MAX_ARCHIVE_BYTES"]

#: The largest archive read (VASL's largest boards, with their overlay pictures, are ~20 MB).
MAX_ARCHIVE_BYTES = 48_000_000
#: The most members an archive may list (a board's folder holds at most 37 files), and the
#: largest central directory (46 bytes and a name of up to 256 a member).
MAX_MEMBERS = 500
MAX_DIRECTORY_BYTES = MAX_MEMBERS * 302
#: Each member read, at most (declared and inflated): the largest real ones are 24 kB of
#: metadata, 254 kB of LOSData (11.7 MB inflated, :mod:`.losdata` caps that) and a 3.2 MB GIF.
MAX_METADATA_BYTES = 256_000
MAX_LOSDATA_BYTES = 8_000_000
MAX_IMAGE_BYTES = 16_000_000
#: The largest picture, in pixels (the largest real one, 2,012 × 2,901, has 5.8 million; a
#: 58 × 39-hex map's would have ~8.3 million; decoded, 16 million take 64 MB in a browser).
MAX_IMAGE_PIXELS = 16_000_000
#: The overlay pictures of a board's SSR options kept, at most, in all (the largest real board's,
#: RBv2's, are 3.5 MB; most boards' ~130 kB), and the most overlay rules its metadata may place.
MAX_OVERLAY_BYTES = 24_000_000
MAX_OVERLAY_RULES = 2_000
#: The JPEG segments read for a picture's size before it is refused (its size comes first).
MAX_JPEG_SEGMENTS = 64
#: The elements the metadata may hold (the largest real one holds a few hundred).
MAX_ELEMENTS = 20_000
#: The encodings VASL's metadata files are written in (their XML declaration names none, or
#: UTF-8), and the single-byte ones an editor may declare; any other is refused by name.
ENCODINGS = {"utf-8": "utf-8", "utf8": "utf-8", "us-ascii": "ascii", "ascii": "ascii",
             "iso-8859-1": "latin-1", "latin1": "latin-1", "latin-1": "latin-1",
             "windows-1252": "cp1252", "cp1252": "cp1252"}
#: The zip compression methods read (Java's zip reader knows no other), and names for the rest.
_STORED, _DEFLATED = 0, 8
_METHODS = {1: "Shrink", 6: "Implode", 9: "Deflate64", 12: "bzip2", 14: "LZMA", 93: "Zstandard",
            95: "XZ", 96: "JPEG", 97: "WavPack", 98: "PPMd", 99: "AES encryption"}
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
    #: The SSR options' overlay pictures (``overlaySSRules``): a rule's name -> the pictures VASL
    #: pastes over the board when it is chosen, each ``(picture's file name, x, y)`` (its top left
    #: corner on the board's own pixels; ``overlaySSRuleSet`` gives a rule several).
    overlay_rules: Mapping[str, tuple[tuple[str, int, int], ...]] = field(default_factory=dict)
    #: The rules VASL draws as a pattern over some of the board's colours (``underlaySSRule``).
    underlay_rules: tuple[str, ...] = ()

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
        if self.overlay_rules:
            out["overlaySSRules"] = {k: [list(i) for i in v] for k, v in self.overlay_rules.items()}
        if self.underlay_rules:
            out["underlaySSRules"] = list(self.underlay_rules)
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
    """A whole board archive: metadata, terrain grid, picture, and the archive's SHA-256; its
    ``SSRControls`` file as bytes (the board's own SSR options, read by :mod:`.board_ssr`; empty
    when it has none, ``controls_error`` saying why when it cannot be read), and the overlay
    pictures its metadata places that it holds (by file name; ``overlays_skipped``: those past
    :data:`MAX_OVERLAY_BYTES`, not kept)."""

    metadata: BoardMetadata
    grid: Grid
    image: BoardImage | None
    sha256: str
    size: int
    controls: bytes = field(default=b"", repr=False)
    controls_error: str = ""
    overlays: Mapping[str, BoardImage] = field(default_factory=dict, repr=False)
    overlays_skipped: tuple[str, ...] = ()


_TEXT = re.compile(r"^[^\x00-\x1f\x7f]{0,80}$")
_WHOLE = re.compile(r"[0-9]{1,6}")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]{1,9}(?:\.[0-9]{0,12})?|\.[0-9]{1,12})")
_DECLARATION = re.compile(rb"<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(?:\"[^\"]*\"|'[^']*')"
                          rb"(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(?:\"([^\"]{0,40})\"|'([^']{0,40})'))?")
_WIDE = ((b"\x00\x00\xfe\xff", "UTF-32"), (b"\xff\xfe\x00\x00", "UTF-32"), (b"\xfe\xff", "UTF-16"), (b"\xff\xfe", "UTF-16"))

_Attrs = Mapping[str, str]


def _too_many(files: int) -> BoardError:
    return BoardError(f"this file holds {files:,} files inside, where a VASL board file holds at most "
                      f"{MAX_MEMBERS:,}: it is not a board file, or it is damaged. {FRESH_COPY}")


def _attr(attrs: _Attrs, name: str, default: str | None = None) -> str | None:
    """An attribute by name; VASL's files are not consistent in case (``hasHills``, ``hashills``)."""
    v = attrs.get(name)
    if v is None:
        low = name.lower()
        for k, val in attrs.items():
            if k.lower() == low:
                v = val
                break
    if v is None:
        return default
    v = v.strip()
    if not _TEXT.match(v):
        raise damaged(f"its description (BoardMetadata.xml) gives {said(name)} as {quoted(v, 40)}, which is "
                      "unreadable")
    return v


def _number(attrs: _Attrs, name: str, lo: float, hi: float) -> float | None:
    """A decimal number (ASCII digits, an optional sign and point: no exponent, no ``nan``)."""
    v = _attr(attrs, name)
    if v is None or v == "":
        return None
    if not _DECIMAL.fullmatch(v):
        raise damaged(f"its description (BoardMetadata.xml) gives {said(name)} as {quoted(v, 20)}, not a number")
    x = float(v)
    if not lo <= x <= hi:
        raise damaged(f"its description (BoardMetadata.xml) gives {said(name)} as {v[:20]}, outside "
                      f"{lo:,g} to {hi:,g}")
    return x


def _whole(attrs: _Attrs, name: str, lo: int, hi: int) -> int:
    """A whole number of hexes, in ASCII digits (``str.isdigit`` would take a superscript ``²``)."""
    v = _attr(attrs, name)
    if v is None:
        raise damaged(f"its description (BoardMetadata.xml) does not give {said(name)}")
    if not _WHOLE.fullmatch(v) or not lo <= int(v) <= hi:
        raise damaged(f"its description (BoardMetadata.xml) gives {said(name)} as {quoted(v, 20)}, where a "
                      f"board's is a whole number of hexes from {lo} to {hi}")
    return int(v)


def _decode(xml: bytes, what: str = "description (BoardMetadata.xml)") -> str:
    """The text of the file's ``what`` (its metadata), from UTF-8 (as VASL writes it) or a
    declared single-byte encoding."""
    for bom, name in _WIDE:
        if xml.startswith(bom):
            raise BoardError(f"this board file's {what} was saved as {name} text, where VASL "
                             f"saves it as UTF-8: another program re-saved it. {FRESH_COPY}")
    zero = xml.find(b"\x00")
    if zero >= 0:
        raise BoardError(f"this board file's {what} is not plain text as VASL saves it "
                         f"(UTF-8 text): another program re-saved it (as UTF-16 text?), or it is damaged. {FRESH_COPY}")
    body = xml[3:] if xml.startswith(b"\xef\xbb\xbf") else xml
    m = _DECLARATION.match(body.lstrip())
    declared = (m.group(1) or m.group(2) or b"").decode("latin-1") if m else ""
    codec = ENCODINGS.get(declared.strip().lower(), "") if declared else "utf-8"
    if not codec:
        raise BoardError(f"this board file's {what} says it was saved as {quoted(declared, 40)} "
                         "text, where VASL saves it as UTF-8 (Airhead also reads ASCII, ISO-8859-1 and Windows-1252 "
                         f"text): another program re-saved it. {FRESH_COPY}")
    try:
        return body.decode(codec)
    except UnicodeDecodeError as e:
        line = body[:e.start].count(b"\n") + 1
        raise damaged(f"its {what} holds characters that are not valid "
                      f"{declared or 'UTF-8'} text (line {line:,})") from None


class Refused(Exception):
    """Raised from a :func:`parse_xml` handler to stop the reading (carries the BoardError's message)."""


def parse_xml(text: str, start: Callable[[str, dict[str, str]], None], what: str) -> None:
    """Read the decoded XML ``text`` of a board file, element by element (``start``: a handler
    that may raise :class:`Refused`; at most ``MAX_ELEMENTS`` elements), as data, never as markup: a document type or an entity
    declaration stops it where it starts, so no entity is ever expanded. Raise
    :class:`BoardError` saying what is wrong with the file's ``what`` ("description
    (BoardMetadata.xml)")."""
    def refuse_doctype(*_: object) -> NoReturn:
        raise Refused(f"this board file's {what} defines terms of its own, which VASL never writes there and "
                      f"Airhead does not read. {FRESH_COPY}")

    def refuse_entity(*_: object) -> NoReturn:
        raise Refused(f"this board file's {what} defines terms of its own, which VASL never writes there and "
                      f"Airhead does not read. {FRESH_COPY}")

    count = 0

    def counted(tag: str, attrs: dict[str, str]) -> None:
        nonlocal count
        count += 1
        if count > MAX_ELEMENTS:
            raise Refused(f"this board file's {what} is far longer than any VASL board's (more than "
                          f"{MAX_ELEMENTS:,} entries). {FRESH_COPY}")
        start(tag, attrs)

    p = expat.ParserCreate(encoding="UTF-8")
    p.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    p.StartElementHandler = counted
    p.StartDoctypeDeclHandler = refuse_doctype
    p.EntityDeclHandler = refuse_entity
    p.UnparsedEntityDeclHandler = refuse_entity
    p.ExternalEntityRefHandler = refuse_entity
    try:
        p.Parse(text.encode("utf-8"), True)
    except Refused as e:
        raise BoardError(str(e)) from None
    except expat.ExpatError as e:
        raise damaged(f"its {what} is garbled or cut short (at line {e.lineno:,})") from None


def _events(text: str) -> tuple[str, dict[str, str], list[dict[str, str]], list[tuple[str, dict[str, str]]]]:
    """The root element's tag and attributes, each ``buildingType``'s attributes, and the
    overlay rules' elements (``overlaySSRule``, ``overlaySSRuleSet`` and its
    ``overlaySSRuleImage``, ``underlaySSRule``) in order."""
    root: list[tuple[str, dict[str, str]]] = []
    buildings: list[dict[str, str]] = []
    overlays: list[tuple[str, dict[str, str]]] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        if not root:
            root.append((tag, attrs))
        elif tag == "buildingType":
            buildings.append(attrs)
        elif tag in ("overlaySSRule", "overlaySSRuleSet", "overlaySSRuleImage", "underlaySSRule"):
            overlays.append((tag, attrs))

    parse_xml(text, start, "description (BoardMetadata.xml)")
    if not root:
        raise damaged("its description (BoardMetadata.xml) is empty")
    return root[0][0], root[0][1], buildings, overlays


def _overlay_rules(elements: list[tuple[str, dict[str, str]]]) -> tuple[dict[str, tuple[tuple[str, int, int], ...]], tuple[str, ...]]:
    """The overlay rules' pictures by rule name, and the underlay rules' names, as VASL's
    ``AbstractMetadata.parseOverlaySSRules`` reads them. An entry VASL could not read either (no
    name, no picture, a position that is no whole number) is left out, as VASL leaves it out
    with a warning: it never refuses the board."""
    rules: dict[str, list[tuple[str, int, int]]] = {}
    underlays: dict[str, None] = {}
    current: str | None = None  # the overlaySSRuleSet whose images follow
    for tag, attrs in elements[:MAX_OVERLAY_RULES]:
        try:
            name = (_attr(attrs, "name") or "")[:100]
            image = (_attr(attrs, "image") or "")[:120]
            if tag == "underlaySSRule":
                current = None
                if name:
                    underlays[name] = None
                continue
            if tag == "overlaySSRuleSet":
                current = name or None
                if current:
                    rules[current] = []
                continue
            owner = name if tag == "overlaySSRule" else current
            if tag == "overlaySSRule":
                current = None
            x, y = _number(attrs, "x", -100_000, 100_000), _number(attrs, "y", -100_000, 100_000)
        except BoardError:
            continue
        if owner and image and x is not None and y is not None and x == int(x) and y == int(y):
            rules.setdefault(owner, []).append((image, int(x), int(y)))
    return {k: tuple(v) for k, v in rules.items() if v}, tuple(underlays)


def read_metadata(xml: bytes) -> BoardMetadata:
    """Read ``BoardMetadata.xml``; raise :class:`BoardError` if it is not a board's metadata."""
    if len(xml) > MAX_METADATA_BYTES:
        raise too_large("description (BoardMetadata.xml)", len(xml), MAX_METADATA_BYTES)
    tag, attrs, building_types, overlays = _events(_decode(xml))
    if tag != "boardMetadata":
        raise damaged(f"its description (BoardMetadata.xml) is not a VASL board's (it is headed {quoted(tag, 30)}, "
                      "where a board's is headed “boardMetadata”)")
    name = _attr(attrs, "name") or ""
    if not name:
        raise damaged("its description (BoardMetadata.xml) gives the board no name")
    buildings: dict[str, str] = {}
    for bt in building_types:
        hexname, kind = _attr(bt, "hexName"), _attr(bt, "buildingTypeName")
        if hexname and kind:
            if len(buildings) >= MAX_HEXES:
                raise damaged("its description (BoardMetadata.xml) sets the building type of more hexes than a "
                              "board has")
            buildings[hexname.upper()] = kind
    overlay_rules, underlay_rules = _overlay_rules(overlays)
    return BoardMetadata(
        name=name,
        version=_attr(attrs, "version") or "",
        image_name=_attr(attrs, "boardImageFileName") or "",
        width=_whole(attrs, "width", 1, MAX_BOARD_HEXES),
        height=_whole(attrs, "height", 1, MAX_BOARD_HEXES),
        has_hills=(_attr(attrs, "hasHills", "TRUE") or "").upper() != "FALSE",
        hex_width=_number(attrs, "hexWidth", 8, 1000) or DEFAULT_HEX_WIDTH,
        hex_height=_number(attrs, "hexHeight", 8, 1000) or DEFAULT_HEX_HEIGHT,
        a1_center_x=_number(attrs, "A1CenterX", -100_000, 100_000),
        a1_center_y=_number(attrs, "A1CenterY", -100_000, 100_000),
        alt_hex_grain=(_attr(attrs, "altHexGrain", "FALSE") or "").upper() == "TRUE",
        version_date=_attr(attrs, "versionDate") or "",
        author=_attr(attrs, "author") or "",
        building_types=buildings,
        overlay_rules=overlay_rules,
        underlay_rules=underlay_rules,
    )


def image_size(data: bytes) -> tuple[str, int, int]:
    """A picture's format and size in pixels, from its header (GIF, PNG or JPEG); a JPEG's size
    is looked for in its first :data:`MAX_JPEG_SEGMENTS` segments only."""
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        w, h = struct.unpack_from("<HH", data, 6)
        return "gif", w, h
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24 and data[12:16] == b"IHDR":
        w, h = struct.unpack_from(">II", data, 16)
        return "png", w, h
    if data[:2] == b"\xff\xd8":
        pos = 2
        for _ in range(MAX_JPEG_SEGMENTS):
            if pos + 9 > len(data) or data[pos] != 0xFF:
                break
            marker = data[pos + 1]
            (n,) = struct.unpack_from(">H", data, pos + 2)
            if marker in (0xC0, 0xC1, 0xC2):
                h, w = struct.unpack_from(">HH", data, pos + 5)
                return "jpeg", w, h
            pos += 2 + n
        raise damaged("its picture, a JPEG, does not give its size near its start, where a JPEG picture does")
    raise damaged("its picture is not a GIF, PNG or JPEG picture, the kinds VASL uses")


def _directory(data: bytes) -> None:
    """Size the zip's central directory from its end record before any entry is built: too many
    entries, or a directory too large for them, is refused here."""
    end = data.rfind(b"PK\x05\x06", max(0, len(data) - 22 - 65_535))
    if end < 0 or end + 22 > len(data):
        raise not_a_board()
    disk, cd_disk, _, entries, cd_size, _, _ = struct.unpack_from("<HHHHIIH", data, end + 4)
    if disk != 0 or cd_disk != 0:
        raise BoardError(f"this board file is split over several files, which VASL never does. {FRESH_COPY}")
    if entries == 0xFFFF or cd_size == 0xFFFFFFFF:  # a Zip64 end record says the real figures
        loc = end - 20
        if loc < 0 or data[loc:loc + 4] != b"PK\x06\x07":
            raise damaged("its list of contents cannot be found")
        (rec,) = struct.unpack_from("<Q", data, loc + 8)
        if rec + 56 > len(data) or data[rec:rec + 4] != b"PK\x06\x06":
            raise damaged("its list of contents cannot be found")
        entries, cd_size = struct.unpack_from("<QQ", data, rec + 32)
    if entries > MAX_MEMBERS:
        raise _too_many(entries)
    if cd_size > MAX_DIRECTORY_BYTES:
        raise too_large("list of contents", cd_size, MAX_DIRECTORY_BYTES)


class _Zip:
    """The archive's members, each inflated as a stream under its declared size and a cap."""

    def __init__(self, data: bytes) -> None:
        _directory(data)
        try:
            self.zf = zipfile.ZipFile(io.BytesIO(data))
            infos = self.zf.infolist()
        except Exception:  # noqa: BLE001 - zipfile's errors are not documented as a closed set
            raise not_a_board() from None
        if len(infos) > MAX_MEMBERS:
            raise _too_many(len(infos))
        self.by_name: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            name = info.filename[:120]
            if info.compress_type not in (_STORED, _DEFLATED):
                method = _METHODS.get(info.compress_type, f"method {info.compress_type}")
                raise BoardError(f"this board file was re-packed: its part {quoted(name, 120)} is compressed with "
                                 f"{method}, which VASL cannot read. Use the "
                                 "board file as VASL's board library gives it.")
            if info.flag_bits & 0x1:
                raise BoardError(f"this board file's part {quoted(name, 120)} is locked with a password, which VASL "
                                 "never does. Use the board file as VASL's board library gives it.")
            base = info.filename.rsplit("/", 1)[-1]
            if info.filename.startswith("__MACOSX/"):
                continue  # a Mac's resource forks, beside the real files
            if base and base.lower() not in self.by_name:
                self.by_name[base.lower()] = info

    def read(self, name: str, limit: int, what: str) -> bytes | None:
        """The member ``name`` whole, refused past its declared size or ``limit`` as it inflates."""
        info = self.by_name.get(name.lower())
        if info is None:
            return None
        declared = info.file_size
        if declared > limit:
            raise too_large(what, declared, limit)
        try:
            with self.zf.open(info) as f:
                # stored or deflate only (checked above): zipfile inflates deflate with a bound on
                # each step's output, stops at the declared size and checks the CRC there, so a
                # member that would inflate further is cut where it passes its size and refused
                out = f.read(declared + 1)
        except Exception as e:  # noqa: BLE001 - zipfile's errors are not documented as a closed set
            why = "it fails its check" if "CRC" in str(e) else "it is garbled or holds more than it says"
            raise damaged(f"its {what} cannot be unpacked ({why})") from None
        if len(out) != declared:
            raise damaged(f"its {what} unpacks {'shorter' if len(out) < declared else 'longer'} than the file says")
        return out


def _fits(meta: BoardMetadata, grid: Grid) -> None:
    """The metadata's hexes must cover the grid's pixels as a real board's do (every real grid
    is 0.93..1 × ``hexWidth × width`` across, ``hexHeight × height`` down, its hexes
    ``hexWidth / hexHeight`` ≈ 0.87): within a quarter of that each way, a hex more or less,
    hexes 0.5..1.5 as wide as high. Deriving a board walks each hex's pixel columns, so this
    bounds its time too."""
    ratio = meta.hex_width / meta.hex_height
    across = (meta.hex_width * max(meta.width - 1, 1) * 0.75, meta.hex_width * (meta.width + 1) * 1.25)
    down = (meta.hex_height * meta.height * 0.75, meta.hex_height * (meta.height + 1) * 1.25)
    if not (0.5 <= ratio <= 1.5 and across[0] <= grid.grid_width <= across[1] and down[0] <= grid.grid_height <= down[1]):
        raise damaged(f"board {meta.name}'s hexes ({meta.width} × {meta.height}, each {meta.hex_width:g} × "
                      f"{meta.hex_height:g} pixels) do not fit its terrain grid (LOSData, {grid.grid_width:,} × "
                      f"{grid.grid_height:,} pixels)")


def read_archive(data: bytes) -> BoardArchive:
    """Read a VASL board archive from its bytes; raise :class:`BoardError` naming what is wrong.

    Bounded in time and memory by the limits of this module and of :mod:`.losdata`.
    """
    if not isinstance(data, (bytes, bytearray)):
        raise BoardError("Airhead was given no board file to read")
    data = bytes(data)
    if len(data) > MAX_ARCHIVE_BYTES:
        raise BoardError(f"this file is too large to be a VASL board file ({size_words(len(data))}; a board file is "
                         f"at most {size_words(MAX_ARCHIVE_BYTES)})")
    z = _Zip(data)
    meta_xml = z.read("BoardMetadata.xml", MAX_METADATA_BYTES, "description (BoardMetadata.xml)")
    if meta_xml is None:
        raise BoardError("this file is not a current VASL board file: it has no description of the board "
                         "(BoardMetadata.xml). If it is an older board file, download the board's current version "
                         "from VASL's board library.")
    meta = read_metadata(meta_xml)
    raw = z.read("LOSData", MAX_LOSDATA_BYTES, "terrain grid (LOSData)")
    if raw is None:
        raise BoardError(f"board {meta.name}'s file has no terrain grid (LOSData): it is an older VASL board file. "
                         "Download the board's current version from VASL's board library.")
    grid = read_losdata(raw)
    if (grid.width, grid.height) != (meta.width, meta.height):
        raise damaged(f"its description (BoardMetadata.xml) says board {meta.name} is {meta.width} × {meta.height} "
                      f"hexes, its terrain grid (LOSData) {grid.width} × {grid.height}")
    _fits(meta, grid)
    image = None
    # the picture the metadata names, else the board folder's own (VASL's bdNN.gif) if it holds one
    for name in (meta.image_name, f"bd{meta.name}.gif", f"bd{meta.name}.png"):
        pic = z.read(name, MAX_IMAGE_BYTES, f"picture ({name})") if name else None
        if pic is not None:
            fmt, w, h = image_size(pic)
            if w * h > MAX_IMAGE_PIXELS or w < 1 or h < 1:
                raise damaged(f"board {meta.name}'s picture says it is {w:,} × {h:,} pixels (a board's picture has "
                              f"at most {MAX_IMAGE_PIXELS:,} pixels)")
            image = BoardImage(name, fmt, w, h, pic)
            break
    controls, controls_error = b"", ""
    try:
        controls = z.read("SSRControls", MAX_METADATA_BYTES, "list of its own SSR options (SSRControls)") or b""
    except BoardError as e:  # the board's own options are listed as none, and why: the board still reads
        controls_error = str(e)
    overlays, skipped = _overlay_pictures(z, meta)
    return BoardArchive(meta, grid, image, hashlib.sha256(data).hexdigest(), len(data), controls, controls_error,
                        overlays, skipped)


def _overlay_pictures(z: _Zip, meta: BoardMetadata) -> tuple[dict[str, BoardImage], tuple[str, ...]]:
    """The overlay pictures the metadata places that the archive holds (each once, by file name),
    up to :data:`MAX_OVERLAY_BYTES` in all; a picture that cannot be read, or past that, is not
    kept (its option then says so, never the board)."""
    out: dict[str, BoardImage] = {}
    skipped: list[str] = []
    total = 0
    for places in meta.overlay_rules.values():
        for name, _x, _y in places:
            if name in out or name in skipped:
                continue
            info = z.by_name.get(name.lower())
            if info is None:
                continue
            if total + info.file_size > MAX_OVERLAY_BYTES:
                skipped.append(name)
                continue
            try:
                pic = z.read(name, MAX_IMAGE_BYTES, f"overlay picture ({name})")
                if pic is None:
                    continue
                fmt, w, h = image_size(pic)
            except BoardError:
                skipped.append(name)
                continue
            if w < 1 or h < 1 or w * h > MAX_IMAGE_PIXELS:
                skipped.append(name)
                continue
            total += len(pic)
            out[name] = BoardImage(name, fmt, w, h, pic)
    return out, tuple(skipped)
