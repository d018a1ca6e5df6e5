"""Save files and share links: versioned, compact, bounded and validated.

A save is JSON: ``{"airhead": 5, "scenario": ..., "seed": ..., "actions": [...]}``, where the
scenario is either ``{"builtin": "default"}`` or a whole scenario (:meth:`Scenario.to_data`),
``"older_actions": n`` when its first ``n`` actions were recorded by a format before 3 (before the
rules of the turn) and ``"format3_actions": m`` when its first ``m`` were recorded by a format
before 4 (before E7.4's statement of a FB's second attack); they replay as Airhead then played
them. A game on imported boards saved before format 5 has the LOS settings whose default format 5
changed written into its settings at their former defaults, so it keeps the readings it was
played with (:func:`_from_format_4`). A save's age is its format version. A share link carries
the same JSON, zlib-compressed and base64url-encoded, in the URL fragment after a version tag:
``https://.../#a5.eNq...``. The fragment never reaches a server.

Everything decoded is untrusted, and decoding is linear in its length. Sizes are checked before
any work (link length, then the decompressed size while decompressing), then the version, the
nesting depth (without recursion), the JSON (numbers and text checked as they are read), every
field, the scenario (map size, terrain, settings) and the actions' shapes; finally the actions
are replayed. Any failure raises a :class:`CodecError` with a message fit for a player (a game on
imported boards this device lacks: :class:`~airhead.errors.MissingBoardError`, which names them);
any other exception is a defect. Whatever is accepted can be shown by the app and written out again.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import re
import zlib
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate
from typing import Any, Callable, Mapping

from .actions import check_action
from .errors import ActionError, DataError, MissingBoardError, WorkError, quoted
from .fields import Field, parse_fields
from .game import Game
from .scenario import Scenario
from .formats import SAVE_FORMAT, VASL_LOS_FORMAT
from .systems import BUILTINS, RETIRED, builtin, get, load_scenario, new_game
from .work import OPEN_BUDGET, REPLAY_BUDGET, collector_paused

__all__ = [
    "CodecError",
    "VersionError",
    "SizeError",
    "SaveData",
    "FORMAT_VERSION",
    "MIGRATIONS",
    "LINK_PREFIX",
    "MAX_LINK_CHARS",
    "MAX_JSON_BYTES",
    "MAX_ACTIONS",
    "encode_save",
    "decode_save",
    "encode_link",
    "decode_link",
    "decode_any",
    "board_files",
]

FORMAT_VERSION = SAVE_FORMAT
LINK_PREFIX = f"a{FORMAT_VERSION}."
MAX_LINK_CHARS = 200_000
MAX_JSON_BYTES = 1_000_000
MAX_ACTIONS = 5_000

#: Schema migrations: ``MIGRATIONS[v]`` turns a format-``v`` save object into format ``v + 1``.
#: A link or file made by an older Airhead is migrated step by step up to :data:`FORMAT_VERSION`;
#: a format whose migration was retired is refused with a message saying so.
def _from_format_1(obj: dict[str, Any]) -> dict[str, Any]:
    """Format 2 adds actions (``advance``; ``edit`` of units and markers) and reads settings with
    each system's schema; a format-1 save means the same as it is."""
    return obj


def _from_format_2(obj: dict[str, Any]) -> dict[str, Any]:
    """Format 3 plays every action by the rules of the turn (E7, E1: a start with no agreement
    key is not agreed). A format-2 save's actions were recorded before: ``older_actions`` says how
    many, and they replay as Airhead then played them (:attr:`airhead.game.Game.older`)."""
    actions = obj.get("actions")
    if not isinstance(actions, list):
        return obj
    return {**obj, "actions": [_without_arrival_fog(a) for a in actions], "older_actions": len(actions)}


def _without_arrival_fog(action: Any) -> Any:
    """A format-2 *Air Support arrival* start's ``fog`` box left out: E7.2's Fog is now a property
    of each attacked Location (a scenario setting), and a saved start always had it unticked (a
    ticked one was refused, so never saved)."""
    if not (isinstance(action, dict) and action.get("type") == "start" and action.get("procedure") == "asl.air_arrival"
            and isinstance(action.get("params"), dict) and "fog" in action["params"]):
        return action
    return {**action, "params": {k: v for k, v in action["params"].items() if k != "fog"}}


