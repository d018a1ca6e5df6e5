"""Command line: ``python -m airhead replay|svg|validate|link [FILE|LINK]``, ``board info FILE``,
``los --board FILE --map LAYOUT FROM TO``.

``FILE`` is a save file (or a text file holding a link); ``LINK`` a share link or its fragment.
Without one, the built-in default scenario is used.

It behaves as Unix tools do: output on standard output, every refusal on standard error as one
line (``airhead: …``, never a traceback) with exit status 2 (``validate`` answers a save it
refuses with 1, as ``grep`` answers "not found"), a closed pipe (``… | head``) ends it quietly
(status 141, as a process ended by SIGPIPE), Ctrl-C with 130.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Sequence

from .codec import CodecError, SaveData, decode_any, encode_link
from .errors import AirheadError, DataError
from .svg import render_map
from .systems import builtin

__all__ = ["main"]


def _load(source: str | None) -> SaveData:
    if source is None or source == "default":
        return SaveData(builtin("default"), "airhead")
    if os.path.isfile(source):
        size = os.path.getsize(source)
        if size > 4_000_000:
            raise CodecError(f"{source} is too large to be a save ({size:,} bytes)")
        with open(source, encoding="utf-8", errors="strict") as f:
            text = f.read()
        return decode_any(text)
    return decode_any(source)


#: Exit statuses: a refusal (bad input, a file that cannot be read), a save ``validate`` refuses,
#: a closed pipe (128 + SIGPIPE), an interrupt (128 + SIGINT).
EXIT_ERROR, EXIT_INVALID, EXIT_PIPE, EXIT_INTERRUPT = 2, 1, 141, 130


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    try:
        return _main(argv)
    except BrokenPipeError:
        # the reader went away (``| head``): stop quietly; what is still buffered goes nowhere
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, AttributeError):  # stdout without a file descriptor (tests)
            pass
        return EXIT_PIPE
    except KeyboardInterrupt:
        return EXIT_INTERRUPT
    except (AirheadError, OSError, UnicodeDecodeError, ValueError, RecursionError) as e:
        print(f"airhead: {_plain(e)}", file=sys.stderr)
        return EXIT_ERROR


def _plain(e: BaseException) -> str:
    """A refusal as one line a player reads (an OSError as "FILE: No such file or directory")."""
    if isinstance(e, OSError) and e.strerror:
        return f"{e.filename}: {e.strerror}" if e.filename else e.strerror
    if isinstance(e, RecursionError):
        return "the input is nested too deeply to read"
    return str(e) or type(e).__name__


def _main(argv: Sequence[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="python -m airhead", description="Airhead rules core: replay, render and check games.")
    sub = parser.add_subparsers(dest="command", required=True)
    p_replay = sub.add_parser("replay", help="replay a save or link and print its log")
    p_replay.add_argument("source", nargs="?", help="save file, link, or 'default'")
    p_svg = sub.add_parser("svg", help="render the map of a save or link to SVG")
    p_svg.add_argument("source", nargs="?", help="save file, link, or 'default'")
    p_svg.add_argument("-o", "--output", default="-", help="output file (default: standard output)")
    p_svg.add_argument("--size", type=float, default=24.0, help="hex size in pixels (default 24)")
    p_svg.add_argument("--board", action="append", default=[], metavar="FILE",
                       help="a VASL board archive the game is played on (repeatable)")
    p_svg.add_argument("--art", action="store_true", help="draw the --board files' own pictures under the hexes")
    p_svg.add_argument("--map", metavar="LAYOUT", help="a new map on the --board files, as New map takes it: \"2 4\", "
                       "\"2;4a 4b*\", \"2[A-P]\" (rows split by ';', '*' turns a board, [A-P] or [1-5] crops it, "
                       "blank:NAME a blank geoboard)")
    p_svg.add_argument("--ssr", default="", metavar="NAMES",
                       help="with --map: VASL's SSR terrain options, e.g. NoHedges,Level2ToLevel1, and the boards' own "
                            "(BSO_10_PondToOG: its overlay picture, drawn with --art)")
    p_val = sub.add_parser("validate", help="check a save or link; exit 1 with the reason if it is bad (2 if it cannot be read)")
    p_val.add_argument("source", nargs="?", help="save file, link, or 'default'")
    p_link = sub.add_parser("link", help="print the share link of a save")
    p_link.add_argument("source", nargs="?", help="save file, link, or 'default'")
    p_link.add_argument("--base", default="", help="the app's URL to put before the fragment")
    from . import board_cli

    board_cli.add_parser(sub)
    board_cli.add_los_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "board":
        return board_cli.run(args)
    if args.command == "los":
        return board_cli.run_los(args)

    if getattr(args, "ssr", "") and not getattr(args, "map", None):
        raise DataError("--ssr applies SSR terrain options to a new map: give the map with --map")
    boards = [board_cli.load(path) for path in getattr(args, "board", [])]
    try:
        if getattr(args, "map", None):
            data = SaveData(board_cli.scenario_on(args.map, boards, getattr(args, "ssr", "")), "airhead")
        else:
            data = _load(args.source)
        game = data.to_game()
    except (AirheadError, UnicodeDecodeError, ValueError) as e:
        if args.command != "validate":
            raise
        print(f"airhead: {_plain(e)}", file=sys.stderr)
        return EXIT_INVALID

    if args.command == "replay":
        print(f"{game.scenario.name} ({game.scenario.system}), seed {game.seed!r}, {len(game.actions)} actions")
        for line in game.log_lines():
            print(line)
    elif args.command == "svg":
        art = board_cli.art_of(game.scenario, args.size) if args.art else []
        doc = render_map(game.scenario, game.state.terrain, size=args.size, art=art)
        if args.output == "-":
            sys.stdout.write(doc + "\n")
        else:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(doc)
            print(f"wrote {args.output}", file=sys.stderr)
    elif args.command == "validate":
        print(f"ok: {game.scenario.name}, {len(game.actions)} actions replay cleanly")
    elif args.command == "link":
        print(encode_link(game, args.base))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
