// PyScript's interpreter module for Airhead (config.json "interpreter"): Pyodide's own
// loadPyodide, started early, and on a warm start restored from a memory snapshot of an
// interpreter that has already imported the app's start-up modules (docs/web.md, "Warm start
// from a memory snapshot").
//
// - Early start: index.html loads this module with a static tag beside PyScript's core.js, and
//   the interpreter's boot starts at once; PyScript's loadPyodide() call later gets that boot.
// - The snapshot is made after a boot without one, in a worker (snapshot-worker.mjs, started by
//   boot.js through make()): a Pyodide of its own that writes the app's files (FILES) and
//   imports the start-up modules, nothing else: no page state, no JS object but Pyodide's own
//   (found again by path on restore).
// - Kept in the origin's private file system (OPFS, folder "airhead-snapshot"; Cache Storage
//   holds the service worker's one cache of this build's files and nothing else), in a file named
//   after a hash of this build's files (tools/bundle.py fills in KEY): a new build never restores
//   an old snapshot, and replaces it. Where the private file system cannot store a file (WebKit's
//   automation sessions, iPads without a writable OPFS) it is kept in IndexedDB instead (IDB_NAME;
//   the worker finds out which, the page remembers it). Stored sparse (the heap's all-zero 4 KiB pages left out:
//   31 -> ~15 MB) and read while the wasm is fetched and instantiated.
// - A restore that fails in any way deletes the snapshot and boots normally: never a broken page.
// - ?nosnap: neither restore nor make (the benchmark's "no snapshot" page); nor without a
//   service worker controlling the page (a first visit, ?nosw, plain HTTP).
// - The app's files (FILES: the airhead wheel, its bytecode, the views; tools/bundle.py fills
//   it in) are fetched here as soon as the page starts, while the wasm downloads and compiles,
//   and written into Pyodide's file system from JavaScript before PyScript gets the interpreter
//   (config.json lists no "files"): the archives are zips of stored entries, so writing them is
//   a copy, where unpacking them in Python cost ~0.1 s of a cold start (zipfile and shutil in
//   wasm). A compressed entry (not made by our build) falls back to Pyodide's unpackArchive.
// PyScript then does what it always does (its modules, main.py) on the restored interpreter:
// the imports the snapshot holds are already in sys.modules.
import { loadPyodide as load, version } from "./pyodide/pyodide.mjs";

export { version };

// {source URL relative to this module: destination} — "./*" unpacks an archive into the
// working directory, anything else is one file's path there.
export const FILES = __FILES__;

// Fetches every file of FILES: [[destination, source, bytes]], or throws naming the file. In the
// page, index.html's inline script has already started these fetches (globalThis.airheadEarly):
// each response is taken once from there.
export async function fetchFiles(base) {
  const early = globalThis.airheadEarly || {};
  return Promise.all(Object.entries(FILES).map(async ([src, dest]) => {
    const started = early[src];
    delete early[src];
    const response = await (started || fetch(new URL(src, base)));
    if (!response.ok) throw new Error(`${src}: HTTP ${response.status}`);
    return [dest, src, new Uint8Array(await response.arrayBuffer())];
  }));
}

// The entries of a zip whose entries are all stored: [[name, bytes]], or null (anything else).
function storedEntries(zip) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) { end = i; break; }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new TextDecoder();
  const out = [];
  for (let k = 0; k < count; k++) {
    if (at + 46 > zip.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const unpacked = view.getUint32(at + 24, true);
    const n = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = names.decode(zip.subarray(at + 46, at + 46 + n));
    at += 46 + n + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (name.endsWith("/")) continue;
    if (method !== 0 || size !== unpacked || local + 30 > zip.length
        || view.getUint32(local, true) !== 0x04034b50) return null;
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    if (start + size > zip.length || name.startsWith("/") || name.split("/").includes("..")) return null;
    out.push([name, zip.subarray(start, start + size)]);
  }
  return out;
}

