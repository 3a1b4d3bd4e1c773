// The host's zombie-mode setting in the new-match form: how long a person who has gone is waited for,
// and which computer level plays their seat meanwhile (Board Game Arena's zombie mode). The server's
// referee does the rest; the person takes the seat back the moment they return.
import { call } from "./api.js";
import { h, toast } from "./dom.js";
import { paceWords } from "./turns.js";

/** The computer levels a person is offered: Easy, Medium and Hard (the baselines stay in the API and CLI);
 *  a game with none of them (a toy) offers what it has. */
const PLAYER_LEVELS = ["easy", "medium", "hard"];
export function offeredLevels(game) {
  const offered = PLAYER_LEVELS.filter((level) => game.levels.includes(level));
  return offered.length ? offered : game.levels;
}

/** A level as a player reads it: "Easy" ("UCT" for the API's plain tree search). */
export function levelTitle(level) {
  return level === "uct" ? "UCT" : level.charAt(0).toUpperCase() + level.slice(1);
}

export function leaverFieldset(game) {
  const levels = offeredLevels(game);
  const preferred = levels.includes("easy") ? "easy" : levels[0];
  return h("fieldset", { class: "leavers" }, h("legend", {}, "If a player leaves"),
    h("div", { class: "field" }, h("label", { for: "leaver-grace" }, "Wait (seconds) "),
      h("input", { type: "number", id: "leaver-grace", min: 0, max: 3600, value: 60 })),
    h("div", { class: "field" }, h("label", { for: "leaver-level" }, "then the computer plays at "),
      h("select", { id: "leaver-level" }, levels.map((level) =>
        h("option", { value: level, selected: level === preferred }, levelTitle(level))))));
}

/** Send the host's choice, proven by one of the seat tokens the host just received. */
export async function applyLeavers(matchId, tokens, fieldset) {
  const token = Object.values(tokens)[0];
  if (!token) return;
  const grace = parseFloat(fieldset.querySelector("#leaver-grace").value);
  const level = fieldset.querySelector("#leaver-level").value;
  await call("POST", `/api/matches/${encodeURIComponent(matchId)}/leavers`,
    { seat_token: token, grace: Number.isFinite(grace) ? grace : 60, level })
    .catch((error) => toast(`What happens if a player leaves was not saved: ${error.message}`));
}

/** The table's line on what happens to a person's seat, at the match's own pace: after the host's grace in
 *  real time; in a turn-based match (``pace``: seconds per move), when the person's time per move runs out
 *  (the server's turn-based clock: three times in a row and the computer keeps the seat until they return). */
export function leaverRuleText(leavers, pace) {
  const time = pace ? paceWords(pace).replace(/ per move$/, "") : "";
  if (time) {
    return `If a player does not move, the computer (${leavers.level}) plays their turn when their ${time} runs `
      + "out; after three such turns in a row, their seat, until they come back. Still gone at the end: a forfeit.";
  }
  return `If a player leaves, the computer (${leavers.level}) plays their seat after ${leavers.grace} s, until `
    + "they come back. Still gone at the end: a forfeit.";
}