def _from_format_3(obj: dict[str, Any]) -> dict[str, Any]:
    """Format 4 asks a FB's strafing run or Point Attack, just before its second attack, which of
    the two it is making (E7.4), a prompt of its own. A format-3 save's actions were recorded
    before: ``format3_actions`` says how many, and a run among them keeps the kind its plan
    stated at its start, as Airhead then played it."""
    actions = obj.get("actions")
    if not isinstance(actions, list):
        return obj
    return {**obj, "format3_actions": len(actions)}


def _from_format_4(obj: dict[str, Any]) -> dict[str, Any]:
    """Format 5 reads LOS on imported boards by default as VASL's engine does where A6 leaves it
    open (ASL: one Hindrance per range from the firer; a wall or hedge along the thread's hexside
    blocks). A format-4 game on imported boards keeps the readings it was played with: they are
    written into its settings where it has none, and a settings edit among its actions that put
    one back to its default puts it back to that default then."""
    return _with_former_defaults(obj, VASL_LOS_FORMAT)


def _with_former_defaults(obj: dict[str, Any], fmt: int) -> dict[str, Any]:
    """``obj`` (a save of format ``fmt - 1``) with the settings whose default format ``fmt``
    changed written out at their former default (:attr:`airhead.plug.Rules.former_board_defaults`)
    if its scenario is a whole scenario on imported boards; anything else is left for the
    validation to read or refuse."""
    sc = obj.get("scenario")
    if not (isinstance(sc, dict) and isinstance(sc.get("boards"), dict) and sc["boards"] and isinstance(sc.get("system"), str)):
        return obj
    try:
        rules = get(sc["system"]).rules
    except DataError:
        return obj
    old = rules.former_board_defaults.get(fmt)
    settings = sc.get("settings", {})
    root = rules.settings_root
    own = settings.get(root, {}) if root and isinstance(settings, dict) else settings
    if not old or not isinstance(own, dict):
        return obj
    own = {**old, **own}
    sc = {**sc, "settings": {**settings, root: own} if root else own}
    out = {**obj, "scenario": sc}
    if isinstance(obj.get("actions"), list):
        out["actions"] = [_edit_former(a, old) for a in obj["actions"]]
    return out


def _edit_former(action: Any, old: Mapping[str, Any]) -> Any:
    """A settings edit that put one of ``old``'s settings back to its default (``None``) puts it
    to its default then."""
    if not (isinstance(action, dict) and action.get("type") == "edit" and action.get("op") == "settings"
            and isinstance(action.get("set"), dict) and any(k in old and v is None for k, v in action["set"].items())):
        return action
    return {**action, "set": {k: old[k] if k in old and v is None else v for k, v in action["set"].items()}}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_format_1, 2: _from_format_2, 3: _from_format_3,
                                                                     4: _from_format_4}
OLDEST_READABLE = 1

_B64URL = re.compile(r"^[A-Za-z0-9_-]*$")
_LINK_TAG = re.compile(r"^a([0-9]{1,6})\.")


@lru_cache(maxsize=None)
def _builtin(name: str) -> Scenario:
    """A built-in scenario, read once (a scenario is immutable)."""
    return builtin(name)


#: A save's JSON form after any migration (the scenario and each action have their own readers).
SAVE_FIELDS: tuple[Field, ...] = (
    Field("airhead", "format", "int"),
    Field("scenario", "scenario", "any"),
    Field("seed", "dice seed", "text", lo=1, hi=64),
    Field("actions", "actions", "list", default=[], hi=10 * 5_000, item=Field("actions", "action", "any")),
    Field("older_actions", "actions of an older format", "int", lo=0, hi=10 * 5_000, default=0),
    Field("format3_actions", "actions of format 3 or older", "int", lo=0, hi=10 * 5_000, default=0),
)


class CodecError(DataError):
    """A save file or link is malformed, tampered with, too large or unreadable."""


class VersionError(CodecError):
    """A save or link was made by a newer (or unknown) version of Airhead."""


