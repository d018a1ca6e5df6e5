"""build.py's machinery (standard library only at import time: build.py bootstraps the rest).

    common.py      paths, output helpers, running commands, content hashes and stamps
    env.py         set-up steps: .venv, `npm ci`, the airhead wheel, Pyodide wheels, Chromium
    bundle.py      the web bundle recipe (build/bundle/), app modules found in web/app/*.py
    layers.py      the test layers of `build.py test` and their summary table
    benchmarks.py  `build.py bench`: bench.py in the venv, then the E8 heatmap figures
    dist.py        `build.py dist`: the bundle as a static folder for any HTTPS host

Scripts run by those modules (not imported by build.py): devserver.py (also imported by the e2e
tests and bench.py), bench.py and bench_heatmap.py (run with the venv's Python), pycompile.mjs,
compress.mjs and bench_py.mjs (the bench scripts in Pyodide; run with Node). corpora/: the
generated games, saves and links the benches time and the tests check (tests import tools; no
module here imports tests: tests/tools/test_no_test_imports.py).
"""
