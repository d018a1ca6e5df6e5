// Airhead's service worker: the app works offline after one online visit, and once it is stored
// every start, online or not, is this build's copy on the device.
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
//  - fetch: the cache first, online too (a file it lacks: the network), so the page and its
//    files are one build's and a start waits for no server; a new build is found by the
//    browser's own check of this script at each navigation, installed beside, and offered as
//    "New version: reload". Where the engine has static routes (Chromium 123+), the page's
//    requests go to the cache without this worker even starting (routes(), declared at
//    install); elsewhere the fetch handler below does the same.
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
  // the page is also kept as its folder's address (the home screen's start_url), which a static
  // route answers with no lookup of its own
  if (key === INDEX) {
    await cache.put(scopeURL.href, new Response(body, { status: copy.status, statusText: copy.statusText, headers: copy.headers }));
  }
  await cache.put(key, copy);
}

// Stores what CACHE lacks; returns how many files could not be stored. Only verified bodies are
// ever put, so what the cache holds needs no second check.
async function fill(revalidate = true) {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((r) => r.url));
  const missing = [...EXPECTED.keys()].filter((k) => !have.has(k) || (k === INDEX && !have.has(scopeURL.href)));
  const results = await Promise.allSettled(missing.map((k) => store(cache, k, { revalidate })));
  const failed = results.filter((r) => r.status === "rejected");
  for (const r of failed) console.warn("airhead offline cache:", r.reason && r.reason.message);
  return failed.length;
}

// The page's requests, answered by the browser from CACHE (a miss: the network) before this worker
// has started: the page itself opened as index.html or as its folder with no query (both stored by
// fill), and every subresource. Any other navigation (an address with a query) comes to the fetch
// handler. URLPattern is looked up here, not at the top: an engine without it still runs this file.
function routes() {
  const exact = (href) => {
    const url = new URL(href);
    return new URLPattern({ pathname: url.pathname.replace(/[\\:*?()+{}]/g, "\\$&"), search: "",
                            baseURL: url.origin });
  };
  return [
    { condition: { urlPattern: exact(INDEX) }, source: { cacheName: CACHE } },
    { condition: { urlPattern: exact(scopeURL.href) }, source: { cacheName: CACHE } },
    { condition: { not: { requestMode: "navigate" } }, source: { cacheName: CACHE } },
  ];
}

self.addEventListener("install", (event) => {
  // An engine without static routes, or one that refuses a rule, keeps the fetch handler alone.
  if (event.addRoutes && typeof URLPattern === "function") {
    try {
      event.waitUntil(event.addRoutes(routes()).catch((e) => console.warn("airhead: no static routes:", e)));
    } catch (e) {
      console.warn("airhead: no static routes:", e);
    }
  }
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
    // The page comes from CACHE: an older build's navigation preload would fetch it for nothing.
    if (self.registration.navigationPreload) await self.registration.navigationPreload.disable();
    await self.clients.claim();
  })());
});

// What routes() do where the engine has none: CACHE first, the network for a file it lacks (a first
// visit before the fill, a file that failed to store). Offline, a file CACHE lacks fails as it
// would without a worker.
async function fromCache(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(keyOf(request));
  return hit || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !EXPECTED.has(keyOf(request))) return; // not ours
  event.respondWith(fromCache(request));
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
