// index.html's head script (tools/bundle.py inlines it, filling in the __NAMES__, without these
// comment lines): what every start needs first, started as the page is parsed, before any module
// script has been fetched (on a warm start each of those is a revalidation: 100-300 ms). Each is
// taken once by snapshot.mjs or boot.js (docs/web.md, "How the page boots"). No rules, no views.
window.airheadEarly = (() => {
  const early = {};
  // The app's files (snapshot.mjs FILES): not <link rel=preload as=fetch>, which WebKit never
  // hands to a later fetch() (each file was downloaded twice there).
  for (const url of __FILES__) {
    early[url] = fetch(url);
    early[url].catch(() => {});
  }
  // The first map (boot.js puts it in the page while the runtime loads; main.py keeps it, or
  // draws the map itself if it is not there yet when it runs).
  const scenario = new URLSearchParams(location.search).get("scenario");
  if (!scenario || scenario === "default") {
    early.firstMap = fetch(__FIRST_MAP__);
    early.firstMap.catch(() => {});
  }
  // This build's memory snapshot, read now where this device keeps it in its private file system
  // (snapshot.mjs MEMORY says so, with the heap's length; snapshot.mjs checks what was read).
  try {
    const key = __SNAPSHOT_KEY__;
    const m = JSON.parse(localStorage.getItem("airhead-snapshot") || "null");
    if (m && m.key === key && m.agent === navigator.userAgent && m.state === "stored" && m.store === "opfs"
        && m.length > 0 && navigator.serviceWorker && navigator.serviceWorker.controller
        && !location.search.includes("nosnap") && navigator.storage && navigator.storage.getDirectory) {
      const name = `${key}.bin`;
      const asBlob = () => navigator.storage.getDirectory()
        .then((root) => root.getDirectoryHandle("airhead-snapshot"))
        .then((dir) => dir.getFileHandle(name))
        .then((handle) => handle.getFile())
        .then((file) => file.arrayBuffer());
      // In a worker first: one synchronous read straight from the file, off the main thread (a
      // Blob read comes through the browser in pieces, each waiting for the busy main thread);
      // the Blob where a worker cannot (no sync access handle, the file locked by another tab).
      early.snapshot = inWorker(name).catch((e) => (e && e.name === "NotFoundError" ? Promise.reject(e) : asBlob()));
      early.snapshot.catch(() => {});
    }
  } catch (e) { /* no localStorage: snapshot.mjs looks for the snapshot itself */ }
  return early;
})();

// The snapshot file `name` of the private file system's airhead-snapshot folder, read whole by a
// worker of its own (its source inline: nothing to fetch) and handed over without a copy.
function inWorker(name) {
  const source = `onmessage = async (e) => {
  try {
    const root = await navigator.storage.getDirectory();
    const dir = await root.getDirectoryHandle("airhead-snapshot");
    const file = await dir.getFileHandle(e.data);
    const io = await file.createSyncAccessHandle();
    try {
      const size = io.getSize();
      const buffer = new ArrayBuffer(size);
      if (io.read(new Uint8Array(buffer), { at: 0 }) !== size) throw new Error("short read");
      postMessage({ buffer }, [buffer]);
    } finally {
      io.close();
    }
  } catch (err) {
    postMessage({ name: String(err && err.name), message: String(err && err.message) });
  }
};`;
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    const worker = new Worker(url);
    const end = () => { worker.terminate(); URL.revokeObjectURL(url); };
    worker.onmessage = (e) => {
      end();
      if (e.data.buffer) return resolve(e.data.buffer);
      const err = new Error(e.data.message);
      err.name = e.data.name;
      reject(err);
    };
    worker.onerror = (e) => { e.preventDefault(); end(); reject(new Error("the snapshot's reader did not start")); };
    worker.postMessage(name);
  });
}
