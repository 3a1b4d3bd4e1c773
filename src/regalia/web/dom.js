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

export function seatName(players, seat) {
  const p = (players || [])[seat];
  if (!p) return `Seat ${seat + 1}`;
  if (p.name) return p.name;
  return p.kind === "computer" ? `Computer (${p.level})` : `Seat ${seat + 1}`;
}
