// Makes Airhead's Pyodide memory snapshot (started by snapshot.mjs after a boot without one).
// A Pyodide of its own, in this worker: it writes the app's files as the page does
// (snapshot.mjs FILES: archives "./*" into the working directory, single files to their path),
// imports the app's modules (tools/bundle.py fills in IMPORTS: snapshot_imports(), the start-up
// modules, every airhead module, the views that need no page) and nothing else, then writes
// makeMemorySnapshot(), sparse, to the origin's private file system (OPFS) under this build's key,
// or to IndexedDB where OPFS cannot store a file (WebKit's automation sessions, some iPads).
// First it finds out whether this engine can write in either (probe): if not it says so at once,
// without booting a Pyodide, and the page remembers it (snapshot.mjs).
// Everything it fetches the page has just loaded: the HTTP cache answers (304s, no body).
import { loadPyodide } from "./pyodide/pyodide.mjs";
import { IDB_NAME, fetchFiles, idbDo, idbStore, packSparse, writeFiles } from "./snapshot.mjs";

const IMPORTS = __SNAPSHOT_IMPORTS__;

class Unsupported extends Error {}

// Where this engine can keep the snapshot, found out before a Pyodide is booted for nothing: its
// private file system, "sync" (a sync access handle, in this worker) or "stream" (a writable
// stream), else "idb" (IndexedDB: WebKit where OPFS cannot store a file). A probe entry written
// and removed again; throws Unsupported naming what is missing or failed in both.
async function probe() {
  try {
    return await probeOpfs();
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    try {
      await probeIdb();
      return "idb";
    } catch (f) {
      throw new Unsupported(`${e.message}; IndexedDB: ${(f && f.message) || f}`);
    }
  }
}

async function probeIdb() {
  if (!self.indexedDB) throw new Error(`no ${IDB_NAME} database: no IndexedDB`);
  const name = "airhead-snapshot-probe";
  await idbDo("readwrite", (s) => s.put(new Uint8Array(16).buffer, name));
  await idbDo("readwrite", (s) => s.delete(name));
}

async function probeOpfs() {
  if (!navigator.storage || !navigator.storage.getDirectory) throw new Unsupported("no private file system");
  let root;
  const name = "airhead-snapshot-probe";
  try {
    root = await navigator.storage.getDirectory();
    const handle = await root.getFileHandle(name, { create: true });
    if (handle.createSyncAccessHandle) {
      const io = await handle.createSyncAccessHandle();
      try { io.write(new Uint8Array(1), { at: 0 }); io.flush(); } finally { io.close(); }
      return "sync";
    }
    if (handle.createWritable) {
      const out = await handle.createWritable();
      await out.write(new Uint8Array(1));
      await out.close();
      return "stream";
    }
    throw new Unsupported("no way to write a file in the private file system");
  } catch (e) {
    throw e instanceof Unsupported ? e : new Unsupported(`${e && e.name}: ${e && e.message}`);
  } finally {
    if (root) await root.removeEntry(name).catch(() => {});
  }
}

// With a sync access handle the magic number (the first 4 bytes) is written last: a file cut short
// never reads as a snapshot; a writable stream replaces the file whole when it is closed. A write
// that fails removes the file: never an empty or partial snapshot left behind.
async function write(folderName, fileName, sparse, how, length) {
  if (how === "idb") {
    await idbStore(fileName, sparse, length);
    return;
  }
  const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(folderName, { create: true });
  const handle = await dir.getFileHandle(fileName, { create: true });
  try {
    if (how === "stream") {
      const out = await handle.createWritable();
      await out.write(sparse);
      await out.close();
      return;
    }
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
  } catch (e) {
    await dir.removeEntry(fileName).catch(() => {});
    throw e;
  }
}

const message = (e) => String((e && e.message) || e).split("\n").slice(-2).join(" ");

self.onmessage = async (ev) => {
  const { folder, file, pyodide, base } = ev.data; // pyodide: indexURL and stdLibURL, as the page's
  const t0 = performance.now();
  let how;
  try {
    how = await probe();
  } catch (e) {
    self.postMessage({ ok: false, unsupported: true, error: message(e) });
    return;
  }
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
    await write(folder, file, sparse, how, snapshot.byteLength);
    self.postMessage({ ok: true, bytes: snapshot.byteLength, stored: sparse.byteLength, how,
      ms: Math.round(performance.now() - t0) });
  } catch (e) {
    self.postMessage({ ok: false, error: message(e) });
  }
};
