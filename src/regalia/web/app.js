// The router: #/ lobby, #/m/ID a match, #/m/ID/join/N[/KEY] join an open seat (a private match's with its
// invite key), #/m/ID/replay a replay,
// #/rules/GAME a game's rulebook, #/learn/GAME[/N] its tutorial (step N).
import * as api from "./api.js";
import { h, toast } from "./dom.js";
import { showLeaderboard } from "./leaderboard.js";
import { showLobby } from "./lobby.js";
import { attachSeats, showProfile, showSignInLink } from "./profile.js";
import { showReplay } from "./replay.js";
import { showRules } from "./rules.js";
import { startNotices } from "./notices.js";
import { bindMuteButton } from "./sound.js";
import { showMatch } from "./table.js";
import { showTutorial } from "./tutorial.js";

const root = document.getElementById("app");
let leave = null;

async function route() {
  if (leave) { leave(); leave = null; }
  const parts = location.hash.replace(/^#\/?/, "").split("/").filter(Boolean).map(decodeURIComponent);
  try {
    if (location.pathname === "/sign-in") { await showSignInLink(root); return; }
    if (parts[0] === "profile") { await showProfile(root); return; }
    if (parts[0] === "p" && parts[1]) { await showProfile(root, parts[1]); return; }
    if (parts[0] === "leaderboards") { await showLeaderboard(root, parts[1]); return; }
    if (parts[0] === "rules" && parts[1]) { await showRules(root, parts[1]); return; }
    if (parts[0] === "m" && parts[1] && parts[2] === "join") {
      if ((api.heldSeats()[parts[1]] || {})[parts[3]]) {  // our own seat already: just go to the table
        location.replace(`#/m/${parts[1]}`);
        return;
      }
      const proof = parts[4] ? { key: parts[4] } : {};
      const info = await api.matchInfo(parts[1]).catch(() => null);
      if (info?.hints) {  // the person is told before taking the seat; taking it is agreeing (server/reviews.py)
        hintsAgreement(parts[1], parseInt(parts[3], 10), proof);
        return;
      }
      await takeSeat(parts[1], parseInt(parts[3], 10), proof, false);
      return;
    }
    if (parts[0] === "learn" && parts[1]) { leave = await showTutorial(root, parts[1], parseInt(parts[2] || "0", 10) || 0); return; }
    if (parts[0] === "m" && parts[1] && parts[2] === "replay") leave = await showReplay(root, parts[1]);
    else if (parts[0] === "m" && parts[1]) leave = await showMatch(root, parts[1]);
    else await showLobby(root);
  } catch (error) {
    toast(error.message);
    root.replaceChildren(h("p", {}, error.message, " ", h("a", { href: "#/" }, "Back to the lobby")));
  }
  root.focus({ preventScroll: true });
}

/** Take an open seat (a private match's with its invite key) and go to the table. ``hints``: the match allows
 *  hints, so it is not rated: a signed-in person plays it as a guest, by their profile's name. */
async function takeSeat(matchId, seat, proof, hints) {
  const claimed = await api.claimSeat(matchId, seat, proof).catch((error) => {
    // taken, or no such seat: the match may still be watched
    toast(error.message);
    root.replaceChildren(h("p", {}, error.message, ". ", h("a", { href: `#/m/${matchId}` }, "Watch the match"),
      " · ", h("a", { href: "#/" }, "Back to the lobby")));
    return null;
  });
  if (!claimed) return;
  api.rememberSeats(claimed.match, { [claimed.seat]: claimed.token });
  if (!hints) await attachSeats(claimed.match, { [claimed.seat]: claimed.token });
  // a guest is called at the table by the name they gave in this browser's lobby (a profile by its own)
  const guest = api.me() && !hints ? null : api.me()?.name || api.guestName();
  if (guest) await api.nameSeat(claimed.match, claimed.seat, claimed.token, guest).catch((e) => toast(e.message));
  location.replace(`#/m/${claimed.match}`);
}

/** Before a seat of a match that allows hints is taken: what that means, and that taking the seat agrees to it. */
function hintsAgreement(matchId, seat, proof) {
  const take = h("button", { type: "button", class: "primary", id: "take-seat", onclick: () => {
    take.disabled = true;
    takeSeat(matchId, seat, proof, true).finally(() => { take.disabled = false; });
  } }, `Agree and take seat ${seat + 1}`);
  root.replaceChildren(h("section", { class: "panel", id: "hints-agreement", "aria-label": "Take the seat" },
    h("h1", {}, `Take seat ${seat + 1}`),
    h("p", { id: "hints-note" }, h("strong", {}, "Hints are allowed in this match. "),
      "Every player may ask the computer for a hint on their own move (worked out from what their own seat sees, never from anyone else's cards)."),
    h("p", {}, "By taking the seat you agree to it.",
      api.me() ? " A match with hints is not rated: you play it as a guest, and it does not count for your profile." : ""),
    h("p", {}, take, " ", h("a", { href: `#/m/${matchId}` }, "Watch instead"), " · ", h("a", { href: "#/" }, "Back to the lobby"))));
}

bindMuteButton(document.getElementById("mute"));
startNotices();  // the tab's count of matches waiting for you, your-turn notices, the offline copy
window.addEventListener("hashchange", route);
route();
