// "Hint": the computer's suggestion for the person's own move, in an unrated match against the computer, or one
// with other people whose host allowed hints at set-up (each person agreed by taking a seat). The
// server works it out from this seat's view (server/reviews.py, regalia.ai.hint); the table only shows it: the
// suggested move lit in the list of moves, the reason in the game's words, the other choices with their values.
import * as api from "./api.js";
import { h, namedLine, toast } from "./dom.js";

let styled = false;
export function adviceStyles() {
  if (styled) return;
  styled = true;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/advice.css" }));
}

/** Whether a hint may be asked: the person's move, no rated match (a computer whose level is fixed says the
 *  match counts for ratings), and every other seat a computer unless hints were ``agreed`` at set-up. The
 *  server judges again. */
export function hintAllowed(u, agreed = false) {
  if (!u.legal.length || u.view.is_over || u.seats.length !== 1) return false;
  if (u.players.some((p) => p.kind === "computer" && p.level_fixed)) return false;
  return agreed || u.players.every((p) => u.seats.includes(p.seat) || p.kind === "computer");
}

const CHOICES_SHOWN = 8;

/** The Hint button and, once asked, its answer, under the moves in ``actions``; null where no hint is offered. */
export function hintControl(matchId, u, actions, agreed = false, marks = null) {
  if (!hintAllowed(u, agreed)) return null;
  adviceStyles();
  const answer = h("div", { class: "hint-answer", id: "hint-answer", role: "status", "aria-live": "polite" });
  const button = h("button", { type: "button", id: "hint", onclick: async () => {
    button.disabled = true;
    button.textContent = "Thinking…";
    try {
      const found = await api.call("POST", `/api/matches/${encodeURIComponent(matchId)}/hint`,
        { seat_token: api.tokensFor(matchId)[0] });
      if (found.version !== u.version || !actions.isConnected) return;  // the table moved on meanwhile
      show(found, actions, answer, u.players, marks);
    } catch (error) {
      toast(error.message);
    } finally {
      button.disabled = false;
      button.textContent = "Hint";
    }
  } }, "Hint");
  return h("div", { class: "hint-box" }, button, answer);
}

/** Ring the suggestion on the table itself (``marks(action)``: the table's selectors for it, its
 *  ``hintMarks``); true where something on the board was ringed. */
function ringOnBoard(action, marks) {
  const board = document.getElementById("board");
  if (!board || !marks) return false;
  for (const old of board.querySelectorAll(".hint-mark")) old.classList.remove("hint-mark");
  let ringed = false;
  for (const selector of marks(action)) {
    for (const el of board.querySelectorAll(selector)) {
      el.classList.add("hint-mark");
      ringed = true;
    }
  }
  return ringed;
}

function show(found, actions, answer, players, marks = null) {
  for (const lit of actions.querySelectorAll("button.action.hinted")) lit.classList.remove("hinted");
  const onBoard = ringOnBoard(found.best, marks);
  const move = [...actions.querySelectorAll("button.action")].find((b) => b.dataset.action === found.best);
  if (move) {
    move.classList.add("hinted");
    if (!onBoard) {  // a move the board does not draw: the list opens on it
      move.closest("details")?.setAttribute("open", "");
      move.hidden = false;
      move.scrollIntoView({ block: "nearest" });
    }
  }
  // holds that differ only in which of two like dice is thrown are one choice: said once, without the dice
  const seen = new Set();
  const valued = found.choices.filter((c) => c.value !== null).map((c) => ({ ...c,
    words: c.words.replace(/, throw (die|dice) [0-9, and]+:/, ":") })).filter((c) => {
    const fresh = !seen.has(c.words);
    seen.add(c.words);
    return fresh;
  });
  answer.replaceChildren(
    h("p", { class: "hint-reason", id: "hint-reason" }, "Hint: ", namedLine(found.reason, players)),  // "Seat 2": its player's name
    valued.length > 1 ? h("details", { class: "hint-more" }, h("summary", {}, `Every choice, valued (${valued.length})`),
      h("ol", { class: "hint-choices" }, valued.slice(0, found.unit === "points" ? valued.length : CHOICES_SHOWN)
        .map((c, i) => h("li", { class: i === 0 ? "best" : null }, namedLine(c.words, players))))) : null,
  );
}
