// Boot feedback for Airhead: progress while PyScript and Pyodide load, a clear error panel if
// they cannot, and the service worker (offline + installable). No rules and no views here:
// the page's Python (app/main.py, run by index.html's one-line script) draws the map and calls airheadBoot.ready() as its last step.

const $ = (id) => document.getElementById(id);
const started = performance.now();
let done = false;

// Files the boot waits for, in load order, with the share of the progress bar they stand for.
const STAGES = [
  ["pyscript/core", 5, "Loading PyScript…"],
  ["pyodide/pyodide.mjs", 10, "Loading Pyodide…"],
  ["pyodide/pyodide-lock.json", 15, "Loading Pyodide…"],
  ["pyodide/pyodide.asm.mjs", 25, "Downloading the Python runtime…"],
  ["pyodide/python_stdlib_app.zip", 45, "Downloading Python's standard library…"],
  ["pyodide/pyodide.asm.wasm", 60, "Starting Python (compiling WebAssembly)…"],
  ["wheels/airhead", 80, "Installing the Airhead rules…"],
];

function stage(text, percent) {
  if (done) return;
  performance.mark(`airhead: ${text}`);
  $("boot-status").textContent = text;
  if (percent !== undefined) {
    const bar = $("boot-progress");
    bar.value = Math.max(Number(bar.value), percent);
  }
}

function fail(message) {
  if (done) return;
  done = true;
  document.body.dataset.bootError = "1";
  document.body.classList.add("boot-failed");
  $("boot-status").textContent = "Start-up failed.";
  $("boot-progress").hidden = true;
  $("boot-error-text").textContent = message;
  $("boot-error").hidden = false;
}

function ready() {
  if (done) return;
  stage("Ready", 100);
  done = true;
  const ms = Math.round(performance.now() - started);
  document.body.dataset.bootMs = String(ms);
  document.body.classList.add("booted");
  $("boot").hidden = true;
  for (const b of document.querySelectorAll("button.tool")) b.disabled = false;
  // The worker is registered only now: during boot it would compete with Pyodide for the CPU,
  // and it stores nothing while the page loads anyway (see sw.js).
  const filling = registerServiceWorker();
  snapshotAfter(filling);
}

// ---- memory snapshot (snapshot.mjs, docs/web.md): the next start restores an interpreter that
// has the app's start-up imports done. Made after the offline copy is stored (or a few seconds
// after boot without a service worker), so it never competes with the boot or the fill.
// body[data-snapshot]: restored | failed (restore failed, normal boot) | making | stored | error |
// unsupported (this engine cannot store one: remembered, snapshot.mjs) | off
function snapshotAfter(filling) {
  const snap = window.airheadSnapshot;
  if (!snap) return;
  document.body.dataset.snapshot = snap.state;
  if (snap.state !== "none" && snap.state !== "failed") return;
  const start = () => {
    document.body.dataset.snapshot = "making";
    snap.make().then((state) => {
      document.body.dataset.snapshot = state;
      // still no worker in control after CONTROL_WAIT (a very loaded device): made once it claims
      // the page, rather than only on the next visit
      if (state === "off" && filling) navigator.serviceWorker.addEventListener("controllerchange", later, { once: true });
    });
  };
  const later = () => setTimeout(start, 2000);
  if (filling) {
    Promise.race([filling, new Promise((r) => setTimeout(r, 20000))])
      .then(() => whenControlled(CONTROL_WAIT)).then(later, later);
  } else {
    later();
  }
}

// A snapshot is made only in a page a service worker controls (snapshot.mjs: "off" otherwise).
// On a first visit the new worker claims this page when it activates, and on a loaded device
// that can come after the 20 s above (a worker process started, sw.js fetched and run): wait for
// the claim (controllerchange), up to CONTROL_WAIT, instead of finding the page uncontrolled.
const CONTROL_WAIT = 90000;
function whenControlled(ms) {
  const sw = navigator.serviceWorker;
  if (!sw || sw.controller) return Promise.resolve();
  return new Promise((resolve) => {
    sw.addEventListener("controllerchange", () => resolve(), { once: true });
    setTimeout(resolve, ms);
  });
}

window.airheadBoot = { stage, fail, ready };

