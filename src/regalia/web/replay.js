// Replay of a finished match, step by step, on the game's own table (nothing is secret any more).
import * as api from "./api.js";
import { h, seatName, showLog } from "./dom.js";
import { sounds } from "./sound.js";
import { tableFor } from "./table.js";

export async function showReplay(root, matchId) {
  const [data, games] = await Promise.all([api.replaySteps(matchId), api.games()]);
  const game = games.find((g) => g.id === data.game) || { title: data.game };
  const table = await tableFor(data.game);
  const info = await api.matchInfo(matchId);
  const geometry = await api.board(data.game, info.options).catch((e) => { console.error(e); return null; });
  const players = info.seats;
  const board = h("div", { class: "board", id: "board" });
  const caption = h("p", { class: "status", role: "status", "aria-live": "polite" });
  const log = h("ol", { class: "log" });
  let step = 0;
  const go = (to) => {
    step = Math.max(0, Math.min(data.steps.length - 1, to));
    const current = data.steps[step];
    const update = { view: current.view, seat: null, seats: [], legal: [], players, version: current.version };
    table.render(board, update, { play: () => {}, legal: [], sounds, players, replay: true, geometry });
    caption.textContent = step === 0 ? `Step 0 of ${data.steps.length - 1}: the start`
      : `Step ${step} of ${data.steps.length - 1}: ${seatName(players, current.seat)} played ${current.action}`;
    showLog(log, data.steps.slice(0, step + 1).flatMap((s) => s.log), 100);
  };
  const button = (label, id, to) => h("button", { type: "button", id, onclick: () => go(to()) }, label);
  root.replaceChildren(h("section", { class: "match replay" },
    h("h1", {}, `${game.title}: replay`), caption,
    h("div", { class: "replay-controls", role: "group", "aria-label": "Replay controls" },
      button("« Start", "replay-start", () => 0), button("◀ Back", "replay-back", () => step - 1),
      button("Next ▶", "replay-next", () => step + 1), button("End »", "replay-end", () => data.steps.length - 1)),
    h("div", { class: "table-area" }, board, h("aside", { class: "side" }, h("h2", {}, "Log"), log)),
    h("p", {}, h("a", { href: api.recordUrl(matchId), download: `${matchId}.json` }, "Download the record"),
      " · ", h("a", { href: `#/m/${matchId}` }, "Back to the match"))));
  const keys = (event) => {
    if (event.target.closest("input,select,textarea")) return;
    if (event.key === "ArrowRight") go(step + 1);
    if (event.key === "ArrowLeft") go(step - 1);
  };
  document.addEventListener("keydown", keys);
  go(0);
  return () => document.removeEventListener("keydown", keys);
}
