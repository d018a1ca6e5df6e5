"""The words of a board file's refusals: :class:`BoardError`, and how its messages name what is
wrong and what to do.

A player imports a board file at the table: a refusal says, in a wargamer's words, which part of
the file is wrong (by what it holds: "its terrain grid", "its description", with the file's own
name in brackets where it helps: ``LOSData``, ``BoardMetadata.xml``), how, and what to do (most
often: get a fresh copy of the board from VASL's board library). Never a Java, XML or zip term, a
byte count or a Python repr: ``tests/fuzz/test_board_fuzz.py`` checks the refusals of its
corpus for such words.
"""

from __future__ import annotations

from ..errors import DataError, quoted

__all__ = ["BoardError", "FRESH_COPY", "damaged", "size_words", "said", "not_a_board", "too_large"]


class BoardError(DataError):
    """A board archive (or a part of one) cannot be read: the message says what is wrong, in a
    wargamer's words, and what to do."""


#: What a player does with a damaged board file: the last sentence of most refusals.
FRESH_COPY = "Get a fresh copy of the board from VASL's board library."

#: The metadata's attributes in a player's words (a refusal names the attribute after them).
_WORDS = {"name": "the board's name", "version": "the board's version", "boardImageFileName": "its picture's name",
          "width": "the board's width", "height": "the board's height", "hexWidth": "the width of its hexes",
          "hexHeight": "the height of its hexes", "A1CenterX": "where hex A1 lies across",
          "A1CenterY": "where hex A1 lies down", "hasHills": "whether it has hills", "altHexGrain": "how its hexes lie",
          "versionDate": "the version's date", "author": "the board's author", "hexName": "a building's hex",
          "buildingTypeName": "a building's type"}


def damaged(what: str) -> BoardError:
    """The refusal of a damaged board file: ``what`` is wrong ("its terrain grid (LOSData) is cut
    short"), then what to do."""
    return BoardError(f"this board file is damaged: {what}. {FRESH_COPY}")


def size_words(n: int) -> str:
    """A size as a player reads a file's: ``256 kB``, ``25.3 MB``, ``3.2 GB`` (never bytes)."""
    for unit, scale in (("GB", 10**9), ("MB", 10**6)):
        if n >= scale:
            return f"{n / scale:,.1f}".removesuffix(".0") + f" {unit}"
    return f"{max(n, 1_000) / 1_000:,.0f} kB"


def said(name: str) -> str:
    """A metadata attribute as a refusal names it: ``the width of its hexes (hexWidth)``."""
    words = _WORDS.get(name)
    if words is None:
        return quoted(name, 30)
    return words if name.lower() in words.lower() else f"{words} ({name})"


def not_a_board() -> BoardError:
    """A file that is no VASL board file at all."""
    return BoardError("this file is not a VASL board file. Import a board's file as VASL keeps it (such as bd02, "
                      "from VASL's boards folder or its board library).")


def too_large(what: str, size: int, limit: int) -> BoardError:
    """A part of the file (``what``: "terrain grid (LOSData)") larger than any VASL board's."""
    return BoardError(f"this board file's {what} is larger than any VASL board's ({size_words(size)}; at most "
                      f"{size_words(limit)}): it is damaged, or not a VASL board. {FRESH_COPY}")
