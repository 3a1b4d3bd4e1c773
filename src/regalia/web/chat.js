// Table talk beside the table (issue 45): what the players say, kept with the match and shown in its replay.
// Quick phrases in one click; a person may mute another (kept in this browser); a spectator reads only.
// Every line is put on the page as text (textContent through dom.js's h), never as HTML. The server
// refuses what breaks a limit and says why; the refusal comes back as the table's usual toast.
import * as api from "./api.js";
import { h } from "./dom.js";

const MUTED_KEY = "regalia.muted";
export const CHAT_LIMIT = 300;  // protocol.CHAT_TEXT_LIMIT
export const PHRASES = [["good_luck", "Good luck"], ["well_played", "Well played"], ["your_turn", "Your turn"],
  ["thanks", "Thanks"]];

function mutedSeats(matchId) {
  try { return new Set((JSON.parse(localStorage.getItem(MUTED_KEY)) || {})[matchId] || []); } catch { return new Set(); }
}

function keepMuted(matchId, seats) {
  let all = {};
  try { all = JSON.parse(localStorage.getItem(MUTED_KEY)) || {}; } catch { all = {}; }
  if (seats.size) all[matchId] = [...seats]; else delete all[matchId];
  localStorage.setItem(MUTED_KEY, JSON.stringify(all));
}

function clockTime(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
}

/** The talk of one match: ``send(message)`` puts a message on the table's socket (false when it is closed). */
export class TableTalk {
  constructor(matchId, send, { readOnly = false } = {}) {
    this.matchId = matchId;
    this.send = send;
    this.readOnly = readOnly;  // the replay: read, never write
    this.lines = [];
    this.on = true;
    this.hostSeat = null;
    this.seats = [];
    this.players = [];
    this.muted = mutedSeats(matchId);
    this.list = h("ol", { class: "chat-lines", id: "chat-lines", "aria-live": "polite", "aria-label": "Table talk" });
    this.offNote = h("p", { class: "chat-off", id: "chat-off", hidden: true });
    this.mutedBar = h("p", { class: "chat-muted", id: "chat-muted", hidden: true });
    this.input = h("input", { type: "text", id: "chat-text", maxlength: String(CHAT_LIMIT + 50), autocomplete: "off",
      placeholder: "Say something…", "aria-label": "Your message to the table",
      oninput: () => this.count() });
    this.counter = h("small", { class: "chat-count", id: "chat-count", "aria-live": "polite" });
    this.phrases = h("div", { class: "chat-phrases", role: "group", "aria-label": "Quick phrases" },
      PHRASES.map(([key, words]) => h("button", { type: "button", class: "chat-phrase", "data-phrase": key,
        onclick: () => this.say({ phrase: key }) }, words)));
    this.form = h("form", { class: "chat-form", id: "chat-form", onsubmit: (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (text && this.say({ text })) this.input.value = "";
      this.count();
    } }, this.input, h("button", { type: "submit", id: "chat-send" }, "Send"), this.counter);
    this.watching = h("p", { class: "chat-watching muted", id: "chat-watching", hidden: true },
      "You are watching: only the players talk here.");
    this.el = h("section", { class: "chat", id: "chat", "aria-labelledby": "chat-title" },
      h("h2", { id: "chat-title" }, "Table talk"), this.offNote, this.list, this.mutedBar,
      readOnly ? null : [this.phrases, this.form, this.watching]);
    this.draw();
  }

  /** The talk so far, from the server (the table's socket then brings each new line). */
  async load() {
    const talk = await api.call("GET", `/api/matches/${encodeURIComponent(this.matchId)}/chat`);
    this.on = talk.on;
    this.hostSeat = talk.host_seat;
    this.lines = talk.lines;
    this.draw();
    return this;
  }

  /** The seats this connection plays and the table's players (from each update). */
  table(seats, players) {
    const changed = JSON.stringify(seats) !== JSON.stringify(this.seats) || JSON.stringify(players) !== JSON.stringify(this.players);
    this.seats = seats || [];
    this.players = players || [];
    if (changed) this.draw();
  }

