#!/usr/bin/env node
// Precompile the app's Python for Pyodide's own CPython (3.14), at build time, under Node.
//
// Pyodide imports the standard library and unpacked wheels from source on every start (its
// file system is in memory: no __pycache__ survives a reload), and on a cold start the
// interpreter still runs on V8's baseline wasm code, so compiling source is slow: a bare
// Pyodide spends ~1.5 s of its 2.5 s boot under Node compiling the standard library it imports.
// This writes unchecked-hash .pyc files (loaded without reading or hashing a source) for:
//   - the airhead wheel's modules the first paint imports and the page's view modules ->
//     OUT_DIR/app-pyc.zip, sourceless (airhead/svg.pyc, details.pyc: tools/bundle.py ships them
//     in place of their sources), each naming its source's path and lines for tracebacks;
//   - every standard-library module Pyodide's boot, the app's imports (MODULE..., ALSO...) and
//     the first paint (CODE) import -> OUT_DIR/python_stdlib_app.zip: the (trimmed) STDLIB_ZIP
//     with those modules *instead of* their sources, docstrings left out (but Pyodide's own
//     packages, which read theirs): the app's standard library (snapshot.mjs loads it with
//     stdLibURL). Frozen modules are left as they are. STDLIB_ZIP itself is not changed (the
//     benchmark's bare PyScript page loads it as a stock page would).
//
// Usage: node tools/pycompile.mjs PYODIDE_DIR WHEEL STDLIB_ZIP APP_DIR OUT_DIR MODULE... [--run CODE]
//            --views FILE... [--pyscript ARTIFACT] [--also NAME...]
//   MODULE: the app's start-up imports (e.g. airhead.scenario airhead.svg details)
//   CODE: run after those imports, as the first paint runs it (drawing the first map imports
//         more of the standard library: importlib's resource readers); it may write files into
//         OUT_DIR, mounted at /work/out (tools/bundle.py: the first map, first-map.json)
//   FILE: the view modules in APP_DIR PyScript unpacks beside main.py (e.g. details.py play.py),
//         compiled even when they cannot be imported here (tools/bundle.py app_modules())
//   NAME: imported after the app-pyc list is made, only for the standard library they import
//         (the rest of the app's modules, the views' imports); one that cannot be imported here
//         (pyscript) is skipped
//   --pyscript ARTIFACT: PyScript's pyscript package (@pyscript/core's src/stdlib/pyscript.js,
//         the sources PyScript writes into the working directory at every start and imports
//         from source): compiled into app-pyc.zip as pyscript/__pycache__/NAME.cpython-3XX.pyc,
//         *checked*-hash (the import hashes the source PyScript wrote and compiles it again if it
//         differs: never stale code, only a slower start)

import { readFileSync, writeFileSync } from "node:fs";
import { resolve, join } from "node:path";
import { pathToFileURL } from "node:url";

const argv = process.argv.slice(2);
let run = "";
if (argv.includes("--run")) run = argv.splice(argv.indexOf("--run"), 2)[1];
let pyscript = null;
if (argv.includes("--pyscript")) pyscript = argv.splice(argv.indexOf("--pyscript"), 2)[1];
let also = [];
if (argv.includes("--also")) also = argv.splice(argv.indexOf("--also")).slice(1);
const cut = argv.includes("--views") ? argv.indexOf("--views") : argv.length;
const [pyodideDir, wheel, stdlibZip, appDir, outDir, ...modules] = argv.slice(0, cut).map(
  (a, i) => (i < 5 ? resolve(a) : a));
