"""A file the player picked in an ``<input type="file">``: its name and text, read once.

Shared by the Games tab (import a game), the table pack (import tables) and a sealed plan's
secret file. The input is cleared, so picking the same file again reads it again; a file over
the caller's limit is never read (a hostile file cannot make the page read megabytes).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyscript.ffi import is_none

__all__ = ["Picked", "picked_file"]


@dataclass(frozen=True)
class Picked:
    name: str
    size: int
    text: str | None  # None: larger than the limit (not read) or unreadable
    too_large: bool = False


async def picked_file(inp: Any, max_bytes: int) -> Picked | None:
    """The file picked in ``inp`` (None when none was), the input cleared for the next pick."""
    files = inp.files
    if files is None or is_none(files) or files.length == 0:
        return None
    f = files.item(0)
    inp.value = ""
    name, size = str(f.name), int(f.size)
    if size > max_bytes:
        return Picked(name, size, None, True)
    try:
        text = str(await f.text())
    except Exception:  # noqa: BLE001 - the file went away or cannot be read
        return Picked(name, size, None)
    return Picked(name, size, text)