  /** A ``chat`` frame from the socket: new lines, or (``full``) the whole talk after the host's switch. */
  receive(frame) {
    this.on = frame.on;
    if (frame.full) this.lines = frame.lines;
    else {
      const known = new Set(this.lines.map((line) => line.n));
      this.lines.push(...frame.lines.filter((line) => !known.has(line.n)));
    }
    this.draw();
  }

  say(message) {
    if (!this.send({ type: "say", ...message })) return false;
    return true;
  }

  count() {
    const left = CHAT_LIMIT - this.input.value.trim().length;
    this.counter.textContent = left < 40 ? (left >= 0 ? `${left} left` : `${-left} too many`) : "";
    this.counter.classList.toggle("over", left < 0);
  }

  nameOf(seat) {
    const player = this.players.find((p) => p.seat === seat);
    return player?.name || `Seat ${seat + 1}`;
  }

  mute(seat, muted) {
    if (muted) this.muted.add(seat); else this.muted.delete(seat);
    keepMuted(this.matchId, this.muted);
    this.draw();
  }

  draw() {
    const mine = new Set(this.seats);
    const playing = this.seats.length > 0;
    const host = this.hostSeat !== null && mine.has(this.hostSeat);
    this.offNote.hidden = this.on;
    if (!this.on) {
      this.offNote.replaceChildren(h("span", {}, "Table talk is off in this match (it starts off when strangers may join).",
        host && !this.readOnly ? [" ", h("button", { type: "button", id: "chat-on",
          onclick: () => this.send({ type: "chat", on: true }) }, "Turn table talk on")] : null));
    }
    const shown = this.lines.filter((line) => line.seat === null || !this.muted.has(line.seat));
    this.list.replaceChildren(...(shown.length ? shown.map((line) => this.lineItem(line, mine))
      : [h("li", { class: "chat-empty muted" }, this.on ? "Nothing said yet." : "Nothing said.")]));
    this.list.scrollTop = this.list.scrollHeight;
    const muted = [...this.muted].sort();
    this.mutedBar.hidden = !muted.length;
    this.mutedBar.replaceChildren(h("span", {}, "Muted: ", muted.map((seat, i) => [i ? ", " : "", this.nameOf(seat), " ",
      h("button", { type: "button", class: "chat-unmute link", "data-seat": String(seat),
        onclick: () => this.mute(seat, false) }, "unmute")])));
    if (this.readOnly) return;
    const canWrite = playing && this.on;
    this.form.hidden = !canWrite;
    this.phrases.hidden = !canWrite;
    this.watching.hidden = playing;
    if (host && this.on && !this.el.querySelector("#chat-off-switch")) {
      this.form.append(h("button", { type: "button", class: "link chat-switch", id: "chat-off-switch",
        onclick: () => this.send({ type: "chat", on: false }) }, "Turn talk off"));
    } else if (!(host && this.on)) this.el.querySelector("#chat-off-switch")?.remove();
  }

  lineItem(line, mine) {
    if (line.seat === null) {
      return h("li", { class: "chat-line note", "data-kind": "note" }, h("span", { class: "chat-text" }, line.text));
    }
    const name = line.name || this.nameOf(line.seat);
    const theirs = !mine.has(line.seat) && !this.readOnly;
    return h("li", { class: `chat-line ${line.kind}${mine.has(line.seat) ? " mine" : ""}`, "data-seat": String(line.seat),
      "data-kind": line.kind },
    h("strong", { class: "chat-name" }, name), " ",
    h("span", { class: "chat-text" }, line.text), " ",
    h("time", { class: "chat-at muted", datetime: line.at }, clockTime(line.at)),
    theirs ? h("button", { type: "button", class: "chat-mute link", "data-seat": String(line.seat),
      title: `Hide what ${name} says (in this browser)`, "aria-label": `Mute ${name}`,
      onclick: () => this.mute(line.seat, true) }, "mute") : null);
  }
}
