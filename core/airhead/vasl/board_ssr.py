"""A board's own SSR options, as its archive's ``SSRControls`` lists them (VASL's "Board N
Special overlays": Remove the Pond, Woods Path is Dirt Road, 32: Subterranean Quarry …).

Facts of VASL's format (the public VASL sources, LGPL: the michalxo/vasl fork's
``boards/src/bdNN/SSRControls``, read by VASL's ``SSRControlsFile.java``; see
``docs/rules-notes.md``, "A board's own SSR options"): ``<SSRControls>`` holds ``<Option
name=…>`` groups of ``<Checkbox>`` (or ``<Combobox>``) whose ``<entry name=… rule=… text=…>`` is
one option: ``name`` the player's words, ``rule`` VASL's key (``BSO_10_PondToOG``: a board
special overlay; ``SSO_32``: a scenario's special overlay). Such an option is a picture pasted over
the board (``BoardMetadata.xml``'s ``overlaySSRule`` places it), with no terrain data: VASL turns
line of sight off when one is chosen. An entry whose rule is one of the shared LOS SSR rules
(:mod:`.ssr`) is that rule.

The file is untrusted and read as the board's metadata is (:mod:`.archive`): at most
``MAX_METADATA_BYTES``, its bytes decoded as the metadata's are, expat's events only, at most
``MAX_ELEMENTS`` elements, and a document type or an entity stops the reading where it starts.
The archive reader keeps the file's bytes (``BoardArchive.controls``); :func:`board_options`
reads them once per board.

What Airhead applies of them (:func:`option_effect`, ``docs/rules-notes.md``, "A board's own SSR
options"): an option whose rule is one of the shared LOS SSR rules is that rule (it changes the
terrain of the map, as the shared options do); an option whose pictures the archive holds is
drawn over the board's picture, and changes the picture only: the hex terrain stays as printed;
any other (no picture placed, its picture missing, a pattern VASL paints over the board's
colours) cannot be applied, and says why. A game names a board's own option with its board:
``10:BSO_10_PondToOG`` (:func:`option_key`), in its list of SSR options.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..errors import DataError, quoted
from .archive import MAX_METADATA_BYTES, BoardArchive, BoardImage, Refused, _decode, parse_xml
from .derive import DerivedBoard
from .refusals import FRESH_COPY, BoardError, damaged, too_large
from .ssr import ssr_rules

__all__ = ["BoardOption", "read_ssr_controls", "MAX_BOARD_OPTIONS", "board_options", "option_effect", "Effect",
           "option_key", "split_option", "pictured_options", "check_board_options", "overlays_for", "TERRAIN", "PICTURE", "NONE"]

#: The most options a board lists (the public VASL boards list at most a dozen).
MAX_BOARD_OPTIONS = 200
#: The longest name or rule kept (longer ones are cut: they are labels, never keys to look up).
MAX_WORDS = 100
#: The part of the board file read here, as a refusal names it.
_WHAT = "list of its own SSR options (SSRControls)"


@dataclass(frozen=True)
class BoardOption:
    """One of a board's own SSR options: VASL's ``rule`` key, its ``name`` in the player's
    words and the ``group`` (``Option``) that lists it."""

    rule: str
    name: str
    group: str = ""

    @property
    def shared(self) -> bool:
        """True if the option is one of VASL's shared LOS SSR rules (it changes hex terrain)."""
        return self.rule in ssr_rules()


def read_ssr_controls(xml: bytes) -> tuple[BoardOption, ...]:
    """The options a board's ``SSRControls`` lists, in its order (each rule once); raise
    :class:`BoardError` naming what is wrong with the file (a caller listing a board's options
    should then list none and say why, not refuse the board: VASL's own board 32 has a mismatched
    tag there). An empty file lists none."""
    if len(xml) > MAX_METADATA_BYTES:
        raise too_large(_WHAT, len(xml), MAX_METADATA_BYTES)
    text = _decode(xml, _WHAT)
    if not text.strip():  # an empty file (VASL's board 17z has one): no options
        return ()
    out: dict[str, BoardOption] = {}
    group: list[str] = []
    root: list[str] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        if not root:
            root.append(tag)
            if tag != "SSRControls":
                raise Refused(f"this board file is damaged: its {_WHAT} is not a list of SSR options (it is headed "
                              f"{quoted(tag, 30)}, where VASL's is headed “SSRControls”). {FRESH_COPY}")
        elif tag == "Option":
            group.append(" ".join(attrs.get("name", "").split())[:MAX_WORDS])
        elif tag == "entry":
            rule = attrs.get("rule", "").strip()[:MAX_WORDS]
            if rule and rule not in out:
                if len(out) >= MAX_BOARD_OPTIONS:
                    raise Refused(f"this board file's {_WHAT} has more than {MAX_BOARD_OPTIONS} options, far more "
                                  f"than any VASL board's. {FRESH_COPY}")
                name = " ".join((attrs.get("name") or attrs.get("text") or rule).split())[:MAX_WORDS]
                out[rule] = BoardOption(rule, name, group[-1] if group else "")

    parse_xml(text, start, _WHAT)
    if not root:
        raise damaged(f"its {_WHAT} is empty")
    return tuple(out.values())


#: What an option does on Airhead's map (:class:`Effect`).
TERRAIN, PICTURE, NONE = "terrain", "picture", "none"
#: A board's own option in a game's list of SSR options: ``BOARD:RULE`` (``10:BSO_10_PondToOG``).
_KEY = re.compile(r"^(?P<board>[A-Za-z0-9]{1,12}):(?P<rule>[^\x00-\x1f:]{1,60})$")