// ---- the player's imported VASL boards (app/boards.py): IndexedDB "airhead-boards" with two
// stores keyed by the SHA-256 of a board's file: "boards" holds its facts {sha256, name,
// version, size, added, width, height}, "files" its bytes (an ArrayBuffer: a 1 MB board is
// never a list of numbers), read only when a game on the board opens. Every call answers
// within BOARDS_TIMEOUT or fails.
const BOARDS_DB = "airhead-boards";
const BOARDS_TIMEOUT = 8000;
let boardsDb = null;
function boardsOpen() {
  if (boardsDb) return boardsDb;
  boardsDb = new Promise((resolve, reject) => {
    const req = indexedDB.open(BOARDS_DB, 1);
    req.onupgradeneeded = () => {
      req.result.createObjectStore("boards", { keyPath: "sha256" });
      req.result.createObjectStore("files");
    };
    req.onsuccess = () => {
      req.result.onversionchange = () => { req.result.close(); boardsDb = null; };
      resolve(req.result);
    };
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("the board store is blocked"));
    setTimeout(() => reject(new Error("the board store did not answer")), BOARDS_TIMEOUT);
  });
  boardsDb.catch(() => { boardsDb = null; });
  return boardsDb;
}
function boardsTx(mode, work, again = true) {
  return boardsOpen().then((db) => {
    let tx;
    try {
      tx = db.transaction(["boards", "files"], mode);
    } catch (err) { // a connection closed under us (the browser, or a test): open it again, once
      boardsDb = null;
      if (again) return boardsTx(mode, work, false);
      throw err;
    }
    return new Promise((resolve, reject) => {
      const req = work(tx.objectStore("boards"), tx.objectStore("files"));
      tx.oncomplete = () => resolve(req ? req.result : undefined);
      tx.onerror = tx.onabort = () => reject(tx.error || new Error("the board store refused it"));
      setTimeout(() => reject(new Error("the board store did not answer")), BOARDS_TIMEOUT);
    });
  });
}
window.airheadBoards = {
  // facts: the board's record; bytes: a Uint8Array of its file
  put: (facts, bytes) => boardsTx("readwrite", (b, f) => {
    f.put(bytes.slice().buffer, facts.sha256);
    return b.put(facts);
  }),
  list: () => boardsTx("readonly", (b) => b.getAll()),
  get: (sha) => boardsTx("readonly", (b, f) => f.get(sha)).then((buf) => (buf ? new Uint8Array(buf) : null)),
  remove: (sha) => boardsTx("readwrite", (b, f) => { f.delete(sha); return b.delete(sha); }),
  // (tests: let the database be deleted)
  close: () => (boardsDb ? boardsDb.then((db) => db.close(), () => {}).then(() => { boardsDb = null; }) : Promise.resolve()),
};

// ---- failures: unsupported browser, a missing file, an exception during start-up
function supported() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    return "This browser has no WebAssembly.";
  }
  if (!("PerformanceObserver" in window) || !window.Promise || !("fetch" in window)) {
    return "This browser is too old.";
  }
  return "";
}

const problem = supported();
if (problem) {
  fail(problem);
} else {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const url = new URL(e.name, location.href);
      if (url.origin !== location.origin) continue;
      const path = url.pathname;
      if (e.responseStatus >= 400) {
        fail(`A file the app needs is missing: ${path} (HTTP ${e.responseStatus}).`);
        continue;
      }
      for (const [key, percent, text] of STAGES) {
        if (path.includes(key)) {
          // the text names the NEXT step: this file has arrived
          const next = STAGES[STAGES.findIndex((s) => s[0] === key) + 1];
          stage(next ? next[2] : "Starting…", percent);
        }
      }
    }
  }).observe({ type: "resource", buffered: true });

  window.addEventListener("error", (ev) => {
    if (!done) fail(`${ev.message || "script error"}${ev.filename ? ` (${ev.filename.split("/").pop()})` : ""}`);
  });
  window.addEventListener("unhandledrejection", (ev) => {
    if (!done) fail(String((ev.reason && (ev.reason.message || ev.reason)) || "start-up error"));
  });
  // PyScript reports Python errors in its own element; surface them in the panel too.
  new MutationObserver(() => {
    const err = document.querySelector(".py-error");
    if (err && !done) fail(err.textContent.trim().split("\n").slice(-1)[0] || "Python error");
  }).observe(document.body, { childList: true, subtree: true });
  // If nothing happens for a long time, say so (the page keeps waiting).
  setTimeout(() => {
    if (!done) stage("Still loading… (a slow connection or device can take a minute)");
  }, 45000);

  stage("Loading PyScript…", 3);
  // index.html loads ./pyscript/core.js right after this module (a static tag, so the browser
  // fetches PyScript in parallel with this file); a failure to load it is caught above.
  firstMap();
}

