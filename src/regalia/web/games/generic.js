// The generic table: any game's view summarised; its legal actions are the side panel's "All moves" (drawn
// by table.js for every game, moves.js), unfolded here since this table has no moves of its own on a board
// (a game's own table exports ``onTable = true`` and the list folds). The keys (keys.js) reach those buttons
// too. It makes every game playable before its own table exists.
import { h } from "../dom.js";

const BOOKKEEPING = new Set(["game", "seat", "players", "version", "to_move", "is_over"]);

function show(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value) && value.every((v) => typeof v !== "object" || v === null)) {
    return value.length ? value.map((v) => (v === null ? "?" : String(v))).join(", ") : "(none)";
  }
  if (typeof value === "object") return h("code", {}, JSON.stringify(value));
  return String(value);
}

/** A definition list of every public field of a view (hidden ones arrive as null: shown as "—"/"?"). */
export function viewSummary(view) {
  return h("dl", { class: "view-summary" }, Object.entries(view).filter(([key]) => !BOOKKEEPING.has(key))
    .map(([key, value]) => [h("dt", {}, key.replaceAll("_", " ")), h("dd", {}, show(value))]));
}

export function render(board, update) {
  board.replaceChildren(h("div", { class: "generic-table" }, viewSummary(update.view)));
}
