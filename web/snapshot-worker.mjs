// Makes Airhead's Pyodide memory snapshot (started by snapshot.mjs after a boot without one).
// A Pyodide of its own, in this worker: it writes the app's files as the page does
// (snapshot.mjs FILES: archives "./*" into the working directory, single files to their path),
// imports the app's modules (tools/bundle.py fills in IMPORTS: snapshot_imports(), the start-up
// modules, every airhead module, the views that need no page) and nothing else, then writes
// makeMemorySnapshot(), sparse, to the origin's private file system (OPFS) under this build's key.
// Everything it fetches the page has just loaded: the HTTP cache answers (304s, no body).
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { fetchFiles, packSparse, writeFiles } from "./snapshot.mjs";

const IMPORTS = __SNAPSHOT_IMPORTS__;

// The magic number (the first 4 bytes) is written last: a file cut short never reads as a snapshot.
async function write(folderName, fileName, sparse) {
  const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(folderName, { create: true });
  const handle = await dir.getFileHandle(fileName, { create: true });
  const io = await handle.createSyncAccessHandle();
  try {
    io.truncate(0);
    io.write(new Uint8Array(4), { at: 0 });
    io.write(sparse.subarray(4), { at: 4 });
    io.flush();
    io.write(sparse.subarray(0, 4), { at: 0 });
    io.flush();
  } finally {
    io.close();
  }
}

self.onmessage = async (ev) => {
  const { folder, file, pyodide, base } = ev.data; // pyodide: indexURL and stdLibURL, as the page's
  const t0 = performance.now();
  try {
    const quiet = () => {};
    const fetched = fetchFiles(base);
    fetched.catch(() => {}); // awaited below
    const py = await loadPyodide({ ...pyodide, _makeSnapshot: true, stdout: quiet, stderr: quiet });
    writeFiles(py, await fetched);
    py.runPython(`import gc, importlib\nfor m in ${JSON.stringify(IMPORTS)}: importlib.import_module(m)\n`
      + "del m\ngc.collect()");
    const snapshot = py.makeMemorySnapshot();
    const sparse = packSparse(snapshot);
    await write(folder, file, sparse);
    self.postMessage({ ok: true, bytes: snapshot.byteLength, stored: sparse.byteLength,
      ms: Math.round(performance.now() - t0) });
  } catch (e) {
    self.postMessage({ ok: false, error: String((e && e.message) || e).split("\n").slice(-2).join(" ") });
  }
};