@dataclass(frozen=True)
class Effect:
    """What one of a board's own options does here: ``kind`` (:data:`TERRAIN`: it is one of the
    shared terrain options; :data:`PICTURE`: a picture over the board only; :data:`NONE`: it
    cannot be applied) and ``words``, the player's explanation."""

    kind: str
    words: str


_OPTIONS: dict[str, tuple[tuple[BoardOption, ...], str]] = {}


def board_options(archive: BoardArchive) -> tuple[tuple[BoardOption, ...], str]:
    """The board's own options (its ``SSRControls``), and why none are listed when its file
    cannot be read (empty otherwise); read once per archive."""
    got = _OPTIONS.get(archive.sha256)
    if got is None:
        if archive.controls_error:
            got = ((), archive.controls_error)
        else:
            try:
                got = (read_ssr_controls(archive.controls), "")
            except BoardError as e:
                got = ((), str(e))
        if len(_OPTIONS) >= 32:
            _OPTIONS.pop(next(iter(_OPTIONS)))
        _OPTIONS[archive.sha256] = got
    return got


def option_effect(archive: BoardArchive, rule: str) -> Effect:
    """What the board's option ``rule`` does on Airhead's map, in the player's words."""
    shared = ssr_rules().get(rule)
    if shared is not None:
        if shared.kind == "customCode":
            return Effect(NONE, f"VASL applies {rule} in its own code, which Airhead does not have yet")
        return Effect(TERRAIN, f"VASL's SSR terrain option {rule} ({shared.describe()}): it changes the terrain "
                               "of every board of the map")
    places = archive.metadata.overlay_rules.get(rule)
    if places:
        missing = [name for name, _x, _y in places if name not in archive.overlays]
        if not missing:
            return Effect(PICTURE, "drawn over the board's picture; it changes the picture only: the terrain "
                                   "stays as printed (paint the hexes it changes if the scenario needs them)")
        if any(name in archive.overlays_skipped for name in missing):
            return Effect(NONE, f"its picture ({missing[0][:60]}) is too large to be read from this file")
        return Effect(NONE, f"its picture ({missing[0][:60]}) is not in this file")
    if rule in archive.metadata.underlay_rules:
        return Effect(NONE, "VASL paints it as a pattern over some of the board's colours, which Airhead does not "
                            "draw, and VASL knows no terrain change for it")
    return Effect(NONE, "the board's file places no picture for it and VASL knows no terrain change for it")


def pictured_options(archive: BoardArchive) -> tuple[BoardOption, ...]:
    """The board's own options Airhead draws over its picture (what a player may choose of them)."""
    return tuple(o for o in board_options(archive)[0] if option_effect(archive, o.rule).kind == PICTURE)


def option_key(board_id: str, rule: str) -> str:
    """A board's own option as a game names it: ``10:BSO_10_PondToOG``."""
    return f"{board_id}:{rule}"


def split_option(name: str) -> tuple[str, str] | None:
    """``(board, rule)`` of a board's own option as a game names it; None for a shared option."""
    m = _KEY.match(name)
    return (m["board"], m["rule"]) if m else None


def check_board_options(names: Sequence[str], board_ids: Sequence[str], refs: Mapping[str, Any],
                        held: Mapping[str, DerivedBoard]) -> None:
    """Each board's own option of ``names`` names a board of the map (``board_ids``) that is an
    imported board (``refs``), and, when the device holds its file (``held``, by board id), one
    of its options that Airhead draws; :class:`DataError` says which is not. An option of a board
    whose file is not here is kept: it changes the picture only."""
    for name in names:
        key = split_option(name)
        if key is None:
            if ":" in name:
                raise DataError(f"{quoted(name, 60)} is not a board's own SSR option as a game names it: the board, a colon, then the "
                                "option (like 10:BSO_10_PondToOG)")
            continue
        bid, rule = key
        if bid not in board_ids:
            raise DataError(f"the SSR option {name[:60]} is board {bid}'s own, and the map has no board {bid}")
        if bid not in refs:
            raise DataError(f"the SSR option {name[:60]} is board {bid}'s own, and board {bid} is a blank geoboard "
                            "here: its own options come with its imported file")
        board = held.get(bid)
        if board is None:
            continue
        options, why = board_options(board.archive)
        if rule not in {o.rule for o in options}:
            if why:
                raise DataError(f"board {bid} lists no SSR options of its own here: {why}")
            listed = ", ".join(o.rule for o in options[:20]) or "none"
            raise DataError(f"board {bid} has no SSR option {rule[:40]} of its own (its own options: {listed})")
        effect = option_effect(board.archive, rule)
        if effect.kind == TERRAIN:
            raise DataError(f"board {bid}'s option {rule} is VASL's shared SSR terrain option: choose it as {rule}")
        if effect.kind == NONE:
            raise DataError(f"board {bid}'s SSR option {rule} cannot be applied: {effect.words}")


def overlays_for(board: DerivedBoard, board_id: str, names: Sequence[str]) -> list[tuple[BoardImage, int, int]]:
    """The overlay pictures the options ``names`` paste over ``board`` (placed on the map as
    ``board_id``), in VASL's order of the options, each ``(picture, x, y)`` on the board's own
    pixels: a shared option's (``NoRoads``: its ``10_NoRoads.gif``) and the board's own options'
    (``10:BSO_10_PondToOG``), each picture the archive holds."""
    archive = board.archive
    out: list[tuple[BoardImage, int, int]] = []
    for name in names:
        key = split_option(name)
        rule = name if key is None else key[1] if key[0] == board_id else ""
        for image, x, y in archive.metadata.overlay_rules.get(rule, ()) if rule else ():
            pic = archive.overlays.get(image)
            if pic is not None:
                out.append((pic, x, y))
    return out
