// The host's zombie-mode setting in the new-match form: how long a person who has gone is waited for,
// and which computer level plays their seat meanwhile (Board Game Arena's zombie mode). The server's
// referee does the rest; the person takes the seat back the moment they return.
import { call } from "./api.js";
import { h, toast } from "./dom.js";

export function leaverFieldset(game) {
  const preferred = game.levels.includes("easy") ? "easy" : game.levels[0];
  return h("fieldset", { class: "leavers" }, h("legend", {}, "If a player leaves"),
    h("div", { class: "field" }, h("label", { for: "leaver-grace" }, "Wait (seconds) "),
      h("input", { type: "number", id: "leaver-grace", min: 0, max: 3600, value: 60 })),
    h("div", { class: "field" }, h("label", { for: "leaver-level" }, "then the computer plays at "),
      h("select", { id: "leaver-level" }, game.levels.map((level) =>
        h("option", { value: level, selected: level === preferred }, level)))));
}

/** Send the host's choice, proven by one of the seat tokens the host just received. */
export async function applyLeavers(matchId, tokens, fieldset) {
  const token = Object.values(tokens)[0];
  if (!token) return;
  const grace = parseFloat(fieldset.querySelector("#leaver-grace").value);
  const level = fieldset.querySelector("#leaver-level").value;
  await call("POST", `/api/matches/${encodeURIComponent(matchId)}/leavers`,
    { seat_token: token, grace: Number.isFinite(grace) ? grace : 60, level })
    .catch((error) => toast(`the leaver setting was not saved: ${error.message}`));
}
