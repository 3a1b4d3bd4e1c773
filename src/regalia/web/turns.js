// Turn-based play (issue 45): the set-up choice (real-time, or a time per move of 1 hour to 3 days), the
// table's strip (whose turn, the time left on the server's clock), and the lobby's "your turn first".
import * as api from "./api.js";
import { h } from "./dom.js";
import { askPermission, notificationsOffered } from "./notices.js";

export const PACES = [[null, "Real-time: everyone at the table now"], [3600, "Turn-based: 1 hour per move"],
  [43200, "Turn-based: 12 hours per move"], [86400, "Turn-based: 1 day per move"], [259200, "Turn-based: 3 days per move"]];

/** "2 days 3 h", "5 h 12 min", "14 min", "less than a minute". */
export function timeLeft(seconds) {
  if (seconds == null) return "";
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86400);
  const hours = Math.floor((s % 86400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days) return `${days} day${days > 1 ? "s" : ""}${hours ? ` ${hours} h` : ""}`;
  if (hours) return `${hours} h${minutes ? ` ${minutes} min` : ""}`;
  if (minutes) return `${minutes} min`;
  return "less than a minute";
}

export function paceWords(pace) {
  return (PACES.find(([value]) => value === pace) || [null, ""])[1].replace(/^Turn-based: /, "");
}

/** The set-up form's field: how the match is played over time, and talk with strangers. */
export function paceField() {
  return h("fieldset", { class: "pace-field", id: "pace-field" }, h("legend", {}, "Pace"),
    h("label", { for: "pace" }, "How fast ",
      h("select", { id: "pace", name: "pace" }, PACES.map(([value, words]) =>
        h("option", { value: value === null ? "" : String(value) }, words)))),
    h("small", {}, " Turn-based: each person moves when they can; when their time runs out the computer plays "
      + "that turn, and after three in a row it plays for them until they come back."),
    h("div", { class: "field" }, h("label", { for: "chat-strangers" },
      h("input", { type: "checkbox", id: "chat-strangers", name: "chat-strangers" }),
      " Table talk with people who join from the lobby"),
    h("small", {}, " Friends you invite and hot-seat players can always talk.")));
}

/** What the field adds to a new match's body: ``{pace, chat}`` (chat only when asked for). */
export function readPace(form) {
  const value = form.querySelector("#pace")?.value;
  const body = { pace: value ? Number(value) : null };
  if (form.querySelector("#chat-strangers")?.checked) body.chat = true;
  return body;
}

/** Your recent matches with "your turn" first, then the least time left, then the order they came in. */
export function yourTurnFirst(matches, held) {
  const mineToMove = (m) => !m.is_over && m.to_move != null && (held[m.match] || {})[m.to_move] !== undefined;
  return matches.map((m, i) => [m, i]).sort(([a, i], [b, j]) => (mineToMove(b) - mineToMove(a))
    || ((a.seconds_left ?? Infinity) - (b.seconds_left ?? Infinity)) || i - j).map(([m]) => m);
}

/** " · 23 h left" for a turn-based match in play (its time to move), else nothing. */
export function timeLeftNote(m) {
  if (m.is_over || m.pace == null || m.seconds_left == null) return null;
  return h("span", { class: "time-left" }, ` · ${timeLeft(m.seconds_left)} left`);
}

/** Re-fill the lobby's list when notices.js finds a change in whose turn it is (while the list is shown). */
export function liveList(box, refill) {
  const listener = () => {
    if (!box.isConnected) { window.removeEventListener("regalia:waiting", listener); return; }
    refill();
  };
  window.addEventListener("regalia:waiting", listener);
}

/** The table's strip for a turn-based match: its pace, whose turn, the time left (from ``deadline`` frames). */
export class TurnStrip {
  constructor() {
    this.el = h("p", { class: "turn-based", id: "turn-based", hidden: true, role: "status" });
    this.frame = null;
    this.received = 0;
    this.players = [];
    this.seats = [];
    this.timer = null;
  }

  show(frame) {
    this.frame = frame;
    this.received = performance.now();
    this.draw();
    clearInterval(this.timer);
    this.timer = setInterval(() => this.draw(), 30000);
  }

  table(seats, players) {
    this.seats = seats || [];
    this.players = players || [];
    if (this.frame) this.draw();
  }

  draw() {
    const f = this.frame;
    if (!f) return;
    this.el.hidden = false;
    const name = f.seat == null ? "" : this.players.find((p) => p.seat === f.seat)?.name || `Seat ${f.seat + 1}`;
    const mine = f.seat != null && this.seats.includes(f.seat);
    const left = f.seconds_left == null ? null : f.seconds_left - (performance.now() - this.received) / 1000;
    const parts = [h("span", { class: "pace" }, `Turn-based · ${paceWords(f.pace)}`)];
    if (f.seat != null && left != null) {
      parts.push(h("span", { class: "whose" }, mine ? "Your turn" : `${name}'s turn`),
        h("span", { class: `time-left${left < 3600 ? " short" : ""}`, id: "time-left" }, `${timeLeft(left)} left`));
    }
    if (notificationsOffered() && this.seats.length) {
      parts.push(h("button", { type: "button", id: "notify-me", class: "link",
        onclick: async (event) => { event.currentTarget.remove(); await askPermission(); } },
      "Tell me when it is my turn"));
    }
    this.el.replaceChildren(...parts);
  }

  stop() { clearInterval(this.timer); }
}

/** The profile's "Matches in play": this browser's matches not over, your turn first, with the time left. */
export async function inPlayPanel() {
  const held = api.heldSeats();
  const [games, matches] = await Promise.all([api.games(), api.matchesById(Object.keys(held))]);
  const titles = Object.fromEntries(games.map((g) => [g.id, g.title]));
  const playing = yourTurnFirst(matches.filter((m) => !m.is_over && Object.keys(held[m.match] || {}).length), held);
  const mine = (m) => m.to_move != null && (held[m.match] || {})[m.to_move] !== undefined;
  return h("section", { id: "in-play" }, h("h2", {}, "Matches in play"),
    playing.length ? h("ul", { class: "recent-matches in-play" }, playing.map((m) => h("li", { "data-match": m.match },
      h("a", { href: `#/m/${m.match}` }, titles[m.game] || m.game), " · ",
      h("span", { class: `state${mine(m) ? " your-turn" : ""}` }, mine(m) ? "your turn" : "in play"), timeLeftNote(m))))
      : h("p", { class: "muted" }, "None: start one from the lobby."));
}
