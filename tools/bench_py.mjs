#!/usr/bin/env node
// Run a benchmark script of tools/ inside Pyodide under Node (the browser's WebAssembly engine,
// V8), importing the airhead core (and the corpora of tools/corpora) from the repo:
//   node tools/bench_py.mjs bench_odds.py [arguments for the script]
// Prints what the script prints (its JSON line). Used by `python build.py bench`; nothing here
// asserts a time.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const [script, ...args] = process.argv.slice(2);
if (!/^bench_[a-z_]+\.py$/.test(script || "")) {
  console.error("usage: node tools/bench_py.mjs bench_<name>.py [arguments]");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(REPO, "web", "node_modules", "pyodide", "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: join(REPO, "web", "node_modules", "pyodide") + "/" });
py.FS.mkdirTree("/proj");
py.FS.mount(py.FS.filesystems.NODEFS, { root: REPO }, "/proj");
py.setStdout({ batched: (s) => console.log(s) });
py.setStderr({ batched: (s) => console.error(s) });
py.globals.set("_script", script);
py.globals.set("_args", py.toPy(args));
await py.runPythonAsync(`
import sys, runpy
sys.path[:0] = ["/proj/core", "/proj"]
sys.argv = [_script, *_args]
runpy.run_path("/proj/tools/" + _script, run_name="__main__")
`);