// Writes fetched files (fetchFiles) into py's working directory, as PyScript's "files" would.
export function writeFiles(py, fetched) {
  const cwd = py.FS.cwd();
  const put = (rel, bytes) => {
    const path = `${cwd}/${rel.replace(/^\.\//, "")}`;
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, bytes);
  };
  for (const [dest, src, bytes] of fetched) {
    if (!dest.endsWith("/*")) {
      put(dest, bytes);
      continue;
    }
    const dir = dest.slice(0, -1);
    const entries = storedEntries(bytes);
    if (entries) for (const [name, data] of entries) put(dir + name, data);
    else py.unpackArchive(bytes, src.endsWith(".whl") ? "whl" : "zip", { extractDir: dir });
  }
}

const KEY = "__SNAPSHOT_KEY__";
const FOLDER = "airhead-snapshot";
const FILE = `${KEY}.bin`;
const INDEX_URL = new URL("./pyodide/", import.meta.url).href;
// The app's standard library: what Pyodide's boot and the app import, precompiled (tools/bundle.py
// APP_STDLIB, docs/web.md "The app's standard library, precompiled"). Every boot and restore
// here uses it (a snapshot holds modules imported from it).
const STDLIB_URL = `${INDEX_URL}python_stdlib_app.zip`;
// A fresh object for each call: loadPyodide adds its own entries (promises) to the one it gets.
const pyodideOptions = () => ({ indexURL: INDEX_URL, stdLibURL: STDLIB_URL });
const MAGIC = 0x31534841; // "AHS1": the sparse format below
const PAGE = 4096;
const HAS_OPFS = !!globalThis.navigator?.storage?.getDirectory;
const HAS_IDB = !!globalThis.indexedDB;
const enabled = !globalThis.location?.search.includes("nosnap") && (HAS_OPFS || HAS_IDB);

// ---- IndexedDB: where the snapshot is kept when the private file system cannot store one
// (WebKit's automation sessions; iPads whose Safari has no writable OPFS). Database
// "airhead-snapshot", one store: this build's sparse snapshot (an ArrayBuffer) under FILE and its
// heap length under FILE + ".length", both written in one transaction (never one without the
// other). Used by the page (lookup, restore, clean-up) and by snapshot-worker.mjs (write).
export const IDB_NAME = "airhead-snapshot";
const IDB_STORE = "snapshots";
const IDB_TIMEOUT = 10000;
// The snapshot's bytes: on a loaded device WebKit took up to 8 s to hand them over (while it
// compiled the wasm), and a read that gives up deletes the snapshot: a wider bound.
const IDB_READ_TIMEOUT = 30000;
function idbOpen() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(IDB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(IDB_STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error || new Error("IndexedDB refused to open"));
    req.onblocked = () => reject(new Error("IndexedDB is blocked"));
    setTimeout(() => reject(new Error("IndexedDB did not answer")), IDB_TIMEOUT);
  });
}
// Runs work(store) in one transaction; resolves with its request's result once it is committed.
export async function idbDo(mode, work) {
  const db = await idbOpen();
  try {
    return await new Promise((resolve, reject) => {
      const tx = db.transaction(IDB_STORE, mode);
      const req = work(tx.objectStore(IDB_STORE));
      tx.oncomplete = () => resolve(req ? req.result : undefined);
      tx.onerror = tx.onabort = () => reject(tx.error || new Error("IndexedDB refused it"));
      setTimeout(() => reject(new Error("IndexedDB did not answer")), IDB_TIMEOUT);
    });
  } finally {
    db.close();
  }
}
// Stores a sparse snapshot (snapshot-worker.mjs) whose heap is `length` bytes long.
export function idbStore(file, sparse, length) {
  const buffer = sparse.byteOffset === 0 && sparse.byteLength === sparse.buffer.byteLength
    ? sparse.buffer : sparse.slice().buffer;
  return idbDo("readwrite", (s) => { s.put(buffer, file); return s.put(length, `${file}.length`); });
}

