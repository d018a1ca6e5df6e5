#!/usr/bin/env node
// Run tools/bench_odds.py inside Pyodide under Node (the browser's WebAssembly engine, V8),
// importing the airhead core from the repo. Prints the script's JSON line. Used by
// `python build.py bench`; nothing here asserts a time.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(pathToFileURL(join(REPO, "web", "node_modules", "pyodide", "pyodide.mjs")).href);
const py = await loadPyodide({ indexURL: join(REPO, "web", "node_modules", "pyodide") + "/" });
py.FS.mkdirTree("/proj");
py.FS.mount(py.FS.filesystems.NODEFS, { root: REPO }, "/proj");
py.setStdout({ batched: (s) => console.log(s) });
py.setStderr({ batched: (s) => console.error(s) });
await py.runPythonAsync(`
import sys, runpy
sys.path.insert(0, "/proj/core")
runpy.run_path("/proj/tools/bench_odds.py", run_name="__main__")
`);
