// Genie's service worker (issue 44: installable, opens offline). Hand-written on purpose: it does
// three small things and nothing else, so it is easy to check that no user's data is ever kept.
//  - The app shell (the hashed files the build emits, index.html, icons) is cached at install and
//    answered from the cache: those files are the same for everyone.
//  - A page (navigation) goes to the network first and is NEVER stored: a signed-in page's HTML has
//    the user's first reads written into it. Only when the server cannot be reached is the stored,
//    user-free /index.html answered, marked data-offline so the app draws its offline screen.
//  - /api/*, other methods and other origins are not touched at all: the browser fetches them as
//    if there were no worker, and nothing of theirs reaches a cache.
// The build (scripts/build/service-worker.ts) replaces the two names below; a new build gives a new
// version, so the browser installs the new worker and the page offers a reload.
const VERSION = __GENIE_VERSION__;
const PRECACHE = __GENIE_PRECACHE__;
const CACHE = `genie-shell-${VERSION}`;
const OFFLINE_SHELL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('genie-shell-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// The page's "Reload" on the update prompt: the waiting worker takes over at once.
self.addEventListener('message', (event) => {
  if (event.data === 'genie:skip-waiting') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname === '/api' || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(pageOrOfflineShell(request));
    return;
  }
  if (PRECACHE.includes(url.pathname) || url.pathname.startsWith('/assets/')) event.respondWith(shellFile(request, url.pathname));
});

/** The network's page; the stored shell marked offline when the server cannot be reached. */
async function pageOrOfflineShell(request) {
  try {
    const response = await fetch(request);
    // A proxy in front of a stopped Genie answers 502-504: that is "cannot be reached" too.
    if (![502, 503, 504].includes(response.status)) return response;
  } catch {
    // Offline or the server is down: fall through to the stored shell.
  }
  const shell = await caches.match(OFFLINE_SHELL, { cacheName: CACHE });
  if (!shell) return Response.error();
  const html = (await shell.text()).replace('<html lang="en">', '<html lang="en" data-offline="true">');
  return new Response(html, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/**
 * A shell file from the cache, else the network. A hashed /assets/ file not stored at install (a
 * large one left out, see the build) is stored when fetched: its name changes with its bytes, and
 * it is the same for every user.
 */
async function shellFile(request, pathname) {
  const cache = await caches.open(CACHE);
  const stored = await cache.match(pathname);
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok && pathname.startsWith('/assets/')) void cache.put(pathname, response.clone());
  return response;
}
