// The service worker (issue 45): keeps the lobby's page and the static files, so the lobby opens without the
// server and says "you are offline" (notices.js). Served at /sw.js so that it looks after the whole site.
// Static files: the network first (a new release is seen at once), the kept copy when it cannot be reached.
// The API (but the list of games) and the match sockets are never kept: a match is always the server's, live.
const CACHE = "regalia-static-v1";
const PAGES = ["/", "/static/style.css", "/static/table.css", "/static/chat.css", "/static/app.js",
  "/manifest.webmanifest"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PAGES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

self.addEventListener("message", (event) => {  // the page's modules, loaded before this worker ran
  const files = (event.data?.keep || []).filter((path) => typeof path === "string" && (path.startsWith("/static/") || path === "/api/games"));
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(files.map((path) => cache.add(path).catch(() => null)))));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== location.origin) return;
  // the games on offer change only with a release: kept too, so the lobby shows them offline
  const kept = url.pathname === "/" || url.pathname.startsWith("/static/") || url.pathname === "/manifest.webmanifest"
    || url.pathname === "/api/games";
  if (!kept) {
    if (url.pathname.startsWith("/api/")) {  // offline: a clear reason instead of a network error
      event.respondWith(fetch(event.request).catch(() => new Response(
        JSON.stringify({ detail: "You are offline: Regalia cannot reach its server right now." }),
        { status: 503, headers: { "content-type": "application/json" } })));
    }
    return;
  }
  const key = url.pathname === "/" ? "/" : event.request;
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(key, copy));
    }
    return response;
  }).catch(() => caches.match(key).then((found) => found || Response.error())));
});

// Web Push (push.js subscribes; the server's push_api.py sends): a your-turn notice with the tab closed, which
// opens (or brings forward) the match. The notice says only what every player may know (the server builds it).
self.addEventListener("push", (event) => {
  let notice = {};
  try { notice = event.data ? event.data.json() : {}; } catch { notice = {}; }
  const url = typeof notice.url === "string" && notice.url.startsWith("/") ? notice.url : "/";
  event.waitUntil(self.registration.showNotification(notice.title || "Regalia", {
    body: typeof notice.body === "string" ? notice.body : "", tag: url, data: { url }, icon: "/static/icon.svg" }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || "/", self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
    const open = windows.find((w) => w.url === url) || windows.find((w) => new URL(w.url).origin === self.location.origin);
    if (!open) return self.clients.openWindow(url);
    return open.focus().then((focused) => (focused && focused.url !== url ? focused.navigate(url) : focused))
      .catch(() => self.clients.openWindow(url));  // a window this worker does not control cannot be sent
  }));
});
