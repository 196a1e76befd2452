/*
 * GigReel's service worker: makes the app installable and quick to open again.
 *
 * What it caches: the app shell's static files (the hashed /assets/* bundles, icons, the manifest,
 * the offline page). What it never caches: anything under /api/ (profiles, messages, orders: private
 * to one person) and /media/ (served with its own long cache headers, and private kinds such as
 * deliveries must never sit in a shared cache), nor any page's HTML. A navigation that fails because
 * the device is offline gets the friendly offline page instead of the browser's error.
 *
 * Web Push: a push carries what to show (encrypted for this device; the browser decrypts it), as
 * JSON { title, body, link, tag }; it is shown as a system notification, GigReel open or not.
 * Tapping it opens its page: an open GigReel window is focused and taken there, else a new one opens.
 */
const VERSION = 'v1';
const STATIC_CACHE = `gigreel-static-${VERSION}`;
const PRECACHE = [
  '/offline.html',
  '/manifest.webmanifest',
  '/favicon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/maskable-512.png',
  '/icons/apple-touch-icon.png',
];
/** Old bundles pile up across releases; keep the newest ones only. */
const MAX_ENTRIES = 150;
const STATIC_FILE = /^\/(assets\/[^/]+|icons\/[^/]+\.png|favicon\.svg|manifest\.webmanifest|offline\.html)$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(STATIC_CACHE);
      await cache.addAll(PRECACHE);
      // The app shell: the entry bundles the current index.html loads (the HTML itself is not kept).
      try {
        const html = await (await fetch('/', { cache: 'no-store', credentials: 'omit' })).text();
        const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
        await cache.addAll([...new Set(assets)]);
      } catch {
        // Offline while installing: the bundles are cached the first time they load instead.
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith('gigreel-') && name !== STATIC_CACHE).map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Private or personal data: always straight to the network, never stored here.
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/media/')) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(
        async () =>
          (await caches.match('/offline.html')) ??
          new Response('You are offline.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } }),
      ),
    );
    return;
  }

  if (STATIC_FILE.test(url.pathname) && !url.search) {
    // Hashed bundles never change, so the cached copy is always right; icons and the manifest are
    // refreshed in the background.
    const immutable = url.pathname.startsWith('/assets/');
    event.respondWith(
      (async () => {
        const cache = await caches.open(STATIC_CACHE);
        const cached = await cache.match(request);
        const fromNetwork = async () => {
          const response = await fetch(request);
          if (response.ok && response.type === 'basic') {
            await cache.put(request, response.clone());
            await trim(cache);
          }
          return response;
        };
        if (cached) {
          if (!immutable) event.waitUntil(fromNetwork().catch(() => undefined));
          return cached;
        }
        return fromNetwork();
      })(),
    );
  }
});

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const link =
    typeof data.link === 'string' && data.link.startsWith('/') && !data.link.startsWith('//')
      ? data.link
      : '/notifications';
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' && data.title ? data.title : 'GigReel', {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      // Successive news of one thing (a thread, an order) replace each other, and still alert.
      tag: typeof data.tag === 'string' && data.tag ? data.tag : undefined,
      renotify: typeof data.tag === 'string' && data.tag !== '',
      data: { link },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link =
    event.notification.data && typeof event.notification.data.link === 'string'
      ? event.notification.data.link
      : '/notifications';
  const target = new URL(link, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        await (focused ?? open).navigate(target).catch(() => self.clients.openWindow(target));
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});

async function trim(cache) {
  const keys = await cache.keys();
  const removable = keys.filter((request) => !PRECACHE.includes(new URL(request.url).pathname));
  await Promise.all(
    removable.slice(0, Math.max(0, removable.length - MAX_ENTRIES)).map((request) => cache.delete(request)),
  );
}