class SizeError(CodecError):
    """Input is larger than the codec accepts."""


@dataclass(frozen=True)
class SaveData:
    """What a save or link carries: scenario, dice seed and actions."""

    scenario: Scenario
    seed: str
    actions: tuple[dict[str, Any], ...] = field(default_factory=tuple)
    #: How many of the first actions an older save format recorded (before the rules of the
    #: turn, :data:`~airhead.formats.TURN_RULES_FORMAT`): they replay as Airhead then played them.
    older: int = 0
    #: How many of the first actions a format before 4 recorded (before E7.4's statement of a
    #: FB's second attack, :data:`~airhead.formats.STATED_ATTACK_FORMAT`; at least :attr:`older`).
    format3: int = 0

    @classmethod
    def of(cls, game: Game) -> SaveData:
        """The save data of a game."""
        return cls(game.scenario, game.seed, tuple(game.actions), game.older, game.format3)

    def to_game(self) -> Game:
        """Replay the actions; raise :class:`CodecError` if they do not replay, :class:`SizeError`
        if replaying them asks for more work than a saved game may (:mod:`airhead.work`)."""
        loads = 0
        if self.scenario.boards:  # reading its boards counts in the open budget (docs/core.md)
            from .vasl.library import boards_work

            loads = boards_work(self.scenario.boards)
            if loads > OPEN_BUDGET:
                n = len({ref.sha256 for ref in self.scenario.boards.values()})
                raise SizeError(f"the game is too heavy to open: reading its {'board' if n == 1 else f'{n} boards'} takes "
                                f"{loads:,} steps of work, more than a saved game may ask for (the limit is "
                                f"{OPEN_BUDGET:,} steps with its replay and drawing); a map of fewer or smaller boards opens")
        try:
            return new_game(self.scenario, self.seed, self.actions, self.older, self.format3, loads=loads)
        except WorkError as e:
            if loads and not e.drawing and e.budget < REPLAY_BUDGET:
                raise SizeError(f"the game is too heavy to open: reading its boards ({loads:,} steps of work) and replaying "
                                f"it take more than a saved game may ask for (the limit, {OPEN_BUDGET:,} steps for both, "
                                f"is reached at action {e.index + 1:,})") from None
            if e.drawing and e.budget == OPEN_BUDGET and loads:
                raise SizeError(f"the game is too heavy to open: reading its boards ({loads:,} steps of work), replaying it "
                                f"and drawing the map as it stands take more work than a saved game may ask for (the "
                                f"limit is {e.budget:,} steps for all three)") from None
            if e.drawing and e.budget == OPEN_BUDGET:
                raise SizeError(f"the game is too heavy to open: replaying it and drawing the map as it stands take "
                                f"more work than a saved game may ask for (the limit is {e.budget:,} steps for both)") from None
            if e.drawing:
                raise SizeError(f"the game is too heavy to open: drawing the map as it stands takes more work than a "
                                f"saved game may ask for (the limit is {e.budget:,} steps)") from None
            raise SizeError(f"the game is too heavy to open: replaying it takes more work than a saved game may ask "
                            f"for (the limit, {e.budget:,} steps, is reached at action {e.index + 1:,})") from None
        except ActionError as e:
            raise CodecError(f"the game does not replay: {e}") from None

    def to_data(self) -> dict[str, Any]:
        """The JSON object of a save."""
        sc: dict[str, Any] = {"builtin": self.scenario.builtin} if self.scenario.builtin else self.scenario.to_data()
        out = {"airhead": FORMAT_VERSION, "scenario": sc, "seed": self.seed, "actions": [dict(a) for a in self.actions]}
        if self.older:
            out["older_actions"] = self.older
        if self.format3:
            out["format3_actions"] = self.format3
        return out


