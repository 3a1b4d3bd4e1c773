// Your-turn notices (issue 45): the tab's title and icon count the matches waiting for you; a browser
// notification when it becomes your turn in another match (only once the person said yes, from a button at
// a turn-based table, never on first load); the offline state, and the service worker that keeps the
// static files so the lobby opens without the server.
import * as api from "./api.js";
import { h } from "./dom.js";
import { subscribePush } from "./push.js";

const BASE_TITLE = /^\(\d+\)\s+/;
let waitingBefore = null;  // the match ids waiting for us at the last look (null: not looked yet)
let plainIcon = null;
let timer = null;

export const notificationsOffered = () => "Notification" in window && Notification.permission === "default";

/** Ask for notifications (called from a person's click, so the browser shows its question). */
export async function askPermission() {
  if (!("Notification" in window)) return "denied";
  const answer = await Notification.requestPermission();
  if (answer === "granted") subscribePush();  // and with the tab closed, by Web Push (push.js)
  return answer;
}

/** The matches of this browser's seats where a seat of ours is to move. */
export function waitingFor(matches) {
  const held = api.heldSeats();
  return matches.filter((m) => !m.is_over && m.to_move != null && (held[m.match] || {})[m.to_move] !== undefined);
}

function setTitle(count) {
  const plain = document.title.replace(BASE_TITLE, "");
  document.title = count ? `(${count}) ${plain}` : plain;
}

/** The crown icon with a red count in its corner (the plain icon again at 0). */
function setIcon(count) {
  const link = document.querySelector('link[rel="icon"]');
  if (!link) return;
  plainIcon = plainIcon || link.href;
  link.dataset.count = String(count);
  if (!count) { link.href = plainIcon; return; }
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 32;
  const g = canvas.getContext("2d");
  if (!g) return;
  g.fillStyle = "#d4a017";
  g.beginPath();
  for (const [x, y] of [[2, 26], [4, 8], [12, 16], [16, 4], [20, 16], [28, 8], [30, 26]]) g.lineTo(x, y);
  g.closePath();
  g.fill();
  g.fillStyle = "#c0161a";
  g.beginPath();
  g.arc(22, 10, 10, 0, 2 * Math.PI);
  g.fill();
  g.fillStyle = "#fff";
  g.font = "bold 14px sans-serif";
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.fillText(count > 9 ? "9+" : String(count), 22, 11);
  link.href = canvas.toDataURL("image/png");
}

function showOffline(offline) {
  let bar = document.getElementById("offline");
  document.body.classList.toggle("offline", offline);
  if (!offline) { bar?.remove(); return; }
  if (!bar) {
    bar = h("p", { id: "offline", role: "alert" },
      "You are offline: Regalia cannot reach its server. What this browser keeps is shown; play resumes when the connection is back.");
    document.body.prepend(bar);
  }
}

/** One look at this browser's matches: the count, the icon, a notification for each newly waiting match. */
export async function look() {
  const ids = Object.keys(api.heldSeats());
  let matches = [];
  try {
    matches = ids.length ? await api.matchesById(ids.slice(0, 200)) : [];
    if (!ids.length) await fetch("/healthz", { cache: "no-store" }).then((r) => { if (!r.ok) throw new Error(); });
    showOffline(false);
  } catch {
    showOffline(true);
    return;
  }
  const waiting = waitingFor(matches);
  setTitle(waiting.length);
  setIcon(waiting.length);
  const now = new Set(waiting.map((m) => m.match));
  if (waitingBefore !== null) {
    for (const m of waiting) {
      if (waitingBefore.has(m.match)) continue;
      const here = location.hash.startsWith(`#/m/${m.match}`) && !document.hidden;
      if (!here && "Notification" in window && Notification.permission === "granted") {
        const games = await api.games().catch(() => []);
        const title = games.find((g) => g.id === m.game)?.title || m.game;
        // what every player of the match may know: the game and that it is your turn, never a card
        const notice = new Notification(`Your turn: ${title}`, { tag: `regalia-${m.match}`,
          body: m.seconds_left != null ? "Make your move at the table." : "It is your move." });
        notice.onclick = () => { window.focus(); location.hash = `#/m/${m.match}`; notice.close(); };
      }
    }
  }
  const changed = waitingBefore === null || now.size !== waitingBefore.size || [...now].some((id) => !waitingBefore.has(id));
  waitingBefore = now;
  if (changed) window.dispatchEvent(new CustomEvent("regalia:waiting", { detail: { waiting, matches } }));
}

/** Start looking now and every few seconds (``window.REGALIA_NOTICE_MS`` in tests), and register the worker. */
export function startNotices() {
  if (timer) return;
  const every = window.REGALIA_NOTICE_MS || 15000;
  look();
  timer = setInterval(look, every);
  window.addEventListener("online", look);
  window.addEventListener("offline", () => showOffline(true));
  document.addEventListener("visibilitychange", () => { if (!document.hidden) look(); });
  window.addEventListener("hashchange", () => setTimeout(look, 300));
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").then(() => navigator.serviceWorker.ready).then((ready) => {
      // the modules this page loaded before the worker looked after it: kept too, for the lobby offline
      const files = performance.getEntriesByType("resource").map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && (url.pathname.startsWith("/static/") || url.pathname === "/api/games"))
        .map((url) => url.pathname);
      ready.active?.postMessage({ keep: files });
      subscribePush();  // said yes before: the subscription renewed for the profile signed in now (push.js)
    }).catch((error) => console.warn("no offline copy:", error.message));
  }
}
