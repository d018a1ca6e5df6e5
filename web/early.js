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
      early.snapshot = navigator.storage.getDirectory()
        .then((root) => root.getDirectoryHandle("airhead-snapshot"))
        .then((dir) => dir.getFileHandle(`${key}.bin`))
        .then((handle) => handle.getFile())
        .then((file) => file.arrayBuffer());
      early.snapshot.catch(() => {});
    }
  } catch (e) { /* no localStorage: snapshot.mjs looks for the snapshot itself */ }
  return early;
})();
