// The benchmark's "app, wheel via micropip" page (bench/micropip.html): Pyodide's own
// loadPyodide, called by PyScript as usual, but with the app's precompiled standard library
// before its trim (pyodide/python_stdlib_bench.zip: micropip imports modules the app never does;
// docs/web.md), so that the page differs from the app only in how the airhead wheel gets installed.
import { loadPyodide as load, version } from "../pyodide/pyodide.mjs";

export { version };

// (PyScript passes this module's folder as indexURL: Pyodide's files are in ../pyodide/)
const INDEX_URL = new URL("../pyodide/", import.meta.url).href;

export function loadPyodide(options = {}) {
  return load({ ...options, indexURL: INDEX_URL, stdLibURL: `${INDEX_URL}python_stdlib_bench.zip` });
}
