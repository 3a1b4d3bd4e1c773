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

/** A ledger row's seat known by a name of the game (a baron, a captain): the name with the seat as the
 * players' bar names it ("Ben · Computer (medium) · Seat 2"); in a narrow ledger, the name with the seat's
 * number ("Ben · Seat 2", an abbr titled with the whole). */
export function namedSeat(name, players, seat) {
  const whole = `${name} · ${seatName(players, seat)}`;
  const short = `${name} · Seat ${seat + 1}`;
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
 * lines 851-1000 counts from 851), with room in the margin for the widest number. */
export function showLog(list, lines, keep) {
  const shown = lines.slice(-keep);
  list.start = lines.length - shown.length + 1;
  list.style.paddingLeft = `${String(lines.length).length + 1.5}ch`;
  list.replaceChildren(...shown.map((line) => h("li", {}, line)));
}

export function toast(message, kind = "error") {
  const box = document.getElementById("toast");
  box.textContent = message;
  box.className = kind;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 5000);
}

/** Who sits at ``seat``: a profile's name, a computer's level, else the seat's number counted from 1. */
export function playerName(players, seat) {
  const p = (players || [])[seat];
  if (!p) return `Seat ${seat + 1}`;
  if (p.name) return p.name;
  return p.kind === "computer" ? `Computer (${p.level})` : `Seat ${seat + 1}`;
}

/** A seat as the page names it: who sits there, and the seat's number too where another seat would read the
 * same ("Computer (medium) · Seat 3"), so that two computers of one level, or two people of one name, are told
 * apart wherever a seat is named (the players' bar, the status line, ledgers, the end-of-match panel). */
export function seatName(players, seat) {
  const name = playerName(players, seat);
  const twin = (players || []).some((_, other) => other !== seat && playerName(players, other) === name);
  return twin ? `${name} · Seat ${seat + 1}` : name;
}