const views = argv.slice(cut + 1);
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
// PYTHONNODEBUGRANGES: the bytecode keeps each instruction's line but not its columns (a
// traceback loses only its ^^^ marks), ~15% fewer bytes on the wire (docs/web.md has the figures)
const py = await loadPyodide({ indexURL: pyodideDir + "/", env: { PYTHONNODEBUGRANGES: "1" } });
py.FS.mkdirTree("/work/app");
py.FS.mkdirTree("/work/out");
py.FS.mount(py.FS.filesystems.NODEFS, { root: appDir }, "/work/app");
py.FS.mount(py.FS.filesystems.NODEFS, { root: outDir }, "/work/out");
py.FS.writeFile("/work/stdlib.zip", new Uint8Array(readFileSync(stdlibZip)));
py.unpackArchive(new Uint8Array(readFileSync(wheel)), "zip", { extractDir: "/work/site" });
py.globals.set("MODULES", py.toPy(modules));
py.globals.set("VIEWS", py.toPy(views));
py.globals.set("RUN", run);
py.globals.set("ALSO", py.toPy(also));
const pyscriptFiles = {};
if (pyscript) {
  const { default: tree } = await import(pathToFileURL(resolve(pyscript)).href);
  const walk = (node, base) => {
    for (const [name, value] of Object.entries(node)) {
      if (typeof value === "string") pyscriptFiles[base + name] = value;
      else walk(value, `${base}${name}/`);
    }
  };
  walk(tree, "");
  if (!Object.keys(pyscriptFiles).some((f) => f === "pyscript/__init__.py")) {
    console.error(`pycompile: ${pyscript} holds no pyscript/__init__.py`);
    process.exit(1);
  }
}
py.globals.set("PYSCRIPT", py.toPy(pyscriptFiles));
let report;
try {
  report = py.runPython(`
import ast, importlib, importlib.util, io, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def pyc(source: bytes, filename: str, docstrings: bool = True, checked: bool = False) -> bytes:
    tree = ast.parse(source, filename)
    if not docstrings:
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
                first = node.body[0]
                if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                        and isinstance(first.value.value, str)):
                    node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    code = compile(tree, filename, "exec", dont_inherit=True)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=checked)

if any(col is not None for _, _, col, _ in compile("x = 1", "", "exec").co_positions()):
    raise RuntimeError("PYTHONNODEBUGRANGES did not reach the compiler")

def entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_STORED  # the server brotli-compresses whole files
    return info

sys.path[:0] = ["/work/site", "/work/app"]
before = set(sys.modules)
for m in MODULES:
    importlib.import_module(m)
exec(RUN, {})
zpath = [p for p in sys.path if p.endswith(".zip")][0]
app = []
for name in sorted(set(sys.modules) - before):
    f = getattr(sys.modules[name], "__file__", None) or ""
    if not f.endswith(".py"):
        continue
    for top in ("/work/site/", "/work/app/"):
        if f.startswith(top):
            app.append((f, f[len(top):]))

# the views are compiled even when they cannot be imported here (they need the browser)
for f in sorted(VIEWS):
    if ("/work/app/" + f, f) not in app:
        app.append(("/work/app/" + f, f))

# 1. the app's own modules -> app-pyc.zip, sourceless (airhead/svg.pyc, details.pyc: the bundle
# ships them in place of their sources, tools/bundle.py); each keeps its source's file name and
# lines for tracebacks
with zipfile.ZipFile("/work/out/app-pyc.zip", "w") as out:
    for src, rel in app:
        out.writestr(entry(rel + "c"), pyc(open(src, "rb").read(), "/home/pyodide/" + rel))
    # PyScript's pyscript package, as PyScript writes it (its sources stay: PyScript writes them
    # at every start, then imports them; the import finds this bytecode beside them)
    for rel, text in sorted(PYSCRIPT.items()):
        if rel.endswith(".py"):
            folder, name = rel.rsplit("/", 1)
            cached = f"{folder}/__pycache__/{name[:-3]}.{sys.implementation.cache_tag}.pyc"
            out.writestr(entry(cached), pyc(text.encode(), "/home/pyodide/" + rel, checked=True))

# 2. the standard library: every module imported so far (Pyodide's boot too) and by ALSO,
# compiled in place of its source -> python_stdlib_app.zip
for m in ALSO:
    try:
        importlib.import_module(m)
    except ImportError:
        pass
std = []
for name, mod in sorted(sys.modules.items()):
    spec = getattr(mod, "__spec__", None)
    f = getattr(spec, "origin", None) or ""
    if f.startswith(zpath + "/") and f.endswith(".py"):  # not frozen (origin "frozen"), not built in
        std.append(f[len(zpath) + 1:])
src = zipfile.ZipFile("/work/stdlib.zip")
names = set(src.namelist())
compiled = {rel for rel in std if rel in names and rel + "c" not in names}
buf = io.BytesIO()
with zipfile.ZipFile(buf, "w") as dst:
    for info in src.infolist():
        if info.filename in compiled:
            own_docs = info.filename.startswith(("_pyodide/", "pyodide/"))  # Pyodide reads its docstrings
            dst.writestr(entry(info.filename + "c"), pyc(src.read(info), zpath + "/" + info.filename, own_docs))
        else:
            dst.writestr(info, src.read(info))
open("/work/out/python_stdlib_app.zip", "wb").write(buf.getvalue())
std = sorted(compiled)
f"{len(app)} app modules ({', '.join(r for _, r in app)}); {sum(r.endswith('.py') for r in PYSCRIPT)} of PyScript's; {len(std)} standard-library modules compiled in place of their sources"
`);
} catch (e) {
  console.error(`pycompile failed: ${String(e.message || e).slice(-3000)}`);
  process.exit(1);
}
console.log(`pycompile: ${report}`);