// What this device found out about this build's snapshot, kept in localStorage (MEMORY) so that it
// is found out once per device, build and browser version: {key, agent, state, error, store,
// length} where state is "unsupported" (neither its private file system nor IndexedDB can store
// one: the worker said so before booting a Pyodide) or "error" (making or storing it failed):
// either way no snapshot is looked for or made again until the build or the browser changes; or
// "stored": this build's snapshot is kept in `store` ("opfs" or "idb") and its heap is `length`
// bytes long, so that the next start allocates the heap and starts Pyodide (the wasm's fetch and
// compile) at once, while the snapshot is looked up and read beside it (fastStart).
const MEMORY = "airhead-snapshot";
function remembered() {
  try {
    const m = JSON.parse(globalThis.localStorage?.getItem(MEMORY) || "null");
    return m && m.key === KEY && m.agent === navigator.userAgent ? m : null;
  } catch (e) {
    return null;
  }
}
function remember(state, error, store, length) {
  try {
    if (state) localStorage.setItem(MEMORY, JSON.stringify({ key: KEY, agent: navigator.userAgent, state, error, store, length }));
    else localStorage.removeItem(MEMORY);
  } catch (e) { /* no localStorage: found out again next time */ }
}
const memory = enabled && globalThis.document ? remembered() : null;
// found out already: this device neither looks for nor makes a snapshot
const known = memory && (memory.state === "unsupported" || memory.state === "error") ? memory : null;
// Where this device keeps this build's snapshot: "idb" once the worker stored it there (it says
// so, the page remembers it), else the private file system where there is one.
const where = memory && memory.store === "idb" ? "idb" : HAS_OPFS ? "opfs" : "idb";

// state: "none" (no snapshot: a normal boot), "restored", "failed" (a restore failed: normal
// boot, snapshot deleted), "making", "stored", "error" (could not make or store one),
// "unsupported" (this engine cannot store one), "off"
const status = { state: enabled ? (known ? known.state : "none") : "off", store: where, restoreMs: 0, bytes: 0, stored: 0,
  error: known ? known.error : "", phases: {} };

// Sparse form of a heap: [MAGIC, length, pages, index of each non-zero page...] (uint32) then
// those pages' bytes (the last one zero-padded to a whole page). snapshot-worker.mjs writes the
// magic last, so a file cut short by a crash never passes for a snapshot.
export function packSparse(heap) {
  const pages = Math.ceil(heap.length / PAGE);
  const kept = [];
  const words = new Uint32Array(heap.buffer, heap.byteOffset, Math.floor(heap.length / 4));
  for (let p = 0; p < pages; p++) {
    const end = Math.min((p + 1) * PAGE, heap.length);
    let zero = true;
    if (end - p * PAGE === PAGE && heap.byteOffset % 4 === 0) {
      for (let w = (p * PAGE) / 4, e = end / 4; w < e; w++) if (words[w]) { zero = false; break; }
    } else {
      for (let i = p * PAGE; i < end; i++) if (heap[i]) { zero = false; break; }
    }
    if (!zero) kept.push(p);
  }
  const head = 3 + kept.length;
  const out = new Uint8Array(head * 4 + kept.length * PAGE);
  const h = new Uint32Array(out.buffer, 0, head);
  h[0] = MAGIC;
  h[1] = heap.length;
  h[2] = kept.length;
  kept.forEach((p, i) => {
    h[3 + i] = p;
    out.set(heap.subarray(p * PAGE, Math.min((p + 1) * PAGE, heap.length)), head * 4 + i * PAGE);
  });
  return out;
}

// Fills `heap` (zeroed, of the snapshot's length) from the sparse form; throws if malformed.
function unpackSparse(buffer, heap) {
  if (buffer.byteLength < 12) throw new Error("snapshot too short");
  const [magic, length, count] = new Uint32Array(buffer, 0, 3);
  const head = 3 + count;
  if (magic !== MAGIC || length !== heap.length || buffer.byteLength !== head * 4 + count * PAGE) {
    throw new Error("snapshot malformed");
  }
  const index = new Uint32Array(buffer, 12, count);
  const body = new Uint8Array(buffer, head * 4);
  let last = -1;
  for (let i = 0; i < count; i++) {
    const p = index[i];
    if (p <= last || p * PAGE >= length) throw new Error("snapshot malformed");
    last = p;
    const n = Math.min(PAGE, length - p * PAGE);
    heap.set(body.subarray(i * PAGE, i * PAGE + n), p * PAGE);
  }
}

