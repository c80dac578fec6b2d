// Tally's service worker: shows the push notifications the server sends, and opens the screen one concerns.
// Plain JavaScript served from the site root (scope /), revalidated on every load so an update is seen.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Only a path of this app: a push payload never sends the browser elsewhere. */
function inAppPath(link) {
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : '/dashboard';
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Tally';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      // One notification per event: the same one pushed again replaces it.
      tag: typeof data.id === 'string' ? data.id : undefined,
      data: { link: inAppPath(data.link) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = inAppPath(event.notification.data?.link);
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
      if (tab) {
        // The open app moves to the screen itself (no reload); see NotificationBell.
        tab.postMessage({ type: 'tally:open', link });
        await tab.focus();
        return;
      }
      await self.clients.openWindow(new URL(link, self.location.origin).href);
    })(),
  );
});
