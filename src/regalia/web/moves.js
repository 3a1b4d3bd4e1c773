// "All moves": every legal action the server sent, as buttons, folded under a <details>. A table that
// plays on the board itself (its module exports ``onTable = true``) keeps the list folded, for whoever
// wants it; a table without its own controls yet (the generic one) opens it, as its only way to play.
import { h } from "./dom.js";

const FILTER_FROM = 24;  // a longer list gets a filter box

/** The folded list: ``label(action)`` names a button, ``play(action)`` plays it; ``open`` unfolds it.
 *  Each button is ``button.action[data-action]`` (and ``data-lit``: the keyboard's ring reaches it). */
export function allMoves(legal, { label = (a) => a, play, open = false, onToggle = null } = {}) {
  const buttons = legal.map((action) => h("button", { type: "button", class: "action", "data-action": action,
    "data-lit": `move:${action}`, onclick: () => play(action) }, label(action)));
  const filter = legal.length > FILTER_FROM ? h("input", { type: "search", placeholder: "filter moves",
    "aria-label": "Filter moves", oninput: (e) => {
      for (const b of buttons) b.hidden = !b.dataset.action.includes(e.target.value);
    } }) : null;
  const details = h("details", { class: "all-moves", id: "all-moves", open: open || null },
    h("summary", {}, `All moves (${legal.length})`), filter, h("div", { class: "action-list" }, buttons));
  if (onToggle) details.addEventListener("toggle", () => onToggle(details.open));
  return details;
}
