// Replay of a finished match, step by step, on the game's own table (nothing is secret any more). It opens
// at the top with its controls in view (they stay at the top of the screen), and each step forward shows
// the table's highlights as the match did: the last move marked, what moved sliding, a big moment's banner.
import * as api from "./api.js";
import { banner } from "./banner.js";
import { TableTalk } from "./chat.js";
import { h, seatName, showLog } from "./dom.js";
import { sounds } from "./sound.js";
import { reviewBox } from "./review.js";
import { tableFor } from "./table.js";

export async function showReplay(root, matchId) {
  const games = await api.games();
  let data = await api.replaySteps(matchId);
  const game = games.find((g) => g.id === data.game) || { title: data.game };
  const table = await tableFor(data.game);
  const info = await api.matchInfo(matchId);
  const geometry = await api.board(data.game, info.options).catch((e) => { console.error(e); return null; });
  const players = info.seats;
  const board = h("div", { class: "board", id: "board" });
  const stage = h("div", { class: "stage" }, board);
  const caption = h("p", { class: "status", role: "status", "aria-live": "polite" });
  const log = h("ol", { class: "log" });
  const talk = new TableTalk(matchId, () => false, { readOnly: true });  // the table talk, as it was said
  talk.table([], players);
  talk.load().catch((e) => console.error(e));
  let step = 0;
  const updateAt = (i) => {
    const at = data.steps[i];
    return { view: at.view, seat: data.seat, seats: [], legal: [], players, version: at.version, log: at.log || [],
      last: i ? { seat: at.seat, action: at.action } : null };
  };
  const go = (to) => {
    const from = step;
    step = Math.max(0, Math.min(data.steps.length - 1, to));
    const current = data.steps[step];
    const update = updateAt(step);
    const previous = step ? updateAt(step - 1) : null;  // the step's move is marked as the table marked it
    const forward = step === from + 1;
    table.render(board, update, { play: () => {}, legal: [], sounds, players, replay: true, geometry, previous,
      fresh: forward });
    const moment = forward && table.moment ? table.moment(previous, update, { players, geometry }) : null;
    if (moment?.banner) banner(stage, moment.banner, { sound: moment.sound === undefined ? "fanfare" : moment.sound, icon: moment.icon });
    caption.textContent = step === 0 ? `Step 0 of ${data.steps.length - 1}: the start`
      : `Step ${step} of ${data.steps.length - 1}: ${seatName(players, current.seat)} — `
        + (table.label ? table.label(current.action, update) : current.action);
    showLog(log, data.steps.slice(0, step + 1).flatMap((s) => s.log), 100, players);
    log.scrollTop = log.scrollHeight;  // the step's own lines in sight, as at the table
  };
  // the match is over and its seed published: its hands may be seen, one seat's at a time, as that seat saw them
  const seenBy = data.hidden_information ? h("label", { class: "replay-seen-by" }, "Cards seen by ",
    h("select", { id: "replay-seat", onchange: async (event) => {
      const value = event.target.value;
      data = await api.replaySteps(matchId, value === "" ? null : Number(value));
      go(step);
    } }, h("option", { value: "" }, "nobody: the table only"),
    players.map((p) => h("option", { value: String(p.seat) }, seatName(players, p.seat))))) : null;
  const button = (label, id, to) => h("button", { type: "button", id, onclick: () => go(to()) }, label);
  root.replaceChildren(h("section", { class: "match replay" },
    h("h1", {}, `${game.title}: replay`), caption,
    h("div", { class: "replay-controls", id: "replay-controls", role: "group", "aria-label": "Replay controls" },
      button("« Start", "replay-start", () => 0), button("◀ Back", "replay-back", () => step - 1),
      button("Next ▶", "replay-next", () => step + 1), button("End »", "replay-end", () => data.steps.length - 1),
      seenBy),
    h("div", { class: "table-area" }, stage, h("aside", { class: "side" }, h("h2", {}, "Log"), log, talk.el)),
    h("p", {}, h("a", { href: api.recordUrl(matchId), download: `${matchId}.json` }, "Download the record"),
      " · ", h("a", { href: `#/m/${matchId}` }, "Back to the match")),
    reviewBox(matchId, players, { label: (a) => (table.label ? table.label(a, updateAt(data.steps.length - 1)) : a), onMoment: (d) => {  // review.js: a marked moment opens at its step
      const at = data.steps.findIndex((st) => st.version === d.step + 1);
      if (at >= 0) { go(at); window.scrollTo(0, 0); }
    } })));
  const keys = (event) => {
    if (event.target.closest("input,select,textarea")) return;
    if (event.key === "ArrowRight") go(step + 1);
    if (event.key === "ArrowLeft") go(step - 1);
  };
  document.addEventListener("keydown", keys);
  go(0);
  window.scrollTo(0, 0);  // a replay opened from the bottom of a finished match starts at its top
  return () => document.removeEventListener("keydown", keys);
}