def _canonical(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


#: A save larger than this (compact) is written compact: indenting it would be slow and could
#: make it larger than a save may be.
PRETTY_SAVE_BYTES = 200_000


def encode_save(data: SaveData | Game) -> str:
    """A save file's text: canonical key order, indented to be read unless it is large (then
    compact, so that every save this writes opens again)."""
    sd = SaveData.of(data) if isinstance(data, Game) else data
    obj = sd.to_data()
    text = _canonical(obj)
    if len(text) > PRETTY_SAVE_BYTES:
        return text
    return json.dumps(obj, sort_keys=True, indent=1, ensure_ascii=False, allow_nan=False)


def encode_link(data: SaveData | Game, base: str = "") -> str:
    """A share link: ``base`` (the app's URL, may be empty) + ``#a3.`` + compressed data."""
    sd = SaveData.of(data) if isinstance(data, Game) else data
    raw = _canonical(sd.to_data()).encode("utf-8")
    packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")
    return f"{base.split('#', 1)[0]}#{LINK_PREFIX}{packed}"


_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'"[]{}')
_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
MAX_DEPTH = 32
#: Whole numbers in a save are small (hexes, dice, levels): at most this many digits. Python
#: would read a 4,000-digit number (in time that grows with the square of its length), and a
#: browser's JavaScript could not hold one exactly.
MAX_INT_DIGITS = 15
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")


def _has_long_digits(text: str) -> bool:
    """True if ``text`` has a run of more than :data:`MAX_INT_DIGITS` ASCII digits (its UTF-8
    bytes with every digit made a 0, then one substring search: ~4x quicker than a regular
    expression over a 1 MB save; no byte of a multi-byte character is an ASCII digit)."""
    return b"0" * (MAX_INT_DIGITS + 1) in text.encode("utf-8", "surrogatepass").translate(_DIGITS_AS_ZERO)


def _max_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """Deepest bracket nesting outside strings (exact up to ``limit``; beyond it, some number
    over ``limit``), without recursion: Pyodide's stack is small enough that the JSON parser
    itself can overflow it on hostile input. For any text it is at least the depth the parser
    reaches before it stops.

    Linear, in a few passes of the string methods (no regular expression can backtrack): an
    escaped backslash and then an escaped quote are removed (left to right, as JSON pairs them),
    every byte but quotes and brackets dropped, and what lies between quotes left out."""
    unescaped = text.replace("\\\\", "").replace('\\"', "")
    kept = unescaped.encode("utf-8", "surrogatepass").translate(None, _NOT_STRUCTURE)
    steps = memoryview(b"".join(kept.split(b'"')[::2]).translate(_STEPS)).cast("b")  # +1 / -1
    top = level = 0
    for i in range(0, len(steps), 65_536):  # in chunks, to stop as soon as it is too deep
        sums = list(accumulate(steps[i:i + 65_536], initial=level))
        top, level = max(top, max(sums)), sums[-1]
        if top > limit:
            break
    return top


