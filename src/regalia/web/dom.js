// Tiny DOM builders: h() for HTML, s() for SVG. No framework, no build step.
const SVG_NS = "http://www.w3.org/2000/svg";

function build(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** A ledger's column header: ``[name, short]`` shows ``short`` (an abbr titled ``name``) on a phone, where the
    whole names of every column would make the table scroll sideways. */
export function columnHeader(column) {
  const [name, short] = Array.isArray(column) ? column : [column, null];
  return h("th", { scope: "col" }, short && short !== name ? [h("span", { class: "long" }, name), h("abbr", { class: "short", title: name }, short)] : name);
}

/** A ledger row's seat known by a name of the game (a baron, a captain): the name with the seat's player, as
 * the players' bar names them ("Ben · Computer (Medium)"); in a narrow ledger, the player's short name
 * ("Ben · Medium", an abbr titled with the whole). The player is named, never the seat's number. */
export function namedSeat(name, players, seat) {
  if (seatName(players, seat) === name) return name;  // a person called by the game's own name: said once
  const whole = `${name} · ${seatName(players, seat)}`;
  const short = `${name} · ${shortSeatName(players, seat)}`;
  return short === whole ? whole : [h("span", { class: "long" }, whole), h("abbr", { class: "short", title: whole }, short)];
}

/** An SVG element that acts as a button: clickable, focusable, Enter/Space, named for screen readers. */
export function svgButton(el, label, onActivate) {
  el.setAttribute("role", "button");
  el.setAttribute("tabindex", "0");
  el.setAttribute("aria-label", label);
  el.classList.add("clickable");
  el.addEventListener("click", onActivate);
  el.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); onActivate(event); }
  });
  return el;
}

/** Fill a log's list with its last ``keep`` lines, numbered as they are in the whole log (a list showing
 * lines 851-1000 counts from 851), with room in the margin for the widest number. ``players`` (the match's
 * seats): a line's "Seat 2" (a game's log counts seats from 1) reads as the page names that seat's player. */
export function showLog(list, lines, keep, players = null) {
  const shown = lines.slice(-keep);
  list.start = lines.length - shown.length + 1;
  list.style.paddingLeft = `${String(lines.length).length + 1.5}ch`;
  list.replaceChildren(...shown.map((line) => h("li", {}, namedLine(line, players))));
}

/** ``line`` with each "Seat N" of a seat in ``players`` replaced by its player's name (seatName). */
export function namedLine(line, players) {
  if (!players?.length) return line;
  return line.replace(/\bSeat (\d+)\b/g, (whole, n) => (Number(n) >= 1 && Number(n) <= players.length
    ? seatName(players, Number(n) - 1) : whole));
}

export function toast(message, kind = "error") {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.className = kind;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 5000);
}

/** Who sits at ``seat``: a profile's name, a computer's level, else the game's own name for the seat (the
 * server's ``title``: "Gold (South)", "Anne", as the log calls them), else the seat's number counted from 1. */
export function playerName(players, seat) {
  const p = (players || [])[seat];
  if (!p) return `Seat ${seat + 1}`;
  if (p.name) return p.name;
  if (p.kind === "computer") return `Computer (${p.level})`;
  return p.title || `Seat ${seat + 1}`;
}

/** A seat as the page names it: who sits there, told apart from a twin (two computers of one level, two
 * people of one name) by a count among the twins: "Computer 1 (Medium)", "Computer 2 (Medium)", "Anne 2".
 * One name per player, wherever a seat is named (the players' bar, the status line, the log, ledgers, the
 * end-of-match panel); never the seat's number beside a name. */
export function seatName(players, seat) {
  const name = playerName(players, seat);
  const twins = (players || []).map((_, other) => other).filter((other) => playerName(players, other) === name);
  if (twins.length < 2) return name;
  const count = twins.indexOf(seat) + 1;
  const level = /^(.*) (\([^()]*\))$/.exec(name);
  return level ? `${level[1]} ${count} ${level[2]}` : `${name} ${count}`;
}

/** A seat's player in a few letters, for a narrow column (an abbr titled with seatName carries the whole): a
 * computer by its level ("Easy", "Medium 2"), a person by their name, cut at 8 letters. */
export function shortSeatName(players, seat) {
  const whole = seatName(players, seat);
  const computer = /^Computer(?: (\d+))? \((.+)\)$/.exec(whole);
  if (computer) return computer[1] ? `${computer[2]} ${computer[1]}` : computer[2];
  return whole.length > 9 ? `${whole.slice(0, 8)}…` : whole;
}
