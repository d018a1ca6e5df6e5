#!/usr/bin/env node
// Run the airhead core test suite INSIDE Pyodide (CPython 3.14 on WebAssembly) under Node.
//
// Usually driven by `python build.py test`, which first prepares:
//   web/node_modules/pyodide/     npm pyodide (pinned in web/package.json)
//   build/wheels/airhead-*.whl    the airhead wheel under test
//   build/pyodide-wheels/*.whl    micropip + pytest + hypothesis wheels (requirements-pyodide.txt)
//
// Usage: node tests/pyodide/run_core_tests.mjs [--airhead-wheel PATH] [--wheels-dir DIR] [--all] [pytest args...]
// Writes build/pyodide-pycache/: the bytecode of the wheels and tests, reused by the next run.
// What runs: tests/pyodide/pyodide_selection.py (a pytest plugin) leaves the repetition to the
// CPython layer (fewer Hypothesis examples, a few cross-checks on CPython only); --all: every
// test as on CPython, every example.
// Default pytest args: -p no:cacheprovider tests/core   (relative to the repo root; pyproject's
// addopts already adds -q, and a second -q would make pytest drop its "N passed in T s" line)
// Exit code: pytest's exit code (0 = all passed), or 3 for a set-up failure here.

import { readdirSync, existsSync, statSync } from "node:fs";
import { dirname, join, resolve, basename } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const MOUNT = "/proj";

function fail(msg) {
  console.error(`run_core_tests: ${msg}`);
  process.exit(3);
}

function parseArgs(argv) {
  const opts = {
    airheadWheel: null,
    wheelsDir: join(REPO, "build", "pyodide-wheels"),
    pyodideDir: join(REPO, "web", "node_modules", "pyodide"),
    pytestArgs: [],
    all: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--airhead-wheel") opts.airheadWheel = resolve(argv[++i]);
    else if (a === "--wheels-dir") opts.wheelsDir = resolve(argv[++i]);
    else if (a === "--pyodide-dir") opts.pyodideDir = resolve(argv[++i]);
    else if (a === "--all") opts.all = true;
    else opts.pytestArgs.push(a);
  }
  if (opts.pytestArgs.length === 0) {
    opts.pytestArgs = ["-p", "no:cacheprovider", "tests/core"];
  }
  if (!opts.airheadWheel) {
    const dir = join(REPO, "build", "wheels");
    const found = existsSync(dir)
      ? readdirSync(dir).filter((f) => /^airhead-.*\.whl$/.test(f))
      : [];
    if (found.length !== 1) {
      fail(`expected exactly one airhead wheel in ${dir}, found ${found.length}; run \`python build.py test\``);
    }
    opts.airheadWheel = join(dir, found[0]);
  }
  return opts;
}

// A host path inside the repo -> its path under the NODEFS mount.
function inMount(hostPath) {
  const rel = hostPath.startsWith(REPO + "/") ? hostPath.slice(REPO.length + 1) : null;
  if (rel === null) fail(`${hostPath} is not inside the repo ${REPO}`);
  return `${MOUNT}/${rel}`;
}

const opts = parseArgs(process.argv.slice(2));
if (!existsSync(join(opts.pyodideDir, "pyodide.mjs"))) {
  fail(`no Pyodide at ${opts.pyodideDir}; run \`npm ci\` in web/`);
}
if (!existsSync(opts.airheadWheel) || !statSync(opts.airheadWheel).isFile()) {
  fail(`airhead wheel not found: ${opts.airheadWheel}`);
}
const wheels = existsSync(opts.wheelsDir)
  ? readdirSync(opts.wheelsDir).filter((f) => f.endsWith(".whl")).sort()
  : [];
const micropipWheel = wheels.find((f) => f.startsWith("micropip-"));
if (!micropipWheel) fail(`no micropip wheel in ${opts.wheelsDir}`);
const testWheels = wheels.filter((f) => f !== micropipWheel);

const t0 = performance.now();
// wall and CPU seconds so far (this process: Pyodide runs on its one thread)
const secs = () => {
  const { user, system } = process.cpuUsage();
  return `${((performance.now() - t0) / 1000).toFixed(1)} s, ${((user + system) / 1e6).toFixed(1)} CPU s`;
};

const { loadPyodide } = await import(pathToFileURL(join(opts.pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: opts.pyodideDir + "/" });
console.log(`[pyodide] Python ${pyodide.runPython("import sys; sys.version.split()[0]")} loaded (${secs()})`);

// micropip from the local wheel (the npm package ships no wheels; the lock file would send it to a CDN).
await pyodide.loadPackage(join(opts.wheelsDir, micropipWheel), { messageCallback: () => {} });

// The repo, read-write, at /proj: tests, conftest files and the wheels are read from there.
pyodide.FS.mkdirTree(MOUNT);
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: REPO }, MOUNT);

const toInstall = [opts.airheadWheel, ...testWheels.map((f) => join(opts.wheelsDir, f))]
  .map((p) => "emfs:" + inMount(p));
pyodide.globals.set("_wheel_urls", pyodide.toPy(toInstall));
pyodide.globals.set("_pytest_args", pyodide.toPy(opts.pytestArgs));
pyodide.globals.set("_mount", MOUNT);
pyodide.globals.set("_all", opts.all);

try {
  // deps=False: requirements-pyodide.txt pins the full closure, and nothing may come from a CDN.
  await pyodide.runPythonAsync(`
import micropip
await micropip.install(list(_wheel_urls), deps=False)
`);
} catch (e) {
  fail(`installing wheels failed:\n${e}`);
}
console.log(`[pyodide] installed ${basename(opts.airheadWheel)} + ${testWheels.length} test wheels (${secs()})`);

let rc;
try {
  rc = await pyodide.runPythonAsync(`
import os, sys, importlib.metadata
os.chdir(_mount)
import airhead
_where = os.path.realpath(airhead.__file__)
if _where.startswith(_mount + "/"):
    raise SystemExit(f"airhead imported from the repo ({_where}), not from the installed wheel")
print(f"[pyodide] airhead {importlib.metadata.version('airhead')} from {os.path.dirname(_where)}")
# Pyodide writes no bytecode by default, and its file system is new each run: the bytecode of
# the wheels and of the tests (pytest's rewritten modules) is kept on the host under build/ for
# the next run. The wheels' files, unpacked just now, take the newest wheel's time, so that
# bytecode is reused until a wheel changes.
_stamp = max(os.stat(w[len("emfs:"):]).st_mtime for w in _wheel_urls)
for _dist in importlib.metadata.distributions():
    for _f in _dist.files or ():
        _p = str(_f.locate())
        if _p.endswith(".py") and os.path.isfile(_p):
            os.utime(_p, (_stamp, _stamp))
sys.pycache_prefix = _mount + "/build/pyodide-pycache"
sys.dont_write_bytecode = False
import pytest
_plugins = []
if not _all:
    sys.path.insert(0, _mount + "/tests/pyodide")
    import pyodide_selection
    _plugins.append(pyodide_selection)
int(pytest.main(list(_pytest_args), plugins=_plugins))
`);
} catch (e) {
  fail(`running pytest failed:\n${e}`);
}
console.log(`[pyodide] pytest exit code ${rc} (${secs()} in all)`);
process.exit(rc);