#: A ``\uD800``-``\uDFFF`` escape: a pair of them is one character, a lone one is not text.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _encodable(text: str) -> bool:
    """False if ``text`` itself holds a surrogate (a caller's string may)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise CodecError(f"a number in the data is too large ({text[:12]}…; at most {MAX_INT_DIGITS} digits)")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise CodecError(f"a number in the data is too large ({text[:24]})")
    return value


def _reject_constant(name: str) -> Any:
    raise CodecError(f"{name} is not allowed in a save")


def _loads(text: str) -> Any:
    """Parse untrusted JSON: bounded depth, finite numbers of bounded size, valid Unicode text."""
    if _max_depth(text) > MAX_DEPTH:
        raise CodecError(f"the data is nested too deeply (more than {MAX_DEPTH} levels)")
    try:
        # whole numbers are checked one by one only if the text has a run of digits that long
        ints = _parse_int if _has_long_digits(text) else None
        obj = json.loads(text, parse_constant=_reject_constant, parse_int=ints, parse_float=_parse_float)
    except RecursionError:
        raise CodecError("the data is nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as e:  # CodecError is a ValueError: keep its message
        if isinstance(e, CodecError):
            raise
        raise CodecError(f"not valid JSON ({str(e)[:80]})") from None
    if ("\\u" in text and _SURROGATE_ESCAPE.search(text)) or not _encodable(text):
        try:
            # "\ud800" escapes decode to lone surrogates: text no file, link or page can hold again
            json.dumps(obj, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise CodecError("the data holds text that is not valid Unicode (a lone surrogate such as \\ud800)") from None
    return obj


def _validate(obj: Any) -> SaveData:
    if not isinstance(obj, dict):
        raise CodecError("a save must be a JSON object")
    version = obj.get("airhead")
    if isinstance(version, bool) or not isinstance(version, int):
        raise CodecError("this is not an Airhead save (no 'airhead' version field)")
    if version > FORMAT_VERSION:
        raise VersionError(f"made by a newer Airhead (format {version}; this one reads up to {FORMAT_VERSION}): update the app")
    if version < OLDEST_READABLE:
        raise VersionError(f"save format {version} is too old for this Airhead (it reads formats {OLDEST_READABLE}..{FORMAT_VERSION})")
    while version < FORMAT_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise VersionError(f"save format {version} can no longer be read: no migration to format {version + 1}")
        try:
            obj = step(dict(obj))
        except (KeyError, TypeError, ValueError):  # their words are Python's: the player is told what it means
            raise CodecError(f"this save, written by an older Airhead (format {version}), is damaged: a part of it is "
                             "missing or not what that version wrote, so it cannot be brought up to date") from None
        version += 1
        obj["airhead"] = version
    try:
        obj = parse_fields(SAVE_FIELDS, obj, None, "save")
    except DataError as e:
        raise CodecError(str(e)) from None
    seed = obj["seed"]
    # The actions first: their shapes need no scenario, and a broken one is then refused without
    # reading the whole map (at the size limits the scenario is most of the time a refusal takes).
    actions = obj["actions"]
    if len(actions) > MAX_ACTIONS:
        raise SizeError(f"too many actions ({len(actions)}; at most {MAX_ACTIONS})")
    checked = []
    for i, a in enumerate(actions):
        if not isinstance(a, dict) or not isinstance(a.get("type"), str):
            raise CodecError(f"action {i + 1}: an action is an object with a 'type' (text)")
        try:
            checked.append(check_action(a))
        except ActionError as e:
            raise CodecError(f"action {i + 1}: {e}") from None
    sc = obj["scenario"]
    if isinstance(sc, dict) and set(sc) == {"builtin"}:
        if sc["builtin"] not in BUILTINS and sc["builtin"] not in RETIRED:
            raise CodecError(f"unknown built-in scenario {quoted(sc['builtin'], 40)}")
        scenario = _builtin(sc["builtin"])
    else:
        try:
            scenario = load_scenario(sc)
            get(scenario.system).settings_of(scenario)  # a save that decodes is a game the app can show
        except MissingBoardError:
            raise  # the app asks for the board's file (the message names it)
        except DataError as e:
            raise CodecError(f"scenario: {e}") from None
    if obj["older_actions"] > len(checked):
        raise CodecError(f"the save says {obj['older_actions']} of its actions are of an older format, but it has "
                         f"{len(checked)}")
    if obj["format3_actions"] > len(checked):
        raise CodecError(f"the save says {obj['format3_actions']} of its actions are of format 3 or older, but it has "
                         f"{len(checked)}")
    return SaveData(scenario, seed, tuple(checked), obj["older_actions"], max(obj["older_actions"], obj["format3_actions"]))


#: How much longer data can be written than read (a float's shortest text against Python's:
#: ``1e15`` and ``1000000000000000.0``).
_GROWTH = 5


def _fits_when_written(data: SaveData, read: int) -> SaveData:
    """``data`` if it can be written out again as a save (``read``: the size it was read from).

    What is written is canonical: numbers as Python writes them (``1e15`` becomes
    ``1000000000000000.0``, at most :data:`_GROWTH` times longer), hex names as the map names
    them, defaults left out. Only data read from more than 1 / _GROWTH of the limit can outgrow
    it, so only that is written out to measure."""
    if read * _GROWTH <= MAX_JSON_BYTES:
        return data
    size = len(_canonical(data.to_data()).encode("utf-8"))
    if size > MAX_JSON_BYTES:
        raise SizeError(f"the game is too large to save again ({size:,} bytes written out; at most {MAX_JSON_BYTES:,})")
    return data


def _no_cycle_collection() -> Any:
    """Python's cycle collector paused while a save is read: reading one makes up to ~100,000
    objects, none in a cycle, and each collection it triggers walks every object the program
    holds (8-20 ms of a 1 MB save's ~90; :func:`airhead.work.collector_paused`)."""
    return collector_paused()


def decode_save(text: str | bytes) -> SaveData:
    """Read and validate a save file (the actions are checked, not yet replayed)."""
    if len(text) > MAX_JSON_BYTES:
        raise SizeError(f"the file is too large ({len(text):,} bytes; at most {MAX_JSON_BYTES:,})")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise CodecError("the file is not UTF-8 text") from None
    with _no_cycle_collection():
        data = _validate(_loads(text))
    return _fits_when_written(data, len(text.encode("utf-8", "surrogatepass")))


def decode_link(link: str) -> SaveData:
    """Read and validate a share link (a whole URL or just its fragment)."""
    text, size = _link_text(link)
    with _no_cycle_collection():
        data = _validate(_loads(text))
    return _fits_when_written(data, size)


def _link_text(link: str) -> tuple[str, int]:
    """A link's JSON text and its size in bytes, unpacked under the limits."""
    if not isinstance(link, str):
        raise CodecError("a link must be text")
    if len(link) > MAX_LINK_CHARS:
        raise SizeError(f"the link is too long ({len(link):,} characters; at most {MAX_LINK_CHARS:,})")
    frag = link.split("#", 1)[1] if "#" in link else link
    frag = frag.strip()
    m = _LINK_TAG.match(frag)
    if not m:
        raise CodecError("this is not an Airhead link (it should end in #a1. and the game data)")
    version = int(m.group(1))
    if version > FORMAT_VERSION:
        raise VersionError(f"made by a newer Airhead (link format {version}; this one reads up to {FORMAT_VERSION}): update the app")
    if version < OLDEST_READABLE:
        raise VersionError(f"link format {version} is too old for this Airhead (it reads formats {OLDEST_READABLE}..{FORMAT_VERSION})")
    body = frag[m.end():]
    if not _B64URL.match(body):
        raise CodecError("the link is damaged (characters that do not belong in it)")
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise CodecError("the link is damaged (bad encoding); it may have been cut short") from None
    d = zlib.decompressobj()
    try:
        raw = d.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error:
        raise CodecError("the link is damaged (it does not decompress); it may have been cut short") from None
    if len(raw) > MAX_JSON_BYTES or d.unconsumed_tail:
        raise SizeError(f"the link's data is too large (over {MAX_JSON_BYTES:,} bytes)")
    if not d.eof:
        raise CodecError("the link is incomplete; it may have been cut short")
    if d.unused_data:
        raise CodecError("the link has extra data after the game")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise CodecError("the link is damaged (not text inside)") from None
    return text, len(raw)


_SHA256 = re.compile(r"^[0-9a-f]{64}$")


def board_files(text: str) -> tuple[str, ...]:
    """The SHA-256s of the imported boards a save's or a link's scenario names, so that a device
    can load them before the game is decoded; empty if it names none or cannot be read (decoding
    it then says why)."""
    try:
        t = text.strip() if isinstance(text, str) else ""
        if not t.startswith("{"):
            t = _link_text(t)[0]
        elif len(t) > MAX_JSON_BYTES:
            return ()
        with _no_cycle_collection():
            obj = _loads(t)
    except CodecError:
        return ()
    scenario = obj.get("scenario") if isinstance(obj, dict) else None
    boards = scenario.get("boards") if isinstance(scenario, dict) else None
    if not isinstance(boards, dict):
        return ()
    shas = [ref.get("sha256") for ref in list(boards.values())[:64] if isinstance(ref, dict)]
    return tuple(dict.fromkeys(s for s in shas if isinstance(s, str) and _SHA256.match(s)))


def decode_any(text: str) -> SaveData:
    """A link or a save file, whichever ``text`` is."""
    t = text.strip() if isinstance(text, str) else text
    if isinstance(t, str) and not t.startswith("{"):
        return decode_link(t)
    return decode_save(t)