// ---- the first map, drawn before Python starts: the build's drawing of the default scenario
// (app/first-map.svg, tools/bundle.py FIRST_MAP), put in the map while the runtime downloads and
// compiles, when the main thread has nothing else to do. app/main.py keeps it when this start
// shows the default scenario (<svg data-first-map>), else draws its own map over it; if it is not
// there yet when main.py runs, main.py draws the map itself. Never an error: only a head start.
function firstMap() {
  const wanted = new URLSearchParams(location.search).get("scenario");
  if (wanted && wanted !== "default") return;
  // (fetched by index.html's head script, web/early.js; else here, beside this script, not the
  // page: the bench's micropip page, which has no head script, lives in bench/)
  const early = window.airheadEarly && window.airheadEarly.firstMap;
  if (early) delete window.airheadEarly.firstMap;
  (early || fetch(new URL("./app/first-map.svg", import.meta.url)))
    .then((r) => (r.ok ? r.text() : ""))
    .then((svg) => {
      const host = $("map");
      if (svg.startsWith("<svg") && host && !host.firstElementChild && !done) host.innerHTML = svg;
    })
    .catch(() => {});
}

// ---- service worker: offline use after one visit (see docs/web.md)
// The header says whether this device can start the app with no network (#offline-badge).
function offlineBadge(text, title, state) {
  const el = document.getElementById("offline-badge");
  if (!el || document.body.dataset.update === "ready") return; // it would speak of the old copy
  el.textContent = text;
  el.title = title;
  el.dataset.state = state;
  el.hidden = false;
}

// ---- updates: a new build installed while this page runs (docs/web.md, "Updates"). The new
// worker takes over at once when it can (sw.js: skipWaiting, clients.claim), but this page still
// runs the old build's code: the header says so, and its button reloads (asking a worker still
// waiting to take over first). body[data-update="ready"] for the tests.
const hadController = "serviceWorker" in navigator && !!navigator.serviceWorker.controller;
let registration = null;

function updateReady() {
  if (document.body.dataset.update === "ready") return;
  document.body.dataset.update = "ready";
  const button = $("update-ready");
  if (!button) return;
  button.hidden = false;
  $("offline-badge").hidden = true; // the badge spoke of the old copy
  button.addEventListener("click", () => {
    const waiting = registration && registration.waiting;
    if (!waiting) {
      location.reload();
      return;
    }
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
    waiting.postMessage({ type: "airhead-skip-waiting" });
    setTimeout(() => location.reload(), 3000); // it could not take over yet: the next visit has it
  });
}

function watchUpdates(reg) {
  registration = reg;
  if (!hadController) return; // the first install: nothing was running before it
  const installed = (w) => {
    if (w) w.addEventListener("statechange", () => { if (w.state === "installed") updateReady(); });
  };
  if (reg.waiting) updateReady();
  installed(reg.installing);
  reg.addEventListener("updatefound", () => installed(reg.installing));
}

if (hadController) navigator.serviceWorker.addEventListener("controllerchange", updateReady);

// Returns a promise settled when the worker has answered the fill (or null: no worker).
function registerServiceWorker() {
  if (location.search.includes("nosw")) return null;
  if (!("serviceWorker" in navigator)) {
    offlineBadge("Online only", "This page was not opened over HTTPS (or localhost), so the browser " +
      "keeps no offline copy: host the app on HTTPS to use it with no network (README).", "none");
    return null;
  }
  let filled;
  const answered = new Promise((resolve) => { filled = resolve; });
  navigator.serviceWorker.addEventListener("message", (ev) => {
    if (ev.data && ev.data.type === "airhead-cached") {
      filled();
      document.body.dataset.offline = ev.data.missing ? "partial" : "1";
      if (ev.data.missing) {
        offlineBadge("Offline copy incomplete", `${ev.data.missing} files could not be stored; ` +
          "open the app online again to complete it.", "partial");
      } else {
        offlineBadge("Ready offline", "This device keeps a copy of the app: it starts and saves " +
          "games with no network.", "ready");
      }
    }
  });
  navigator.serviceWorker.register("./sw.js")
    .then((reg) => { watchUpdates(reg); return fillOfflineCache(); })
    .catch((e) => { console.warn("service worker:", e); filled(); });
  return answered;
}

// After boot, ask the worker to store what the page loaded (it is not in its cache on a first
// visit, or after an update). Revalidated against the HTTP cache: nothing is downloaded twice.
async function fillOfflineCache() {
  if (!("serviceWorker" in navigator) || location.search.includes("nosw")) return;
  try {
    const reg = await navigator.serviceWorker.ready;
    (reg.active || reg.waiting || reg.installing).postMessage({ type: "airhead-fill" });
  } catch (e) {
    console.warn("service worker:", e);
  }
}