async function folder(create) {
  return (await navigator.storage.getDirectory()).getDirectoryHandle(FOLDER, { create });
}

// A page no service worker controls is a first visit (or one that keeps no offline copy): no
// snapshot is made there, so none is looked for (on a fresh profile the first use of the
// private file system costs 50-100 ms of the cold start).
function controlled() {
  return !!globalThis.navigator?.serviceWorker?.controller;
}

// This build's snapshot in IndexedDB (see findSnapshot), asked for in one transaction: its length
// answers first, and the bytes (17 MB) are already on their way when restore() asks for them: one
// connection and one round trip fewer than two transactions, on the warm start's critical path.
async function idbFind() {
  const db = await idbOpen();
  let bytes;
  const length = await new Promise((resolve, reject) => {
    setTimeout(() => reject(new Error("IndexedDB did not answer")), IDB_TIMEOUT);
    const tx = db.transaction(IDB_STORE, "readonly");
    const store = tx.objectStore(IDB_STORE);
    const len = store.get(`${FILE}.length`);
    const body = store.get(FILE);
    let fail;
    let timer;
    bytes = new Promise((done, failed) => {
      fail = failed;
      body.onsuccess = () => (body.result instanceof ArrayBuffer ? done(body.result) : failed(new Error("not a snapshot")));
      timer = setTimeout(() => failed(new Error("IndexedDB did not answer")), IDB_READ_TIMEOUT);
    });
    bytes.catch(() => {}); // read() hands it on; never an unhandled rejection
    const close = () => { // (the timer would keep the 17 MB answer alive for 30 s)
      clearTimeout(timer);
      db.close();
    };
    bytes.then(close, close);
    len.onsuccess = () => resolve(len.result);
    tx.onerror = tx.onabort = () => {
      const error = tx.error || new Error("IndexedDB refused it");
      reject(error);
      fail(error);
    };
  }).catch((e) => {
    db.close();
    throw e;
  });
  return length === undefined ? null : { length, read: () => bytes };
}

// This build's snapshot: {length (of the heap), read() (the sparse bytes)}, or null.
async function findSnapshot() {
  if (!enabled || known || !controlled()) return null;
  try {
    if (where === "idb") return await idbFind();
    const file = await (await (await folder(false)).getFileHandle(FILE)).getFile();
    const [magic, length] = new Uint32Array(await file.slice(0, 8).arrayBuffer());
    return { length: magic === MAGIC ? length : -1, read: () => file.arrayBuffer() };
  } catch (e) {
    if (e && e.name !== "NotFoundError") console.warn("airhead snapshot: cannot read it:", e);
    return null;
  }
}

// Removes every snapshot but `keep` (a FILE name, or null: all) where this device keeps them.
async function dropSnapshots(keep, at = where) {
  try {
    if (at === "idb") {
      await idbDo("readwrite", (s) => {
        const req = s.getAllKeys();
        req.onsuccess = () => {
          for (const k of req.result) if (k !== keep && k !== `${keep}.length`) s.delete(k);
        };
        return req;
      });
      return;
    }
    const dir = await folder(false);
    for await (const name of dir.keys()) if (name !== keep) await dir.removeEntry(name);
  } catch (e) {
    if (e && e.name !== "NotFoundError") console.warn("airhead snapshot: cannot clean up:", e);
  }
}

