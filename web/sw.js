// Airhead's service worker: the app works offline after one online visit.
// build.py fills in CACHE (airhead-<content hash of the precached files and of this script>) and
// PRECACHE (exactly the files the app loads, as paths relative to this script, each with the
// sha256 of its content). Strategy (docs/web.md):
//  - first install: nothing is downloaded during boot; after boot the page asks the worker to
//    store the files ("airhead-fill"), revalidated against the HTTP cache (304s), so the 9.6 MB
//    wasm is fetched once, not twice;
//  - every body is hashed before it is stored: a file whose content is not the one this build
//    lists (a captive portal's page, a truncated download, a newer build's file) is never kept,
//    so the cache only ever holds this build's files; what is missing is fetched again on the
//    next fill (the next online visit);
//  - update (another airhead cache exists): install stores the new build in its own cache
//    (unchanged files come back as 304s from the server); if any file fails, install deletes
//    that partial cache and fails, and the active build keeps its cache as it was; otherwise
//    activate deletes every other airhead cache;
//  - a worker only ever writes into its own CACHE;
//  - fetch: online, the browser's HTTP cache and the network (revalidated); offline, the cache.
const CACHE = "__CACHE__";
const PRECACHE = __PRECACHE__;

const scopeURL = new URL(self.registration.scope);
// absolute URL -> sha256 (hex) of the file's content in this build
const EXPECTED = new Map(Object.entries(PRECACHE).map(([p, h]) => [new URL(p, scopeURL).href, h]));
const INDEX = new URL("index.html", scopeURL).href;

function keyOf(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (url.href === scopeURL.href) return INDEX;
  return url.href;
}

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Downloads key once: the body is read for its hash while a clone waits to be stored, so the
// wasm is not fetched twice. The body is the decoded one (the server's br/gzip is undone by
// fetch), which is what the build hashed.
async function store(cache, key, { revalidate }) {
  const response = await fetch(key, { cache: revalidate ? "no-cache" : "default" });
  if (!response.ok) throw new Error(`${key}: HTTP ${response.status}`);
  const copy = response.clone();
  const body = await response.arrayBuffer();
  if ((await sha256(body)) !== EXPECTED.get(key)) {
    await copy.body?.cancel();
    throw new Error(`${key}: the content is not this build's (${body.byteLength} bytes)`);
  }
  await cache.put(key, copy);
}

// Stores what CACHE lacks; returns how many files could not be stored. Only verified bodies are
// ever put, so what the cache holds needs no second check.
async function fill(revalidate = true) {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((r) => r.url));
  const missing = [...EXPECTED.keys()].filter((k) => !have.has(k));
  const results = await Promise.allSettled(missing.map((k) => store(cache, k, { revalidate })));
  const failed = results.filter((r) => r.status === "rejected");
  for (const r of failed) console.warn("airhead offline cache:", r.reason && r.reason.message);
  return failed.length;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    const updating = names.some((n) => n.startsWith("airhead-") && n !== CACHE);
    if (updating) {
      // CACHE is this build's alone (its name hashes this script too), never the active one's.
      const failed = await fill(true);
      if (failed) {
        await caches.delete(CACHE); // every store has settled: nothing writes into it any more
        throw new Error(`precache: ${failed} files failed; the installed build stays`);
      }
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("airhead-") && name !== CACHE) await caches.delete(name);
    }
    // The page's request starts while the worker boots, instead of after it.
    if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
    await self.clients.claim();
  })());
});

// Online, the browser's own HTTP cache serves the app (revalidated: 304s) and V8 reuses the
// wasm it compiled last time, which it does not do for a response made by a service worker;
// offline (the page's navigation failed, or the browser says so), everything comes from CACHE.
let offline = false;

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(keyOf(request));
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !EXPECTED.has(keyOf(request))) return; // not ours
  if (request.mode === "navigate") {
    event.respondWith((async () => {
      try {
        // Firefox resolves preloadResponse with a network error (a status-0 Response of type
        // "error") where other engines reject it: that is a failure too, never an answer.
        let response = await event.preloadResponse;
        if (!response || response.type === "error") response = await fetch(request);
        offline = false;
        return response;
      } catch (err) {
        offline = true;
        const hit = await (await caches.open(CACHE)).match(INDEX);
        if (hit) return hit;
        throw err;
      }
    })());
    return;
  }
  if (offline || self.navigator.onLine === false) event.respondWith(fromCache(request));
});

// The page asks after boot (boot.js). This worker fills its own CACHE only, with this build's
// files only: if the server already has a newer build, its files fail the hash and are not kept.
self.addEventListener("message", (event) => {
  // the page's "New version: reload" while this worker still waits (install asked already)
  if (event.data && event.data.type === "airhead-skip-waiting") {
    event.waitUntil(self.skipWaiting());
    return;
  }
  if (!event.data || event.data.type !== "airhead-fill") return;
  event.waitUntil((async () => {
    const missing = await fill(true);
    if (event.source) event.source.postMessage({ type: "airhead-cached", cache: CACHE, missing });
  })());
});
