// Airhead's service worker: the app works offline after one online visit.
// build.py fills in CACHE (airhead-<content hash of the precached files>) and PRECACHE (exactly
// the files the app loads, as paths relative to this script). Strategy (docs/web.md):
//  - first install: nothing is downloaded during boot; after boot the page asks the worker to
//    store the files ("airhead-fill"), revalidated against the HTTP cache (304s), so the 9.6 MB
//    wasm is fetched once, not twice;
//  - update (another airhead cache exists): install stores the new build (unchanged files come
//    back as 304s from the server), then activate deletes every other airhead cache;
//  - fetch: online, the browser's HTTP cache and the network (revalidated); offline, the cache.
const CACHE = "__CACHE__";
const PRECACHE = __PRECACHE__;

const scopeURL = new URL(self.registration.scope);
const KEYS = new Set(PRECACHE.map((p) => new URL(p, scopeURL).href));
const INDEX = new URL("index.html", scopeURL).href;

function keyOf(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  if (url.href === scopeURL.href) return INDEX;
  return url.href;
}

async function store(cache, key, { revalidate }) {
  const response = await fetch(key, { cache: revalidate ? "no-cache" : "default" });
  if (!response.ok) throw new Error(`${key}: HTTP ${response.status}`);
  await cache.put(key, response);
}

async function fill(revalidate = true) {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((r) => r.url));
  const missing = [...KEYS].filter((k) => !have.has(k));
  const results = await Promise.allSettled(missing.map((k) => store(cache, k, { revalidate })));
  return results.filter((r) => r.status === "rejected").length;
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    const updating = names.some((n) => n.startsWith("airhead-") && n !== CACHE);
    if (updating) {
      const failed = await fill(true);
      if (failed) throw new Error(`precache: ${failed} files failed`);
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
  if (request.method !== "GET" || !KEYS.has(keyOf(request))) return; // not ours
  if (request.mode === "navigate") {
    event.respondWith((async () => {
      try {
        const response = (await event.preloadResponse) || (await fetch(request));
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

self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "airhead-fill") return;
  event.waitUntil((async () => {
    const missing = await fill(true);
    if (event.source) event.source.postMessage({ type: "airhead-cached", cache: CACHE, missing });
  })());
});