async function restore(found) {
  const length = found.length;
  if (!Number.isSafeInteger(length) || length < 64 || length % 4) throw new Error("not a snapshot");
  const heap = new Uint8Array(length);
  // The snapshot is read while Pyodide fetches and instantiates the wasm; the module is handed to
  // Pyodide (which then restores `heap`) only once it is filled.
  const filled = found.read().then((buffer) => {
    mark("read");
    unpackSparse(buffer, heap);
    mark("unpacked");
  });
  let gaveUp = false; // the snapshot could not be read: no wasm instantiated for nothing
  filled.catch(() => { gaveUp = true; }); // awaited below; never an unhandled rejection
  // Pyodide's module script is imported when Pyodide asks for the module, as on a boot without a
  // snapshot: by then loadPyodide has started fetching the wasm (importing it first held back
  // the wasm's download and compilation, the longest part of a warm start in WebKit).
  const createModule = async (settings) => {
    const { default: create } = await import(`${INDEX_URL}pyodide.asm.mjs`);
    if (gaveUp) await filled; // (throws its error)
    const module = await create(settings);
    mark("wasm");
    return module;
  };
  const py = await load({
    ...pyodideOptions(),
    _loadSnapshot: heap,
    createPyodideModule: async (settings) => (await Promise.all([createModule(settings), filled]))[0],
  });
  mark("python");
  // Pyodide keeps its options, and with them this copy of the heap (31 MB, now in its memory),
  // for the page's life: detach it (a transfer), so the device gets the memory back.
  try {
    structuredClone(heap.buffer, { transfer: [heap.buffer] });
  } catch (e) { /* an engine without transfer keeps it: memory only */ }
  // The snapshot's random state is the same at every start: reseed from the OS.
  py.runPython("import sys\nif 'random' in sys.modules: sys.modules['random'].seed()");
  status.bytes = length;
  return py;
}

// When each phase of this start ended (ms since the page started: status.phases): "lookup"
// (where the snapshot is, if any), then on a restore "read" (its bytes), "unpacked", "wasm"
// (Pyodide's module compiled and instantiated), "python" (the heap restored); "files" (the app's
// files written), "loaded" (PyScript has the interpreter).
function mark(phase) {
  status.phases[phase] = Math.round(performance.now());
}

// The heap's length this device remembers for this build's snapshot (MEMORY), or 0: then the
// snapshot is looked up first, and Pyodide started once its length is known.
function rememberedLength() {
  const length = memory && memory.state === "stored" ? memory.length : 0;
  return enabled && !known && controlled() && Number.isSafeInteger(length) && length > 0 ? length : 0;
}

// A warm start whose heap length is known (rememberedLength): Pyodide starts at once (its wasm
// fetched and compiled, the heap allocated) while the snapshot is looked up and read beside it,
// instead of after the lookup (the private file system's first use in a browser session took
// 50-200 ms). A snapshot missing or not of that length fails the restore: a normal boot follows.
// In the private file system the read started in index.html's head script (web/early.js:
// airheadEarly.snapshot, the whole file) is taken here, its magic number and length checked.
function fastStart(length) {
  const found = () => {
    mark("lookup");
    status.lookupMs = Math.max(0, Math.round(performance.now() - status.startedAt));
  };
  return {
    length,
    read: async () => {
      const early = globalThis.airheadEarly && globalThis.airheadEarly.snapshot;
      if (early) delete globalThis.airheadEarly.snapshot;
      if (early && where === "opfs") {
        const buffer = await early.catch((e) => {
          if (e && e.name !== "NotFoundError") console.warn("airhead snapshot: cannot read it:", e);
          return null;
        });
        found();
        const head = buffer && buffer.byteLength >= 12 ? new Uint32Array(buffer, 0, 2) : [];
        if (head[0] !== MAGIC || head[1] !== length) throw new Error("not a snapshot");
        return buffer;
      }
      const hit = await findSnapshot();
      found();
      if (!hit || hit.length !== length) throw new Error("not a snapshot");
      return hit.read();
    },
  };
}

