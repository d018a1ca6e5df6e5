"""Generated corpora of games, saves and links: the inputs the benchmarks time and the tests check.

    codec_fuzz.py  real saves of every system (``seed_saves``) and their links (``link_of_text``)
    mutations.py   those saves and links mutated (``mutants``)
    hostile.py     hand-made hostile inputs (``adversarial``, ``largest_save``)
    opening.py     how the app opens one: refused or opened fully (``open_fully``, ``check``,
                   ``first_draw``), under a CPU-time ``watchdog``
    game_fuzz.py   games played through every procedure of every system, mutated as a hostile
                   sender would (actions swapped, repeated, spliced, out of phase; hostile edits)

Here, not under tests/, because the bench scripts (tools/bench_decode.py, tools/bench_worst.py)
use them too: tests may import tools, tools import no test code (tests/tools/test_no_test_imports.py).
They need the airhead package importable (installed, or core/ on sys.path).
"""
