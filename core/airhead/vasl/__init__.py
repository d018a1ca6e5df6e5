"""VASL board archives: a player's own ASL boards, read from their files.

* :mod:`.refusals` — :class:`BoardError` and the words of a board file's refusals.
* :mod:`.losdata` — the terrain grid (``LOSData``), kept as bytes.
* :mod:`.archive` — the zip: metadata, grid, picture; every refusal a :class:`BoardError`.
* :mod:`.geometry` — where each hex lies on the board's pixels and what it is called.
* :mod:`.derive` — each hex's terrain, level, building, water, bridge and hexsides, with why.
* :mod:`.library` — the device's boards, their names on a map (as a scenario card gives them),
  maps of them.
* :mod:`.ssr` — VASL's SSR terrain options (No Hedges, Level 2 to Level 1 …) applied to hexes.
* :mod:`.board_ssr` — a board's own SSR options (its ``SSRControls``: special overlays): listed,
  what each does here, and the overlay pictures a game's options paste over a board.

No rule is imported here: the command line (:mod:`airhead.board_cli`) lives above. Archives in
the same format for tests are written by ``tools/board_writer.py`` (test support, not shipped).

VASL's terrain codes and what Airhead makes of them are data: ``tables/vasl_terrain.json``.
"""

from __future__ import annotations

from .archive import BoardArchive, BoardImage, BoardMetadata, read_archive
from .derive import DerivedBoard, DerivedHex, derive
from .losdata import BoardError, Grid

__all__ = ["BoardError", "BoardArchive", "BoardImage", "BoardMetadata", "Grid", "DerivedBoard", "DerivedHex",
           "read_archive", "derive", "read_board"]


def read_board(data: bytes) -> DerivedBoard:
    """Read a board archive and derive its hexes; :class:`BoardError` names what is wrong."""
    return derive(read_archive(data))