async function interpreter() {
  status.startedAt = Math.round(performance.now());
  const length = rememberedLength();
  let hit;
  if (length) {
    hit = fastStart(length);
  } else {
    if (globalThis.airheadEarly) delete globalThis.airheadEarly.snapshot; // (never kept unused)
    hit = await findSnapshot();
    mark("lookup");
    status.lookupMs = Math.round(performance.now() - status.startedAt);
  }
  if (hit) {
    const t0 = performance.now();
    try {
      const py = await restore(hit);
      status.state = "restored";
      status.restoreMs = Math.round(performance.now() - t0);
      if (!length) remember("stored", "", where, hit.length); // the next start needs no lookup first
      return py;
    } catch (e) {
      console.warn("airhead snapshot: the restore failed, booting without it:", e);
      status.state = "failed";
      status.error = String((e && e.message) || e).split("\n")[0];
      await dropSnapshots(null);
      remember(null); // none there now: the next snapshot's worker says where
    }
  }
  return load(pyodideOptions());
}

// The interpreter with the app's files in place (both fetched at once).
async function boot() {
  const fetched = fetchFiles(import.meta.url);
  fetched.catch(() => {}); // awaited below; never an unhandled rejection
  const py = await interpreter();
  const t0 = performance.now();
  writeFiles(py, await fetched);
  mark("files");
  status.filesMs = Math.round(performance.now() - t0);
  return py;
}

let booting = null;

export function start() {
  if (!booting) {
    booting = boot();
    // A failed boot reaches PyScript through loadPyodide() (and boot.js sees a file's HTTP error
    // itself): not an unhandled rejection before PyScript asks.
    booting.catch(() => {});
  }
  return booting;
}

// PyScript's call: {stdout, stderr, indexURL} (plus packages or a lock file when config.json
// lists packages, which Airhead's does not: then a boot of their own).
export async function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL, ...other } = options;
  if (Object.keys(other).length) {
    const [own, fetched] = await Promise.all([load({ ...options, ...pyodideOptions() }), fetchFiles(import.meta.url)]);
    writeFiles(own, fetched);
    return own;
  }
  const py = await start();
  mark("loaded");
  status.loadedAt = Math.round(performance.now());
  if (stdout) py.setStdout({ batched: stdout });
  if (stderr) py.setStderr({ batched: stderr });
  return py;
}

// Called by boot.js after a boot without a snapshot (and after the offline copy is stored):
// make this build's snapshot in a worker. Resolves with the state.
function make() {
  if (!enabled || ["restored", "making", "stored", "unsupported", "error"].includes(status.state)) {
    return Promise.resolve(status.state);
  }
  if (!controlled()) { // see findSnapshot
    status.state = "off";
    return Promise.resolve(status.state);
  }
  status.state = "making";
  return new Promise((resolve) => {
    let worker;
    const finish = (state, error = "") => {
      status.state = state;
      status.error = error;
      if (worker) worker.terminate();
      resolve(state);
    };
    try {
      worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    } catch (e) {
      finish("error", String(e));
      return;
    }
    worker.onmessage = async (ev) => {
      const d = ev.data || {};
      if (d.ok) {
        status.bytes = d.bytes;
        status.stored = d.stored;
        status.makeMs = d.ms;
        const at = d.how === "idb" ? "idb" : "opfs";
        await dropSnapshots(FILE, at); // an older build's snapshot
        remember("stored", "", at, d.bytes);
        status.store = at;
        finish("stored");
      } else {
        console.warn("airhead snapshot: not made:", d.error);
        const state = d.unsupported ? "unsupported" : "error";
        remember(state, d.error || "unknown");
        finish(state, d.error || "unknown");
      }
    };
    worker.onerror = (ev) => {
      ev.preventDefault();
      finish("error", ev.message || "worker error");
    };
    try {
      worker.postMessage({ folder: FOLDER, file: FILE, pyodide: pyodideOptions(), base: import.meta.url });
    } catch (e) {
      finish("error", String((e && e.message) || e));
    }
  });
}

if (globalThis.document) { // the page (snapshot-worker.mjs imports packSparse only)
  status.make = make;
  globalThis.airheadSnapshot = status;
  start();
}
